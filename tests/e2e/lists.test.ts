// Lists that export and adapt, on the device list and a device's usage-record tab: filter and
// sort, export every page as CSV and .xlsx with translated headers and labels, choose columns
// and find the choice after a reload, the empty states; and screenshots of them to look at.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { apiAs, apiClientAs, baseUrl, goWithin, messages, openAs, pick, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

let adminApi: Awaited<ReturnType<typeof apiAs>> | undefined;
async function api<T>(path: string): Promise<T> {
  adminApi ??= await apiAs('admin');
  return adminApi<T>(path);
}

type Row = { id: number; [field: string]: unknown };
const listOf = async (path: string) => (await api<{ items: Row[]; total: number }>(path)) ?? { items: [], total: 0 };

/** Sends a write as admin, for records a test needs that the demo data has not. */
const write = async <T>(path: string, body: unknown) => (await apiClientAs('admin')).post<T>(path, body);

/** Waits for what the list shows after a change: the machine may be busy with other suites. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** Chooses a format in the Export menu of `scope` and reads the file the browser downloads. */
async function exportAs(page: Page, format: 'csv' | 'xlsx', m: Record<string, string>, scope = page.locator('body')) {
  await scope.getByRole('button', { name: m['ra.action.export'] }).click();
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('menuitem', { name: m[`app.list.export_${format}`] }).click();
  const file = await download;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

/** A CSV export's rows: header first; the byte-order mark checked and dropped. */
function csvRows(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return Papa.parse<string[]>(bytes.subarray(3).toString('utf8'), { skipEmptyLines: true }).data;
}

const header = (m: Record<string, string>, resource: string, path: string, unit?: string) => {
  const label = m[`resources.${resource}.fields.${path}`];
  return unit ? `${label} (${m[`units.${unit}`]})` : label;
};
const plural = (m: Record<string, string>, key: string) => m[key].split('||||').pop()!.trim();
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('the device list', () => {
  const browser = useFreshPage();

  it('filters and sorts, then exports every matching device as CSV in Chinese: BOM, translated headers and labels', async () => {
    const page = browser.page;
    const m = messages('zh');
    await page.context().addCookies([{ name: 'language', value: 'zh', url: baseUrl() }]);
    await openAs(page, '/device/index');
    const status = 1;
    const expected = await listOf(`/device/list?status=${status}&sort=%2Bhour&limit=1000`);
    expect(expected.total, 'the demo data has devices on site').toBeGreaterThan(0);

    await page.locator('table tbody tr').first().waitFor(); // the list has settled: a filter set now stays
    const label = m[`resources.device.enums.status.${status}`];
    await pick(page, 'status', label);
    await poll(() => decodeURIComponent(page.url())).toContain(`"status":${status}`);
    await poll(async () => new Set(await page.locator('table tbody tr td.column-status').allTextContents())).toEqual(new Set([label]));
    await page
      .getByRole('columnheader', { name: header(m, 'device', 'hour', 'h') })
      .getByRole('button')
      .click();
    await poll(() => decodeURIComponent(page.url())).toContain('sort=hour');
    await poll(() => decodeURIComponent(page.url())).toContain('order=ASC');
    // The page shows the sorted devices (not merely the same first one: the newest device may
    // have no hours and lead both orders) before anything is exported.
    const names = () => page.locator('table tbody tr td.column-name').allTextContents();
    await poll(async () => {
      const shown = await names();
      return shown.length > 0 && shown.every((name, i) => name === String(expected.items[i]?.name));
    }).toBe(true);

    const { name, bytes } = await exportAs(page, 'csv', m);
    expect(name).toBe(`${plural(m, 'resources.device.name')} ${today()}.csv`);
    const [headers, ...rows] = csvRows(bytes);
    expect(headers.slice(0, 4)).toEqual([
      header(m, 'device', 'id'),
      header(m, 'device', 'name'),
      header(m, 'device', 'type'),
      header(m, 'device', 'brand'),
    ]);
    expect(headers).toContain(header(m, 'device', 'houring', 'h'));
    expect(headers).toContain(header(m, 'device', 'numtype')); // a field the list does not show
    // Every device of the filter, past the first page, in the list's order.
    expect(rows).toHaveLength(expected.total);
    const column = (path: string) => headers.indexOf(header(m, 'device', path));
    // The same devices, in the list's order: hours going up (a device without hours first).
    expect(rows.map((r) => r[1]).sort()).toEqual(expected.items.map((d) => String(d.name)).sort());
    const hourAt = headers.indexOf(header(m, 'device', 'hour', 'h'));
    const hours = rows.map((r) => (r[hourAt] === '' ? -1 : Number(r[hourAt].replace(/,/g, ''))));
    expect(
      hours.every((h, i) => i === 0 || h >= hours[i - 1]),
      hours.join(' '),
    ).toBe(true);
    expect(new Set(rows.map((r) => r[column('status')]))).toEqual(new Set([m[`resources.device.enums.status.${status}`]]));
    for (const device of expected.items) {
      const row = rows.find((r) => r[1] === device.name)!;
      expect(row[column('type')]).toBe(m[`options.deviceTypeOption.${device.type}`]);
      expect(row[column('meth')]).toBe(m[`options.methOption.${device.meth}`]);
      expect(row[column('timestamp')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    }
  });

  it('exports the same rows as an Excel workbook', async () => {
    const page = browser.page;
    const m = messages('en');
    await openAs(page, '/device/index');
    await page.locator('table tbody tr').first().waitFor();
    const total = (await listOf('/device/list')).total;
    const csv = csvRows((await exportAs(page, 'csv', m)).bytes);
    const { name, bytes } = await exportAs(page, 'xlsx', m);
    expect(name).toBe(`Instruments ${today()}.xlsx`);
    const sheet = await readSheet(bytes);
    expect(sheet).toHaveLength(total + 1);
    expect(sheet[0]).toEqual(csv[0]);
    // Times are the spreadsheet's own dates (a date format on a date serial), where CSV has text:
    // the same wall-clock time either way.
    const registered = csv[0].indexOf(header(m, 'device', 'timestamp'));
    expect(registered).toBeGreaterThanOrEqual(0);
    for (const row of sheet.slice(1)) expect(row[registered]).toBeInstanceOf(Date);
    const pad = (n: number) => String(n).padStart(2, '0');
    // The reader turns a date's serial (a fraction of days) back into whole milliseconds by cutting,
    // so 10:29 may come back as 10:28:59.999: the nearest second is the time written.
    const wall = (read: Date) => {
      const d = new Date(Math.round(read.getTime() / 1000) * 1000);
      return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
    };
    // A day (a purchase date) is a date serial too, which CSV writes without a time.
    const day = /^\d{4}-\d{2}-\d{2}$/;
    const text = (cell: unknown, written: string | undefined) =>
      cell === null ? '' : cell instanceof Date ? (day.test(written ?? '') ? wall(cell).slice(0, 10) : wall(cell)) : String(cell);
    expect(sheet.map((row, r) => row.map((cell, c) => text(cell, csv[r]?.[c])))).toEqual(csv);
  });

  it('keeps the chosen columns after a reload, and the usage-record tab its own', async () => {
    const page = browser.page;
    const m = messages('en');
    await openAs(page, '/device/index');
    const headers = page.locator('table thead th');
    await headers.first().waitFor();
    await poll(async () => (await headers.allTextContents()).join('|')).toContain('Mounting');

    await page.getByRole('button', { name: m['ra.action.select_columns'] }).click();
    const chooser = page.getByRole('dialog', { name: m['ra.action.select_columns'] });
    await chooser.getByRole('checkbox', { name: 'Mounting' }).uncheck();
    await chooser.getByRole('checkbox', { name: 'Number type' }).check();
    await page.keyboard.press('Escape');
    await poll(async () => (await headers.allTextContents()).join('|')).not.toContain('Mounting');
    expect((await headers.allTextContents()).join('|')).toContain('Number type');

    await page.reload();
    await page.locator('table tbody tr').first().waitFor();
    const after = (await headers.allTextContents()).join('|');
    expect(after).not.toContain('Mounting');
    expect(after).toContain('Number type');

    // The tab of a device's usage records has a choice of its own.
    // An instrument with runs, whatever instruments other tests add: its tab shows a table.
    const [run] = (await listOf('/device/userecord?limit=1')).items;
    await page.goto(`${baseUrl()}/device/record/${run.device}`);
    await page.getByRole('tab', { name: 'Usage records' }).waitFor();
    await page.getByRole('button', { name: m['ra.action.select_columns'] }).click();
    await chooser.getByRole('checkbox', { name: header(m, 'userecord', 'mudata.density', 'g/cm³') }).check();
    await page.keyboard.press('Escape');
    await page.locator('table thead th', { hasText: 'Density' }).waitFor();
    await page.reload();
    await page.locator('table thead th', { hasText: 'Density' }).waitFor();

    // Default columns undoes the choice.
    await page.goto(`${baseUrl()}/device/index`);
    await page.getByRole('button', { name: m['ra.action.select_columns'] }).click();
    await chooser.getByRole('button', { name: m['app.list.default_columns'] }).click();
    await page.keyboard.press('Escape');
    await poll(async () => (await headers.allTextContents()).join('|')).toContain('Mounting');
    expect((await headers.allTextContents()).join('|')).not.toContain('Number type');
  });

  // An instrument's `houring` counts its hours since it last came back from repair or service, not
  // those of one run: each language's column header says so.
  it.each([
    { language: 'en' as const, says: /since .*repair/i, not: /this run/i },
    { language: 'zh' as const, says: /维保/, not: /本趟/ },
    { language: 'es' as const, says: /desde .*reparación/i, not: /corrida/i },
    { language: 'ja' as const, says: /修理/, not: /今回/ },
  ])('heads the hours since the last repair or service as such in $language', async ({ language, says, not }) => {
    const page = browser.page;
    await page.context().addCookies([{ name: 'language', value: language, url: baseUrl() }]);
    await openAs(page, '/device/index');
    const headers = page.locator('#main-content table thead th');
    await headers.first().waitFor();
    const texts = await headers.allTextContents();
    const hours = texts.find((text) => says.test(text));
    expect(hours, texts.join(' | ')).toBeDefined();
    expect(hours).toContain(`(${messages(language)['units.h']})`);
    expect(texts.filter((text) => not.test(text))).toEqual([]);
  });

  it('says when the filters match nothing, and clears them', async () => {
    const page = browser.page;
    const m = messages('en');
    await openAs(page, '/device/index');
    await page.locator('table tbody tr').first().waitFor();
    await page.getByPlaceholder(m['ra.action.search']).fill('no-such-device-anywhere');
    const status = page.getByRole('status').filter({ hasText: 'No instruments found using the current filters.' });
    await status.waitFor();
    await poll(() => page.getByRole('button', { name: m['ra.action.export'] }).isDisabled()).toBe(true);
    await status.getByRole('button', { name: m['ra.navigation.clear_filters'] }).click();
    await page.locator('table tbody tr').first().waitFor();
    expect(decodeURIComponent(page.url())).not.toContain('no-such-device');
  });

  it('shows the bar of actions on selected rows above the table, where a click reaches it', async () => {
    const page = browser.page;
    const m = messages('en');
    await openAs(page, '/device/index');
    await page.getByRole('checkbox', { name: m['ra.action.select_row'] }).nth(1).check();
    const remove = page.locator('.RaBulkActionsToolbar-toolbar').getByRole('button', { name: m['ra.action.delete'] });
    await remove.waitFor();
    await poll(() => remove.evaluate((button) => button.getBoundingClientRect().height)).toBeGreaterThan(0);
    // The element drawn at the button's middle is the button (or inside it), not something over it or a clipped nothing.
    const onTop = await remove.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && button.contains(hit);
    });
    expect(onTop).toBe(true);
  });

  it('shows the legend of its chips', async () => {
    const page = browser.page;
    const m = messages('en');
    await openAs(page, '/device/index');
    await page.getByRole('button', { name: m['app.list.legend'] }).click();
    const legend = page.getByRole('dialog', { name: m['app.list.legend_title'] });
    const statuses = legend.getByRole('group', { name: m['resources.device.fields.status'] });
    for (const value of [0, 1, 2, 3, 4]) await statuses.getByText(m[`resources.device.enums.status.${value}`], { exact: true }).waitFor();
    await legend
      .getByRole('group', { name: m['resources.device.fields.brand'] })
      .getByText(m['options.brandOption.1'], { exact: true })
      .waitFor();
  });
});

describe("a device's usage records", () => {
  const browser = useFreshPage();

  it('when there are none, says so and offers Create, which opens the dialog', async () => {
    const page = browser.page;
    const m = messages('en');
    const device = await write<Row>('/device/create', {
      numtype: 'T',
      num: `E2E${Date.now() % 100000}`,
      type: 1,
      status: 0,
      brand: 1,
      meth: 1,
    });
    await openAs(page, `/device/record/${device.id}`);
    const empty = page.getByRole('status').filter({ hasText: 'No Usage records yet.' });
    await empty.waitFor();
    await empty.getByText(m['ra.page.invite']).waitFor();
    await empty.getByRole('button', { name: m['ra.action.create'] }).click();
    await page.getByRole('dialog').getByText('Add usage record').waitFor();
  });

  it('exports the tab of one device with crews by their team numbers, never their ids', async () => {
    const page = browser.page;
    const m = messages('en');
    const [withCrew] = (await listOf('/device/userecord?limit=100')).items.filter((r) => r.crew);
    const records = await listOf(`/device/userecord?id=${withCrew.device}&limit=1000`);
    await openAs(page, `/device/record/${withCrew.device}`);
    await page.getByRole('tab', { name: 'Usage records' }).waitFor();
    await page.locator('table tbody tr').first().waitFor();
    const [headers, ...rows] = csvRows((await exportAs(page, 'csv', m)).bytes);
    expect(rows).toHaveLength(records.total);
    expect(headers).not.toContain(header(m, 'userecord', 'device')); // implied by the page
    expect(headers).toContain(header(m, 'userecord', 'mudata.density', 'g/cm³'));
    const crew = headers.indexOf(header(m, 'userecord', 'crew'));
    const first = records.items.find((r) => r.crew)!;
    const team = (await api<{ teamNumber: string }>(`/crew/info?id=${first.crew}`)).teamNumber;
    expect(rows[records.items.indexOf(first)][crew]).toBe(team);
    const statusColumn = headers.indexOf(header(m, 'userecord', 'status'));
    for (const row of rows)
      expect([m['resources.userecord.enums.status.1'], m['resources.userecord.enums.status.0']]).toContain(row[statusColumn]);
  });
});

// Only the window, not the whole page: the popovers are placed in it. No prefix: the names these shots always had.
describe('a list whose call fails', () => {
  const browser = useFreshPage();

  /** The list's error state: it says the rows could not be loaded, offers to try again, and never that there are none. */
  async function expectLoadFailed(page: Page, m: Record<string, string>, name: string) {
    const alert = page.locator('#main-content [data-load-failed]');
    await alert.getByText(m['app.load.failed']).waitFor();
    expect(await page.getByText(m['ra.page.empty'].replace('%{name}', name)).count()).toBe(0);
    expect(await page.locator('#main-content [role=status]').count()).toBe(0);
    // No pagination counting the rows of an answer that never came.
    expect(await page.locator('#main-content .MuiTablePagination-displayedRows').count()).toBe(0);
    return alert.getByRole('button', { name: m['app.load.retry'] });
  }

  it('says so with a retry, not that there is nothing, when the server answers 500', async () => {
    const page = browser.page;
    const m = messages('en');
    await page.route('**/dev-api/crew/list?**', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await openAs(page, '/crew/index');
    const retry = await expectLoadFailed(page, m, plural(m, 'resources.crew.name'));
    await page.unroute('**/dev-api/crew/list?**');
    await retry.click();
    await page.locator('#main-content table tbody tr').first().waitFor();
  });

  it("says so with a retry in a record's tab when the network fails", async () => {
    const page = browser.page;
    const m = messages('en');
    const [run] = (await listOf('/device/userecord?limit=1')).items;
    await page.route('**/dev-api/device/userecord?**', (route) => route.abort('internetdisconnected'));
    await openAs(page, `/device/record/${run.device}`);
    const retry = await expectLoadFailed(page, m, plural(m, 'resources.userecord.name'));
    await page.unroute('**/dev-api/device/userecord?**');
    await retry.click();
    await page.locator('#main-content table tbody tr').first().waitFor();
  });
});

describeScreens(
  'list screens',
  SCREEN_CASES,
  '',
  async ({ page, language, width, lang: m, shot }) => {
    await openAs(page, '/device/index');
    const rows = page.locator('#main-content').locator('table tbody tr, .MuiListItemButton-root');
    await rows.first().waitFor();
    await page.locator('#main-content .MuiChip-root').first().waitFor();
    await shot('device-list-chips');

    await page.getByRole('button', { name: m['app.list.legend'] }).click();
    await page.getByRole('dialog', { name: m['app.list.legend_title'] }).waitFor();
    await shot('device-list-legend');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: m['ra.action.select_columns'] }).click();
    await page.getByRole('dialog', { name: m['ra.action.select_columns'] }).waitFor();
    await shot('device-list-columns');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: m['ra.action.export'] }).click();
    await page.getByRole('menuitem', { name: m['app.list.export_xlsx'] }).waitFor();
    await shot('device-list-export');
    await page.keyboard.press('Escape');

    await page.getByPlaceholder(m['ra.action.search']).fill('no-such-device-anywhere');
    await page.getByRole('status').getByText(m['ra.navigation.clear_filters']).waitFor();
    await shot('device-list-no-match');

    const device = await write<Row>('/device/create', {
      numtype: 'M',
      num: `S${language}${width}${Date.now() % 10000}`,
      type: 2,
      status: 3,
      brand: 2,
      meth: 2,
    });
    await goWithin(page, `/device/record/${device.id}`);
    await page.getByRole('status').getByText(m['ra.page.invite']).waitFor();
    await shot('device-record-empty-tab');
  },
  { fullPage: false },
);
