import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, inject } from 'vitest';
import { type BrowserOptions, openBrowser } from './browser';
import { E2E_PASSWORD } from './constants';

export const baseUrl = () => inject('baseUrl');

export { E2E_PASSWORD } from './constants';

export { messages } from '../messages';

export async function signIn(page: Page, username: string, password = E2E_PASSWORD) {
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
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
