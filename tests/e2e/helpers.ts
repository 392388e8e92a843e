import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, expect, inject } from 'vitest';
import { TOKEN_COOKIE } from '../../kernel/contract/browser';
import { filterRoutes, type MenuEntry, menuEntries } from '../../kernel/routes/tree';
import { loadRegistry } from '../../kernel/schema/load-node';
import { type BrowserOptions, openPage } from './browser';
import { E2E_PASSWORD } from './constants';

/**
 * This worker's server: each worker that runs test files side by side has one of its own
 * (global-setup.ts), found by the worker's number, 1 to the most workers.
 */
export const baseUrl = () => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
};

export { E2E_PASSWORD } from './constants';

export { messages } from '../messages';

/** Signs in through the sign-in page the page shows: for the tests whose subject is signing in. */
export async function signIn(page: Page, username: string, password = E2E_PASSWORD) {
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
  // The address changes at once, before the console has taken the page over: until then the
  // sign-in page's own controls (its language selector) are still there to be clicked by mistake.
  // So wait for the outcome: the sign-in form gone, or a message saying why it stayed.
  await page.waitForFunction(
    () =>
      !document.querySelector('input[name="password"][autocomplete="current-password"]') ||
      document.querySelector('[role="alert"], .MuiFormHelperText-root.Mui-error'),
    undefined,
    { timeout: 30_000 },
  );
}

/** Waits until the location's path (and search) is the one given. */
export async function expectPath(page: Page, path: string) {
  // With two browser test files at once on two cores, a page can take over 10 s to arrive.
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path, { timeout: 30_000 });
  const url = new URL(page.url());
  expect(`${url.pathname}${url.search}`).toBe(path);
}

export const ARTIFACTS = join(import.meta.dirname, '../.artifacts');

/** A screenshot of a failed test, to look at (tests/.artifacts is not committed). */
export async function saveFailure(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `failed-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`) }).catch(() => undefined);
}

/**
 * A fresh page (in a context of its own of the file's Chromium) for each test of the enclosing
 * describe, closed after it; a failed test leaves its screenshot in tests/.artifacts.
 */
export function useFreshPage(options: BrowserOptions = {}): { readonly page: Page } {
  let session: Awaited<ReturnType<typeof openPage>> | undefined;
  beforeEach(async () => {
    session = await openPage(options);
  });
  afterEach(async ({ task }) => {
    if (!session) return;
    if (task.result?.state === 'fail') await saveFailure(session.page, task.name);
    await session.close();
  });
  return {
    get page() {
      if (!session) throw new Error('useFreshPage: no page outside a test');
      return session.page;
    },
  };
}

/** Signs in over the API, as the sign-in page does, and answers the new session's token. */
export async function newSessionToken(username: string, password = E2E_PASSWORD): Promise<string> {
  const login = await fetch(`${baseUrl()}/dev-api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const answer = (await login.json()) as { code: number; data?: { token: string }; message?: string };
  if (answer.code !== 20000 || !answer.data) throw new Error(`Signing in as ${username} failed: ${answer.code} ${answer.message ?? ''}`);
  return answer.data.token;
}

/**
 * This test file's stored session of `username` (with the test password), signed in over the API
 * once and shared by its pages and API callers. A test that signs it out, or changes the
 * account's password, ends it for the others: such a test makes a session of its own.
 */
const storedSessions = new Map<string, Promise<string>>();
export function sessionToken(username: string): Promise<string> {
  let token = storedSessions.get(username);
  if (!token) {
    token = newSessionToken(username);
    storedSessions.set(username, token);
    token.catch(() => storedSessions.delete(username));
  }
  return token;
}

/** Gives the context the session cookie the console reads, as its sign-in page leaves it. */
export async function addSessionCookie(context: BrowserContext, token: string) {
  await context.addCookies([{ name: TOKEN_COOKIE, value: token, url: baseUrl(), sameSite: 'Strict' }]);
}

/** Opens `path` signed in as `username` with the file's stored session (or the token given), without the sign-in page. */
export async function openAs(page: Page, path: string, username = 'admin', token?: string) {
  await addSessionCookie(page.context(), token ?? (await sessionToken(username)));
  await page.goto(`${baseUrl()}${path}`);
  await expectPath(page, path);
}

/**
 * Goes to `path` in the console the page already shows, without loading the page again: the
 * address changes as the browser's back and forward buttons change it, and the console's router
 * follows it. For visits that only look at a screen; what a person's clicks do is tested with clicks.
 * The router may keep the page being left on show while the next one loads its code: this waits
 * until the tags bar marks no other page as the one shown, so that nothing of the old page is
 * taken for the new one.
 */
export async function goWithin(page: Page, path: string) {
  const pathname = new URL(path, baseUrl()).pathname;
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expectPath(page, path);
  await page.waitForFunction(
    (shown) => [...document.querySelectorAll<HTMLElement>('[data-tag][aria-selected="true"]')].every((tag) => tag.dataset.tag === shown),
    pathname,
    { timeout: 30_000 },
  );
}

/** Answers a caller of /dev-api with the file's stored session of `username`. */
export async function apiAs(username: string) {
  const token = await sessionToken(username);
  return async <T>(path: string): Promise<T> => {
    const response = await fetch(`${baseUrl()}/dev-api${path}`, { headers: { 'X-Token': token } });
    return ((await response.json()) as { data: T }).data;
  };
}

/** Chooses an option of the select input bound to `source`. */
export async function pick(page: Page, source: string, option: string) {
  await page.locator(`.MuiFormControl-root:has(input[name="${source}"]) [role=combobox]`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The sidebar's entries for these roles, as the console builds them from schemas/routes.json. */
export function sidebarEntries(roles: string[] = ['admin']): MenuEntry[] {
  return menuEntries(filterRoutes(loadRegistry().routes, roles));
}

/** The entries from the outermost group down to the one with this path, or undefined. */
function menuTrail(entries: MenuEntry[], path: string): MenuEntry[] | undefined {
  for (const entry of entries) {
    if (entry.path === path) return [entry];
    const below = menuTrail(entry.children, path);
    if (below) return [entry, ...below];
  }
  return undefined;
}

/**
 * Clicks the sidebar entry of `path` as a person would: first opening each group it sits in
 * (routes.json says which) where that group is closed.
 */
/** The sidebar's top-level entry that holds the page at `path`: its group, or the page itself. */
export function topMenuEntry(path: string, roles: string[] = ['admin']): string {
  const trail = menuTrail(sidebarEntries(roles), path);
  if (!trail) throw new Error(`schemas/routes.json gives ${roles.join(', ')} no menu entry ${path}`);
  return trail[0].path;
}

export async function clickMenu(page: Page, path: string, roles: string[] = ['admin']) {
  const trail = menuTrail(sidebarEntries(roles), path);
  if (!trail) throw new Error(`schemas/routes.json gives ${roles.join(', ')} no menu entry ${path}`);
  for (const [i, entry] of trail.entries()) {
    const inner = trail[i + 1];
    if (inner && (await page.locator(`[data-menu="${inner.path}"]`).isVisible())) continue; // already open
    await page.locator(`[data-menu="${entry.path}"]`).click();
  }
}

/** Answers GET, POST and PUT callers of /dev-api with the file's stored session of `username` (they reject on a refusal). */
export async function apiClientAs(username: string) {
  const token = await sessionToken(username);
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${baseUrl()}/dev-api${path}`, {
      ...init,
      headers: { 'X-Token': token, 'Content-Type': 'application/json' },
    });
    const envelope = (await response.json()) as { code: number; data: T; message?: string };
    if (envelope.code !== 20000) throw new Error(`${path}: ${envelope.code} ${envelope.message ?? ''}`);
    return envelope.data;
  };
  return {
    get: <T>(path: string) => call<T>(path),
    post: <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body: JSON.stringify(body) }),
    put: <T>(path: string, body: unknown) => call<T>(path, { method: 'PUT', body: JSON.stringify(body) }),
  };
}
