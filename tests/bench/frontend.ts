// npm run bench:frontend — sign-in click → first device row visible, the console against a bare
// react-admin 5 app (tests/bench/bare-admin: one resource over an in-memory provider, react-admin's
// own sign-in page, Vite's defaults). Both are built here; ours is served by the real server on a
// fresh SQLite database with the demo data. In Debian's Chromium, RUNS runs each, interleaved, each
// in a fresh browser context (no cookies, no cache). The sign-in page is left to go quiet before the
// click, as it does while a person types. Prints both medians, their ratio (target ≤ 1.0×), and the
// gzip size of what each sign-in page loads.
// OURS_ROOT builds the console from another copy of the sources (a before/after comparison).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
const PASSWORD = 'bench-password-1';
const work = mkdtempSync(join(tmpdir(), 'console-bench-frontend-'));
const bareOut = join(work, 'bare');
const oursOut = join(work, 'ours');

console.log('Building the bare react-admin app and the console…');
await build({
  root: join(import.meta.dirname, 'bare-admin'),
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: { outDir: bareOut, emptyOutDir: true, manifest: true },
});
await build({ root: OURS_ROOT, logLevel: 'warn', build: { outDir: oursOut, emptyOutDir: true } });

const server = await startServer({ DIST_DIR: oursOut, DATA_DIR: join(work, 'data'), ADMIN_PASSWORD: PASSWORD, EDITOR_PASSWORD: PASSWORD, LOG_LEVEL: 'error' });
const bareWeb = new Hono();
bareWeb.use('/*', serveStatic({ root: bareOut }));
bareWeb.get('*', (c) => c.html(readFileSync(join(bareOut, 'index.html'), 'utf8')));
const bareServer = await new Promise<{ server: ServerType; url: string }>((resolve) => {
  const running = serve({ fetch: bareWeb.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve({ server: running, url: `http://127.0.0.1:${info.port}` }));
});

interface Contender {
  name: string;
  url: string;
  username: string;
  password: string;
  times: number[];
}
const contenders: Contender[] = [
  { name: 'bare react-admin', url: `${bareServer.url}/`, username: 'admin', password: 'anything', times: [] },
  { name: 'ours', url: `${server.url}/login?redirect=%2Fdevice%2Findex`, username: 'admin', password: PASSWORD, times: [] },
];

const TIMED_SIGN_IN = `new Promise((resolve) => {
  const start = performance.now();
  const shown = () => [...document.querySelectorAll('table tbody tr')].some((tr) => (tr.textContent || '').trim() !== '');
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - start));
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  document.querySelector('button[type=submit]').click();
})`;

/** One sign-in in a fresh context: the milliseconds from the click to a device row on screen. */
async function once(browser: Browser, contender: Contender): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(contender.url);
    await page.locator('input[name=username]').waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('input[name=username]').fill(contender.username);
    await page.locator('input[name=password]').fill(contender.password);
    // Timed inside the page: the click, then the first frame after a table row with text (not a
    // loading skeleton) is in the document. A string, so that the TypeScript loader's helpers stay out.
    return await page.evaluate<number>(TIMED_SIGN_IN);
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
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  // One unmeasured run each warms the servers (the operating system's file cache, the database).
  for (const contender of contenders) await once(browser, contender);
  for (let run = 0; run < RUNS; run++) {
    for (const contender of run % 2 ? [...contenders].reverse() : contenders) contender.times.push(await once(browser, contender));
  }
} finally {
  await browser.close();
  await server.stop();
  bareServer.server.close();
}

const [bare, ours] = contenders;
const bareSize = signInPage(bareOut);
const oursSize = signInPage(oursOut);
console.log(`\nsign-in click → first device row, median of ${RUNS} interleaved runs (Chromium):`);
for (const c of contenders) console.log(`  ${c.name.padEnd(17)} ${median(c.times).toFixed(0).padStart(5)} ms   (min ${Math.min(...c.times).toFixed(0)}, max ${Math.max(...c.times).toFixed(0)})`);
const ratio = median(ours.times) / median(bare.times);
console.log(`  ratio ours / bare  ${ratio.toFixed(2)}× (target ≤ 1.0×: ${ratio <= 1 ? 'met' : 'NOT met'})`);
console.log('sign-in page, gzip, everything it loads (JavaScript and CSS, static imports of the entry):');
console.log(`  bare react-admin   ${bareSize.kb.toFixed(1)} kB in ${bareSize.files.length} file(s)`);
console.log(`  ours               ${oursSize.kb.toFixed(1)} kB in ${oursSize.files.length} file(s)`);
rmSync(work, { recursive: true, force: true });
