// Wells in the browser: a well created from its list (dictionary pickers, the crew picked by
// searching), two people and an instrument assigned from the searchable dialog (the instrument
// then on site at that well, on its own page too), an instrument on another well moved there only
// once the person confirms, a trip whose footage the server works out,
// its daily reports page with a report added and one refused for too many hours, a submitted
// report read-only to an editor, and a crew's page with its members and wells. Then screenshots
// of these screens in two languages and on a phone. Every record the tests use is made here.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClientAs, baseUrl, expectPath, goWithin, messages, openAs, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

type Row = { id: number; [field: string]: unknown };
type Client = Awaited<ReturnType<typeof apiClientAs>>;
let admin: Client;
const m = messages('en');
const plural = (key: string, lang = m) => lang[key].split('||||').pop()!.trim();
const singular = (key: string, lang = m) => lang[key].split('||||')[0].trim();
const stamp = Date.now() % 1_000_000;

const listOf = async (path: string): Promise<Row[]> => {
  const data = await admin.get<{ items?: Row[]; list?: Row[] }>(path);
  return data.items ?? data.list ?? [];
};

const dialog = (page: Page) => page.getByRole('dialog').last();
/** The message a form shows under the input bound to `source`. */
const errorUnder = (scope: Page | Locator, source: string) =>
  scope.locator(`.MuiFormControl-root:has(> .MuiInputBase-root [name="${source}"]) > .MuiFormHelperText-root.Mui-error`);
/** Opens the select bound to `source` and takes its first option. */
async function pickFirst(scope: Page, source: string) {
  await scope.locator(`.MuiFormControl-root:has(input[name="${source}"]) [role=combobox]`).click();
  await scope.getByRole('option').filter({ hasNotText: /^$/ }).first().click();
}
/** Types into a reference picker and takes the suggestion with this text. */
async function pickReference(page: Page, scope: Locator | Page, source: string, text: string) {
  await scope.locator(`input[name="${source}"]`).fill(text);
  await page.getByRole('option', { name: text }).first().click();
}
/** A tab of the record page (the open pages bar above it has tabs too). */
const tab = (page: Page, key: string) => page.locator('#main-content .MuiTabs-root').getByRole('tab', { name: plural(key) });

/** The records the tests share: a crew, two people on it, an instrument in stock, and a well made through the UI. */
const made = {
  crew: undefined as unknown as Row,
  people: [] as Row[],
  device: undefined as unknown as Row,
  wellNumber: `E2E-${stamp}H`,
  well: undefined as Row | undefined,
};

beforeAll(async () => {
  admin = await apiClientAs('admin');
  made.crew = await admin.post<Row>('/crew/add', { teamNumber: `E2E-${stamp}`, leader: { name: 'Zhang Wei' } });
  for (const name of [`E2E Li ${stamp}`, `E2E Wang ${stamp}`]) {
    made.people.push(await admin.post<Row>('/staff/add', { name, mobile: '13800000000', status: 'active', crew: made.crew.id }));
  }
  made.device = await admin.post<Row>('/device/create', { numtype: 'T', num: `E${stamp}`, type: 1, status: 0, brand: 1, meth: 1 });
  // Calibrated, so that it may be sent out without a reason.
  await admin.post('/device/calibration/add', { device: made.device.id, date: new Date().toISOString().slice(0, 10), result: 'passed' });
});

describe('a well', () => {
  const browser = useFreshPage();

  it('is created from the list with dictionary pickers and the crew picked by searching', async () => {
    const page = browser.page;
    await openAs(page, '/project/index');
    await page.getByRole('link', { name: 'Create' }).click();
    await expectPath(page, '/project/create');
    // The form, not the list's filter of the same name that may still be on screen.
    await page.locator('input[name="wellType"]').waitFor({ state: 'attached' });
    await page.locator('input[name="wellNumber"]').fill(made.wellNumber);
    await pickFirst(page, 'wellType');
    await page.locator('input[name="oilArea"]').fill('Changqing');
    await page.locator('input[name="clientUnit"]').fill('PetroChina Changqing Oilfield');
    await page.locator('input[name="startDate"]').fill('2025-03-01');
    await page.locator('input[name="startDepth"]').fill('0');
    await page.locator('input[name="designDepth"]').fill('3200');
    await pickReference(page, page, 'drillTeamNo', String(made.crew.teamNumber));
    // Server-owned totals are not inputs.
    expect(await page.locator('input[name="totalFootage"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/project\/record\/\d+$/.test(url.pathname), { timeout: 30_000 });
    const [well] = await listOf(`/project/list?q=${encodeURIComponent(made.wellNumber)}`);
    expect(well).toMatchObject({ wellNumber: made.wellNumber, oilArea: 'Changqing', drillTeamNo: made.crew.id, status: 0 });
    made.well = well;
    // Made, the well opens on its record page.
    await expectPath(page, `/project/record/${well.id}`);

    // From the list, a row opens it too.
    await page.goto(`${baseUrl()}/project/index`);
    await page.locator('input[name="wellNumber"]').fill(made.wellNumber);
    // The list applies the filter after a pause; a row clicked before then would be left for it.
    await expect.poll(() => decodeURIComponent(page.url())).toContain(made.wellNumber);
    await page.locator('table tbody tr', { hasText: made.wellNumber }).click();
    await expectPath(page, `/project/record/${well.id}`);
    await page.getByRole('heading', { name: made.wellNumber }).waitFor();
  });

  it('takes two people and an instrument from the searchable dialog; the instrument is then on site there', async () => {
    const page = browser.page;
    const well = made.well!;
    await openAs(page, `/project/record/${well.id}`);

    await tab(page, 'resources.projectstaff.name').click();
    await page.getByRole('button', { name: m['app.assign.assign'] }).first().click();
    for (const person of made.people) {
      await dialog(page).getByRole('combobox').fill(String(person.name));
      await page.getByRole('option', { name: new RegExp(String(person.name)) }).click();
    }
    // The suggestions stay open for more choices; Escape closes them, not the dialog.
    await page.keyboard.press('Escape');
    await dialog(page).getByRole('button', { name: m['app.assign.assign'], exact: true }).click();
    for (const person of made.people) await page.locator('#main-content').getByText(String(person.name)).first().waitFor();
    const staffRows = await listOf(`/project/staff/list?id=${well.id}`);
    expect(staffRows.map((r) => r.staff).sort()).toEqual(made.people.map((p) => p.id).sort());

    await tab(page, 'resources.projectdevice.name').click();
    await page.getByRole('button', { name: m['app.assign.assign'] }).first().click();
    await dialog(page).getByRole('combobox').fill(String(made.device.name));
    // The option says the instrument's status beside its name.
    const option = page.getByRole('option', { name: new RegExp(String(made.device.name)) });
    await expect.poll(() => option.textContent()).toContain(m['resources.device.enums.status.0']);
    await option.click();
    await page.keyboard.press('Escape');
    await dialog(page).getByRole('button', { name: m['app.assign.assign'], exact: true }).click();
    await page.locator('#main-content').getByText(String(made.device.name)).first().waitFor();

    await page.goto(`${baseUrl()}/device/record/${made.device.id}`);
    await page.locator('#main-content').getByText(m['resources.device.enums.status.1']).first().waitFor();
    await page.locator('#main-content').getByText(made.wellNumber).first().waitFor();
    await tab(page, 'resources.project.name').click();
    await page
      .locator('#main-content table tbody tr, #main-content .MuiListItemButton-root')
      .filter({ hasText: made.wellNumber })
      .first()
      .waitFor();
    expect(await admin.get<Row>(`/device/detail?id=${made.device.id}`)).toMatchObject({ status: 1, project: made.wellNumber });
  });

  it('moves an instrument that is on another well only once the person confirms the move', async () => {
    const page = browser.page;
    const [sample] = await listOf('/project/list?limit=1');
    const wellAt = (suffix: string) =>
      admin.post<Row>('/project/add', {
        wellNumber: `E2E-${stamp}-${suffix}`,
        wellType: sample.wellType,
        oilArea: 'Changqing',
        clientUnit: 'PetroChina',
        startDate: '2025-04-01',
        status: 0,
      });
    const [from, to] = [await wellAt('A'), await wellAt('B')];
    const device = await admin.post<Row>('/device/create', { numtype: 'T', num: `M${stamp}`, type: 1, status: 0, brand: 1, meth: 1 });
    await admin.post('/device/calibration/add', { device: device.id, date: new Date().toISOString().slice(0, 10), result: 'passed' });
    await admin.post('/project/device/add', { id: from.id, deviceIds: [device.id] });
    const onWell = async () => (await admin.get<Row>(`/device/detail?id=${device.id}`)).project;
    expect(await onWell()).toBe(from.wellNumber);

    await openAs(page, `/project/record/${to.id}`);
    await tab(page, 'resources.projectdevice.name').click();
    const assign = async () => {
      await page.getByRole('button', { name: m['app.assign.assign'] }).first().click();
      await dialog(page).getByRole('combobox').fill(String(device.name));
      await page.getByRole('option', { name: new RegExp(String(device.name)) }).click();
      await page.keyboard.press('Escape');
      await dialog(page).getByRole('button', { name: m['app.assign.assign'], exact: true }).click();
    };
    const confirm = page.getByRole('dialog', { name: m['app.assign.move_title'] });
    const question = m['app.assign.elsewhere'].replace('%{member}', String(device.name)).replace('%{parent}', String(from.wellNumber));

    // Refused with the well it is on named; cancelled, nothing moves.
    await assign();
    await confirm.getByText(question).waitFor();
    await confirm.getByRole('button', { name: m['ra.action.cancel'] }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await onWell()).toBe(from.wellNumber);
    await dialog(page).getByRole('button', { name: m['ra.action.cancel'] }).click();

    // Confirmed: it leaves the first well (kept there as history) and is on this one.
    await assign();
    await confirm.getByRole('button', { name: m['app.assign.move'] }).click();
    await page
      .locator('#main-content table tbody tr')
      .filter({ hasText: String(device.name) })
      .first()
      .waitFor();
    expect(await onWell()).toBe(to.wellNumber);
    const history = await listOf(`/project/device/list?id=${from.id}`);
    expect(history.find((row) => row.device === device.id)?.removedAt).toEqual(expect.any(String));
  });

  it('gets a trip with its instrument and the run made from it, footage worked out; its daily reports page takes a report and refuses a log row ending before it starts', async () => {
    const page = browser.page;
    const well = made.well!;
    await openAs(page, `/project/record/${well.id}`);
    await tab(page, 'resources.trip.name').click();
    await page.getByRole('button', { name: 'Create', exact: true }).and(page.locator(':not([role=status] *)')).click();
    const d = dialog(page);
    await d.locator('input[name="tripNumber"]').fill('1');
    await pickReference(page, d, 'instruments', String(made.device.name));
    await d.locator('input[name="startTime"]').fill('2025-03-02T08:00');
    await d.locator('input[name="endTime"]').fill('2025-03-04T08:00');
    await d.locator('input[name="startDepth"]').fill('1000');
    await d.locator('input[name="endDepth"]').fill('1250.5');
    await d.locator('input[name="totalPumpTime"]').fill('40');
    await d.locator('input[name="totalDrillingTime"]').fill('25');
    await d.getByRole('button', { name: 'Save' }).click();
    await d.waitFor({ state: 'detached' });
    const row = page.locator('#main-content table tbody tr').filter({ hasText: '250.5' });
    await row.waitFor();
    const [trip] = await listOf(`/project/record/list?id=${well.id}`);
    expect(trip).toMatchObject({
      tripNumber: 1,
      instruments: [made.device.id],
      equipmentNumber: made.device.id,
      footageThisTrip: 250.5,
      totalTimeInHole: 48,
      footagePerHour: 10.02,
    });
    // The instrument's run was made from the trip, with its well and hours.
    const runs = await listOf(`/device/userecord?id=${made.device.id}&trip=${trip.id}`);
    expect(runs).toEqual([expect.objectContaining({ project: well.id, usetime: 48, startcl: 1000, endcl: 1250.5 })]);

    // The row's own link leads to the trip's daily reports; the row click would edit the trip.
    await row.getByRole('link', { name: m['route.ProjectDaily'] }).click();
    await expectPath(page, `/project/daily/${well.id}/${trip.id}`);
    await page.getByRole('heading', { name: new RegExp(`${made.wellNumber}.*${singular('resources.trip.name')} 1`) }).waitFor();
    await tab(page, 'resources.daily.name').waitFor();

    await page.getByRole('button', { name: 'Create', exact: true }).and(page.locator(':not([role=status] *)')).click();
    await dialog(page).locator('input[name="day"]').fill('2025-03-03');
    // A row of the time log that ends before it starts is refused under its end, in the form.
    await dialog(page).locator('.ra-input-timeLog').getByRole('button', { name: m['ra.action.add'] }).click();
    await dialog(page).locator('input[name="timeLog.0.from"]').fill('08:00');
    await dialog(page).locator('input[name="timeLog.0.to"]').fill('07:00');
    // The select's own box: the list's form control holds every row's inputs.
    await dialog(page).locator('.MuiInputBase-root:has(> input[name="timeLog.0.activity"]) [role=combobox]').click();
    await page.getByRole('option').first().click();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => errorUnder(dialog(page), 'timeLog.0.to').textContent()).toContain(m['resources.daily.fields.timeLog.from']);
    expect(await listOf(`/project/daily/list?tid=${trip.id}`)).toEqual([]);

    await dialog(page).locator('input[name="timeLog.0.to"]').fill('14:00');
    await dialog(page).locator('input[name="drillingParams.measuredDepth"]').fill('1180');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const [daily] = await listOf(`/project/daily/list?tid=${trip.id}`);
    expect(daily).toMatchObject({ tripNumber: trip.id, wellId: well.id, day: '2025-03-03', status: 'draft' });
    // The hours come from the log: the first activity of the dictionary (drilling) for 6 h.
    expect(daily.efficiency).toMatchObject({ pureDrillingTime: 6 });
  });

  it('shows a submitted daily report read-only to an editor, and editable by an admin', async () => {
    const page = browser.page;
    const well = made.well!;
    const [trip] = await listOf(`/project/record/list?id=${well.id}`);
    const [daily] = await listOf(`/project/daily/list?tid=${trip.id}`);
    // Submitted, its log covers the whole day.
    const wholeDay = [{ from: '00:00', to: '24:00', activity: 'drilling' }];
    await admin.post('/project/daily/update', { ...daily, status: 'submitted', timeLog: wholeDay });

    await openAs(page, `/project/daily/${well.id}/${trip.id}`, 'editor');
    await page.locator('#main-content table tbody tr, #main-content .MuiListItemButton-root').first().click();
    await dialog(page).locator('[data-lock=closed]').waitFor();
    expect(await dialog(page).locator('input[name="drillingParams.measuredDepth"]').count()).toBe(0);
    expect(await dialog(page).getByRole('button', { name: 'Save' }).count()).toBe(0);
  });
});

describe("a crew's page", () => {
  const browser = useFreshPage();

  it('lists its members and its wells, and keeps its edit form a click away', async () => {
    const page = browser.page;
    await openAs(page, '/crew/index');
    await page.locator('input[name="teamNumber"]').fill(String(made.crew.teamNumber));
    await page.locator('table tbody tr', { hasText: String(made.crew.teamNumber) }).click();
    await expectPath(page, `/crew/record/${made.crew.id}`);
    await tab(page, 'resources.staff.name').click();
    for (const person of made.people) await page.locator('#main-content').getByText(String(person.name)).first().waitFor();
    await tab(page, 'resources.project.name').click();
    await page.locator('#main-content').getByText(made.wellNumber).first().waitFor();
    await page.getByRole('link', { name: 'Edit' }).click();
    await expectPath(page, `/crew/${made.crew.id}`);
  });
});

describeScreens('wells screens', SCREEN_CASES, 'wells', async ({ page, lang, shot }) => {
  const openTab = (key: string) =>
    page
      .locator('#main-content .MuiTabs-root')
      .getByRole('tab', { name: plural(key, lang) })
      .click();
  const create = () =>
    page.getByRole('button', { name: lang['ra.action.create'], exact: true }).and(page.locator(':not([role=status] *)')).click();
  await openAs(page, '/home');
  // A well with trips and daily reports: the demo's, or the one the tests above made.
  const [trip] = await listOf('/project/record/list?limit=1&sort=-id');
  const wellId = trip.wellId as number;

  await goWithin(page, '/project/index');
  await page.getByText(lang['route.ProjectList']).first().waitFor();
  // The rows, not the page's loading state: a table on a desk, lines on a phone.
  await page.locator('#main-content').locator('table tbody tr, .MuiListItemButton-root').first().waitFor();
  await shot('project-list');
  await goWithin(page, '/project/create');
  await page.locator('input[name="wellNumber"]').waitFor();
  await shot('project-create');

  await goWithin(page, `/project/record/${wellId}`);
  await openTab('resources.trip.name');
  await page.locator('#main-content').locator('table tbody tr, .MuiListItemButton-root').first().waitFor();
  await shot('record-trips');
  await page.locator('#main-content').locator('table tbody tr td, .MuiListItemText-root').first().click();
  await dialog(page).locator('input[name="tripNumber"]').waitFor();
  await shot('trip-dialog');
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({ state: 'detached' });
  await openTab('resources.projectstaff.name');
  await shot('record-staff');
  await openTab('resources.projectdevice.name');
  await shot('record-devices');
  await page.getByRole('button', { name: lang['app.assign.assign'] }).first().click();
  await dialog(page).getByRole('combobox').click();
  await page.getByRole('option').first().waitFor();
  await shot('assign-dialog');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  await goWithin(page, `/project/daily/${wellId}/${trip.id}`);
  await page
    .locator('#main-content .MuiTabs-root')
    .getByRole('tab', { name: plural('resources.daily.name', lang) })
    .waitFor();
  await shot('daily-page');
  await create();
  await dialog(page).locator('input[name="day"]').waitFor();
  await shot('daily-dialog');
  await page.keyboard.press('Escape');

  const crew = made.crew ?? (await listOf('/crew/list?limit=1'))[0];
  await goWithin(page, `/crew/record/${crew.id}`);
  await openTab('resources.staff.name');
  await shot('crew-record');
});
