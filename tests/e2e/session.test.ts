// Sign-in, the route guard, sign-out, 404 and page titles, as a person meets them in Chromium.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, clickMenu, expectPath, messages, sidebarEntries, signIn, topMenuEntry, useFreshPage } from './helpers';

/** Counts the page's history writes (pushState, replaceState) from its next load on. */
async function countHistoryWrites(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { historyWrites: number };
    counted.historyWrites = 0;
    for (const method of ['pushState', 'replaceState'] as const) {
      const write = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        counted.historyWrites += 1;
        write(...args);
      };
    }
  });
}
const historyWrites = (page: Page) => page.evaluate(() => (window as unknown as { historyWrites: number }).historyWrites);

describe('signing in and out', () => {
  const browser = useFreshPage();

  it('sends a signed-out visitor to /login with the wanted path, and there after sign-in', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/crew/index`);
    await expectPath(page, '/login?redirect=%2Fcrew%2Findex');
    await signIn(page, 'admin');
    await expectPath(page, '/crew/index');
    // The first page of the run: a cold browser loads the list's code before its rows.
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('says the account and password are incorrect, and stays on the sign-in page', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin', 'wrong-password');
    await page.getByText('Account and password are incorrect.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('asks for the username and password before sending anything', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login`);
    await page.locator('input[name=username]').fill('   ');
    await page.locator('button[type=submit]').click();
    await page.getByText('Please enter your username').waitFor();
    await page.getByText('Please enter your password').waitFor();
  });

  it('lands an admin on Home with every menu, Settings included', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/`);
    await signIn(page, 'admin');
    await expectPath(page, '/home');
    // Every top-level entry routes.json gives an admin (a group, or a page of its own), and among
    // them those an editor does not get, Settings' among them.
    const entries = sidebarEntries(['admin']).map((e) => e.path);
    const editors = new Set(sidebarEntries(['editor']).map((e) => e.path));
    expect(entries.filter((path) => !editors.has(path)).length).toBeGreaterThan(0);
    for (const entry of entries) await page.locator(`[data-menu="${entry}"]`).waitFor();
  });

  it('hides Settings from an editor, and answers 404 for its paths', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'editor');
    await expectPath(page, '/home');
    await page.locator(`[data-menu="${topMenuEntry('/crew/index', ['editor'])}"]`).waitFor();
    expect(await page.locator('[data-menu="/setting"]').count()).toBe(0);
    await page.goto(`${baseUrl()}/setting/permission/role`);
    await page.locator('[data-page="404"]').waitFor();
  });

  it('sends a signed-in visitor from /login to /', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin');
    await expectPath(page, '/home');
    await page.goto(`${baseUrl()}/login`);
    await expectPath(page, '/home');
  });

  it('re-mounts a page through /redirect/<path>, keeping its query', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login?redirect=%2Fhome`);
    await signIn(page, 'admin');
    await expectPath(page, '/home');
    await page.goto(`${baseUrl()}/redirect/crew/index?page=2`);
    await expectPath(page, '/crew/index?page=2');
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login?redirect=%2Fno%2Fsuch%2Fpage`);
    await signIn(page, 'admin');
    await expectPath(page, '/no/such/page');
    await page.locator('[data-page="404"]').waitFor();
  });

  it('logs out to /login with the current path as redirect', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login?redirect=%2Fdevice%2Findex`);
    await signIn(page, 'admin');
    await expectPath(page, '/device/index');
    await countHistoryWrites(page);
    await page.reload();
    await page.locator('table tbody tr').first().waitFor();
    const before = await historyWrites(page);
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectPath(page, '/login?redirect=%2Fdevice%2Findex');
    await page.locator('input[name=username]').waitFor();
    // One step to the sign-in page, not a loop of sign-outs that holds a blank page for seconds.
    expect((await historyWrites(page)) - before).toBeLessThanOrEqual(4);
    await page.goto(`${baseUrl()}/crew/index`);
    await expectPath(page, '/login?redirect=%2Fcrew%2Findex');
  });

  it('clears a token the server does not know, says why, and keeps the wanted path', async () => {
    const page = browser.page;
    await page.context().addCookies([{ name: 'Admin-Token', value: 'stale-token', url: baseUrl() }]);
    await countHistoryWrites(page);
    await page.goto(`${baseUrl()}/device/index`);
    await expectPath(page, '/login?redirect=%2Fdevice%2Findex');
    await page.getByRole('alert').getByText(messages('en')['server.token_invalid']).waitFor();
    await page.locator('input[name=username]').waitFor();
    // The guard sends the visitor to the sign-in page once, not in a loop that loses the message
    // (1,550 writes before): two on a quiet machine, three seen on a busy one.
    expect(await historyWrites(page)).toBeLessThanOrEqual(4);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'Admin-Token')).toBeUndefined();
  });

  it("says 'Has Error' when the server refuses the session without a message of its own, in the reader's language", async () => {
    const page = browser.page;
    await page.route('**/dev-api/user/info*', (route) => route.fulfill({ json: { code: 50014 } }));
    await page.context().addCookies([{ name: 'Admin-Token', value: 'expired-token', url: baseUrl() }]);
    await page.goto(`${baseUrl()}/crew/index`);
    await expectPath(page, '/login?redirect=%2Fcrew%2Findex');
    await page.getByRole('alert').getByText(messages('en')['app.guard.has_error'], { exact: true }).waitFor();
    expect((await page.context().cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();

    await page.context().addCookies([
      { name: 'Admin-Token', value: 'expired-token', url: baseUrl() },
      { name: 'language', value: 'zh', url: baseUrl() },
    ]);
    await page.goto(`${baseUrl()}/crew/index`);
    await expectPath(page, '/login?redirect=%2Fcrew%2Findex');
    await page.getByRole('alert').getByText(messages('zh')['app.guard.has_error'], { exact: true }).waitFor();
  });

  it('stays signed in when the page is reloaded while the info is still loading after sign-in', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login?redirect=%2Fcrew%2Findex`);
    // The first /user/info answer is held back, so that the reload surely cuts it off in flight.
    let infoRequested!: () => void;
    const requested = new Promise<void>((resolve) => (infoRequested = resolve));
    let held = false;
    await page.route('**/dev-api/user/info*', async (route) => {
      if (!held) {
        held = true;
        infoRequested();
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      await route.continue().catch(() => undefined); // the page that asked may be gone
    });
    await signIn(page, 'admin');
    await requested;
    await page.reload();
    // Whichever comes first: the wanted page's menu, or the sign-in form of a lost session.
    await page.locator('[data-menu="/crew/index"], input[name=username]').first().waitFor();
    expect(await page.locator('input[name=username]').count()).toBe(0);
    await expectPath(page, '/crew/index');
    await expect.poll(() => page.locator('table tbody tr').count()).toBeGreaterThan(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'Admin-Token')?.value).toBeTruthy();
  });

  it('keeps the session when /user/info cannot be reached, says why, and Retry works once the network is back', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login?redirect=%2Fcrew%2Findex`);
    await signIn(page, 'admin');
    await expectPath(page, '/crew/index');
    await page.locator('[data-menu="/crew/index"]').waitFor();
    const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value;
    expect(token).toBeTruthy();

    await page.route('**/dev-api/user/info*', (route) => route.abort('internetdisconnected'));
    await page.reload();
    const notice = page.locator('[data-page="session-retry"]');
    await notice.getByText(/^Network error: .+\. Check your connection and try again\.$/).waitFor();
    await notice.getByText('You are still signed in. Retry once the connection is back.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/crew/index');
    expect((await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value).toBe(token);

    // Still offline: Retry asks again and says so again.
    await notice.getByRole('button', { name: 'Retry' }).click();
    await notice.getByRole('button', { name: 'Retry' }).waitFor();

    await page.unroute('**/dev-api/user/info*');
    await notice.getByRole('button', { name: 'Retry' }).click();
    await notice.waitFor({ state: 'detached' });
    await expectPath(page, '/crew/index');
    await expect.poll(() => page.locator('table tbody tr').count()).toBeGreaterThan(0);
    expect((await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value).toBe(token);
  });

  it('opens the Confirm logout dialog when a call answers 50008, and Cancel stays on the page', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login?redirect=%2Fhome`);
    await signIn(page, 'admin');
    await expectPath(page, '/home');
    // Home keeps calling after its menu shows (counts, latest runs, their instruments), and on a
    // busy machine some of those calls leave after the network first looks quiet: the profile page
    // makes no call once shown, so the first call with the stale token is the one the menu click makes.
    await page.goto(`${baseUrl()}/profile/index`, { waitUntil: 'networkidle' });
    await page.locator(`[data-menu="${topMenuEntry('/crew/index')}"]`).waitFor(); // the session's info is loaded
    await page.context().addCookies([{ name: 'Admin-Token', value: 'stale-token', url: baseUrl() }]);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await clickMenu(page, '/crew/index');
    const dialog = page.getByRole('dialog', { name: 'Confirm logout' });
    await dialog.waitFor();
    await dialog.getByText('You have been logged out, you can cancel to stay on this page, or log in again').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/crew/index');
    await clickMenu(page, '/device/index');
    await page.getByRole('dialog', { name: 'Confirm logout' }).getByRole('button', { name: 'Re-Login' }).click();
    await expectPath(page, '/login?redirect=%2Fdevice%2Findex');
  });

  it('titles the page by its route, in English and in Chinese', async () => {
    const page = browser.page;
    const en = messages('en');
    const zh = messages('zh');
    await page.goto(`${baseUrl()}/login?redirect=%2Fcrew%2Findex`);
    await signIn(page, 'admin');
    await expectPath(page, '/crew/index');
    await expect.poll(() => page.title()).toBe(`${en['route.CrewList']} - ${en['app.title']}`);
    await page.context().addCookies([{ name: 'language', value: 'zh', url: baseUrl() }]);
    await page.reload();
    await expect.poll(() => page.title()).toBe(`${zh['route.CrewList']} - ${zh['app.title']}`);
  });
});
