// npm run bench:frontend — sign-in click → first device row visible, the console against a bare
// react-admin 5 app (tests/bench/bare-admin: one resource over an in-memory provider, react-admin's
// own sign-in page, Vite's defaults). Both are built here; ours is served by the real server on a
// fresh SQLite database with the demo data. In Debian's Chromium, RUNS runs each, interleaved, each
// in a fresh browser context (no cookies, no cache). The sign-in page is left to go quiet, then the
// username and password are typed key by key, TYPE_DELAY_MS apart (100 ms: a fast typist; 0 fills
// both fields at once, as a password manager does), and the sign-in button is clicked. Prints both medians, their ratio (target ≤ 1.3×), and the
// gzip size of what each sign-in page loads. Then, on the same page, a click on page 2 of the list:
// the milliseconds to the new rows on screen, and (over HTTP) from the page's data arriving to
// them, the "within 50 ms of its data arriving".
// OURS_ROOT builds the console from another copy of the sources; BEFORE_ROOT adds a copy (say the
// last commit's) as a third contender, so that a change is measured before/after in one run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import react from '@vitejs/plugin-react';
import { Hono } from 'hono';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM } from '../e2e/browser';
import { startServer } from '../server-process';
import { signInPage } from './signin-size';

const ROOT = join(import.meta.dirname, '../..');
const OURS_ROOT = process.env.OURS_ROOT ?? ROOT;
const RUNS = Number(process.env.RUNS ?? 20);
const TYPE_DELAY_MS = Number(process.env.TYPE_DELAY_MS ?? 100);
const PASSWORD = 'bench-password-1';
const work = mkdtempSync(join(tmpdir(), 'console-bench-frontend-'));
const bareOut = join(work, 'bare');
const oursOut = join(work, 'ours');
const BEFORE_ROOT = process.env.BEFORE_ROOT;
const beforeOut = join(work, 'before');

console.log('Building the bare react-admin app and the console…');
await build({
  root: join(import.meta.dirname, 'bare-admin'),
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: { outDir: bareOut, emptyOutDir: true, manifest: true },
});
await build({ root: OURS_ROOT, logLevel: 'warn', build: { outDir: oursOut, emptyOutDir: true } });
if (BEFORE_ROOT) await build({ root: BEFORE_ROOT, logLevel: 'warn', build: { outDir: beforeOut, emptyOutDir: true } });

const server = await startServer({
  DIST_DIR: oursOut,
  DATA_DIR: join(work, 'data'),
  ADMIN_PASSWORD: PASSWORD,
  EDITOR_PASSWORD: PASSWORD,
  LOG_LEVEL: 'error',
});
// The same demo data for both copies: each server seeds its own fresh database the same way.
const beforeServer = BEFORE_ROOT
  ? await startServer({
      DIST_DIR: beforeOut,
      DATA_DIR: join(work, 'data-before'),
      ADMIN_PASSWORD: PASSWORD,
      EDITOR_PASSWORD: PASSWORD,
      LOG_LEVEL: 'error',
    })
  : undefined;
const bareWeb = new Hono();
bareWeb.use('/*', serveStatic({ root: bareOut }));
bareWeb.get('*', (c) => c.html(readFileSync(join(bareOut, 'index.html'), 'utf8')));
const bareServer = await new Promise<{ server: ServerType; url: string }>((resolve) => {
  const running = serve({ fetch: bareWeb.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
    resolve({ server: running, url: `http://127.0.0.1:${info.port}` }),
  );
});

interface Contender {
  name: string;
  url: string;
  username: string;
  password: string;
  times: number[];
  /** Click on page 2 → its rows on screen. */
  pageTimes: number[];
  /** Page 2's data arrived (the response's last byte) → its rows on screen; over HTTP only. */
  afterData: number[];
  /** The longest main-thread task while the person typed (0 where none passed 50 ms): what typing may wait for. */
  typingHolds: number[];
}
const contenders: Contender[] = [
  {
    name: 'bare react-admin',
    url: `${bareServer.url}/`,
    username: 'admin',
    password: 'anything',
    times: [],
    pageTimes: [],
    afterData: [],
    typingHolds: [],
  },
  {
    name: 'ours',
    url: `${server.url}/login?redirect=%2Fdevice%2Findex`,
    username: 'admin',
    password: PASSWORD,
    times: [],
    pageTimes: [],
    afterData: [],
    typingHolds: [],
  },
];
if (beforeServer) {
  contenders.push({
    name: 'ours before',
    url: `${beforeServer.url}/login?redirect=%2Fdevice%2Findex`,
    username: 'admin',
    password: PASSWORD,
    times: [],
    pageTimes: [],
    afterData: [],
    typingHolds: [],
  });
}

const TIMED_SIGN_IN = `new Promise((resolve) => {
  const start = performance.now();
  const rows = () => [...document.querySelectorAll('table tbody tr')].filter((tr) => (tr.textContent || '').trim() !== '');
  // Whether a row is seen is asked once a frame, when the browser works out the page's styles anyway
  // (asked at every change, it would make the browser work them out again and again).
  let asked = false;
  const observer = new MutationObserver(() => {
    if (asked || rows().length === 0) return;
    asked = true;
    requestAnimationFrame(() => {
      asked = false;
      if (!rows().some((tr) => tr.checkVisibility({ visibilityProperty: true }))) return;
      observer.disconnect();
      resolve(performance.now() - start);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  document.querySelector('button[type=submit]').click();
})`;

// Main-thread tasks over 50 ms from now on (the browser's long tasks), for the typing.
const TYPING_HOLDS = `window.__typingHolds = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__typingHolds.push(e.duration); }).observe({ type: 'longtask' });`;

// Page 2: the click, then the first frame after the first row's text changed; and the end of the
// list call that brought it (none for the in-memory provider).
const TIMED_PAGE_2 = `new Promise((resolve) => {
  const firstRow = () => (document.querySelector('table tbody tr') || {}).textContent || '';
  const before = firstRow();
  performance.clearResourceTimings(); // a full buffer (the console's many chunks) would drop the call
  const start = performance.now();
  const observer = new MutationObserver(() => {
    const text = firstRow();
    if (text === before || text.trim() === '') return;
    observer.disconnect();
    const shown = performance.now();
    requestAnimationFrame(() => {
      const painted = performance.now();
      const call = performance.getEntriesByType('resource').filter((e) => e.startTime >= start && /\\/list\\?/.test(e.name)).pop();
      resolve({ page: painted - start, afterData: call ? painted - call.responseEnd : null, shownAfterData: call ? shown - call.responseEnd : null });
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  document.querySelector('button[aria-label="Go to page 2"]').click();
})`;

/** One sign-in in a fresh context: the milliseconds from the click to a device row on screen. */
async function once(browser: Browser, contender: Contender, record = true): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(contender.url);
    await page.locator('input[name=username]').waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(TYPING_HOLDS);
    for (const [field, value] of [
      ['username', contender.username],
      ['password', contender.password],
    ]) {
      const input = page.locator(`input[name=${field}]`);
      if (TYPE_DELAY_MS > 0) await input.pressSequentially(value, { delay: TYPE_DELAY_MS });
      else await input.fill(value);
    }
    const typingHold = await page.evaluate<number>('Math.max(0, ...window.__typingHolds)');
    // Timed inside the page: the click, then the first frame after a table row with text (not a
    // loading skeleton) is in the document. A string, so that the TypeScript loader's helpers stay out.
    const time = await page.evaluate<number>(TIMED_SIGN_IN);
    // Page 2 once the first screen has settled (its menus, icons and counts loaded).
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const next = await page.evaluate<{ page: number; afterData: number | null }>(TIMED_PAGE_2);
    if (record) {
      contender.typingHolds.push(typingHold);
      contender.pageTimes.push(next.page);
      if (next.afterData !== null) contender.afterData.push(next.afterData);
    }
    return time;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  // One unmeasured run each warms the servers (the operating system's file cache, the database).
  for (const contender of contenders) await once(browser, contender, false);
  for (let run = 0; run < RUNS; run++) {
    // Each run in another order, so that no contender always follows the same one.
    const order = contenders.map((_, i) => contenders[(i + run) % contenders.length]);
    for (const contender of run % 2 ? order.reverse() : order) contender.times.push(await once(browser, contender));
  }
} finally {
  await browser.close();
  await server.stop();
  await beforeServer?.stop();
  bareServer.server.close();
}

const [bare, ours, before] = contenders;
const bareSize = signInPage(bareOut);
const oursSize = signInPage(oursOut);
const spread = (values: number[]) =>
  `${median(values).toFixed(0).padStart(5)} ms   (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;
const typing = TYPE_DELAY_MS > 0 ? `typed ${TYPE_DELAY_MS} ms a key` : 'fields filled at once';
console.log(
  `\nsign-in click → first device row, median of ${RUNS} interleaved runs (Chromium, ${typing}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}):`,
);
for (const c of contenders) console.log(`  ${c.name.padEnd(17)} ${spread(c.times)}`);
const ratio = median(ours.times) / median(bare.times);
console.log(`  ratio ours / bare  ${ratio.toFixed(2)}× (target ≤ 1.3×: ${ratio <= 1.3 ? 'met' : 'NOT met'})`);
if (before)
  console.log(
    `  ratio ours before / bare  ${(median(before.times) / median(bare.times)).toFixed(2)}×; ours / ours before ${(median(ours.times) / median(before.times)).toFixed(2)}×`,
  );
console.log('list page 2: click → its rows on screen; its data arrived → its rows on screen (target ≤ 50 ms):');
for (const c of contenders) {
  const arrived = c.afterData.length ? `;  after data ${spread(c.afterData)}${median(c.afterData) <= 50 ? '' : '  NOT met'}` : '';
  console.log(`  ${c.name.padEnd(17)} ${spread(c.pageTimes)}${arrived}`);
}
if (TYPE_DELAY_MS > 0) {
  console.log('the longest main-thread task while the person typed (what a key press may wait for), median:');
  for (const c of contenders) console.log(`  ${c.name.padEnd(17)} ${spread(c.typingHolds)}`);
}
console.log('sign-in page, gzip, everything it loads (JavaScript and CSS, static imports of the entry):');
console.log(`  bare react-admin   ${bareSize.kb.toFixed(1)} kB in ${bareSize.files.length} file(s)`);
console.log(`  ours               ${oursSize.kb.toFixed(1)} kB in ${oursSize.files.length} file(s)`);
rmSync(work, { recursive: true, force: true });
