// Spare parts in stock as a person sees them: a repair that used two parts leaves less of each on
// the part's page, and the one it took below its reorder level is listed on Home, linked to its page.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClientAs, expectPath, openAs, useFreshPage } from './helpers';

type Row = { id: number; [field: string]: unknown };
const ids: Record<string, number> = {};

describe('spare parts in stock', () => {
  const browser = useFreshPage();
  beforeAll(async () => {
    const admin = await apiClientAs('admin');
    const tag = Date.now() % 100000;
    const part = (name: string) =>
      admin.post<Row>('/device/asseadd', { rule_name: `${name} ${tag}`, rule_value: [{ name: 'Size', options: ['147 mm'] }] });
    ids.seal = (await part('Seal kit')).id;
    ids.battery = (await part('Battery')).id;
    await admin.post('/device/stock/add', { part: ids.seal, base: 'karamay', unit: 'set', reorderLevel: 5 });
    await admin.post('/device/stock/receipt/add', { part: ids.seal, base: 'karamay', quantity: 8 });
    await admin.post('/device/stock/receipt/add', { part: ids.battery, base: 'karamay', quantity: 3 });
    const device = await admin.post<Row>('/device/create', { numtype: 'T', num: `ST${tag}`, type: 1, status: 0, brand: 1, meth: 1 });
    await admin.post('/device/fitrecord/add', {
      device: device.id,
      songTime: new Date(Date.now() - 86_400_000).toISOString(),
      songReason: 'Seal leak',
      parts: [
        { part: ids.seal, base: 'karamay', quantity: 4 },
        { part: ids.battery, base: 'karamay', quantity: 1 },
      ],
    });
  });

  it('shows the stock a repair left on the part’s page, and the part below its level on Home', async () => {
    const page = browser.page;
    await openAs(page, `/device/attr/${ids.battery}`);
    // The Stock tab: the battery line at Karamay holds 3 received less 1 used.
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Karamay base\s+2\s/);
    await openAs(page, '/home');
    const card = page.locator('[data-stock-low]');
    await card.getByRole('heading', { name: 'Spare parts to reorder' }).waitFor();
    const line = card.locator('li').filter({ hasText: `Seal kit` });
    await expect.poll(() => line.last().textContent()).toContain('4 sets at Karamay base; reorder level 5 sets');
    await line.last().getByRole('link').click();
    await expectPath(page, `/device/attr/${ids.seal}`);
  });
});
