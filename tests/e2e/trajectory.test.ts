// A well's Trajectory tab in the browser: empty at first, saying where stations come from; a CSV
// survey previewed (its stations all added; Cancel writes nothing) and imported from the tab
// (twenty stations building to 30°) gives the totals, the plan view
// and the other charts, and the table of stations with the TVD the server worked out; the 3D view
// draws on a canvas; a bad file is refused inline under the button, naming its line, and stores
// nothing; restoring the previous listing (none) empties the tab again. Then screenshots in two
// languages, on a desk and a phone. The well is made here.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeTrajectory } from '../../kernel/survey/minimum-curvature';
import { apiClientAs, baseUrl, messages, openAs, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

type Row = { id: number; [field: string]: unknown };
type Client = Awaited<ReturnType<typeof apiClientAs>>;
let admin: Client;
const m = messages('en');
const stamp = Date.now() % 1_000_000;

/** Twenty stations every 30 m: vertical to 90 m, then building 2° a station (2°/30 m) to 30°, towards 45°. */
const STATIONS = Array.from({ length: 20 }, (_, i) => {
  const inc = Math.min(30, Math.max(0, (i - 3) * 2));
  return { md: i * 30, inc, azi: inc === 0 ? 0 : 45 };
});
const GOOD_CSV = ['MD,Inc,Azi', ...STATIONS.map((s) => `${s.md},${s.inc},${s.azi}`)].join('\n');
/** The third line (second station) has no number for its inclination. */
const BAD_CSV = 'MD,Inc,Azi\n0,0,0\n30,abc,10\n60,1,10\n';
const BAD_LINE = 3;

let well: Row;

beforeAll(async () => {
  admin = await apiClientAs('admin');
  const list = await admin.get<{ items?: Row[]; list?: Row[] }>('/project/list?page=1&limit=1');
  const [sample] = list.items ?? list.list ?? [];
  well = await admin.post<Row>('/project/add', {
    wellNumber: `E2E-TRAJ-${stamp}`,
    wellType: sample.wellType,
    oilArea: 'Changqing',
    clientUnit: 'PetroChina',
    startDate: '2025-04-01',
    status: 0,
  });
});

const openTab = (page: Page, lang = m) =>
  page.locator('#main-content .MuiTabs-root').getByRole('tab', { name: lang['app.trajectory.panel'] }).click();
const panel = (page: Page) => page.locator('[data-panel="trajectory"]');
const chooseFile = (page: Page, name: string, text: string) =>
  page.locator('[data-survey-file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
/** Imports the file the preview shows. */
const confirmImport = async (page: Page) => {
  await page.locator('[data-confirm-import]').click();
  await page.locator('[data-survey-preview]').waitFor({ state: 'detached' });
};
const trajectoryOf = (id: number) => admin.get<{ stations: { md: number; tvd: number; source: string }[] }>(`/project/trajectory?id=${id}`);

describe("a well's trajectory", () => {
  const browser = useFreshPage();

  it('imports a CSV survey and shows the totals, the plan view, the stations and the 3D view; a bad file is refused inline', async () => {
    const page = browser.page;
    await openAs(page, `/project/record/${well.id}`);
    await openTab(page);

    // No station yet: where they come from, and the import button.
    await expect.poll(() => panel(page).locator('[data-empty]').textContent()).toBe(m['app.trajectory.empty']);

    // The file is read and what it would change shown first; Cancel writes nothing.
    await chooseFile(page, 'survey.csv', GOOD_CSV);
    const preview = page.locator('[data-survey-preview]');
    await preview.waitFor();
    expect(await preview.locator('[data-preview-read]').textContent()).toContain(String(STATIONS.length));
    expect(await preview.locator('[data-count="added"]').textContent()).toBe(
      m['app.trajectory.preview.added'].split('||||')[1].trim().replace('%{smart_count}', String(STATIONS.length)),
    );
    await expect.poll(() => preview.locator('tbody tr[data-change="added"]').count()).toBe(STATIONS.length);
    await preview.getByRole('button', { name: m['ra.action.cancel'] }).click();
    await preview.waitFor({ state: 'detached' });
    expect((await trajectoryOf(well.id)).stations).toHaveLength(0);
    // Confirmed, it imports.
    await chooseFile(page, 'survey.csv', GOOD_CSV);
    await confirmImport(page);
    await page.getByText(m['app.trajectory.imported'].split('||||')[1].trim().replace('%{smart_count}', String(STATIONS.length))).waitFor();
    await panel(page).locator('[data-chart="plan"] path[data-series="path"]').first().waitFor();
    await panel(page).locator('[data-chart="section"] path[data-series="section"]').first().waitFor();
    await expect.poll(() => panel(page).locator('[data-figure="stations"] [data-value]').textContent()).toBe(String(STATIONS.length));

    // The table: one row per station on its first page, with the TVD worked out by minimum curvature.
    const rows = panel(page).locator('[data-stations] tbody tr');
    await expect.poll(() => rows.count()).toBe(STATIONS.length);
    const expected = computeTrajectory(STATIONS).stations.at(-1)!;
    const last = rows.last().locator('td');
    expect(await last.nth(0).textContent()).toBe((570).toFixed(2));
    expect(await last.nth(3).textContent()).toBe(expected.tvd.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    expect(await last.last().textContent()).toBe(m['app.trajectory.sources.survey']);
    const stored = await trajectoryOf(well.id);
    expect(stored.stations).toHaveLength(STATIONS.length);

    // The 3D view draws on a canvas (headless Chromium has WebGL through SwiftShader).
    await panel(page).getByRole('button', { name: m['app.trajectory.view_3d'] }).click();
    await panel(page).locator('canvas[data-well3d]').waitFor();
    expect(await panel(page).getByText(m['app.trajectory.no_webgl']).count()).toBe(0);

    // A bad file: the server's message inline, naming the line; nothing stored.
    await chooseFile(page, 'bad.csv', BAD_CSV);
    const error = panel(page).locator('[data-import-error]');
    await error.waitFor();
    expect(await error.textContent()).toContain(m['app.trajectory.refusal.line'].replace('%{line}', String(BAD_LINE)));
    expect((await trajectoryOf(well.id)).stations).toHaveLength(STATIONS.length);

    // Restoring the previous listing (none) undoes the import, after the Tip question.
    await panel(page).locator('[data-restore]').click();
    await page.locator('[data-confirm-call]').getByRole('button', { name: m['app.confirm.ok'] }).click();
    await expect.poll(async () => (await trajectoryOf(well.id)).stations.length).toBe(0);
    await expect.poll(() => panel(page).locator('[data-empty]').count()).toBe(1);
  });
});

/**
 * Opens the well's trajectory tab in Spanish, importing the listing again when the well has no
 * stations (the first test leaves it without); answers the Spanish messages.
 */
async function openInSpanishWithStations(page: Page) {
  const es = messages('es');
  await page.context().addCookies([{ name: 'language', value: 'es', url: baseUrl() }]);
  await openAs(page, `/project/record/${well.id}`);
  await openTab(page, es);
  if ((await trajectoryOf(well.id)).stations.length === 0) {
    await chooseFile(page, 'survey.csv', GOOD_CSV);
    await confirmImport(page);
  }
  return es;
}

describe("a well's trajectory, drawn", () => {
  const browser = useFreshPage({ width: 1280, height: 700 });

  it('draws dogleg severity as a step per interval, one rounded figure everywhere, and a 3D view with a depth scale that lets the page scroll', async () => {
    const page = browser.page;
    const es = await openInSpanishWithStations(page);

    // Dogleg severity holds over each interval: its line only runs across and up or down, never curves.
    const dls = panel(page).locator('[data-chart="dls"] path[data-series="dls"]').first();
    await dls.waitFor();
    const d = (await dls.getAttribute('d')) ?? '';
    expect(d).not.toMatch(/[CcSsQqTtAa]/);
    const points = [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(points.length).toBeGreaterThan(STATIONS.length);
    expect(points.slice(1).every(([x, y], i) => Math.abs(x - points[i][0]) < 0.01 || Math.abs(y - points[i][1]) < 0.01)).toBe(true);

    // The closure: the tile, the last station's row and the well's summary say the same figure, as
    // the closure direction and the section's azimuth (the section runs along the closure) do.
    // A tile's figure, without its unit.
    const tile = (name: string) =>
      panel(page)
        .locator(`[data-figure="${name}"] [data-value]`)
        .evaluate((el) => el.firstChild?.textContent ?? '');
    const closure = await tile('closure');
    const direction = await tile('closureAzi');
    const lastRow = panel(page).locator('[data-stations] tbody tr').last().locator('td');
    const columns = ['md', 'inc', 'azi', 'tvd', 'north', 'east', 'vs', 'closure', 'closureAzi'];
    await panel(page).locator('[data-stations] tbody tr').first().waitFor();
    // The table's last page holds the deepest station.
    expect(await lastRow.nth(columns.indexOf('closure')).textContent()).toBe(closure);
    expect(await lastRow.nth(columns.indexOf('closureAzi')).textContent()).toBe(direction);
    expect(await panel(page).locator('[data-chart="section"] h3').textContent()).toContain(direction);
    const summary = page
      .locator('dt', { hasText: es['resources.project.fields.horizontalDisplacement'] })
      .locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => summary.textContent()).toContain(closure);

    // The 3D view: a scale of round depths in metres down its depth line.
    await panel(page).getByRole('button', { name: es['app.trajectory.view_3d'] }).click();
    const canvas = panel(page).locator('canvas[data-well3d]');
    await canvas.waitFor();
    const ticks = panel(page).locator('[data-depth-scale] [data-depth-tick]');
    await expect.poll(() => ticks.count()).toBeGreaterThanOrEqual(3);
    const depths = await ticks.evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.depthTick)));
    expect(depths[0]).toBe(0);
    expect(depths.every((v, i) => i === 0 || v > depths[i - 1])).toBe(true);
    expect(await ticks.nth(1).textContent()).toMatch(/^[\d.,\s]+ m$/);

    // The wheel over the view scrolls the page, until the person clicks into the view.
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const scrolled = () => page.evaluate(() => document.scrollingElement!.scrollTop);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const before = await scrolled();
    await page.mouse.wheel(0, 200);
    await expect.poll(scrolled).toBeGreaterThan(before);
    const box2 = (await canvas.boundingBox())!;
    await page.mouse.click(box2.x + box2.width / 2, box2.y + box2.height / 2);
    const engaged = await scrolled();
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(300);
    expect(await scrolled()).toBe(engaged);
  });
});

describe.each([1280, 375])("a well's trajectory in Spanish at %i px", (width) => {
  const browser = useFreshPage({ width });

  it('shows each total whole, its label wrapped rather than cut', async () => {
    const page = browser.page;
    const es = await openInSpanishWithStations(page);
    const labels = panel(page).locator('[data-figure] > :first-child');
    await expect.poll(() => labels.count()).toBe(7);
    const cut = await labels.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
    expect(cut).toEqual([]);
    expect(await panel(page).locator('[data-figure="closure"] > :first-child').textContent()).toBe(es['app.trajectory.totals.closure']);
  });
});

describeScreens("a well's trajectory screens", SCREEN_CASES, 'trajectory', async ({ page, lang, shot }) => {
  await openAs(page, `/project/record/${well.id}`);
  // The test above imported the survey; a run of this suite alone imports it here.
  if ((await trajectoryOf(well.id)).stations.length === 0) {
    await openTab(page, lang);
    await chooseFile(page, 'survey.csv', GOOD_CSV);
    await shot('preview');
    await confirmImport(page);
  } else {
    await openTab(page, lang);
  }
  await panel(page).locator('[data-chart="plan"] path[data-series="path"]').first().waitFor();
  await shot('charts');
  await panel(page).getByRole('button', { name: lang['app.trajectory.view_3d'] }).click();
  await panel(page).locator('canvas[data-well3d]').waitFor();
  await shot('3d');
  await chooseFile(page, 'bad.csv', BAD_CSV);
  await panel(page).locator('[data-import-error]').waitFor();
  await shot('error');
});
