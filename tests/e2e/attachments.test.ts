// The attachments library (Settings → Attachments) and the picker, in Chromium against the Node
// server: a file uploaded in the test is listed and, after the Tip confirm, deleted; a file a
// record holds cannot be deleted and says which record holds it; a staff member's photo field
// reuses a file of the library as a copy, the original staying with its record. Then screenshots
// of the library in two languages at desk and phone width, to look at.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { LibraryFile } from '../../kernel/contract/attachments';
import { apiClientAs, baseUrl, openAs, sessionToken, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

const LIBRARY = '/setting/system/attachment';

/** Uploads a file as the admin (to `path`, with the form fields given), answering the stored file. */
async function upload(name: string, bytes: Uint8Array, path = '/upload', fields: Record<string, string> = {}): Promise<LibraryFile> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', new File([new Uint8Array(bytes)], name));
  const response = await fetch(`${baseUrl()}/dev-api${path}`, {
    method: 'POST',
    headers: { 'X-Token': await sessionToken('admin') },
    body: form,
  });
  const envelope = (await response.json()) as { code: number; data: LibraryFile; message?: string };
  if (envelope.code !== 20000) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

const picture = (background: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1');

async function openLibrary(page: Page, search?: string) {
  await openAs(page, LIBRARY);
  if (search) await page.locator('input[name="q"]').fill(search);
}

const listed = async (q: string) =>
  (await (await apiClientAs('admin')).get<{ list: LibraryFile[] }>(`/setting/attachment/list?q=${encodeURIComponent(q)}`)).list;

describe('the attachments library', () => {
  const browser = useFreshPage();

  it('lists a file uploaded in the test and deletes it after the Tip confirm', async () => {
    const page = browser.page;
    const name = `loose-${Date.now()}.png`;
    await upload(name, await picture('#1890ff'));
    await openLibrary(page, name);
    const card = page.locator(`[data-attachment="${name}"]`);
    await card.waitFor();
    expect(await card.textContent()).toMatch(/KB/);
    expect(await card.textContent()).toContain('Not attached');
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    const tip = page.locator('[data-confirm-call]');
    await tip.getByText('Tip').waitFor();
    expect(await tip.textContent()).toContain(name);
    await tip.getByRole('button', { name: 'Confirm' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await listed(name)).toEqual([]);
  });

  it('offers no delete for a file a record holds, and names the record, linked to its page', async () => {
    const page = browser.page;
    const admin = await apiClientAs('admin');
    const num = `AT${Date.now() % 1_000_000}`;
    const device = await admin.post<{ id: number; name: string }>('/device/create', {
      numtype: 'T',
      num,
      type: 1,
      status: 0,
      brand: 1,
      meth: 1,
    });
    const name = `certificate-${num}.pdf`;
    await upload(name, PDF, '/device/report/upload', { id: String(device.id) });
    await openLibrary(page, name);
    const card = page.locator(`[data-attachment="${name}"]`);
    await card.waitFor();
    // A report filed on an instrument is the certificate of a calibration record of it.
    const [calibration] = (await admin.get<{ items: { id: number; date: string }[] }>(`/device/calibration/list?id=${device.id}`)).items;
    const holder = card.locator('[data-attached-to]');
    expect(await holder.textContent()).toBe(`Attached to Calibration ${calibration.date} as Certificate file`);
    expect(await card.getByRole('button', { name: `Delete ${name}` }).count()).toBe(0);
    await holder.getByRole('link').click();
    await page.waitForURL((url) => url.pathname.split('/').includes(String(calibration.id)), { timeout: 30_000 });
  });

  it('shows a landscape picture whole in its thumbnails, in the library and on a calibration', async () => {
    const page = browser.page;
    const wide = await sharp({ create: { width: 800, height: 200, channels: 3, background: '#722ed1' } })
      .png()
      .toBuffer();
    const name = `landscape-${Date.now()}.png`;
    await upload(name, wide);
    const admin = await apiClientAs('admin');
    const device = await admin.post<{ id: number }>('/device/create', {
      numtype: 'T',
      num: `LS${Date.now() % 1_000_000}`,
      type: 1,
      status: 0,
      brand: 1,
      meth: 1,
    });
    await upload(`report-${name}`, wide, '/device/report/upload', { id: String(device.id) });
    /** How the thumbnail draws its picture in its box, and the picture's own proportions (the server's thumbnail is not cut either). */
    const drawn = (img: ReturnType<Page['locator']>) =>
      img.evaluate((element: HTMLImageElement) =>
        element.complete && element.naturalWidth > 0
          ? { fit: getComputedStyle(element).objectFit, ratio: element.naturalWidth / element.naturalHeight }
          : undefined,
      );

    await openLibrary(page, name);
    const tile = page.locator(`[data-attachment="${name}"] img`);
    await expect.poll(() => drawn(tile)).toEqual({ fit: 'contain', ratio: 4 });

    await openAs(page, `/device/record/${device.id}`);
    await page.locator('#main-content .MuiTabs-root').getByRole('tab', { name: 'Calibrations' }).click();
    // The instrument's one calibration: the record the report became, its certificate drawn in its row.
    const certificate = page.locator('#main-content table tbody tr img, #main-content .MuiListItemButton-root img').first();
    await expect.poll(() => drawn(certificate)).toEqual({ fit: 'contain', ratio: 4 });
  });

  it('reuses a file of the library in a staff photo field as a copy, the original kept', async () => {
    const page = browser.page;
    const admin = await apiClientAs('admin');
    const name = `library-photo-${Date.now()}.png`;
    const original = await upload(name, await picture('#52c41a'));
    const staff = (await admin.get<{ items: { id: number }[] }>('/staff/list?limit=1')).items[0];
    const path = `/staff/edit/${staff.id}`;
    await openAs(page, path);
    const field = page.locator('[role=group]').filter({ has: page.getByTestId('upload-input-avatar') });
    await field.getByRole('button', { name: 'Choose from library' }).click();
    const dialog = page.locator('[data-library-picker]');
    await dialog.getByLabel('File name').fill(name);
    await dialog.getByRole('button', { name: `Choose ${name}` }).click();
    await dialog.waitFor({ state: 'detached' });
    await field.locator('img').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await admin.get<{ avatar?: string }>(`/staff/detail?id=${staff.id}`)).avatar)
      .toMatch(/^\/dev-api\/upload\/file\/[0-9a-f]{32}\.png$/);
    const avatar = (await admin.get<{ avatar: string }>(`/staff/detail?id=${staff.id}`)).avatar;
    expect(avatar).not.toBe(original.url);
    const files = await listed(name);
    expect(files.find((file) => file.url === avatar)?.attachment).toMatchObject({
      resource: 'staff',
      recordId: staff.id,
      as: 'field:avatar',
    });
    expect(files.find((file) => file.id === original.id)).toMatchObject({ url: original.url, attachment: null });
  });
});

describeScreens('attachments library', SCREEN_CASES, 'attachments', async ({ page, shot }) => {
  await upload(`screen-${Date.now()}.png`, await picture('#fa8c16'));
  await openAs(page, LIBRARY);
  await page.locator('[data-attachment]').first().waitFor();
  await shot('library');
});
