// Reports and labels from the console: an instrument's record page opens its history as a PDF in
// a new tab (the server's PDF, fetched with the session), and its label sheet; a well's page its
// survey report; the assign dialog's scan field takes one label's address after another (a
// scanner types it and Enter) without leaving the dialog. Then screenshots of the record pages'
// buttons, and pdftoppm renders of the PDFs, in zh and en.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FITNESS_PATH, type FitnessItem } from '../../kernel/fleet/fitness';
import { LABEL_SHEETS, RECORD_PDFS } from '../../kernel/pdf/names';
import { apiClientAs, baseUrl, messages, openAs, sessionToken, useFreshPage } from './helpers';
import { SCREENS, SCREEN_CASES, describeScreens } from './screens';

type Row = { id: number; [field: string]: unknown };
type Client = Awaited<ReturnType<typeof apiClientAs>>;
const m = messages('en');
const stamp = Date.now() % 1_000_000;
const dialog = (page: Page) => page.getByRole('dialog').last();
let admin: Client;
let well: Row;
let devices: Row[];

beforeAll(async () => {
  admin = await apiClientAs('admin');
  const list = await admin.get<{ items?: Row[]; list?: Row[] }>('/project/list?page=1&limit=1');
  const [sample] = list.items ?? list.list ?? [];
  well = await admin.post<Row>('/project/add', {
    wellNumber: `E2E-PDF-${stamp}`,
    wellType: sample.wellType,
    oilArea: 'Changqing',
    clientUnit: 'PetroChina',
    startDate: '2025-04-01',
    status: 0,
  });
  // Two instruments in stock and fit to go to the new well (calibrated, not overdue for service).
  const stock = await admin.get<{ items: Row[] }>('/device/list?page=1&limit=50&status=0');
  const inStock = stock.items.filter((d) => d.status === 0);
  const fitness = await admin.get<{ items: FitnessItem[] }>(`${FITNESS_PATH}?ids=${inStock.map((d) => d.id).join(',')}`);
  const fit = new Set(fitness.items.filter((item) => item.unfit.length === 0).map((item) => item.id));
  devices = inStock.filter((d) => fit.has(d.id)).slice(0, 2);
  expect(devices).toHaveLength(2);
});

/**
 * Clicks the button named `name`: the server's answer to the console's call must be a PDF, and
 * the new tab shows it (in the browser's viewer, framed); answers the PDF's size.
 */
async function opensPdf(page: Page, name: string, path: string) {
  const [tab, response] = await Promise.all([
    page.context().waitForEvent('page'),
    page.waitForResponse((r) => new URL(r.url()).pathname === `/dev-api${path}`),
    page.getByRole('button', { name, exact: true }).first().click(),
  ]);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const frame = tab.locator('iframe[data-pdf-frame]');
  await frame.waitFor({ state: 'attached', timeout: 20_000 });
  expect(await frame.getAttribute('src')).toMatch(/^blob:/);
  await tab.close();
  return Number(response.headers()['content-length'] ?? 0);
}

describe('reports and labels from the console', () => {
  const browser = useFreshPage();

  it("opens an instrument's history and its label, and a well's survey report, as PDFs in a new tab", async () => {
    const page = browser.page;
    const [device] = devices;
    await openAs(page, `/device/record/${device.id}`);
    await page.getByRole('heading', { name: String(device.name) }).waitFor();
    await opensPdf(page, m[RECORD_PDFS.device.label], RECORD_PDFS.device.path);
    await opensPdf(page, m['app.pdf.label'], LABEL_SHEETS.device);

    await openAs(page, `/project/record/${well.id}`);
    expect(await opensPdf(page, m[RECORD_PDFS.project.label], RECORD_PDFS.project.path)).toBeGreaterThan(1000);
  });

  it('takes scanned labels one after another in the assign dialog, which stays open', async () => {
    const page = browser.page;
    expect(devices).toHaveLength(2);
    await openAs(page, `/project/record/${well.id}`);
    await page
      .locator('#main-content .MuiTabs-root')
      .getByRole('tab', { name: m['resources.projectdevice.name'].split('||||')[1].trim() })
      .click();
    await page.getByRole('button', { name: m['app.assign.assign'] }).first().click();
    const scan = dialog(page).locator('[data-scan-input]');
    await scan.waitFor();
    // What a scanner types: each label's address, then Enter.
    for (const device of devices) {
      await scan.click();
      await page.keyboard.type(`${baseUrl()}/device/record/${device.id}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => dialog(page).locator('[data-scan-note]').textContent()).toContain(String(device.name));
    }
    // Something that is no label is said so, and changes nothing.
    await scan.fill('not a label');
    await scan.press('Enter');
    await expect.poll(() => dialog(page).locator('[data-scan-note]').textContent()).toContain('not a label');
    for (const device of devices)
      await dialog(page)
        .locator('.MuiChip-root', { hasText: String(device.name) })
        .waitFor();
    expect(await dialog(page).locator('.MuiChip-root').count()).toBe(2);
    await dialog(page).getByRole('button', { name: m['app.assign.assign'], exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const assigned = await admin.get<{ items: Row[] }>(`/project/device/list?id=${well.id}`);
    expect(assigned.items.map((row) => row.device).sort()).toEqual(devices.map((d) => d.id).sort());
  });
});

describeScreens('the record pages with their PDF buttons', SCREEN_CASES, 'pdf', async ({ page, lang, shot }) => {
  await openAs(page, `/device/record/${devices[0].id}`);
  await page.getByRole('button', { name: lang[RECORD_PDFS.device.label], exact: true }).first().waitFor();
  await shot('device-record');
  await openAs(page, `/project/record/${well.id}`);
  await page.getByRole('button', { name: lang[RECORD_PDFS.project.label], exact: true }).first().waitFor();
  await shot('well-record');
  // The parameters: the company name and logo the reports print.
  await openAs(page, '/setting/system/parameter');
  await page.locator('input[name="companyName"]').waitFor();
  await shot('parameters');
  // A trip's daily reports: a PDF button in each row.
  // A trip with daily reports (other suites add trips without any): the newest such.
  let trip: Row | undefined;
  for (const candidate of (await admin.get<{ items: Row[] }>('/project/record/list?page=1&limit=100&sort=-id')).items) {
    const reports = await admin.get<{ total: number }>(`/project/daily/list?tid=${candidate.id}&page=1&limit=1`);
    if (reports.total > 0) {
      trip = candidate;
      break;
    }
  }
  if (!trip) throw new Error('no trip with daily reports');
  await openAs(page, `/project/daily/${trip.wellId as number}/${trip.id}`);
  await page.locator(`#main-content [data-pdf="${RECORD_PDFS.daily.path}"]`).first().waitFor();
  await shot('daily-rows');
  // The instrument list: rows chosen, their labels printed together.
  await openAs(page, '/device/index');
  const boxes = page.locator('#main-content table tbody tr input[type="checkbox"]');
  await page.locator('#main-content table tbody tr, #main-content .MuiListItemButton-root').first().waitFor();
  if ((await boxes.count()) > 1) {
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('button', { name: lang['app.pdf.labels'] }).waitFor();
    await shot('device-list-labels');
  }
});

const pdftoppm = spawnSync('which', ['pdftoppm']).status === 0;
describe.skipIf(!pdftoppm)('the PDFs as they print (pdftoppm renders)', () => {
  it.each(['zh', 'en'])('renders each report and a label sheet in %s', { timeout: 120_000 }, async (language) => {
    mkdirSync(SCREENS, { recursive: true });
    const token = await sessionToken('admin');
    // A trip with daily reports (other suites add trips without any): the newest such.
    let trip: Row | undefined;
    for (const candidate of (await admin.get<{ items: Row[] }>('/project/record/list?page=1&limit=100&sort=-id')).items) {
      const reports = await admin.get<{ total: number }>(`/project/daily/list?tid=${candidate.id}&page=1&limit=1`);
      if (reports.total > 0) {
        trip = candidate;
        break;
      }
    }
    if (!trip) throw new Error('no trip with daily reports');
    const reports = await admin.get<{ items: Row[] }>(`/project/daily/list?tid=${trip.id}&limit=1`);
    const wanted: [string, string][] = [
      ['daily', `${RECORD_PDFS.daily.path}?id=${reports.items[0]?.id ?? 1}`],
      ['survey', `${RECORD_PDFS.project.path}?id=${trip.wellId as number}`],
      ['history', `${RECORD_PDFS.device.path}?id=${devices[0].id}`],
      ['labels', `${LABEL_SHEETS.device}?ids=${devices.map((d) => d.id).join(',')}`],
    ];
    for (const [name, path] of wanted) {
      const response = await fetch(`${baseUrl()}/dev-api${path}`, { headers: { 'X-Token': token, 'Accept-Language': language } });
      expect(response.headers.get('Content-Type'), path).toBe('application/pdf');
      const file = join(SCREENS, `pdf-${language}-${name}.pdf`);
      writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
      execFileSync('pdftoppm', ['-r', '70', '-png', '-f', '1', '-l', '1', file, join(SCREENS, `pdf-${language}-${name}`)]);
    }
  });
});
