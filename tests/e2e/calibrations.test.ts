// Calibration reports on an instrument's record page, in Chromium against the Node server: a PNG
// uploaded and seen as the server's thumbnail, previewed, refused files explained, a report
// deleted after confirmation; and screenshots of the tab, the previews and the staff photo field
// in English, Chinese and at phone width, to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoReports } from '../../kernel/demo/report-files';
import { openPage } from './browser';
import { waitUntilStill } from './settle';
import { ARTIFACTS, baseUrl, messages, openAs, sessionToken, useFreshPage } from './helpers';

const SCREENS = join(ARTIFACTS, 'screens');

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}/dev-api${path}`, {
    ...init,
    headers: { 'X-Token': await sessionToken('admin'), ...(init.headers ?? {}) },
  });
  const envelope = (await response.json()) as { code: number; data: T; message?: string };
  if (envelope.code !== 20000) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** A device that exists, created for the test so that its reports are its own. */
async function newDevice(num: string): Promise<number> {
  const body = JSON.stringify({ numtype: 'T', num, type: 1, status: 0, brand: 1, meth: 1 });
  return (await call<{ id: number }>('/device/create', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).id;
}

type Report = { id: number; name: string; url: string; thumbnail: string };
const reportsOf = (device: number) => call<{ list: Report[] }>(`/device/report/list?id=${device}`).then((data) => data.list);

async function uploadReport(device: number, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('id', String(device));
  form.set('file', new File([new Uint8Array(bytes)], name));
  return call<Report>('/device/report/upload', { method: 'POST', body: form });
}

async function openReports(page: Page, device: number, tab: string, username = 'admin') {
  const path = `/device/record/${device}`;
  await openAs(page, path, username);
  await page.getByRole('tab', { name: tab }).click();
}

const chart = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="800" height="500"><path d="M0 400 L200 120 L400 300 L800 60" stroke="#1890ff" stroke-width="12" fill="none"/></svg>',
        ),
        top: 0,
        left: 0,
      },
    ])
    .png()
    .toBuffer();

describe('calibration reports on a device record page', () => {
  const browser = useFreshPage();

  it('uploads a PNG and shows its thumbnail, previews it, explains a refusal, and deletes it after confirmation', async () => {
    const page = browser.page;
    const device = await newDevice('E2E-R1');
    await openReports(page, device, 'Calibration reports');
    await page.getByText('No calibration reports yet').waitFor();
    await page.getByText(/PNG, JPG, .*; at most 10 MB per file/).waitFor();

    await page.getByTestId('report-file-input').setInputFiles({ name: 'curve.png', mimeType: 'image/png', buffer: await chart() });
    const card = page.getByTestId('report-card').filter({ hasText: 'curve.png' });
    await card.waitFor();
    const thumbnail = card.locator('img');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    expect(await thumbnail.getAttribute('src')).toMatch(/^\/dev-api\/upload\/thumbnail\/[0-9a-f]{32}\.png$/);
    expect(await card.textContent()).toMatch(/KB · Image/);

    await page.getByRole('button', { name: 'Preview curve.png' }).click();
    const dialog = page.getByRole('dialog');
    const full = dialog.locator('img');
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
    expect(await dialog.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('curve.png');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page
      .getByTestId('report-file-input')
      .setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.getByText(/tool\.exe was not uploaded: This kind of file cannot be uploaded\. Allowed: \.png/).waitFor();

    await page.getByRole('button', { name: 'Delete curve.png' }).click();
    await page.getByText('Delete curve.png? The file is removed for good.').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('No calibration reports yet').waitFor();
    expect(await reportsOf(device)).toEqual([]);
  });

  it('shows a PDF in the preview and other files as their type, offering the download', async () => {
    const page = browser.page;
    const device = await newDevice('E2E-R2');
    const [certificate] = (await demoReports(7, 'T-E2E-R2')).filter((r) => r.name.endsWith('.pdf'));
    await uploadReport(device, certificate.name, certificate.bytes);
    await uploadReport(device, 'readings.csv', new TextEncoder().encode('reference,measured\n0,0.1\n'));
    await openReports(page, device, 'Calibration reports');
    const csv = page.getByTestId('report-card').filter({ hasText: 'readings.csv' });
    await csv.waitFor();
    expect(await csv.locator('img').count()).toBe(0);
    expect(await csv.textContent()).toContain('CSV table');

    await page.getByRole('button', { name: `Preview ${certificate.name}` }).click();
    expect(await page.getByRole('dialog').locator('iframe').getAttribute('src')).toMatch(/^\/dev-api\/upload\/file\/[0-9a-f]{32}\.pdf$/);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Preview readings.csv' }).click();
    await page.getByText('This file cannot be shown in the browser. Download it to open it.').waitFor();
  });
});

describe('screenshots of calibration reports', () => {
  it.each([
    { language: 'en' as const, width: 1280, height: 800 },
    { language: 'zh' as const, width: 1280, height: 800 },
    { language: 'en' as const, width: 375, height: 740 },
    { language: 'ja' as const, width: 375, height: 740 },
  ])('in $language at $width px, without sideways scrolling', async ({ language, width, height }) => {
    mkdirSync(SCREENS, { recursive: true });
    const m = messages(language);
    const device = await newDevice(`SHOT-${language}-${width}`);
    for (const report of await demoReports(7, `T-SHOT-${language}`)) await uploadReport(device, report.name, report.bytes);
    await uploadReport(device, 'field readings.xlsx', Buffer.from('504b0304', 'hex'));
    const { page, context, close } = await openPage({ width, height });
    try {
      await context.addCookies([{ name: 'language', value: language, url: baseUrl() }]);
      await openReports(page, device, m['app.files.reports']);
      await expect.poll(() => page.getByTestId('report-card').count()).toBe(4);
      const thumbnails = page.getByTestId('report-card').locator('img');
      await expect
        .poll(() => thumbnails.evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth)))
        .toEqual([240]);
      await waitUntilStill(page);
      const shot = (name: string) => page.screenshot({ path: join(SCREENS, `${language}-${width}-${name}.png`), fullPage: true });
      await shot('device-reports');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `the reports tab scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);

      await page
        .getByRole('button', { name: m['app.files.preview_name'].replace('%{name}', 'Calibration curve T-SHOT-' + language + '.png') })
        .click();
      await page.getByRole('dialog').locator('img').waitFor();
      await waitUntilStill(page);
      await page.screenshot({ path: join(SCREENS, `${language}-${width}-report-preview.png`) });
      await page.keyboard.press('Escape');

      const staff = (await call<{ items: { id: number }[] }>('/staff/list?limit=1')).items[0];
      if (staff) {
        await page.goto(`${baseUrl()}/staff/edit/${staff.id}`);
        await page.getByTestId('upload-input-avatar').waitFor({ state: 'attached' });
        await page.getByTestId('upload-input-avatar').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await chart() });
        await expect
          .poll(() =>
            page
              .locator('[role=group] img')
              .first()
              .evaluate((img: HTMLImageElement) => img.naturalWidth)
              .catch(() => 0),
          )
          .toBe(240);
        // In the middle of the screen: a phone's form has its save bar over the bottom.
        await page
          .locator('[role=group]')
          .filter({ has: page.getByTestId('upload-input-avatar') })
          .evaluate((group) => group.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: join(SCREENS, `${language}-${width}-staff-avatar-field.png`) });
      }
    } finally {
      await close();
    }
  });
});
