// A well's Clearance tab in the browser: five wells made here (the ISCWSA reference well and four
// of its offsets, imported as survey listings on wellheads 10 m to 1 km apart) scanned from
// the reference well: the model and thresholds it was scanned by, the SF-against-depth chart, and
// the table of the wells around with their lowest SF, coloured by level, the lowest first; a
// smaller radius leaves the farther wells out. Then screenshots in English and Chinese, on a desk
// and a phone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClientAs, baseUrl, messages, openAs, sessionToken, useFreshPage } from './helpers';
import { SCREEN_CASES, describeScreens } from './screens';

type Row = { id: number; [field: string]: unknown };
const m = messages('en');
const stamp = Date.now() % 1_000_000;
const FIXTURES = join(import.meta.dirname, '../fixtures/iscwsa');
/** The listing's MD, Inc and Azi columns, as a survey file has them. */
const listing = (file: string) =>
  readFileSync(join(FIXTURES, file), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(',').slice(0, 3).join(','))
    .join('\n');

/** The wells of the pad: each listing starts at its slot, whose north and east place the wellhead. */
const PAD = [
  { name: 'REF', file: 'reference-well.csv' },
  { name: '01', file: 'offset-01.csv' },
  { name: '03', file: 'offset-03.csv' },
  { name: '04', file: 'offset-04.csv' },
  { name: '09', file: 'offset-09.csv' },
].map((well) => {
  const [north, east] = readFileSync(join(FIXTURES, well.file), 'utf8').split('\n')[1].split(',').slice(4, 6).map(Number);
  return { ...well, north, east };
});
const wells: Row[] = [];

beforeAll(async () => {
  const admin = await apiClientAs('admin');
  const token = await sessionToken('admin');
  const list = await admin.get<{ items?: Row[]; list?: Row[] }>('/project/list?page=1&limit=1');
  const [sample] = list.items ?? list.list ?? [];
  for (const well of PAD) {
    const row = await admin.post<Row>('/project/add', {
      wellNumber: `E2E-PAD-${stamp}-${well.name}`,
      wellType: sample.wellType,
      oilArea: 'Changqing',
      clientUnit: 'PetroChina',
      startDate: '2025-04-01',
      status: 0,
      // Far from the demo wells (whose coordinates are in the 4,080,000–4,260,000 range).
      xCoord: 3_000_000 + (stamp % 1000) * 50 + well.north,
      yCoord: 19_000_000 + well.east,
      holeDiameter: well.name === 'REF' ? 914.4 : 609.6,
      magnetics: { declination: 0, dip: 70, totalField: 50000, convergence: 0 },
    });
    const form = new FormData();
    form.append('file', new File([listing(well.file)], well.file, { type: 'text/csv' }));
    const answer = await (
      await fetch(`${baseUrl()}/dev-api/project/survey/import?id=${row.id}`, { method: 'POST', headers: { 'X-Token': token }, body: form })
    ).json();
    if (answer.code !== 20000) throw new Error(`import of ${well.file}: ${JSON.stringify(answer).slice(0, 300)}`);
    wells.push(row);
  }
});

const openTab = (page: Page, label = m['app.clearance.panel']) =>
  page.locator('#main-content .MuiTabs-root').getByRole('tab', { name: label }).click();
const panel = (page: Page) => page.locator('[data-panel="clearance"]');

describe("a well's clearance", () => {
  const browser = useFreshPage();

  it('shows the wells around with their lowest SF by level, the chart and the model; a smaller radius leaves the farther out', async () => {
    const page = browser.page;
    await openAs(page, `/project/record/${wells[0].id}`);
    await openTab(page);
    const rows = panel(page).locator('[data-offsets] tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    // Lowest first, as the ISCWSA set has them: 09 0.0098, 04 0.397, 03 0.457 (stop), 01 1.400 (caution).
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-level')))).toEqual(['stop', 'stop', 'stop', 'caution']);
    const sfs = await panel(page).locator('[data-sf]').allTextContents();
    expect(sfs.map(Number)).toEqual([0.01, 0.4, 0.46, 1.4]);
    expect(await panel(page).locator('[data-model]').textContent()).toContain('ISCWSA MWD');
    expect(await panel(page).locator('[data-chart="sf"] svg path').count()).toBeGreaterThan(3);

    const radius = panel(page).locator('[data-radius]');
    await radius.fill('50');
    await radius.press('Enter');
    // 03 and 04 (10 m and 20 m away) stay; 01 (100 m) and 09 (1 km) are left out.
    await expect.poll(() => rows.count()).toBe(2);
  });
});

describeScreens('the Clearance tab', SCREEN_CASES, 'clearance', async ({ page, lang, shot }) => {
  await openAs(page, `/project/record/${wells[0].id}`);
  await openTab(page, lang['app.clearance.panel']);
  await panel(page).locator('[data-offsets]').waitFor();
  await shot('tab');
});
