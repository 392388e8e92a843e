// Dossiers in the browser: on an instrument's record page, a dossier template's form filled in
// (a choice and a picture among its fields) and kept; after the template's fields change, the
// dossier filled earlier still shows the fields and values it was filled with, under its own
// revision, and prints on its own; a new one takes the new fields; a dossier is withdrawn and
// restored after the "Tip" question. Then screenshots of the tab
// and a dossier in two languages and on a phone. Every record the tests use is made here.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClientAs, baseUrl, goWithin, messages, openAs, pick, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

type Row = { id: number; [field: string]: unknown };
type Client = Awaited<ReturnType<typeof apiClientAs>>;
let admin: Client;
const m = messages('en');
const stamp = Date.now() % 1_000_000;
const made = { template: undefined as unknown as Row, device: undefined as unknown as Row };

/** The smallest file a PDF reader opens: a header, an empty catalogue and the end mark. */
const MINIMAL_PDF = '%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n';

const fields = [
  { name: 'checked_by', title: 'Checked by', type: 'input', required: true },
  { name: 'oil', title: 'Oil level', type: 'select', param: 'ok=>Within marks\nlow=>Low: topped up' },
  { name: 'photo', title: 'Tool face', type: 'upload' },
];

const dossiersTab = (page: Page, lang = m) =>
  page.locator('#main-content .MuiTabs-root').getByRole('tab', { name: lang['app.dossiers.panel'] });
const formDialog = (page: Page) => page.locator('[data-form-dialog]');
const revision = (n: number) => m['app.dossiers.revision'].replace('%{revision}', String(n));
const dossiersOf = async () => (await admin.get<{ list: Row[] }>(`/device/dossierlist?id=${made.device.id}`)).list;

async function fillIn(page: Page, values: () => Promise<void>) {
  await page.getByRole('button', { name: m['app.dossiers.fill'] }).click();
  const chooser = page.getByRole('dialog', { name: m['app.dossiers.choose'] });
  await chooser.getByRole('combobox').click();
  await page.getByRole('option', { name: String(made.template.name) }).click();
  await chooser.getByRole('button', { name: m['app.dossiers.fill'] }).click();
  await formDialog(page).locator('#root_checked_by').waitFor();
  await values();
  await formDialog(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
  await formDialog(page).waitFor({ state: 'detached' });
}

beforeAll(async () => {
  admin = await apiClientAs('admin');
  made.template = await admin.post<Row>('/device/dossadd', {
    name: `E2E pre-job check ${stamp}`,
    config_name: `e2e_prejob_${stamp}`,
    typelist: fields,
  });
  made.device = await admin.post<Row>('/device/create', { numtype: 'T', num: `D${stamp}`, type: 1, status: 0, brand: 1, meth: 1 });
});

describe("an instrument's dossiers", () => {
  const browser = useFreshPage();

  it('are filled in from a template and keep the fields they were filled with after the template changes', async () => {
    const page = browser.page;
    await openAs(page, `/device/record/${made.device.id}`);
    await dossiersTab(page).click();
    await page.getByText(m['app.dossiers.empty']).waitFor();

    await fillIn(page, async () => {
      await formDialog(page).locator('#root_checked_by').fill('Li Wei');
      await formDialog(page).locator('#root_oil').click();
      await page.getByRole('option', { name: 'Low: topped up' }).click();
      const picture = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#8e5b12' } })
        .png()
        .toBuffer();
      await formDialog(page)
        .getByTestId('upload-input-root_photo')
        .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: picture });
      await formDialog(page).locator('[data-images=root_photo] img').waitFor();
    });
    const [first] = await dossiersOf();
    expect(first).toMatchObject({ revision: 1, values: { checked_by: 'Li Wei', oil: 'low' } });
    await page
      .locator(`[data-row="${first.id}"]`)
      .getByText(`${String(made.template.name)} · ${revision(1)}`)
      .waitFor();

    // The template loses its oil level and gains a pressure: revision 2.
    const changed = [fields[0], { name: 'pressure', title: 'Test pressure', type: 'number', min: 0, max: 200 }];
    const { id: _id, version: _version, ...template } = await admin.get<Row>(`/device/dossinfo?id=${made.template.id}`);
    const updated = await admin.put<Row>('/device/dossadd', { id: made.template.id, ...template, typelist: changed });
    expect(updated.revision).toBe(2);

    await page.reload();
    await dossiersTab(page).click();
    await page.locator(`[data-row="${first.id}"]`).getByRole('button', { name: m['ra.action.show'] }).click();
    const view = page.locator(`[data-filled-view="${first.id}"]`);
    await view.getByText(revision(1)).waitFor();
    await view.getByText('Oil level').waitFor();
    await view.locator('[data-images=root_photo] img').waitFor();
    expect(await view.getByText('Test pressure').count()).toBe(0);
    await page.evaluate(() => {
      (window as unknown as { printed: boolean }).printed = false;
      window.print = () => {
        (window as unknown as { printed: boolean }).printed = true;
      };
    });
    await view.getByRole('button', { name: m['app.dossiers.print'] }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(true);
    await view.getByRole('button', { name: m['ra.action.close'] }).click();

    await fillIn(page, async () => {
      expect(await formDialog(page).locator('#root_oil').count()).toBe(0);
      await formDialog(page).locator('#root_checked_by').fill('Wang Fang');
      await formDialog(page).locator('#root_pressure').fill('150');
    });
    const second = (await dossiersOf()).find((d) => d.id !== first.id)!;
    expect(second).toMatchObject({ revision: 2, values: { checked_by: 'Wang Fang', pressure: 150 } });
    expect((await dossiersOf()).find((d) => d.id === first.id)).toMatchObject({
      revision: 1,
      values: { checked_by: 'Li Wei', oil: 'low' },
    });

    // The first is withdrawn after the "Tip" question (Cancel first changes nothing), then restored.
    const row = page.locator(`[data-row="${first.id}"]`);
    const tip = page.locator('[data-confirm-call]');
    await row.getByText(m['resources.dossier.enums.status.1']).waitFor();
    await row.getByRole('button', { name: m['app.dossiers.withdraw'] }).click();
    await tip.getByText(m['app.confirm.text'].replace('%{action}', m['app.dossiers.withdraw_action'])).waitFor();
    await tip.getByRole('button', { name: m['app.confirm.cancel'] }).click();
    await tip.waitFor({ state: 'detached' });
    expect((await dossiersOf()).find((d) => d.id === first.id)?.status).toBe(1);
    await row.getByRole('button', { name: m['app.dossiers.withdraw'] }).click();
    await tip.getByRole('button', { name: m['app.confirm.ok'] }).click();
    await row.getByText(m['resources.dossier.enums.status.0']).waitFor();
    expect((await dossiersOf()).find((d) => d.id === first.id)?.status).toBe(0);
    await row.getByRole('button', { name: m['app.dossiers.restore'] }).click();
    await tip.getByRole('button', { name: m['app.confirm.ok'] }).click();
    await row.getByText(m['resources.dossier.enums.status.1']).waitFor();
    expect((await dossiersOf()).find((d) => d.id === first.id)?.status).toBe(1);
  });
});

describe('a dossier form in Chinese', () => {
  const browser = useFreshPage({ locale: 'zh-CN' });

  it('offers Cancel and Confirm only, names the field a form confirmed empty misses, and logs no error', async () => {
    const page = browser.page;
    const zh = messages('zh');
    const filled = (await dossiersOf()).length;
    await openAs(page, `/device/record/${made.device.id}`);
    await dossiersTab(page, zh).click();
    await page.getByRole('button', { name: zh['app.dossiers.fill'] }).click();
    const chooser = page.getByRole('dialog', { name: zh['app.dossiers.choose'] });
    await chooser.getByRole('combobox').click();
    await page.getByRole('option', { name: String(made.template.name) }).click();
    await chooser.getByRole('button', { name: zh['app.dossiers.fill'] }).click();
    await formDialog(page).locator('#root_checked_by').waitFor();
    expect(await formDialog(page).locator('.MuiDialogActions-root button').allTextContents()).toEqual([
      zh['ra.action.cancel'],
      zh['app.confirm.ok'],
    ]);
    const logged: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && logged.push(message.text())));
    await formDialog(page).getByRole('button', { name: zh['app.confirm.ok'] }).click();
    await formDialog(page).getByText('Checked by不能为空', { exact: true }).waitFor();
    expect(logged).toEqual([]);
    expect(await dossiersOf()).toHaveLength(filled);
  });
});

describe('a dossier template designed in the browser', () => {
  const browser = useFreshPage();
  const designer = (page: Page) => page.locator('[data-field-definitions="typelist"]');
  const card = (page: Page, index: number) => designer(page).locator(`[data-designer-card="${index}"]`);
  const part = (page: Page, index: number, name: string) => card(page, index).locator(`[name="typelist.${index}.${name}"]`);
  const kind = (type: string) => m[`resources.dosstemplate.enums.typelist.type.${type}`];
  async function addField(page: Page, index: number, name: string, title: string, type: string) {
    await designer(page).getByRole('button', { name: m['app.designer.add_field'] }).click();
    await part(page, index, 'name').fill(name);
    await part(page, index, 'title').fill(title);
    await card(page, index).getByRole('combobox').click();
    await page.getByRole('option', { name: kind(type), exact: true }).click();
  }

  it('is saved with a select and an upload, and its form is then filled in for an instrument', async () => {
    const page = browser.page;
    await openAs(page, '/device/doss/create');
    const name = `E2E designed check ${stamp}`;
    await page.locator('input[name=name]').fill(name);
    await page.locator('input[name=config_name]').fill(`e2e_designed_check_${stamp}`);
    // The category is picked from a list, by its name.
    await pick(page, 'cate_id', m['resources.dosstemplate.enums.cate_id.1']);
    await addField(page, 0, 'seal', 'Seal state', 'select');
    await part(page, 0, 'param').fill('new=>New seals\nold=>Reused');
    await addField(page, 1, 'face', 'Tool face photo', 'upload');
    // A file field takes any document: a PDF certificate.
    await addField(page, 2, 'certificate', 'Calibration certificate', 'file');
    // The preview follows the design: the select's options and the upload's label.
    const preview = designer(page).locator('[data-designer-preview]');
    await preview.locator('label[for="root_face"]').getByText('Tool face photo:').waitFor();
    await preview.locator('#root_seal').click();
    await page.getByRole('option', { name: 'Reused' }).click();
    await page.getByRole('button', { name: m['ra.action.save'] }).click();
    await expect
      .poll(
        async () => (await admin.get<{ list: Row[] }>('/device/dosslist?limit=100&sort=-id')).list.find((t) => t.name === name)?.revision,
        { timeout: 10_000 },
      )
      .toBe(1);
    expect((await admin.get<{ list: Row[] }>('/device/dosslist?limit=100&sort=-id')).list.find((t) => t.name === name)?.cate_id).toBe(1);

    await page.goto(`${baseUrl()}/device/record/${made.device.id}`);
    await dossiersTab(page).click();
    await page.getByRole('button', { name: m['app.dossiers.fill'] }).click();
    const chooser = page.getByRole('dialog', { name: m['app.dossiers.choose'] });
    await chooser.getByRole('combobox').click();
    await page.getByRole('option', { name }).click();
    await chooser.getByRole('button', { name: m['app.dossiers.fill'] }).click();
    await formDialog(page).locator('#root_seal').click();
    await page.getByRole('option', { name: 'New seals' }).click();
    await formDialog(page)
      .getByTestId('upload-input-root_certificate')
      .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from(MINIMAL_PDF) });
    await formDialog(page)
      .locator('[data-images=root_certificate] [data-file]')
      .getByText(/\.pdf$/)
      .waitFor();
    await formDialog(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
    await formDialog(page).waitFor({ state: 'detached' });
    await page.reload();
    await dossiersTab(page).click();
    await page.locator('[data-filled-forms] [data-row]').filter({ hasText: name }).first().waitFor();
    const filled = (await dossiersOf()).find((d) => d.name === name);
    expect(filled).toMatchObject({ revision: 1, values: { seal: 'new', certificate: expect.stringMatching(/\.pdf$/) } });
  });
});

describeScreens('dossier screens', SCREEN_CASES, 'dossiers', async ({ page, lang, shot }) => {
  await openAs(page, '/device/doss');
  await page.locator('#main-content').locator('table tbody tr, .MuiListItemButton-root').first().waitFor();
  await shot('templates');
  await goWithin(page, `/device/record/${made.device.id}`);
  await dossiersTab(page, lang).click();
  await page.locator('[data-filled-forms] [data-row]').first().waitFor();
  await shot('tab');
  await page.locator('[data-filled-forms] [data-row]').first().getByRole('button', { name: lang['ra.action.show'] }).click();
  await page.locator('[data-filled-view] [data-server-form]').waitFor();
  await shot('dossier');
});
