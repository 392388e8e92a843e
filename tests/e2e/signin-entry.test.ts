// The first page is a small sign-in page of its own: it shows and works without the console's
// code (react-admin and every screen), fetches that code while it is idle, and after sign-in
// mounts the console in place, without a reload, on the redirect target. The address changes only
// once the sign-in is answered and its token stored: a reload from then on keeps the session.
import { describe, expect, inject, it } from 'vitest';
import { entryKeys, readManifest, staticFiles } from '../bench/signin-size';
import { E2E_PASSWORD, baseUrl, expectPath, signIn, useFreshPage } from './helpers';

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

  it('shows and works while the console code is held back, and fetches it before the sign-in', async () => {
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

/** Sign-ins the reload test repeats: a race lost now and then would show. */
const RELOADS = 10;

describe('the address after sign-in', () => {
  const browser = useFreshPage();

  it('changes only once the sign-in is answered', async () => {
    const page = browser.page;
    let release = () => {};
    await page.route('**/dev-api/user/login', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    await page.goto(`${baseUrl()}/login?redirect=%2Fcrew%2Findex`);
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill(E2E_PASSWORD);
    const asked = page.waitForRequest('**/dev-api/user/login');
    await page.locator('button[type=submit]').click();
    await asked;
    await page.waitForTimeout(200);
    await expectPath(page, '/login?redirect=%2Fcrew%2Findex');
    release();
    await expectPath(page, '/crew/index');
    await expect.poll(() => page.locator('table tbody tr').count()).toBeGreaterThan(0);
  });

  // Each attempt loads the sign-in page and the console again: allowed 15 s each on a busy machine.
  const everyReload = `keeps the session through a reload made the moment it changes, ${RELOADS} times out of ${RELOADS}`;
  it(everyReload, { timeout: RELOADS * 15_000 }, async () => {
    const page = browser.page;
    for (let attempt = 0; attempt < RELOADS; attempt++) {
      await page.context().clearCookies();
      await page.goto(`${baseUrl()}/login?redirect=%2Fcrew%2Findex`);
      await page.locator('input[name=username]').fill('admin');
      await page.locator('input[name=password]').fill(E2E_PASSWORD);
      // The page reloads itself in the same task as its address leaves the sign-in page.
      await page.evaluate(() => {
        const replace = history.replaceState.bind(history);
        history.replaceState = (...args: Parameters<History['replaceState']>) => {
          replace(...args);
          if (location.pathname !== '/login') location.reload();
        };
      });
      const reloaded = page.waitForEvent('framenavigated');
      await page.locator('button[type=submit]').click();
      await reloaded;
      await page.locator('table tbody tr').first().waitFor();
      expect(new URL(page.url()).pathname, `attempt ${attempt + 1}`).toBe('/crew/index');
      expect(await page.locator('input[name=password]').count()).toBe(0);
    }
  });
});
