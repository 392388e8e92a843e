// The instrument fleet in the browser: a spare part with two specifications edited as rows, a
// usage record with its mud and MWD values added on a device's record page (its hours worked out
// by the server), a usage record refused for the field that breaks a rule, a staff member created
// and given a certificate; and screenshots of these screens in two languages and on a phone.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, baseUrl, expectPath, goWithin, openAs, pick, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

type Row = { id: number; [field: string]: unknown };
let adminApi: Awaited<ReturnType<typeof apiAs>> | undefined;
async function api<T>(path: string): Promise<T> {
  adminApi ??= await apiAs('admin');
  return adminApi<T>(path);
}
const listOf = async (path: string): Promise<{ rows: Row[]; total: number }> => {
  const data = await api<{ items?: Row[]; list?: Row[]; total?: number; count?: number }>(path);
  return { rows: data.items ?? data.list ?? [], total: data.total ?? data.count ?? 0 };
};

const dialog = (page: Page) => page.getByRole('dialog');
/** The button react-admin's list editor marks with this class (`button-add-rule_value`). */
const rowButton = (scope: Page | Locator, className: string) => scope.locator(`.${className.replace(/\./g, '\\.')}`).first();
/** The message a form shows under the input bound to `source`: the helper text of the field box holding that input. */
const errorUnder = (scope: Page | Locator, source: string) =>
  scope.locator(`.MuiFormControl-root:has(> .MuiInputBase-root [name="${source}"]) > .MuiFormHelperText-root.Mui-error`);

describe('spare parts', () => {
  const browser = useFreshPage();

  it('creates a spare part with two specifications as rows, saved in order and served again as spec', async () => {
    const page = browser.page;
    const name = `E2E seal kit ${Date.now() % 100000}`;
    await openAs(page, '/device/attr');
    await page.getByRole('link', { name: 'Create' }).click();
    await expectPath(page, '/device/attr/create');
    await page.locator('input[name="rule_name"]').fill(name);

    await rowButton(page, 'button-add-rule_value').click();
    await page.locator('input[name="rule_value.0.name"]').fill('Size');
    await rowButton(page, 'button-add-rule_value.0.options').click();
    await page.locator('input[name="rule_value.0.options.0"]').fill('147 mm');
    await rowButton(page, 'button-add-rule_value.0.options').click();
    await page.locator('input[name="rule_value.0.options.1"]').fill('215.9 mm');
    await rowButton(page, 'button-add-rule_value').click();
    await page.locator('input[name="rule_value.1.name"]').fill('size');
    await rowButton(page, 'button-add-rule_value.1.options').click();
    await page.locator('input[name="rule_value.1.options.0"]').fill('Viton');

    // The same name twice is refused under the second row's name, before anything is sent.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => errorUnder(page, 'rule_value.1.name').textContent()).toContain('"size" is already in row 1');
    await page.locator('input[name="rule_value.1.name"]').fill('Material');

    // The second row moves above the first with the keyboard: focus its "move up" and press Enter.
    await page.locator('.button-reorder-rule_value-1 button').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('input[name="rule_value.0.name"]').inputValue()).toBe('Material');

    await page.getByRole('button', { name: 'Save' }).click();
    // The message names the record it made, as its kind and its name.
    await page.getByText(`Spare part ${name} created`, { exact: true }).waitFor();
    const [created] = (await listOf(`/device/asselist?q=${encodeURIComponent(name)}`)).rows;
    // It opens on its record page (its stock and receipts), and the create page's tag is gone.
    await expectPath(page, `/device/attr/${created.id}`);
    expect(await page.locator('[data-tag="/device/attr/create"]').count()).toBe(0);
    expect(created.rule_value).toEqual([
      { name: 'Material', options: ['Viton'] },
      { name: 'Size', options: ['147 mm', '215.9 mm'] },
    ]);
    const info = await api<Row>(`/device/asseinfo?id=${created.id}`);
    expect(info.spec).toEqual(created.rule_value);
  });
});

describe('a spare part made in Chinese', () => {
  const browser = useFreshPage();

  it('is named in the message that says it was made', async () => {
    const page = browser.page;
    const name = `E2E 密封件 ${Date.now() % 100000}`;
    await page.context().addCookies([{ name: 'language', value: 'zh', url: baseUrl() }]);
    await openAs(page, '/device/attr/create');
    await page.locator('input[name="rule_name"]').fill(name);
    await rowButton(page, 'button-add-rule_value').click();
    await page.locator('input[name="rule_value.0.name"]').fill('尺寸');
    await rowButton(page, 'button-add-rule_value.0.options').click();
    await page.locator('input[name="rule_value.0.options.0"]').fill('147 mm');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText(`已创建配件 ${name}`, { exact: true }).waitFor();
  });
});

describe("usage records on a device's record page", () => {
  const browser = useFreshPage();

  async function openCreate(page: Page) {
    // The oldest instrument: one of the demo fleet, whatever devices other tests add.
    const [device] = (await listOf('/device/list?limit=1&sort=id')).rows;
    await openAs(page, `/device/record/${device.id}`);
    await page.getByRole('tab', { name: 'Usage records' }).waitFor();
    await page.getByRole('tab', { name: 'Repair records' }).waitFor();
    // The toolbar's Create (an empty tab offers a second one in its message).
    await page.getByRole('button', { name: 'Create', exact: true }).and(page.locator(':not([role=status] *)')).click();
    await dialog(page).getByText('Add usage record', { exact: true }).waitFor();
    return device;
  }

  /** A well of the demo data: a run typed by hand picks its well from the list. */
  const aWell = async () => (await listOf('/project/list?limit=1&sort=%2Bid')).rows[0] as Row & { wellNumber: string };
  async function fillRun(page: Page, well: string) {
    const d = dialog(page);
    await d.locator('input[name="project"]').fill(well);
    await page.getByRole('option', { name: well, exact: true }).click();
    await d.locator('input[name="startcl"]').fill('2450.5');
    await d.locator('input[name="endcl"]').fill('3120');
    await d.locator('input[name="starttime"]').fill('2025-05-02T06:00');
    await d.locator('input[name="endtime"]').fill('2025-05-05T18:30');
    await d.locator('input[name="minpl"]').fill('28');
    await d.locator('input[name="maxpl"]').fill('32.5');
    await pick(page, 'status', 'Normal run');
    await pick(page, 'mudata.type', 'Water-based');
    await d.locator('input[name="mudata.density"]').fill('1.18');
    await d.locator('input[name="mudata.funnel"]').fill('48');
    await d.locator('input[name="mwd.smd"]').fill('2441.2');
    await d.locator('input[name="mwd.sinc"]').fill('12.5');
    await d.locator('input[name="mwd.sazi"]').fill('143.2');
    await d.locator('input[name="mwd.emd"]').fill('3105.7');
    await d.locator('input[name="mwd.einc"]').fill('35.8');
    await d.locator('input[name="mwd.eazi"]').fill('147.9');
  }

  it('adds a run with its mud and MWD values; the server works out its hours in use', async () => {
    const page = browser.page;
    const device = await openCreate(page);
    const well = await aWell();
    await fillRun(page, well.wellNumber);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.locator('table tbody tr', { hasText: well.wellNumber }).filter({ hasText: '2,450.5' }).first().waitFor();
    const created = (await listOf(`/device/userecord?id=${device.id}&project=${well.id}&limit=100`)).rows.find(
      (r) => r.startcl === 2450.5,
    )!;
    // A usage record goes by its number.
    await page.getByText(`Usage record #${created.id} created`, { exact: true }).waitFor();
    // The times were typed in the browser's zone; 3 days 12.5 hours apart whatever the zone.
    expect(created).toMatchObject({ startcl: 2450.5, endcl: 3120, usetime: 84.5, status: 1 });
    expect(created.mudata).toEqual({ type: 'water', density: 1.18, funnel: 48 });
    expect(created.mwd).toEqual({ smd: 2441.2, sinc: 12.5, sazi: 143.2, emd: 3105.7, einc: 35.8, eazi: 147.9 });
  });

  it('refuses a run that ends above its start, or failed without a reason, naming the field under its input', async () => {
    const page = browser.page;
    const device = await openCreate(page);
    const before = (await listOf(`/device/userecord?id=${device.id}`)).total;
    await fillRun(page, (await aWell()).wellNumber);
    await dialog(page).locator('input[name="endcl"]').fill('2400');
    await pick(page, 'status', 'Failed run');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => errorUnder(dialog(page), 'endcl').textContent()).toBe('End depth: must be at least Start depth (2,450.5 m)');
    await expect.poll(() => errorUnder(dialog(page), 'reason').textContent()).toBe('Failure reason: is required when Result is Failed run');
    expect(await dialog(page).isVisible()).toBe(true);
    expect((await listOf(`/device/userecord?id=${device.id}`)).total).toBe(before);
  });
});

describe('staff', () => {
  const browser = useFreshPage();

  it('creates a staff member with a position from the dictionary, then gives them a certificate on their page', async () => {
    const page = browser.page;
    const name = `E2E Person ${Date.now() % 100000}`;
    await openAs(page, '/staff/index');
    await page.getByRole('link', { name: 'Create' }).click();
    await expectPath(page, '/staff/create');
    await page.locator('input[name="name"]').fill(name);
    await page.locator('input[name="mobile"]').fill('13912345678');
    await pick(page, 'position', 'MWD engineer');
    await page.locator('input[name="hireDate"]').fill('2021-04-01');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Staff member ${name} created`, { exact: true }).waitFor();
    const [person] = (await listOf(`/staff/list?q=${encodeURIComponent(name)}`)).rows;
    expect(person).toMatchObject({ name, mobile: '13912345678', position: 'mwdEngineer', status: 'active', hireDate: '2021-04-01' });
    // Made, the person opens on their page, and the create page's tag is gone.
    await expectPath(page, `/staff/detail/${person.id}`);
    expect(await page.locator('[data-tag="/staff/create"]').count()).toBe(0);

    await page.getByRole('tab', { name: 'Certificates' }).waitFor();
    // The tab's toolbar offers Create, and so does its empty state: either opens the dialog.
    await page.getByRole('button', { name: 'Create' }).first().click();
    await pick(page, 'kind', 'Well control');
    await dialog(page).locator('input[name="number"]').fill('WC7654321');
    await dialog(page).locator('input[name="issued"]').fill('2025-06-01');
    await dialog(page).locator('input[name="expires"]').fill('2025-05-01');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => errorUnder(dialog(page), 'expires').textContent()).toBe('Expires on: must be after Issued on');
    await dialog(page).locator('input[name="expires"]').fill('2027-06-01');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.locator('table tbody tr', { hasText: 'WC7654321' }).waitFor();
    expect((await listOf(`/staff/cert?id=${person.id}`)).rows).toEqual([
      expect.objectContaining({ staff: person.id, kind: 'wellControl', expires: '2027-06-01' }),
    ]);
  });
});

describeScreens('fleet screens', SCREEN_CASES, 'fleet', async ({ page, lang: m, shot }) => {
  const plural = (key: string) => m[key].split('||||').pop()!.trim();
  await openAs(page, '/home');

  await goWithin(page, '/device/attr');
  await page.getByText(m['route.DeviceSpareParts']).first().waitFor();
  await shot('accessory-list');
  const [part] = (await listOf('/device/asselist?limit=1')).rows;
  await goWithin(page, `/device/attr/edit/${part.id}`);
  await page.locator('input[name="rule_value.0.name"]').waitFor();
  await shot('accessory-edit');

  await goWithin(page, '/staff/index');
  await page.getByText(m['route.StaffList']).first().waitFor();
  await shot('staff-list');
  const [person] = (await listOf('/staff/list?limit=1')).rows;
  await goWithin(page, `/staff/detail/${person.id}`);
  await page.getByRole('tab', { name: plural('resources.staffcert.name') }).waitFor();
  await shot('staff-record');
  await goWithin(page, '/staff/create');
  await page.locator('input[name="mobile"]').waitFor();
  await shot('staff-create');

  // An instrument that has been repaired, so that its repairs tab shows rows.
  const [repair] = (await listOf('/device/fitrecord?limit=1')).rows;
  await goWithin(page, `/device/record/${repair.device}`);
  await page.getByRole('tab', { name: plural('resources.fitrecord.name') }).click();
  await page.locator('#main-content').locator('table tbody tr, .MuiListItemButton-root').first().waitFor();
  await shot('device-repairs');
  await page.getByRole('tab', { name: plural('resources.userecord.name') }).click();
  await page.getByRole('button', { name: m['ra.action.create'], exact: true }).and(page.locator(':not([role=status] *)')).click();
  await dialog(page).locator('input[name="endcl"]').fill('1');
  await dialog(page).locator('input[name="startcl"]').fill('1000');
  await dialog(page).getByRole('button', { name: m['ra.action.save'] }).click();
  await errorUnder(dialog(page), 'endcl').waitFor();
  await shot('userecord-refused');
});
