// Statistics in the browser: the statistics screens the schemas declare (counts, sums per value,
// months), an instrument's record page with its statistics panel, and Home's figures and latest
// activity; with screenshots in English and Chinese, at desktop and phone width, under
// tests/.artifacts/screens/ to be looked at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../kernel/schema/load-node';
import { flattenRoutes } from '../../kernel/routes/tree';
import { parseScreen } from '../../kernel/schema/route-component';
import { type DeviceStats, type StatisticsAnswer, type StatisticsResult, entryKey, isPeriodEntry } from '../../kernel/schema/statistics';
import { openPage } from './browser';
import { waitUntilStill } from './settle';
import { ARTIFACTS, apiAs, baseUrl, expectPath, goWithin, messages, openAs, useFreshPage } from './helpers';
import { SCREEN_CASES } from './screens';

const SCREENS = join(ARTIFACTS, 'screens');
const registry = loadRegistry();

/** Every statistics screen of the route tree, with its resource. */
const statisticsRoutes = flattenRoutes(registry.routes).flatMap(({ fullPath, node }) => {
  const target = node.component ? parseScreen(node.component) : undefined;
  return target?.view === 'statistics' ? [{ path: fullPath, resource: target.resource }] : [];
});

let adminApi: Awaited<ReturnType<typeof apiAs>> | undefined;
async function api<T>(path: string): Promise<T> {
  adminApi ??= await apiAs('admin');
  return adminApi<T>(path);
}

/** An instrument with usage records, and how many it has. */
async function deviceWithRuns(): Promise<{ id: number; runs: number }> {
  const { items } = await api<{ items: { device: number }[] }>('/device/userecord?limit=1&sort=-id');
  const id = items[0].device;
  const { total } = await api<{ total: number }>(`/device/userecord?id=${id}&limit=1`);
  return { id, runs: total };
}

/** Waits until every chart of the page has drawn its marks. */
async function chartsDrawn(page: Page, count: number) {
  await expect.poll(() => page.locator('[data-chart] svg path, [data-chart] svg rect').count(), { timeout: 15_000 }).toBeGreaterThan(count);
}

/** A number as the English console writes it: grouped, at most two decimals; no value as a dash. */
const number = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : n.toLocaleString('en', { maximumFractionDigits: 2 });

/** A per-month card lists every month of the answer, in order, with its count and value, and the totals. */
async function expectMonths(card: ReturnType<Page['locator']>, entry: Extract<StatisticsResult, { perMonth: unknown }>) {
  await expect
    .poll(() => card.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-month'))))
    .toEqual(entry.months.map((m) => m.month));
  for (const { month, count, value } of entry.months) {
    const row = card.locator(`[data-month="${month}"]`);
    expect(await row.locator('[data-count]').textContent(), month).toBe(number(count));
    if ('value' in entry) expect(await row.locator('[data-value]').textContent(), month).toBe(number(value));
  }
  if ('value' in entry) expect(await card.locator('[data-value-total]').textContent()).toBe(number(entry.value));
}

describe('statistics screens', () => {
  const browser = useFreshPage();

  it('are each shown by a route of a resource that declares them', () => {
    expect(statisticsRoutes.length).toBeGreaterThan(0);
    for (const { resource } of statisticsRoutes) expect(registry.resources[resource]['x-resource'].statistics, resource).toBeDefined();
  });

  it('draw every entry as a chart with its numbers beside it, matching the server', async () => {
    const page = browser.page;
    const m = messages('en');
    for (const { path, resource } of statisticsRoutes) {
      if (path === statisticsRoutes[0].path) await openAs(page, path);
      else await page.goto(`${baseUrl()}${path}`);
      const spec = registry.resources[resource]['x-resource'].statistics!;
      const answer = await api<StatisticsAnswer>(spec.path);
      await page
        .locator(`[data-statistics="${resource}"] [data-entry]`)
        .nth(spec.entries.length - 1)
        .waitFor();
      for (const entry of answer.entries) {
        // Period entries total no single count: their cards are tables of figures.
        if ('expiring' in entry || isPeriodEntry(entry)) continue;
        const card = page.locator(`[data-statistics="${resource}"] [data-entry="${entryKey(entry)}"]`);
        await expect.poll(() => card.locator('[data-total]').textContent()).toBe(entry.total.toLocaleString('en'));
        if ('groupBy' in entry && entry.sumTotal !== undefined)
          await expect.poll(() => card.locator('[data-sum-total]').textContent()).toBe(number(entry.sumTotal));
        if ('perMonth' in entry) await expectMonths(card, entry);
        if (entry.total > 0 || 'perMonth' in entry)
          await expect.poll(() => card.locator('[data-chart] svg').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      }
      await expect
        .poll(() => page.title())
        .toContain(m[`route.${flattenRoutes(registry.routes).find((r) => r.fullPath === path)!.node.meta!.title}`]);
    }
  });

  it("label the device statistics' options by their names, and histogram ranges with their unit", async () => {
    const page = browser.page;
    const m = messages('en');
    const { path } = statisticsRoutes.find((r) => r.resource === 'device')!;
    const device = registry.resources.device;
    await openAs(page, path);
    for (const entry of device['x-resource'].statistics!.entries) {
      const rows = page.locator(`[data-entry="${entryKey(entry)}"] tbody`);
      if ('groupBy' in entry) {
        const list = device.properties![entry.groupBy]['x-options'];
        const first = list
          ? m[`options.${list}.${registry.config[list].items[0].key}`]
          : m[`resources.device.enums.${entry.groupBy}.${device.properties![entry.groupBy].enum![0]}`];
        await rows.getByText(first, { exact: true }).waitFor();
      } else if ('histogram' in entry) {
        const last = entry.bins[entry.bins.length - 1];
        const unit = m[`units.${device.properties![entry.histogram]['x-unit']}`];
        await rows
          .getByText(m['app.stats.range_open'].replace('%{from}', last.toLocaleString('en')).replace('%{unit}', unit), { exact: true })
          .waitFor();
      }
    }
  });
});

describe('horizontal bars of long names', () => {
  // Widths where the card sets its chart beside its table (1440) or a narrow card (600), and the two usual ones.
  it.each([1440, 1280, 600, 375])('draw a bar per name with every name inside the chart, without an error, at %i px', async (width) => {
    const { page, close } = await openPage({ width, height: 800 });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    try {
      const spec = registry.resources.project['x-resource'].statistics!;
      const answer = await api<StatisticsAnswer>(spec.path);
      const entry = answer.entries.find((e) => 'groupBy' in e && e.groupBy === 'clientUnit') as Extract<
        StatisticsResult,
        { groupBy: string }
      >;
      const names = entry.buckets.filter((b) => b.count > 0).length;
      expect(names).toBeGreaterThan(5); // enough names for bars rather than a ring
      await openAs(page, spec.path);
      const chart = page.locator(`[data-entry="${entryKey(entry)}"] [data-chart] svg`).first();
      await expect.poll(() => chart.locator('.MuiBarChart-element').count(), { timeout: 15_000 }).toBe(names);
      await waitUntilStill(page);
      const drawn = await chart.evaluate((svg) => {
        const box = svg.getBoundingClientRect();
        return {
          widths: [...svg.querySelectorAll('.MuiBarChart-element')].map((bar) => bar.getBoundingClientRect().width),
          labels: [...svg.querySelectorAll('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')].map((label) => {
            const r = label.getBoundingClientRect();
            return { text: label.textContent ?? '', left: r.left - box.left, right: r.right - box.left, width: r.width };
          }),
          width: box.width,
        };
      });
      for (const w of drawn.widths) expect(w).toBeGreaterThan(0);
      expect(drawn.labels.length).toBe(names);
      for (const label of drawn.labels) {
        expect(label.left, label.text).toBeGreaterThanOrEqual(0);
        // A name may be cut short with an ellipsis, but keeps enough to be read, and leaves the bars room.
        expect(Array.from(label.text.replace('…', '')).length, label.text).toBeGreaterThanOrEqual(6);
        expect(label.right, label.text).toBeLessThanOrEqual(drawn.width * 0.6);
      }
      expect(errors.filter((e) => /negative value|attribute/i.test(e))).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the reliability of instruments', () => {
  const browser = useFreshPage();

  it('counts runs, failures and failure reasons over the period chosen, as the server answers it', async () => {
    const page = browser.page;
    const { path } = statisticsRoutes.find((r) => r.resource === 'device')!;
    await openAs(page, path);
    const today = new Date().toISOString().slice(0, 10);
    const period = { from: '2000-01-01', to: today };
    await page.locator('[data-period] input[name="from"]').fill(period.from);
    const answer = await api<StatisticsAnswer>(`/device/statistics?${new URLSearchParams(period)}`);
    for (const entry of answer.entries) {
      const card = page.locator(`[data-entry="${entryKey(entry)}"]`);
      if ('reliability' in entry) {
        expect(entry.total.runs).toBeGreaterThan(0);
        const total = card.locator('tfoot [data-total]');
        await expect.poll(() => total.locator('[data-figure="runs"]').textContent()).toBe(number(entry.total.runs));
        expect(await total.locator('[data-figure="failures"]').textContent()).toBe(number(entry.total.failures));
        expect(await total.locator('[data-figure="mtbf"]').textContent()).toBe(number(entry.total.mtbf));
      }
      if ('pareto' in entry) {
        await expect.poll(() => card.locator('tfoot [data-total]').textContent()).toBe(number(entry.total));
        expect(await card.locator('tbody tr').first().getAttribute('data-value')).toBe(entry.buckets[0].value ?? '');
        expect(await card.locator('tbody tr').last().locator('[data-cumulative]').textContent()).toBe('100%');
      }
    }
    // A period ending before it starts is said to be so.
    await page.locator('[data-period] input[name="to"]').fill('1999-01-01');
    await page.getByText(messages('en')['app.stats.period_reversed']).waitFor();
  });
});

describe("an instrument's record page", () => {
  const browser = useFreshPage();

  it('shows its totals and a chart of runs by month in the statistics panel', async () => {
    const page = browser.page;
    const { id, runs } = await deviceWithRuns();
    const stats = await api<DeviceStats>(`/device/stats?id=${id}`);
    expect(stats.tang).toBe(runs);
    await openAs(page, `/device/record/${id}`);
    await page.getByRole('tab', { name: messages('en')['app.stats.panel'] }).click();
    const panel = page.locator('[data-panel="deviceStats"]');
    await expect.poll(() => panel.locator('[data-figure="tang"] [data-value]').textContent()).toBe(String(runs));
    await chartsDrawn(page, stats.chartData.timeData.length);
  });
});

describe('Home', () => {
  const browser = useFreshPage();

  it('counts the wells in progress, leading to their list, and shows this month’s footage as the wells’ statistics give it', async () => {
    const page = browser.page;
    const m = messages('en');
    const spec = registry.resources.project['x-resource'].statistics!;
    const footageEntry = spec.entries.findIndex((e) => 'perMonth' in e && e.perMonth.sum !== undefined);
    const footage = (await api<StatisticsAnswer>(spec.path)).entries[footageEntry] as Extract<StatisticsResult, { perMonth: unknown }>;
    await openAs(page, '/home');
    const wells = page.locator(`[data-count="${m['app.home.wells_in_progress']}"]`);
    // Home's figure against the list's count read at the same moment: records another test changes
    // meanwhile move both.
    const inProgress = async () => String((await api<{ count: number }>('/project/list?page=1&limit=1&status=0')).count);
    await expect
      .poll(async () => {
        const [shown, counted] = [await wells.locator('[data-figure]').getAttribute('title'), await inProgress()];
        return shown === counted ? 'equal' : `Home ${shown}, list ${counted}`;
      })
      .toBe('equal');
    const thisMonth = page.locator(`[data-count="${m['app.home.footage_this_month']}"]`);
    await expect.poll(() => thisMonth.locator('[data-figure]').getAttribute('title')).toBe(number(footage.months.at(-1)!.value ?? 0));
    expect(await thisMonth.textContent()).toContain(m['units.m']);
    await wells.click();
    await page.waitForURL((url) => url.pathname === '/project/index');
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toEqual({ status: 0 });
    await page.goBack();
    await thisMonth.click();
    await expectPath(page, '/project/statistics');
  });

  it('lists the latest runs and repairs, each instrument linked to its record page', async () => {
    const page = browser.page;
    await openAs(page, '/home');
    for (const resource of ['userecord', 'fitrecord']) {
      const link = page.locator(`[data-latest="${resource}"] a[href^="/device/record/"]`).first();
      await link.waitFor();
      const href = await link.getAttribute('href');
      await link.click();
      await expectPath(page, href!);
      await page.goBack();
    }
  });
});

describe.each(SCREEN_CASES)('statistics screenshots in $language at $width px', ({ language, width, height }) => {
  it('render translated, without sideways scrolling of the page', async () => {
    mkdirSync(SCREENS, { recursive: true });
    const m = messages(language);
    const { id } = await deviceWithRuns();
    const { page, context, close } = await openPage({ width, height });
    const shoot = async (name: string) => {
      await waitUntilStill(page); // the charts' entrance animation ended too
      await page.screenshot({ path: join(SCREENS, `${language}-${width}-${name}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    };
    try {
      await context.addCookies([{ name: 'language', value: language, url: baseUrl() }]);
      await openAs(page, '/home');
      await page.locator('[data-latest="userecord"] a').first().waitFor();
      await page.locator(`[data-count="${m['app.home.footage_this_month']}"] [data-figure][title]`).waitFor();
      await shoot('home-activity');
      for (const { path, resource } of statisticsRoutes) {
        await goWithin(page, path);
        await page.locator(`[data-statistics="${resource}"] [data-entry]`).first().waitFor();
        await chartsDrawn(page, 1);
        await shoot(`statistics-${resource}`);
      }
      await goWithin(page, `/device/record/${id}`);
      await page.locator('#main-content .MuiTabs-root').getByRole('tab', { name: m['app.stats.panel'] }).click(); // the record's tab, not the tags bar's
      await chartsDrawn(page, 1);
      await shoot('device-record-stats');
    } finally {
      await close();
    }
  });
});
