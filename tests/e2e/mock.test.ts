// The development mock: the console built with `--mode mock` answers /dev-api inside the
// browser (fetch-mock over the same Hono app), so a static file server is all it needs.
import { readFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './browser';
import { MOCK_PASSWORD } from '../../kernel/contract/mock-account';
import { expectPath, saveFailure, signIn } from './helpers';

const ROOT = join(import.meta.dirname, '../..');
const OUT = mkdtempSync(join(tmpdir(), 'console-dist-mock-'));

describe('the in-browser mock back-end', () => {
  let server: ServerType;
  let base = '';
  const apiHits: string[] = [];
  let page: Page;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const { build } = await import('vite');
    await build({ root: ROOT, mode: 'mock', logLevel: 'warn', build: { outDir: OUT, emptyOutDir: true } });
    const web = new Hono();
    web.all('/dev-api/*', (c) => {
      apiHits.push(c.req.path);
      return c.json({ code: 50000, message: 'the static server has no API' }, 500);
    });
    web.use('/*', serveStatic({ root: OUT }));
    web.get('*', async (c) => c.html(await readFile(join(OUT, 'index.html'), 'utf8')));
    await new Promise<void>((resolve) => {
      server = serve({ fetch: web.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        base = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
    ({ page, close } = await openPage());
  });

  afterAll(async () => {
    await close();
    server.close();
  });

  it('accepts only admin and editor, signs in, and lists crews without calling the server', async () => {
    try {
      await page.goto(`${base}/crew/index`);
      await expectPath(page, '/login?redirect=%2Fcrew%2Findex');
      await page.getByText('Demo back-end: sign in as admin or editor with password 111111').waitFor();
      await signIn(page, 'root', MOCK_PASSWORD);
      await page.getByText('Please enter the correct user name (admin or editor)').waitFor();
      await signIn(page, 'editor', MOCK_PASSWORD);
      await expectPath(page, '/crew/index');
      await expect.poll(() => page.locator('table tbody tr').count()).toBe(20);
      await page.getByText('of 24').waitFor();
      expect(await page.locator('[data-menu="/setting"]').count()).toBe(0);

      // The token becomes admin-token and the routes are generated anew.
      await page.goto(`${base}/profile/index`);
      await page.locator('[data-role="admin"]').click();
      await page.locator('[data-menu="/setting"]').waitFor();
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'Admin-Token')?.value).toBe('admin-token');
      expect(apiHits).toEqual([]);
    } catch (error) {
      await saveFailure(page, 'mock');
      throw error;
    }
  });
});
