// The whole product on the real server: `npm start` on a temporary database, sign in with the
// configured password, create a device, restart the server, and the device is still there.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startServer } from '../server-process';
import { expectPath, pick, useFreshPage } from './helpers';

const PASSWORD = 'restart-password-7';

describe('the real server across a restart', () => {
  const browser = useFreshPage();

  // Two starts of the server, each allowed the 90 s startServer gives it on a busy machine.
  it('keeps a device created in the console', { timeout: 240_000 }, async () => {
    const page = browser.page;
    const env = {
      DIST_DIR: inject('distDir'),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'console-restart-')),
      ADMIN_PASSWORD: PASSWORD,
      EDITOR_PASSWORD: PASSWORD,
    };
    let server = await startServer(env);
    try {
      await page.goto(`${server.url}/device/create`);
      await expectPath(page, '/login?redirect=%2Fdevice%2Fcreate');
      await page.locator('input[name=username]').fill('admin');
      await page.locator('input[name=password]').fill(PASSWORD);
      await page.locator('button[type=submit]').click();
      await expectPath(page, '/device/create');
      await page.getByRole('button', { name: 'Save' }).waitFor();
      for (const [source, option] of [
        ['numtype', 'M'],
        ['type', 'Pulser'],
        ['status', 'In stock'],
        ['brand', 'Tensor'],
        ['meth', 'Upper hanging'],
      ]) {
        await pick(page, source, option);
      }
      await page.locator('input[name="num"]').fill('7777');
      await page.getByRole('button', { name: 'Save' }).click();
      // Once created, the console opens the instrument's record page.
      await page.waitForURL((url) => /^\/device\/record\/\d+$/.test(url.pathname), { timeout: 30_000 });

      expect(await server.stop()).toBe(0); // a graceful stop on SIGTERM
      server = await startServer(env);

      await page.goto(`${server.url}/device/index`);
      await page.locator('input[name="title"]').fill('M7777');
      const row = page.locator('table tbody tr', { hasText: 'M7777' });
      await row.waitFor();
      expect(await row.textContent()).toContain('Tensor');
    } finally {
      await server.stop();
    }
  });
});
