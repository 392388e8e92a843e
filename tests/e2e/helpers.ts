import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, inject } from 'vitest';
import { filterRoutes, type MenuEntry, menuEntries } from '../../kernel/routes/tree';
import { loadRegistry } from '../../kernel/schema/load-node';
import { type BrowserOptions, openBrowser } from './browser';
import { E2E_PASSWORD } from './constants';

export const baseUrl = () => inject('baseUrl');

export { E2E_PASSWORD } from './constants';

export { messages } from '../messages';

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
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path, { timeout: 10_000 });
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
 * A fresh Chromium page for each test of the enclosing describe, closed after it;
 * a failed test leaves its screenshot in tests/.artifacts.
 */
export function useFreshPage(options: BrowserOptions = {}): { readonly page: Page } {
  let session: Awaited<ReturnType<typeof openBrowser>> | undefined;
  beforeEach(async () => {
    session = await openBrowser(options);
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

/** Signs in through the API and answers a caller of /dev-api with that session. */
export async function apiAs(username: string) {
  const login = await fetch(`${baseUrl()}/dev-api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: E2E_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  return async <T>(path: string): Promise<T> => {
    const response = await fetch(`${baseUrl()}/dev-api${path}`, { headers: { 'X-Token': data.token } });
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

/** Signs in through the API and answers GET and POST callers of /dev-api with that session (POST rejects on a refusal). */
export async function apiClientAs(username: string) {
  const login = await fetch(`${baseUrl()}/dev-api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: E2E_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${baseUrl()}/dev-api${path}`, {
      ...init,
      headers: { 'X-Token': data.token, 'Content-Type': 'application/json' },
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
