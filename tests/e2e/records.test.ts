// Record pages, child collections in dialogs, reference pickers and the data dictionary, through
// the screens generated from their schemas; and screenshots of them to look at.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../kernel/schema/load-node';
import { dictionaryCode } from '../../kernel/schema/dictionary';
import { fields } from '../../kernel/schema/registry';
import { flattenRoutes } from '../../kernel/routes/tree';
import { parseScreen } from '../../kernel/schema/route-component';
import { apiAs, apiClientAs, expectPath, goWithin, openAs, pick, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

let adminApi: Awaited<ReturnType<typeof apiAs>> | undefined;
async function api<T>(path: string): Promise<T> {
  adminApi ??= await apiAs('admin');
  return adminApi<T>(path);
}

type Row = { id: number; [field: string]: unknown };
const listOf = async (path: string): Promise<{ rows: Row[]; total: number }> => {
  const data = await api<{ items?: Row[]; list?: Row[]; total?: number; count?: number }>(path);
  return { rows: data.items ?? data.list ?? [], total: data.total ?? data.count ?? 0 };
};

/** The dialog a child collection's Create button or row opens. */
const dialog = (page: Page) => page.getByRole('dialog');

/** A tab's empty state: it says there is nothing yet and offers a Create button of its own. */
const emptyState = (page: Page) => page.getByRole('status').filter({ has: page.getByRole('button') });

/** The Create button of the tab's toolbar, always there, not the one an empty tab's state offers. */
const toolbarCreate = (page: Page, name = 'Create') =>
  page.getByRole('button', { name, exact: true }).and(page.locator(':not([role=status] *)'));

describe('the data dictionary', () => {
  const browser = useFreshPage();

  it('creates a list, adds an item on its record page, sees it in the tab and disables it', async () => {
    const page = browser.page;
    await openAs(page, '/setting/system/dictionary');
    await page.getByRole('link', { name: 'Create' }).click();
    await expectPath(page, '/setting/system/dictionary/create');
    await page.getByText('Add dictionary list').first().waitFor(); // the route's title in the breadcrumb
    await page.locator('input[name="code"]').fill('rigType');
    await page.locator('input[name="name"]').fill('Rig types');
    await page.getByRole('button', { name: 'Save' }).click();
    // Made, the list opens on its record page, and the create page's tag is gone.
    await page.waitForURL((url) => /^\/setting\/system\/dictionary\/\d+$/.test(url.pathname), { timeout: 30_000 });
    const [list] = (await listOf('/setting/dictionary/list?q=rigType')).rows;
    await expectPath(page, `/setting/system/dictionary/${list.id}`);
    await page.locator(`[data-tag="/setting/system/dictionary/${list.id}"]`).waitFor();
    expect(await page.locator('[data-tag="/setting/system/dictionary/create"]').count()).toBe(0);
    await page.getByRole('tab', { name: 'Dictionary items' }).waitFor();
    await page.getByText('Rig types').first().waitFor();

    // The new list has no items yet: its tab says so, and its toolbar still offers Create.
    await emptyState(page).getByRole('button', { name: 'Create' }).waitFor();
    await toolbarCreate(page).click();
    await dialog(page).getByText('Add dictionary item', { exact: true }).waitFor();
    expect(await dialog(page).locator('input[name="dictionary"]').count()).toBe(0); // preset by the page, not typed
    await dialog(page).locator('input[name="key"]').fill('topdrive');
    await dialog(page).locator('input[name="label.zh"]').fill('顶驱');
    await dialog(page).locator('input[name="label.en"]').fill('Top drive');
    await dialog(page).locator('input[name="label.es"]').fill('Top drive');
    await dialog(page).locator('input[name="label.ja"]').fill('トップドライブ');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const itemRow = page.locator('table tbody tr', { hasText: 'topdrive' });
    await itemRow.waitFor();
    expect(await itemRow.textContent()).toContain('Top drive');
    expect(await itemRow.textContent()).toContain('Yes');

    const [item] = (await listOf(`/setting/dictionary/item/list?id=${list.id}`)).rows;
    expect(item).toMatchObject({ dictionary: list.id, key: 'topdrive', sort: 0, enabled: true });

    await itemRow.click();
    await expect.poll(() => dialog(page).locator('input[name="label.en"]').inputValue()).toBe('Top drive');
    await dialog(page).locator('input[name="enabled"]').uncheck();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(async () => (await itemRow.textContent()) ?? '').toContain('No');
    const options = await api<Record<string, { key: string; enabled: boolean }[]>>('/setting/dictionary/options');
    expect(options.rigType).toEqual([expect.objectContaining({ key: 'topdrive', enabled: false })]);
  });

  it('takes an item labelled in one language only, and shows that label in the others', async () => {
    const page = browser.page;
    const [wellTypes] = (await listOf('/setting/dictionary/list?q=wellType')).rows;
    await openAs(page, `/setting/system/dictionary/${wellTypes.id}`);
    await page.getByRole('tab', { name: 'Dictionary items' }).waitFor();
    await toolbarCreate(page).click();
    await dialog(page).locator('input[name="key"]').fill('slant');
    await dialog(page).locator('input[name="sort"]').fill('99');
    // None at all is refused, saying what is missing.
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).getByText('give the label in one language at least').waitFor();
    // One is enough: the company writes its items in Chinese only.
    await dialog(page).locator('input[name="label.zh"]').fill('斜直井');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const [item] = (await listOf(`/setting/dictionary/item/list?id=${wellTypes.id}&q=slant`)).rows;
    expect(item).toMatchObject({ key: 'slant', label: { zh: '斜直井' } });
    try {
      // An English reader picks it by the label it has.
      await goWithin(page, '/project/create');
      await page.locator('.MuiFormControl-root:has(input[name="wellType"]) [role=combobox]').click();
      await page.getByRole('option', { name: '斜直井', exact: true }).waitFor();
      await page.keyboard.press('Escape');
    } finally {
      await (await apiClientAs('admin')).post('/setting/dictionary/item/del', { id: item.id });
    }
  });

  // Only once a schema takes its values from the dictionary and a record holds one of them.
  const registry = loadRegistry();
  const user = Object.entries(registry.resources)
    .flatMap(([resource, schema]) => fields(schema).map((f) => ({ resource, path: f.path, code: dictionaryCode(f.schema) })))
    .find((f) => f.code);

  const title = user
    ? 'refuses to delete an item that records still hold, saying why'
    : 'refusing to delete an item in use: skipped, no schema takes its values from the dictionary yet (the contract suites test the refusal on fixtures)';
  it.skipIf(!user)(title, async () => {
    const page = browser.page;
    const { code, resource, path } = user!;
    const schema = registry.resources[resource];
    const used = (await listOf(`${schema['x-resource'].endpoints.list!.path}?limit=100`)).rows.find(
      (r) => r[path.split('.')[0]] !== undefined,
    );
    expect(used, `no ${resource} holds a ${code} value`).toBeDefined();
    const [list] = (await listOf(`/setting/dictionary/list?q=${code}`)).rows;
    await openAs(page, `/setting/system/dictionary/${list.id}`);
    const key = String(path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], used));
    const row = page.locator('table tbody tr').filter({ has: page.locator('td', { hasText: new RegExp(`^${key}$`) }) });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('could not be deleted', { exact: false }).waitFor();
    await row.waitFor();
    expect((await listOf(`/setting/dictionary/item/list?id=${list.id}&q=${key}`)).total).toBe(1);
  });
});

describe("a device's record page", () => {
  const browser = useFreshPage();

  it('adds a usage record in the dialog, its crew picked by typing, then edits and deletes it', async () => {
    const page = browser.page;
    const crew = (await api<Row & { teamNumber: string }>('/crew/info?id=3')) as Row & { teamNumber: string };
    // Two wells of the demo data: a run typed by hand picks its well from the list.
    const [first, second] = (await listOf('/project/list?limit=2&sort=%2Bid')).rows as (Row & { wellNumber: string })[];
    const pickWell = async (well: { wellNumber: string }) => {
      await dialog(page).locator('input[name="project"]').fill(well.wellNumber);
      await page.getByRole('option', { name: well.wellNumber, exact: true }).click();
    };

    await openAs(page, '/device/index');
    await page.locator('table tbody tr').first().click(); // a device opens on its record page
    await page.waitForURL((url) => /^\/device\/record\/\d+$/.test(url.pathname), { timeout: 30_000 });
    const device = { id: Number(new URL(page.url()).pathname.split('/').pop()) };
    const before = (await listOf(`/device/userecord?id=${device.id}`)).total;
    await page.getByRole('tab', { name: 'Usage records' }).waitFor();

    await toolbarCreate(page).click();
    await dialog(page).getByText('Add usage record').waitFor();
    expect(await dialog(page).locator('input[name="device"]').count()).toBe(0);
    await pickWell(first);
    await dialog(page).locator('input[name="startcl"]').fill('1250.5');
    await dialog(page).locator('input[name="starttime"]').fill('2025-03-01T08:30');
    await pick(page, 'status', 'Normal run');
    const picker = dialog(page).getByRole('combobox', { name: 'Crew' });
    await picker.fill(crew.teamNumber);
    await page.getByRole('option', { name: crew.teamNumber, exact: true }).click();
    await expect.poll(() => picker.inputValue()).toBe(crew.teamNumber);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    const row = page.locator('table tbody tr', { hasText: '1,250.5' }).filter({ hasText: first.wellNumber });
    await row.waitFor();
    expect(await row.textContent()).toContain(crew.teamNumber);
    await page.getByText(`of ${before + 1}`).waitFor();
    const created = (await listOf(`/device/userecord?id=${device.id}&project=${first.id}&limit=100`)).rows.find(
      (r) => r.startcl === 1250.5,
    )!;
    expect(created).toMatchObject({ device: device.id, crew: crew.id, startcl: 1250.5, status: 1 });

    // The crew links to its own page.
    expect(await row.getByRole('link', { name: crew.teamNumber }).getAttribute('href')).toBe(`/crew/record/${crew.id}`);

    await row.click();
    await expect.poll(() => dialog(page).locator('input[name="project"]').inputValue()).toBe(first.wellNumber);
    await pickWell(second);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const edited = page.locator('table tbody tr', { hasText: '1,250.5' }).filter({ hasText: second.wellNumber });
    await edited.waitFor();

    await edited.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await edited.waitFor({ state: 'detached' });
    await expect.poll(async () => (await listOf(`/device/userecord?id=${device.id}`)).total).toBe(before);
  });

  it("refuses a repair's return time in the future in its form, under the field, and saves nothing", async () => {
    const page = browser.page;
    const [device] = (await listOf('/device/list?status=0&limit=1')).rows;
    const before = (await listOf(`/device/fitrecord?id=${device.id}`)).total;
    await openAs(page, `/device/record/${device.id}`);
    await page.getByRole('tab', { name: 'Repair records' }).click();
    await toolbarCreate(page).click();
    await dialog(page).getByText('Add Repair record').waitFor();
    const local = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await dialog(page)
      .locator('input[name="songTime"]')
      .fill(local(new Date(Date.now() - 2 * 86_400_000)));
    await dialog(page).locator('textarea[name="songReason"]').fill('Seal leak');
    await dialog(page)
      .locator('input[name="returnTime"]')
      .fill(local(new Date(Date.now() + 2 * 86_400_000)));
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).getByText('Returned: must not be in the future').waitFor();
    expect((await listOf(`/device/fitrecord?id=${device.id}`)).total).toBe(before);
  });

  it('refuses to delete a crew that usage records still name, with the reason', async () => {
    const page = browser.page;
    const [record] = (await listOf('/device/userecord?limit=50')).rows.filter((r) => r.crew);
    await openAs(page, `/crew/${record.crew}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('could not be deleted', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/crew/${record.crew}`);
    expect((await api<Row>(`/crew/info?id=${record.crew}`)).id).toBe(record.crew);
  });

  it('goes from the record page to the edit form and back once saved', async () => {
    const page = browser.page;
    const [device] = (await listOf('/device/list?limit=1')).rows;
    await openAs(page, `/device/record/${device.id}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expectPath(page, `/device/${device.id}`);
    await expect.poll(() => page.locator('input[name="num"]').inputValue()).not.toBe('');
    // Its number (the well it is on is the assignments' to say, not a field of the form).
    const num = `B${Date.now() % 1_000_000}`;
    await page.locator('input[name="num"]').fill(num);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, `/device/record/${device.id}`);
    await page.getByText(`${device.numtype}${num}`).first().waitFor();
  });
});

describe('an address naming no record', () => {
  const browser = useFreshPage();
  /** Every route of the tree that shows one record (its page, its details, its form), with its pattern's parameters. */
  const recordRoutes = flattenRoutes(loadRegistry().routes).flatMap(({ fullPath, node }) => {
    const view = node.component ? parseScreen(node.component)?.view : undefined;
    const params = fullPath.split('/').filter((part) => part.startsWith(':')).length;
    return view && ['record', 'show', 'edit'].includes(view) && params > 0 ? [{ pattern: fullPath, params }] : [];
  });
  const fill = (pattern: string, ids: (string | number)[]) => {
    let i = 0;
    return pattern.replace(/:[a-z]+\??/gi, () => String(ids[i++]));
  };

  /** The page says the record is not there, keeps the address, and leaves no tag of it in the tags bar. */
  async function expectNotFound(page: Page, path: string) {
    await goWithin(page, '/home');
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.locator('#main-content [data-page="404"]').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname, path).toBe(path);
    await expect.poll(() => page.locator(`[data-tag="${path}"]`).count(), { message: path }).toBe(0);
  }

  it('shows the not-found page for a missing or malformed id on every record, detail and edit route', { timeout: 180_000 }, async () => {
    const page = browser.page;
    expect(recordRoutes.length).toBeGreaterThan(5);
    await openAs(page, '/home');
    for (const { pattern, params } of recordRoutes) {
      await expectNotFound(page, fill(pattern, Array(params).fill(987654)));
      await expectNotFound(page, fill(pattern, Array(params).fill('abc')));
    }
  });

  it('shows the not-found page for a trip under a well that is not its own, or a trip that does not exist', async () => {
    const page = browser.page;
    const nested = recordRoutes.find((r) => r.params === 2)!;
    const [trip] = (await listOf('/project/record/list?limit=1')).rows;
    const well = trip.wellId as number;
    const [other] = (await listOf('/project/list?limit=2')).rows.filter((w) => w.id !== well);
    await openAs(page, fill(nested.pattern, [well, trip.id]));
    await expect.poll(() => page.locator('#main-content h2').first().textContent()).toContain(String(trip.tripNumber));
    await expectNotFound(page, fill(nested.pattern, [well, 987654]));
    await expectNotFound(page, fill(nested.pattern, [987654, trip.id]));
    await expectNotFound(page, fill(nested.pattern, [other.id, trip.id]));
  });
});

// No prefix: the names these shots always had.
describeScreens('record screens', SCREEN_CASES, '', async ({ page, lang: m, shot }) => {
  await openAs(page, '/home');
  const plural = (key: string) => m[key].split('||||').pop()!.trim();

  await goWithin(page, '/device/record/3');
  await page.getByRole('tab', { name: plural('resources.userecord.name') }).waitFor();
  await page.getByText(m['resources.device.fields.houring']).first().waitFor();
  // The tab's rows: a table, or on a phone a list (the menu's entries are list items too).
  const rows = page.locator('#main-content').locator('table tbody tr, .MuiListItemButton-root');
  await rows.first().waitFor();
  await shot('device-record');

  await rows.first().click();
  await dialog(page).locator('input[name="startcl"]').waitFor();
  await shot('userecord-dialog');

  await goWithin(page, '/setting/system/dictionary');
  await page.getByText('wellType').first().waitFor();
  await shot('dictionary-list');

  await goWithin(page, '/setting/system/dictionary/1');
  await page.getByRole('tab', { name: plural('resources.dictionaryitem.name') }).waitFor();
  await page.getByText('vertical').first().waitFor();
  await shot('dictionary-record');

  await toolbarCreate(page, m['ra.action.create']).click();
  await dialog(page).locator('input[name="key"]').waitFor();
  await shot('dictionaryitem-dialog');
});
