// Group data in the browser: a group made through the API with its own fields, then on its page
// an item added through the form the server defines (with a picture uploaded), edited, hidden
// with the status switch and deleted, each change asked for in the "Tip" dialog; a submission
// the server refuses keeps the form open with the field's message; a definition that cannot load
// says why. Then screenshots of the group page and its form in two languages and on a phone.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClientAs, baseUrl, expectPath, goWithin, messages, openAs, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

type Row = { id: number; [field: string]: unknown };
type Client = Awaited<ReturnType<typeof apiClientAs>>;
let admin: Client;
const m = messages('en');
const stamp = Date.now() % 1_000_000;
const made = { group: undefined as unknown as Row };

const picture = () =>
  sharp({ create: { width: 320, height: 160, channels: 3, background: '#1f6fb2' } })
    .png()
    .toBuffer();

const items = async (): Promise<Row[]> => (await admin.get<{ list: Row[] }>(`/setting/groupdata/list?gid=${made.group.id}&limit=100`)).list;
const formDialog = (page: Page) => page.locator('[data-form-dialog]');
const tip = (page: Page) => page.getByRole('dialog', { name: m['app.confirm.title'] });
/** The input of a form field, by the field's name (RJSF gives it the id root_<name>). */
const input = (page: Page, field: string) => formDialog(page).locator(`#root_${field}`);

beforeAll(async () => {
  admin = await apiClientAs('admin');
  made.group = await admin.post<Row>('/setting/group/add', {
    name: `E2E banners ${stamp}`,
    config_name: `e2e_banners_${stamp}`,
    typelist: [
      { name: 'title', title: 'Headline', type: 'input', required: true },
      { name: 'slide', title: 'Picture', type: 'upload' },
      { name: 'place', title: 'Place', type: 'select', param: 'top=>Top of the page\nside=>Side bar' },
      { name: 'hours', title: 'Hours shown', type: 'number', min: 1, max: 72, placeholder: 'Whole hours' },
      { name: 'from', title: 'From', type: 'time', placeholder: 'On the hour, such as 08:00' },
    ],
  });
});

describe("a group's items", () => {
  const browser = useFreshPage();

  it('are reached from Settings at /setting and at /setting/group/index', async () => {
    const page = browser.page;
    await openAs(page, '/home');
    for (const address of ['/setting', '/setting/group/index']) {
      await page.goto(`${baseUrl()}${address}`);
      await expectPath(page, '/setting/system/group');
      await page.locator('table tbody tr', { hasText: String(made.group.name) }).waitFor();
    }
  });

  it('are added, edited, hidden and deleted through the forms the server defines', async () => {
    const page = browser.page;
    await openAs(page, '/setting/system/group');
    await page.locator('table tbody tr', { hasText: String(made.group.name) }).click();
    await expectPath(page, `/setting/system/grouplist/${made.group.id}`);

    // Add: the form the server made from the group's fields, its labels ending with a colon.
    await page.getByRole('button', { name: m['app.forms.add'] }).click();
    await input(page, 'title').waitFor();
    await formDialog(page).getByText('Headline *:').waitFor();
    expect(await formDialog(page).locator('button[type=submit]').count()).toBe(0); // the dialog's buttons only
    // Cancel and Confirm, no Reset; confirmed empty, the missing field is named, and nothing is logged.
    expect(await formDialog(page).locator('.MuiDialogActions-root button').allTextContents()).toEqual([
      m['ra.action.cancel'],
      m['app.confirm.ok'],
    ]);
    const logged: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && logged.push(message.text())));
    await formDialog(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
    await formDialog(page).getByText('Headline is required', { exact: true }).waitFor();
    expect(logged).toEqual([]);
    await input(page, 'title').fill('Rig 12 back on line');
    await formDialog(page)
      .getByTestId('upload-input-root_slide')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await picture() });
    await formDialog(page).locator('[data-images=root_slide] img').waitFor();
    await input(page, 'place').click();
    await page.getByRole('option', { name: 'Side bar' }).click();
    // Time and duration say what they take as placeholders.
    expect(await input(page, 'hours').getAttribute('placeholder')).toBe('Whole hours');
    expect(await input(page, 'from').getAttribute('placeholder')).toBe('On the hour, such as 08:00');
    await input(page, 'hours').fill('12');
    await input(page, 'from').fill('08:00');
    await formDialog(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
    await formDialog(page).waitFor({ state: 'detached' });
    const [item] = await items();
    expect(item).toMatchObject({ title: 'Rig 12 back on line', place: 'side', hours: 12, from: '08:00', status: 1, sort: 1 });
    expect(String(item.slide)).toMatch(/\/upload\/file\//);
    const row = page.locator(`[data-row="${item.id}"]`);
    await row.getByText('Rig 12 back on line').waitFor();
    await row.locator('img').waitFor();

    // Edit: the form opens with the item's values; a refused value keeps it open, with the reason.
    await row.getByRole('button', { name: m['ra.action.edit'] }).click();
    await expect.poll(() => input(page, 'title').inputValue()).toBe('Rig 12 back on line');
    await input(page, 'hours').fill('500');
    await formDialog(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
    await formDialog(page).getByText(/72/).first().waitFor(); // "must be from 1 to 72"
    await input(page, 'hours').fill('24');
    await input(page, 'title').fill('Rig 12 back on line today');
    await formDialog(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
    await formDialog(page).waitFor({ state: 'detached' });
    await row.getByText('Rig 12 back on line today').waitFor();
    expect((await items())[0]).toMatchObject({ title: 'Rig 12 back on line today', hours: 24, slide: item.slide });

    // Hide: asked first; cancelled changes nothing, confirmed hides it.
    const shown = row.locator('input[type=checkbox]');
    await shown.click();
    await tip(page).getByText(m['app.confirm.text'].replace('%{action}', m['app.forms.hide_item'])).waitFor();
    await tip(page).getByRole('button', { name: m['app.confirm.cancel'] }).click();
    await tip(page).waitFor({ state: 'detached' });
    expect((await items())[0].status).toBe(1);
    await shown.click();
    await tip(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
    await expect.poll(async () => (await items())[0].status).toBe(0);
    await expect.poll(() => shown.isChecked()).toBe(false);

    // Delete, after the question.
    await row.getByRole('button', { name: m['ra.action.delete'] }).click();
    await tip(page).getByText(m['app.confirm.text'].replace('%{action}', m['app.forms.delete_item'])).waitFor();
    await tip(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
    await row.waitFor({ state: 'detached' });
    expect(await items()).toEqual([]);
    await page.getByText(m['app.forms.empty']).waitFor();
  });

  it("says why a submission failed and why a form could not load, and keeps the person's values", async () => {
    const page = browser.page;
    await openAs(page, `/setting/system/grouplist/${made.group.id}`);
    // The server refuses what the browser let through: the group lost its "place" choices meanwhile.
    await page.getByRole('button', { name: m['app.forms.add'] }).click();
    await input(page, 'title').fill('Stand-down at 06:00');
    await input(page, 'place').click();
    await page.getByRole('option', { name: 'Top of the page' }).click();
    const { id: _id, version: _version, ...group } = await admin.get<Row>(`/setting/group/info?id=${made.group.id}`);
    const typelist = group.typelist as Row[];
    await admin.post('/setting/group/update', {
      id: made.group.id,
      ...group,
      typelist: typelist.map((f) => (f.name === 'place' ? { ...f, param: 'side=>Side bar' } : f)),
    });
    await formDialog(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
    await page
      .getByText(/Place: /)
      .first()
      .waitFor(); // the server's message names the field
    expect(await input(page, 'title').inputValue()).toBe('Stand-down at 06:00');
    expect(await items()).toEqual([]);
    await formDialog(page).getByRole('button', { name: m['ra.action.cancel'] }).click();

    // A definition that cannot be had: the server's message in the dialog.
    await page.route('**/dev-api/setting/groupdata/addItem*', (route) =>
      route.fulfill({ json: { code: 40004, message: 'The group is gone.' } }),
    );
    await page.getByRole('button', { name: m['app.forms.add'] }).click();
    await formDialog(page).getByRole('alert').getByText('The group is gone.').waitFor();
  });
});

describe('Home', () => {
  const browser = useFreshPage();

  /** The titles of a group's items switched on, in the group's order (its list's, highest sort first). */
  async function shownTitles(configName: string): Promise<string[]> {
    const [group] = (await admin.get<{ list: Row[] }>(`/setting/group/list?q=${configName}`)).list.filter(
      (g) => g.config_name === configName,
    );
    expect(group, configName).toBeDefined();
    const list = (await admin.get<{ list: Row[] }>(`/setting/groupdata/list?gid=${group.id}&limit=100`)).list;
    expect(list.some((item) => item.status === 0)).toBe(true); // the demo data hides one: it must stay off Home
    return list.filter((item) => item.status === 1).map((item) => String(item.title));
  }

  it('shows the home slides and the notices switched on, in their order, to an editor too', async () => {
    const slides = await shownTitles('home_slides');
    const notices = await shownTitles('notices');
    expect(slides.length).toBeGreaterThan(1);
    const page = browser.page;
    await openAs(page, '/home', 'editor');
    const slideTitles = page.locator('[data-home-slides] [data-slide]');
    await expect.poll(() => slideTitles.evaluateAll((all) => all.map((el) => el.getAttribute('data-slide')))).toEqual(slides);
    // The first is shown, its picture loaded; the next is a click away.
    const first = page.locator('[data-home-slides] [data-slide][aria-hidden="false"]');
    await first.getByText(slides[0]).waitFor();
    await expect.poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.locator('[data-home-slides]').getByRole('button', { name: m['app.home.slides.next'] }).click();
    await page.locator('[data-home-slides] [data-slide][aria-hidden="false"]').getByText(slides[1]).waitFor();
    const noticeTitles = page.locator('[data-home-notices] [data-notice]');
    await expect.poll(() => noticeTitles.evaluateAll((all) => all.map((el) => el.getAttribute('data-notice')))).toEqual(notices);
  });
});

describeScreens('group data screens', SCREEN_CASES, 'groupdata', async ({ page, lang, shot }) => {
  await openAs(page, '/setting/system/group');
  await page.locator('#main-content').locator('table tbody tr, .MuiListItemButton-root').first().waitFor();
  await shot('groups');
  // The demo's first group, with its items.
  const [group] = (await admin.get<{ list: Row[] }>('/setting/group/list?limit=1&sort=%2Bid')).list;
  await goWithin(page, `/setting/system/grouplist/${group.id}`);
  await page.locator('[data-form-records] [data-row]').first().waitFor();
  await shot('items');
  await page.locator('[data-form-records] [data-row]').first().getByRole('button', { name: lang['ra.action.edit'] }).click();
  await page.locator('[data-form-dialog] [data-server-form] input').first().waitFor();
  await shot('form');
});
