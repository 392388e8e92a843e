// The visit log and the Backup screen in Chromium against the Node server (SQLite): screens an
// editor opens reach the visit log once the batch is sent (here by the next page, after the first
// went away), and the
// admin sees them there; the admin backs up now, sees the backup listed, downloads it and deletes
// it after the Tip question. Then screenshots of both screens in two languages, desk and phone.
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BACKUP_PATHS, type BackupListing } from '../../kernel/contract/backups';
import { apiClientAs, baseUrl, clickMenu, expectPath, goWithin, messages, openAs, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

const VISIT_LOG = '/setting/log/visit';
const BACKUP = '/setting/system/backup';

interface Entry {
  user: string;
  path: string;
  title?: string;
  at: string;
}

describe('the visit log', () => {
  const browser = useFreshPage();

  it('lists the screens an editor opened once the batch is sent, for the admin to read', async () => {
    const page = browser.page;
    const started = new Date().toISOString();
    await openAs(page, '/home', 'editor');
    const english = messages('en');
    for (const [path, title] of [
      ['/crew/index', 'CrewList'],
      ['/crew/statistics', 'CrewStatistics'],
      ['/device/index', 'DeviceList'],
    ]) {
      await clickMenu(page, path, ['editor']);
      await expectPath(page, path);
      // A screen counts as opened once it is shown: its title is in the browser's tab.
      await page.waitForFunction((shown) => document.title.includes(shown), english[`route.${title}`]);
    }
    // Leaving the page keeps what is queued in the browser; the next page of the console sends it.
    await page.goto('about:blank');
    await page.goto(`${baseUrl()}/home`);
    await expectPath(page, '/home');

    const admin = await apiClientAs('admin');
    const editor = await (await apiClientAs('editor')).get<{ name: string }>('/user/info');
    const visitsSince = async () =>
      (await admin.get<{ list: Entry[] }>(`/setting/log/visit/list?limit=100&user=${encodeURIComponent(editor.name)}`)).list
        .filter((entry) => entry.at >= started)
        .map((entry) => entry.path);
    await expect.poll(visitsSince).toEqual(expect.arrayContaining(['/home', '/crew/index', '/crew/statistics', '/device/index']));
    const ordered = (await visitsSince()).filter((path) => path !== '/home');
    expect(ordered.slice(0, 3)).toEqual(['/device/index', '/crew/statistics', '/crew/index']);

    // The admin reads them on the visit log screen, newest first (the editor's session left behind).
    await page.context().clearCookies();
    await openAs(page, VISIT_LOG);
    await page.getByText('/crew/statistics').first().waitFor();
    expect(await page.getByText('/device/index').count()).toBeGreaterThan(0);
    // The screen is named by its route's title, translated, not by the key the console sent.
    expect(await page.locator('table').getByText(english['route.CrewStatistics'], { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.locator('table').getByText('CrewStatistics', { exact: true }).count()).toBe(0);
  });
});

describe('the Backup screen', () => {
  const browser = useFreshPage();

  it('backs up now, lists the backup, downloads it and deletes it after the Tip question', async () => {
    const page = browser.page;
    await openAs(page, BACKUP);
    await page.getByRole('button', { name: 'Back up now' }).click();
    const result = page.locator('[data-backup-result="ok"]');
    await result.waitFor({ timeout: 30_000 });
    const name = /console-[0-9TZ-]+\.db/.exec((await result.textContent()) ?? '')?.[0];
    expect(name, (await result.textContent()) ?? '').toBeTruthy();
    expect(await result.textContent()).toMatch(/\d+(\.\d)? (KB|MB)/);
    const row = page.locator(`[data-backup="${name}"]`);
    await row.waitFor();
    const listing = await (await apiClientAs('admin')).get<BackupListing>(BACKUP_PATHS.list);
    expect(listing.list.map((file) => file.name)).toContain(name);

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Download ${name}` }).click()]);
    expect(download.suggestedFilename()).toBe(name);
    const saved = await download.path();
    expect(readFileSync(saved).subarray(0, 15).toString()).toBe('SQLite format 3');
    const copy = new Database(saved, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const tip = page.locator('[data-confirm-call]');
    await tip.getByText('Tip').waitFor();
    expect(await tip.textContent()).toContain(name!);
    await tip.getByRole('button', { name: 'Confirm' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await (await apiClientAs('admin')).get<BackupListing>(BACKUP_PATHS.list)).list.map((file) => file.name)).not.toContain(name);
  });
});

describeScreens(
  'the visit log and Backup screens',
  SCREEN_CASES,
  'visits',
  async ({ page, shot }) => {
    await (await apiClientAs('admin')).post(BACKUP_PATHS.create, {});
    await openAs(page, VISIT_LOG);
    await page.locator('table tbody tr, [data-list-card], ul li').first().waitFor();
    await shot('visitlog');
    await goWithin(page, BACKUP);
    await page.locator('[data-backup]').first().waitFor();
    await shot('backup');
  },
  // Each shot waits for what it shows, not for the requests: a visit log call may hang.
  { networkIdle: false },
);
