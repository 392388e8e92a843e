// npm run bench:lighthouse — Lighthouse (from the npm registry, in Debian's Chromium) on the
// console served by the real server on a fresh SQLite database with the demo data: performance
// and accessibility with Lighthouse's desktop preset, on the sign-in page, Home, every list of the
// route tree (schemas/routes.json, walked, not listed here), the first create form and the first
// edit form of the tree, and every record page whose route takes one id (the id of the first
// record its resource lists). LIGHTHOUSE_ALL=1 adds every create and edit form; LIGHTHOUSE_ONLY
// (a regular expression over the path, e.g. LIGHTHOUSE_ONLY='^/login$' for the sign-in page alone)
// narrows the walk; LIGHTHOUSE_RUNS=3 runs every screen three times and reports the medians.
// Home and the first list are run in the dark theme too. Prints a table: screen, performance, the
// metrics it is made of (FCP, LCP, TBT, CLS, Speed Index), accessibility and the accessibility
// audits that failed, by id. Targets: accessibility ≥ 98 everywhere, performance 100 on the sign-in page.
//
// The console is built into a directory kept between runs (os.tmpdir()/console-lighthouse-dist)
// and rebuilt by the server when its sources changed. Signed-in screens get the session the
// console keeps in its `Admin-Token` cookie, set in the browser before Lighthouse navigates
// (Lighthouse leaves cookies and localStorage alone between runs).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { filterRoutes, flattenRoutes, isExternal } from '../../kernel/routes/tree';
import { loadRegistry } from '../../kernel/schema/load-node';
import { parseComponent } from '../../kernel/schema/route-component';
import { CHROMIUM } from '../e2e/browser';
import { signInOverHttp, startServer } from '../server-process';

const PASSWORD = 'bench-password-1';
const TOKEN_COOKIE = 'Admin-Token';
const SETTINGS_KEY = 'console-settings';
const ALL = process.env.LIGHTHOUSE_ALL === '1';
const ONLY = process.env.LIGHTHOUSE_ONLY ? new RegExp(process.env.LIGHTHOUSE_ONLY) : undefined;
/** Runs of each screen; the table shows the median of each figure. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? '1') || 1);
const DIST = process.env.LIGHTHOUSE_DIST ?? join(tmpdir(), 'console-lighthouse-dist');
/** Where each screen's full Lighthouse report (JSON) is written, to see which elements an audit names. */
const REPORTS = process.env.LIGHTHOUSE_REPORTS ?? join(tmpdir(), 'console-lighthouse-reports');

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  dark?: boolean;
}

const registry = loadRegistry();
const work = mkdtempSync(join(tmpdir(), 'console-bench-lighthouse-'));

console.log('Starting the server (it builds the console first when its sources changed)…');
const server = await startServer(
  { DIST_DIR: DIST, DATA_DIR: join(work, 'data'), ADMIN_PASSWORD: PASSWORD, EDITOR_PASSWORD: PASSWORD, LOG_LEVEL: 'error' },
  900_000,
);
const token = await signInOverHttp(server.url, 'admin', PASSWORD);

/** The id of the first record a resource lists, if it lists any. */
async function firstId(resource: string): Promise<string | undefined> {
  const list = registry.resources[resource]?.['x-resource']?.endpoints?.list;
  if (!list) return undefined;
  const response = await fetch(`${server.url}/dev-api${list.path}?page=1&limit=1`, { headers: { 'X-Token': token } });
  const answer = (await response.json()) as { data?: { items?: { id?: unknown }[]; list?: { id?: unknown }[] } | { id?: unknown }[] };
  const rows = Array.isArray(answer.data) ? answer.data : (answer.data?.items ?? answer.data?.list ?? []);
  return rows[0]?.id === undefined ? undefined : String(rows[0].id);
}

/** The screens to measure, walked from the route tree. */
async function screens(): Promise<Screen[]> {
  const routes = flattenRoutes(filterRoutes(registry.routes, ['admin'])).filter((r) => !isExternal(r.fullPath) && r.node.component);
  const out: Screen[] = [{ name: 'sign-in', path: '/login', signedIn: false }];
  const home = routes.find((r) => r.node.component === 'home');
  if (home) out.push({ name: 'Home', path: home.fullPath, signedIn: true });
  const taken = new Set<string>();
  let firstList: Screen | undefined;
  for (const { fullPath, node } of routes) {
    const target = parseComponent(node.component!);
    if (!target) continue;
    const params = fullPath.split('/').filter((s) => s.startsWith(':'));
    const kind = target.view;
    if (kind === 'show') continue;
    if (kind === 'list' && params.length === 0) {
      const screen = { name: `list ${target.resource}`, path: fullPath, signedIn: true };
      firstList ??= screen;
      out.push(screen);
      continue;
    }
    if (kind === 'create' && params.length === 0 && (ALL || !taken.has('create'))) {
      out.push({ name: `create ${target.resource}`, path: fullPath, signedIn: true });
      taken.add('create');
      continue;
    }
    if ((kind === 'edit' || kind === 'record') && params.length === 1 && (ALL || kind === 'record' || !taken.has(kind))) {
      const id = await firstId(target.resource);
      if (id === undefined) {
        console.log(`(${fullPath}: ${target.resource} lists no record, left out)`);
        continue;
      }
      out.push({ name: `${kind} ${target.resource}`, path: fullPath.replace(params[0], encodeURIComponent(id)), signedIn: true });
      taken.add(kind);
    }
  }
  if (home) out.push({ name: 'Home (dark)', path: home.fullPath, signedIn: true, dark: true });
  if (firstList) out.push({ ...firstList, name: `${firstList.name} (dark)`, dark: true });
  return ONLY ? out.filter((s) => ONLY.test(s.path)) : out;
}

interface Outcome {
  screen: Screen;
  performance: number;
  accessibility: number;
  failing: string[];
  /** The performance metrics, by Lighthouse audit id: milliseconds, CLS unitless. */
  metrics: Record<Metric, number | undefined>;
}

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;
type Metric = keyof typeof METRICS;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The median outcome of several runs of one screen: each figure's median on its own. */
function medianOutcome(runs: Outcome[]): Outcome {
  const metrics = {} as Outcome['metrics'];
  for (const id of Object.keys(METRICS) as Metric[]) {
    const values = runs.map((run) => run.metrics[id]).filter((value) => value !== undefined);
    metrics[id] = values.length ? median(values) : undefined;
  }
  return {
    screen: runs[0].screen,
    performance: median(runs.map((run) => run.performance)),
    accessibility: median(runs.map((run) => run.accessibility)),
    failing: [...new Set(runs.flatMap((run) => run.failing))],
    metrics,
  };
}

const formatMetric = (id: Metric, value: number | undefined) =>
  value === undefined
    ? ''
    : id === 'cumulative-layout-shift'
      ? value.toFixed(3)
      : id === 'total-blocking-time'
        ? `${Math.round(value)} ms`
        : `${(value / 1000).toFixed(2)} s`;

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-component-update'],
});
// The same browser, reached over the DevTools protocol, to set the session and the theme before Lighthouse navigates.
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
const context = browser.contexts()[0];

/** Signed in or out, light or dark, for the next Lighthouse run. */
async function prepare(screen: Screen) {
  await context.clearCookies();
  await context.addCookies([{ name: 'language', value: 'en', url: server.url }]);
  if (screen.signedIn) await context.addCookies([{ name: TOKEN_COOKIE, value: token, url: server.url, sameSite: 'Strict' }]);
  const page = await context.newPage();
  // A page of the origin that does not start the console, to write its localStorage.
  await page.goto(`${server.url}/healthz`);
  await page.evaluate(([key, dark]) => localStorage.setItem(key, JSON.stringify({ darkMode: dark })), [
    SETTINGS_KEY,
    screen.dark === true,
  ] as const);
  await page.close();
}

const outcomes: Outcome[] = [];
mkdirSync(REPORTS, { recursive: true });
try {
  const list = await screens();
  console.log(`Lighthouse ${list.length} screens, desktop preset, performance and accessibility…\n`);
  for (const screen of list) {
    const runs: Outcome[] = [];
    for (let run = 1; run <= RUNS; run++) {
      await prepare(screen);
      const result = await lighthouse(
        `${server.url}${screen.path}`,
        { port: chrome.port, output: 'json', logLevel: 'error' },
        { ...desktopConfig, settings: { ...desktopConfig.settings, onlyCategories: ['performance', 'accessibility'] } },
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${screen.path}`);
      const { lhr } = result;
      const suffix = RUNS > 1 ? `-${run}` : '';
      writeFileSync(join(REPORTS, `${screen.name.replace(/[^a-z0-9]+/gi, '-')}${suffix}.json`), JSON.stringify(lhr));
      const accessibility = lhr.categories.accessibility;
      const failing = (accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      const metrics = {} as Outcome['metrics'];
      for (const id of Object.keys(METRICS) as Metric[]) metrics[id] = lhr.audits[id]?.numericValue;
      const outcome: Outcome = {
        screen,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((accessibility?.score ?? 0) * 100),
        failing,
        metrics,
      };
      runs.push(outcome);
      if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== screen.path.split('?')[0]) {
        console.log(`  (${screen.path} ended on ${new URL(lhr.finalDisplayedUrl).pathname})`);
      }
      const figures = (Object.keys(METRICS) as Metric[]).map((id) => `${METRICS[id]} ${formatMetric(id, metrics[id])}`).join('  ');
      console.log(
        `${screen.name.padEnd(28)} ${screen.path.padEnd(32)} perf ${String(outcome.performance).padStart(3)}  a11y ${String(outcome.accessibility).padStart(3)}  ${figures}  ${failing.join(', ')}`,
      );
    }
    outcomes.push(medianOutcome(runs));
  }
} finally {
  await browser.close().catch(() => undefined);
  chrome.kill();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
const version = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../node_modules/lighthouse/package.json'), 'utf8')) as { version: string }
).version;
const runsNote = RUNS > 1 ? `, medians of ${RUNS} runs` : '';
console.log(
  `\nLighthouse ${version}, desktop preset (desktop screen, no throttling of a slow phone)${runsNote}, ${CHROMIUM}, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}\n`,
);
const metricIds = Object.keys(METRICS) as Metric[];
console.log(
  line(['screen', 'path', 'performance', ...metricIds.map((id) => METRICS[id]), 'accessibility', 'failing accessibility audits']),
);
console.log(line(['---', '---', '---:', ...metricIds.map(() => '---:'), '---:', '---']));
for (const o of outcomes) {
  console.log(
    line([
      o.screen.name,
      o.screen.path,
      String(o.performance),
      ...metricIds.map((id) => formatMetric(id, o.metrics[id])),
      String(o.accessibility),
      o.failing.join(', ') || '—',
    ]),
  );
}
const below = outcomes.filter((o) => o.accessibility < 98);
const signIn = outcomes.find((o) => o.screen.name === 'sign-in');
console.log(
  `\naccessibility ≥ 98: ${outcomes.length - below.length}/${outcomes.length} screens${below.length ? ` (below: ${below.map((o) => o.screen.name).join(', ')})` : ''}`,
);
if (signIn) console.log(`sign-in performance: ${signIn.performance} (target 100)`);
console.log(`full reports: ${REPORTS}`);
