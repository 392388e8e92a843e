// Calibrations on an instrument's record page, in Chromium against the Node server: a calibration
// filed in the tab's dialog with its certificate file and measured values moves the instrument's
// due date and takes it from awaiting calibration back to stock; an image certificate shows as
// the server's thumbnail, a PDF as its download; a refused file is explained. Screenshots of the
// tab, the dialog, the Calibrations list (with the staff photo field) to look at.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoReports } from '../../kernel/demo/report-files';
import { apiClientAs, openAs, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

type Row = { id: number; [field: string]: unknown };
const DAY = 86_400_000;
/** A day `days` from today (negative: before), as a date field holds it. */
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** An instrument made for the test, so that its calibrations are its own. */
async function newDevice(num: string, status = 0): Promise<Row> {
  const admin = await apiClientAs('admin');
  return admin.post<Row>('/device/create', { numtype: 'T', num: `${num}${Date.now() % 100000}`, type: 1, status, brand: 1, meth: 1 });
}

const calibrationsOf = async (device: number) =>
  (await (await apiClientAs('admin')).get<{ items: Row[] }>(`/device/calibration/list?id=${device}&sort=%2Bid`)).items;

async function openCalibrations(page: Page, device: number, tab = 'Calibrations') {
  await openAs(page, `/device/record/${device}`);
  await page.getByRole('tab', { name: tab }).click();
}

const dialog = (page: Page) => page.getByRole('dialog');
/** Chooses an option of the dialog's select bound to `source` (the tab's filter has one of the same name). */
async function pickInDialog(page: Page, source: string, option: string) {
  await dialog(page).locator(`.MuiFormControl-root:has(input[name="${source}"]) [role=combobox]`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
/** The Create button of the tab's toolbar, not the one an empty tab's state offers. */
const toolbarCreate = (page: Page, name = 'Create') =>
  page.getByRole('button', { name, exact: true }).and(page.locator(':not([role=status] *)'));

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

describe("calibrations on an instrument's record page", () => {
  const browser = useFreshPage();

  it('files a calibration with its certificate and values: the due date moves and the instrument is back in stock', async () => {
    const page = browser.page;
    const device = await newDevice('E2E-C1', 3); // awaiting calibration
    expect(device.calibrationUntil ?? undefined).toBeUndefined();
    const [certificate] = (await demoReports(7, 'T-E2E-C1')).filter((r) => r.name.endsWith('.pdf'));
    await openCalibrations(page, device.id);
    await toolbarCreate(page).click();
    await dialog(page).getByText('Add calibration').waitFor();
    await dialog(page).locator('input[name="date"]').fill(day(-10));
    await pickInDialog(page, 'result', 'Passed');
    await dialog(page).locator('input[name="certificateNo"]').fill('CAL-E2E-001');
    await dialog(page).locator('input[name="lab"]').fill('Xi’an metrology lab');
    await dialog(page).getByRole('button', { name: 'Add', exact: true }).click();
    await dialog(page).locator('input[name="values.0.quantity"]').fill('Inclination');
    await dialog(page).locator('input[name="values.0.reading"]').fill('45.02');
    await dialog(page).locator('input[name="values.0.reference"]').fill('45');
    await dialog(page).locator('input[name="values.0.tolerance"]').fill('0.1');
    await dialog(page)
      .getByTestId('upload-input-certificate')
      .setInputFiles({ name: certificate.name, mimeType: 'application/pdf', buffer: Buffer.from(certificate.bytes) });
    // The file is uploaded once picked: the input then offers to replace it.
    await dialog(page).getByRole('button', { name: 'Replace' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    const row = page.locator('table tbody tr', { hasText: 'CAL-E2E-001' });
    await row.waitFor();
    const [filed] = await calibrationsOf(device.id);
    // Left empty, the next due date is the date plus the type's validity; the instrument's follows it.
    expect(filed).toMatchObject({ result: 'passed', certificateNo: 'CAL-E2E-001', values: [{ quantity: 'Inclination', reading: 45.02 }] });
    expect(filed.nextDue).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(filed.certificate).toMatch(/^\/dev-api\/upload\/file\/[0-9a-f]{32}\.pdf$/);
    const instrument = await (await apiClientAs('admin')).get<Row>(`/device/detail?id=${device.id}`);
    expect(instrument).toMatchObject({ status: 0, calibrationUntil: filed.nextDue });
    // The page says so without being opened again: in stock, calibrated until that day; the PDF offered as a download.
    await expect.poll(() => page.locator('#main-content').textContent()).toContain('In stock');
    const until = new Date(`${filed.nextDue as string}T00:00:00`).toLocaleDateString('en');
    await expect.poll(() => page.locator('#main-content').textContent()).toContain(until);
    expect(await row.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(filed.certificate);
  });

  it('shows an image certificate as the server’s thumbnail, and explains a file it refuses', async () => {
    const page = browser.page;
    const device = await newDevice('E2E-C2');
    await openCalibrations(page, device.id);
    await toolbarCreate(page).click();
    await dialog(page).locator('input[name="date"]').fill(day(-3));
    await pickInDialog(page, 'result', 'Failed');
    const input = dialog(page).getByTestId('upload-input-certificate');
    await input.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.getByText(/tool\.exe.*This kind of file cannot be uploaded\. Allowed: \.png/).waitFor();
    await input.setInputFiles({ name: 'curve.png', mimeType: 'image/png', buffer: await chart() });
    await dialog(page).getByRole('button', { name: 'Replace' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    const thumbnail = page.locator('table tbody tr').first().locator('img');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth).catch(() => 0)).toBe(240);
    expect(await thumbnail.getAttribute('src')).toMatch(/^\/dev-api\/upload\/thumbnail\/[0-9a-f]{32}\.png$/);
    const [filed] = await calibrationsOf(device.id);
    expect(filed).toMatchObject({ result: 'failed', date: day(-3) });
    // A failed calibration sets an instrument in stock awaiting calibration.
    expect(await (await apiClientAs('admin')).get<Row>(`/device/detail?id=${device.id}`)).toMatchObject({ status: 3 });
  });
});

describeScreens('calibration screens', SCREEN_CASES, 'calibrations', async ({ page, lang: m, shot }) => {
  const admin = await apiClientAs('admin');
  const device = await newDevice('SHOT');
  for (const [days, result] of [
    [-400, 'passed'],
    [-30, 'passed'],
  ] as const)
    await admin.post('/device/calibration/add', {
      device: device.id,
      date: day(days),
      result,
      certificateNo: `SHOT-${-days}`,
      lab: 'Xi’an metrology lab',
      values: [{ quantity: 'Inclination', unit: '°', reading: 45.02, reference: 45, tolerance: 0.1 }],
    });
  const plural = (key: string) => m[key].split('||||').pop()!.trim();
  await openCalibrations(page, device.id, plural('resources.calibration.name'));
  const rows = page.locator('#main-content').locator('table tbody tr, .MuiListItemButton-root');
  await expect.poll(() => rows.filter({ hasText: 'SHOT-' }).count()).toBe(2);
  // Only the latest stands for the instrument: the one it superseded is not marked as expired.
  expect(await page.locator('#main-content [data-expiry="expired"]').count()).toBe(0);
  await shot('tab');

  await rows.filter({ hasText: 'SHOT-30' }).first().click();
  await dialog(page).locator('input[name="certificateNo"]').waitFor();
  await shot('dialog');
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({ state: 'detached' });

  await openAs(page, '/device/calibration');
  await rows.first().waitFor();
  await shot('list');

  const staff = (await admin.get<{ items: Row[] }>('/staff/list?limit=1')).items[0];
  if (staff) {
    await openAs(page, `/staff/edit/${staff.id}`);
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
    await shot('staff-avatar-field');
  }
});
