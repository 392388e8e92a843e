// The instrument register's done-when path and its gates on sending a tool out, as a new admin
// meets them: a duplicate number is refused under the number; a brand and a base added in the
// data dictionary are taken on an instrument; a calibration filed with its certificate and values
// moves the instrument's due date; a repair using two parts takes them from stock. Then the gate:
// the assign dialog shows each instrument's calibration and service state, the ready one first;
// an uncalibrated tool is refused, naming it and why, and goes once a reason is given, the
// reason kept on the assignment and shown on the instrument's page; an overdue one is refused on
// a trip until the trip carries a reason. Screenshots of the assign dialog and the trip's
// instrument picker, in English and Chinese, at 1280 and 375 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClientAs, baseUrl, messages, openAs, sessionToken, useFreshPage } from './helpers';
import { SCREEN_CASES, describeScreens } from './screens';

type Row = { id: number; [field: string]: unknown };
type Client = Awaited<ReturnType<typeof apiClientAs>>;
const DAY = 86_400_000;
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const stamp = Date.now() % 100_000;
const m = messages('en');
const plural = (key: string, lang = m) => lang[key].split('||||').pop()!.trim();
let admin: Client;
const made = { well: undefined as unknown as Row, never: {} as Row, overdue: {} as Row, ready: {} as Row };

type Answer = { code: number; data: Row; errors?: { field: string; message: string }[] };
/** A call whose refusal is read, not thrown. */
async function raw(path: string, body: unknown): Promise<Answer> {
  const headers = { 'X-Token': await sessionToken('admin'), 'Content-Type': 'application/json' };
  return (await (await fetch(`${baseUrl()}/dev-api${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as Answer;
}
/** A PDF uploaded as a certificate file. */
async function uploadPdf(): Promise<string> {
  const form = new FormData();
  form.set('file', new File([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1')], 'certificate.pdf'));
  const answer = await fetch(`${baseUrl()}/dev-api/upload`, {
    method: 'POST',
    headers: { 'X-Token': await sessionToken('admin') },
    body: form,
  });
  return ((await answer.json()) as { data: { url: string } }).data.url;
}

const tool = (num: string) => admin.post<Row>('/device/create', { numtype: 'T', num, type: 1, status: 0, brand: 1, meth: 1 });
const tab = (page: Page, key: string, lang = m) =>
  page.locator('#main-content .MuiTabs-root').getByRole('tab', { name: plural(key, lang) });
const dialog = (page: Page) => page.getByRole('dialog').last();

beforeAll(async () => {
  admin = await apiClientAs('admin');
  const [sample] = (await admin.get<{ list: Row[] }>('/project/list?limit=1')).list;
  made.well = await admin.post<Row>('/project/add', {
    wellNumber: `GATE-${stamp}H`,
    wellType: sample.wellType,
    oilArea: 'Changqing',
    clientUnit: 'PetroChina',
    startDate: day(-30),
    status: 0,
  });
  made.never = await tool(`G${stamp}1`);
  made.overdue = await tool(`G${stamp}2`);
  await admin.post('/device/calibration/add', { device: made.overdue.id, date: day(-400), result: 'passed', nextDue: day(-35) });
  made.ready = await tool(`G${stamp}3`);
  await admin.post('/device/calibration/add', { device: made.ready.id, date: day(-5), result: 'passed' });
  // Sent to the well, so that a trip's picker offers it whichever case runs first.
  await admin.post('/project/device/add', { id: made.well.id, deviceIds: [made.ready.id] });
});

describe('the instrument register, done when', () => {
  const browser = useFreshPage();

  it('refuses a duplicate number, takes a new brand and base, moves the due date with a calibration, and takes two parts from stock', async () => {
    // A duplicate number is refused under the number, nothing written.
    const count = async () => (await admin.get<{ total: number }>('/device/list?limit=1')).total;
    const before = await count();
    const dup = await raw('/device/create', { numtype: 'T', num: `G${stamp}1`, type: 1, status: 0, brand: 1, meth: 1 });
    expect(dup.code).toBe(40001);
    expect(dup.errors?.map((e) => e.field)).toEqual(['num']);
    expect(await count()).toBe(before);

    // A brand and a base added to the dictionary are taken on an instrument.
    const lists = await admin.get<{ list: Row[] }>('/setting/dictionary/list?limit=100');
    const idOf = (code: string) => lists.list.find((l) => l.code === code)!.id;
    const brand = 800 + (stamp % 100);
    await admin.post('/setting/dictionary/item/add', {
      dictionary: idOf('brand'),
      key: String(brand),
      sort: 80,
      label: { en: `Acme ${stamp}` },
    });
    await admin.post('/setting/dictionary/item/add', {
      dictionary: idOf('base'),
      key: `kl${stamp}`,
      sort: 80,
      label: { en: `Karamay ${stamp}` },
    });
    const branded = await admin.post<Row>('/device/create', {
      ...{ numtype: 'T', num: `G${stamp}4`, type: 1, status: 0, brand, meth: 1 },
      ...{ location: 'base', base: `kl${stamp}` },
    });
    expect(branded).toMatchObject({ brand, base: `kl${stamp}` });

    // A calibration filed with its certificate and values moves the instrument's due date.
    const certificate = await uploadPdf();
    const filed = await admin.post<Row>('/device/calibration/add', {
      device: branded.id,
      date: day(-1),
      result: 'passed',
      certificate,
      values: [{ quantity: 'Inclination', reference: 90, reading: 90.05, unit: '°' }],
    });
    const calibrated = await admin.get<Row>(`/device/detail?id=${branded.id}`);
    expect(filed.certificate).toBe(certificate);
    expect(calibrated.calibrationUntil).toBe(filed.nextDue);
    expect(String(filed.nextDue) > day(300)).toBe(true);

    // A repair that uses two parts takes them from the stock of their base.
    const part = async (name: string) =>
      admin.post<Row>('/device/asseadd', { rule_name: `${name} ${stamp}`, rule_value: [{ name: 'Size', options: ['147 mm'] }] });
    const [seal, spring] = [await part('Seal'), await part('Spring')];
    await admin.post('/device/stock/receipt/add', { part: seal.id, base: `kl${stamp}`, quantity: 5 });
    await admin.post('/device/stock/receipt/add', { part: spring.id, base: `kl${stamp}`, quantity: 3 });
    await admin.post('/device/fitrecord/add', {
      device: branded.id,
      songTime: new Date(Date.now() - DAY).toISOString(),
      songReason: 'Seal leak',
      parts: [
        { part: seal.id, base: `kl${stamp}`, quantity: 2 },
        { part: spring.id, base: `kl${stamp}`, quantity: 1 },
      ],
    });
    const stock = await admin.get<{ items: Row[] }>(`/device/stock/list?base=kl${stamp}&limit=10`);
    const held = Object.fromEntries(stock.items.map((row) => [row.part, row.quantity]));
    expect(held).toEqual({ [seal.id]: 3, [spring.id]: 2 });
  });

  it('shows each tool’s state in the assign dialog, ready first; refuses an uncalibrated one naming it, and sends it with a reason kept on its page', async () => {
    const page = browser.page;
    await openAs(page, `/project/record/${made.well.id}`);
    await tab(page, 'resources.projectdevice.name').click();
    await page.getByRole('button', { name: m['app.assign.assign'] }).first().click();
    await dialog(page).getByRole('combobox').fill(`G${stamp}`);
    const options = page.getByRole('option');
    await options.locator('[data-calibration]').first().waitFor();
    // The ready tool first; each shows its calibration state before it is picked.
    await expect.poll(() => options.first().textContent()).toContain(`TG${stamp}3`);
    expect(
      await options
        .filter({ hasText: `TG${stamp}1` })
        .locator('[data-calibration]')
        .getAttribute('data-calibration'),
    ).toBe('never');
    expect(
      await options
        .filter({ hasText: `TG${stamp}2` })
        .locator('[data-calibration]')
        .getAttribute('data-calibration'),
    ).toBe('overdue');

    await options.filter({ hasText: `TG${stamp}1` }).click();
    await page.keyboard.press('Escape');
    await dialog(page).getByRole('button', { name: m['app.assign.assign'], exact: true }).click();
    const ask = dialog(page).locator('[data-reason-ask]');
    await ask.getByText(`TG${stamp}1: never calibrated.`).waitFor();
    const onWell = async () => (await admin.get<{ items: Row[] }>(`/project/device/list?id=${made.well.id}`)).items;
    expect((await onWell()).map((r) => r.device)).toEqual([made.ready.id]);

    await ask.getByLabel(m['app.assign.reason_label']).fill('Client calibrated it on site');
    await dialog(page).getByRole('button', { name: m['app.assign.reason_confirm'] }).click();
    await page
      .locator('#main-content table tbody tr')
      .filter({ hasText: `TG${stamp}1` })
      .first()
      .waitFor();
    const row = (await onWell()).find((r) => r.device === made.never.id);
    expect(row).toMatchObject({ device: made.never.id, overrideReason: 'Client calibrated it on site' });

    // The instrument's page shows the reason with the well.
    await openAs(page, `/device/record/${made.never.id}`);
    await page
      .locator('#main-content .MuiTabs-root')
      .getByRole('tab', { name: plural('resources.project.name') })
      .click();
    await page.getByText('Client calibrated it on site').first().waitFor();
  });

  it('refuses an overdue tool on a trip until the trip carries a reason', async () => {
    await admin.post('/project/device/add', { id: made.well.id, deviceIds: [made.overdue.id], overrideReason: 'Spare, checked on site' });
    const trip = { wellId: made.well.id, tripNumber: 1, startTime: new Date(Date.now() - 3_600_000).toISOString(), startDepth: 100 };
    const refused = await raw('/project/record/create', { ...trip, instruments: [made.overdue.id] });
    expect(refused.code).toBe(40001);
    expect(refused.errors?.[0]).toMatchObject({
      field: 'instruments',
      message: expect.stringContaining(`TG${stamp}2: calibration overdue`),
    });
    const taken = await admin.post<Row>('/project/record/create', {
      ...trip,
      instruments: [made.overdue.id],
      overrideReason: 'Only tool on site',
    });
    expect(taken.overrideReason).toBe('Only tool on site');
  });
});

describeScreens('the gates on sending a tool out', SCREEN_CASES, 'gates', async ({ page, lang, shot }) => {
  await openAs(page, `/project/record/${made.well.id}`);
  await tab(page, 'resources.projectdevice.name', lang).click();
  await page.getByRole('button', { name: lang['app.assign.assign'] }).first().click();
  await dialog(page).getByRole('combobox').fill(`G${stamp}`);
  await page.getByRole('option').locator('[data-calibration]').first().waitFor();
  await shot('assign-dialog');
  // A tool never calibrated, picked: the dialog names it and why, and asks a reason.
  const fresh = await tool(`H${stamp}${Math.floor(Math.random() * 1000)}`);
  await dialog(page).getByRole('combobox').fill(String(fresh.name));
  await page
    .getByRole('option')
    .filter({ hasText: String(fresh.name) })
    .click();
  await page.keyboard.press('Escape');
  await dialog(page).getByRole('button', { name: lang['app.assign.assign'], exact: true }).click();
  await dialog(page).locator('[data-reason-ask]').waitFor();
  await shot('assign-reason');
  await dialog(page).getByRole('button', { name: lang['ra.action.cancel'] }).click();

  await tab(page, 'resources.trip.name', lang).click();
  await page.getByRole('button', { name: lang['ra.action.create'], exact: true }).and(page.locator(':not([role=status] *)')).click();
  await dialog(page).locator('input[name="instruments"]').click();
  await page.getByRole('option').locator('[data-calibration]').first().waitFor();
  await shot('trip-instruments');

  // The role form: what else a role may do, overriding the gate among it.
  const roles = (await admin.get<{ list: Row[] }>('/setting/role/list')).list;
  await openAs(page, `/setting/permission/role/edit/${roles.find((role) => role.name === 'editor')!.id}`);
  await page.getByText(lang['resources.role.enums.permissions.overrideUnfit']).waitFor();
  await shot('role-form');
});
