// The first page is a small sign-in page of its own: it shows and works without the console's
// code (react-admin and every screen), fetches that code while the person types, and after
// sign-in mounts the console in place, without a reload, on the redirect target.
import { describe, expect, inject, it } from 'vitest';
import { entryKeys, readManifest, staticFiles } from '../bench/signin-size';
import type { Page } from 'playwright-core';
import { CONSOLE_RUN_MARK, DRAWN_AHEAD_MARKS } from '../../src/signin/console-files';
import { E2E_PASSWORD, baseUrl, expectPath, sidebarEntries, signIn, useFreshPage } from './helpers';

const CONSOLE_MODULE = 'src/app/console.tsx';

/** The built files of the console that the sign-in page must not load: its chunk and those only it imports. */
function consoleOnlyFiles(): { chunk: string; files: Set<string> } {
  const manifest = readManifest(inject('distDir'));
  const chunk = manifest[CONSOLE_MODULE];
  if (!chunk) throw new Error(`No chunk starts from ${CONSOLE_MODULE}: the console is no longer loaded on demand`);
  const signInPage = staticFiles(manifest, entryKeys(manifest));
  const files = new Set([...staticFiles(manifest, [CONSOLE_MODULE])].filter((file) => !signInPage.has(file)));
  return { chunk: chunk.file, files };
}

const fileOf = (url: string) => new URL(url).pathname.slice(1);

describe('the sign-in page of the first load', () => {
  const browser = useFreshPage();

  it('shows and works while the console code is held back, and fetches it before the click', async () => {
    const page = browser.page;
    const { chunk, files } = consoleOnlyFiles();
    expect(files.has(chunk)).toBe(true);

    // The console's files are held back until the form has shown and said what is missing.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const requested: string[] = [];
    await page.route('**/assets/**', async (route) => {
      const file = fileOf(route.request().url());
      if (files.has(file)) {
        requested.push(file);
        await held;
      }
      await route.continue();
    });

    await page.goto(`${baseUrl()}/crew/index`);
    await expectPath(page, '/login?redirect=%2Fcrew%2Findex');
    await page.locator('input[name=password]').fill('');
    await page.locator('button[type=submit]').click();
    await page.getByText('Please enter your username').waitFor();
    await page.getByText('Please enter your password').waitFor();
    // The page itself names none of the console's files (in its scripts and module preloads)...
    const html = await (await fetch(`${baseUrl()}/login`)).text();
    expect(html).toMatch(/<script type="module"[^>]+src="\/assets\//);
    expect([...files].filter((file) => html.includes(file))).toEqual([]);
    // ...and asks for the console's code while the person is on it.
    await expect.poll(() => requested.includes(chunk)).toBe(true);
    release();
  });

  it('mounts the console after sign-in, without a reload, on the redirect target', async () => {
    const page = browser.page;
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.goto(`${baseUrl()}/login?redirect=%2Fcrew%2Findex%3Fpage%3D1`);
    await page.locator('input[name=username]').waitFor();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await signIn(page, ' admin ');
    await expectPath(page, '/crew/index?page=1');
    await page.locator('[data-menu="/crew/index"]').waitFor();
    await expect.poll(() => page.locator('table tbody tr').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(documents).toHaveLength(1);
  });

  it('sends a visitor with a session straight to the console, without the sign-in form', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin');
    await expectPath(page, '/home');
    await page.goto(`${baseUrl()}/crew/index`);
    await page.locator('[data-menu="/crew/index"]').waitFor();
    expect(await page.locator('input[name=username]').count()).toBe(0);
    await expectPath(page, '/crew/index');
  });

  it('opens the console in the language of the sign-in page, not the one the console was last shown in', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login?redirect=%2Fcrew%2Findex`);
    // The console was last shown in Spanish (react-admin remembers it); the language is now Japanese.
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('es')));
    await page.context().addCookies([{ name: 'language', value: 'ja', url: baseUrl() }]);
    await page.reload();
    await signIn(page, 'admin');
    await page.locator('[data-menu="/crew/index"]').waitFor();
    await expect.poll(() => page.locator('header button[aria-label="言語"]').count()).toBe(1);
    expect(await page.locator('header button[aria-label="Idioma"]').count()).toBe(0);
  });
});

/** Types the username key by key (which runs the console's code) and waits until that code has run. */
async function typeUsername(page: Page, username: string) {
  await page.locator('input[name=username]').pressSequentially(username);
  await expect.poll(() => page.evaluate((mark) => performance.getEntriesByName(mark).length, CONSOLE_RUN_MARK)).toBe(1);
}

/** The paths of the /dev-api calls the page sends, in order, but the sign-in's own. */
function consoleCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/dev-api/') && pathname !== '/dev-api/user/login') calls.push(pathname);
  });
  return calls;
}

/** Whether a person could see the element: laid out, and neither it nor a parent hidden or transparent. */
const seen = (page: Page, selector: string) =>
  page.evaluate(
    (css) =>
      [...document.querySelectorAll(css)].some((element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true })),
    selector,
  );

const marked = (page: Page, name: string) => page.evaluate((mark) => performance.getEntriesByName(mark).length, name);

describe('the console drawn while the person signs in', () => {
  const browser = useFreshPage();

  it('is drawn hidden while the person types, sends nothing before the answer, waits through a refusal, and shows after the right password', async () => {
    const page = browser.page;
    const calls = consoleCalls(page);
    // The sign-in's answers wait for the test, so that the page can be looked at meanwhile.
    let release = () => {};
    await page.route('**/dev-api/user/login', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    await page.goto(`${baseUrl()}/login?redirect=%2Fcrew%2Findex`);
    await typeUsername(page, 'admin');
    const signInTitle = await page.title();

    // Drawn on the wanted page, hidden, while the address, the title and the server know nothing of it.
    const crewEntry = '[data-menu="/crew/index"]';
    await page.locator(crewEntry).waitFor({ state: 'attached' });
    expect(await seen(page, crewEntry)).toBe(false);
    expect(await page.locator('input[name=password]').isVisible()).toBe(true);
    await expectPath(page, '/login?redirect=%2Fcrew%2Findex');
    expect(await page.title()).toBe(signInTitle);
    // Its list waits laid out with blank rows (no text, so no row counts as shown), under a header
    // that the data will not replace: marked here, it is the same element once the rows come.
    const rows = '#main-content table tbody tr';
    await expect.poll(() => page.locator(rows).count()).toBeGreaterThan(1);
    expect((await page.locator(rows).allTextContents()).filter((text) => text.trim() !== '')).toEqual([]);
    await page.locator('#main-content table thead').evaluate((header) => header.setAttribute('data-drawn-ahead', ''));

    await page.locator('input[name=password]').fill('not the password 1');
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.url()).toContain('/crew/index');
    release();
    await page.getByText('Account and password are incorrect.').waitFor();
    await expectPath(page, '/login?redirect=%2Fcrew%2Findex');
    expect(await seen(page, crewEntry)).toBe(false);
    expect(await page.title()).toBe(signInTitle);
    expect(calls).toEqual([]);

    await page.locator('input[name=password]').fill(E2E_PASSWORD);
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.url()).toContain('/crew/index');
    release();
    await page.locator('table tbody tr').first().waitFor();
    await expectPath(page, '/crew/index');
    await expect.poll(() => seen(page, crewEntry)).toBe(true);
    expect(await marked(page, DRAWN_AHEAD_MARKS.shown)).toBe(1);
    expect(await page.locator('#main-content table thead[data-drawn-ahead]').count()).toBe(1);
    await expect.poll(async () => (await page.locator(rows).first().textContent())?.trim()).toBeTruthy();
    // Shown, it takes its place in the page: the page scrolls, not a box of its own.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.getElementById('root')!).position)).toBe('static');
    expect(await page.locator('input[name=password]').count()).toBe(0);
    await expect.poll(() => page.locator('#root').count()).toBe(1);
    await expect.poll(() => page.title()).not.toBe(signInTitle);
    // The list's page went out first, once the token was there.
    expect(calls[0]).toBe('/dev-api/crew/list');
    // The first screen is in the visit log's queue, under the session (kept for the next page when this one hides).
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    const kept = JSON.parse((await page.evaluate(() => localStorage.getItem('console.visits'))) ?? '[]') as {
      session: string;
      visits: { path: string }[];
    }[];
    expect(kept.flatMap((saved) => (saved.session ? saved.visits.map((visit) => visit.path) : []))).toContain('/crew/index');
  });

  it('takes the info of a person who is not the one assumed (an editor) before it shows', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login?redirect=%2Fcrew%2Findex`);
    await typeUsername(page, 'editor');
    await page.locator('[data-menu="/crew/index"]').waitFor({ state: 'attached' });
    await page.locator('input[name=password]').fill(E2E_PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.locator('table tbody tr').first().waitFor();
    expect(await marked(page, DRAWN_AHEAD_MARKS.shown)).toBe(1);
    const editorTop = new Set(sidebarEntries(['editor']).map((entry) => entry.path));
    const adminOnly = sidebarEntries(['admin']).filter((entry) => !editorTop.has(entry.path));
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const entry of adminOnly) expect(await page.locator(`[data-menu="${entry.path}"]`).count(), entry.path).toBe(0);
    await expect.poll(() => seen(page, '[data-menu="/crew/index"]')).toBe(true);
    expect(await page.locator('#root').count()).toBe(1);
  });
});
