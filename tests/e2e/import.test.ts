// Importing a spreadsheet into a list as a person does it: the Import button of the instruments'
// list opens the dialog, a CSV with Chinese headers is chosen, the preview names the bad rows by
// row and column with the forms' messages, and the valid rows are imported in one go; the list
// then shows them. Screenshots of the dialog with its preview in Chinese and English, desk and phone.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from '../../kernel/sheet/read';
import { apiClientAs, messages, openAs, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

const zh = messages('zh');
const header = ['numtype', 'num', 'type', 'status', 'brand', 'meth'].map((field) => zh[`resources.device.fields.${field}`]).join(',');

/** `count` instruments numbered from `from`, with a kind no list holds on row 5 and a repeated number on row 9 (lines 6 and 10). */
function sheet(from: number, count: number): string {
  const lines = [header];
  for (let i = 0; i < count; i++) {
    const num = i === 8 ? from : from + i;
    lines.push(['T', String(num), i === 4 ? '钻头' : '脉冲器', '在库', 'APS', '上挂'].join(','));
  }
  return lines.join('\n');
}

async function chooseFile(page: import('playwright-core').Page, name: string, content: string) {
  await page.locator('[data-import-button]').click();
  await page.locator('[data-import-dialog]').waitFor();
  await page.locator('[data-import-input]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await page.locator('[data-import-summary]').waitFor();
}

describe('importing instruments from a spreadsheet', () => {
  const browser = useFreshPage();

  it('previews the file naming its bad rows, then imports the valid ones', async () => {
    const page = browser.page;
    const from = 600_000 + (Date.now() % 100_000) * 3;
    await openAs(page, '/device/index');
    await chooseFile(page, 'instruments.csv', sheet(from, 20));
    const en = messages('en');
    await expect.poll(() => page.locator('[data-import-summary]').innerText()).toContain('20 rows: 18 valid, 2 with problems');
    const errors = page.locator('[data-import-errors] tbody tr');
    await expect.poll(() => errors.count()).toBe(2);
    expect(await page.locator('[data-import-error-row="6"]').innerText()).toContain('钻头');
    expect(await page.locator('[data-import-error-row="10"]').innerText()).toContain(`T${from}`);
    // Each column shows the field it was matched to.
    await expect.poll(() => page.locator('[data-import-columns]').innerText()).toContain(en['resources.device.fields.meth']);
    const commit = page.locator('[data-import-commit]');
    expect(await commit.innerText()).toContain('18');
    await commit.click();
    await page.locator('[data-import-dialog]').waitFor({ state: 'detached' });
    const admin = await apiClientAs('admin');
    const found = await admin.get<{ total: number }>(`/device/list?page=1&limit=1&title=T${from}`);
    expect(found.total).toBeGreaterThan(0);
    const log = await admin.get<{ list: { resource: string; action: string }[] }>('/setting/log/operation/list?page=1&limit=1&sort=-id');
    expect(log.list[0]).toMatchObject({ resource: 'importrun', action: 'create' });
  });

  it('downloads the list’s template: headers in the reader’s language and an example row', async () => {
    const page = browser.page;
    await openAs(page, '/device/index');
    await page.locator('[data-import-button]').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-import-template]').click()]);
    const read = readSpreadsheet(new Uint8Array(await readFile((await download.path())!)));
    const en = messages('en');
    expect(read.ok && read.rows[0]).toEqual(
      expect.arrayContaining([`*${en['resources.device.fields.num']}`, `${en['resources.device.fields.outerDiameter']} (mm)`]),
    );
    expect(read.ok && read.rows[1]).toContain(en['resources.device.enums.status.0']);
  });
});

describeScreens('the import dialog', SCREEN_CASES, 'import', async ({ page, shot }) => {
  await openAs(page, '/device/index');
  await chooseFile(page, '仪器.csv', sheet(900_000 + (Date.now() % 50_000), 12));
  await page.locator('[data-import-errors]').waitFor();
  await shot('preview');
});
