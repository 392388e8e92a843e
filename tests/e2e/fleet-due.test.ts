// Home's card of the instruments due for service or calibration: an instrument made due by its
// recent runs is listed with its hours left, and its link opens its record page; screenshots of
// Home with the card in two languages and on a phone.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClientAs, expectPath, openAs, useFreshPage } from './helpers';
import { describeScreens, desk, phone } from './screens';

type Row = { id: number; name: string; [field: string]: unknown };
const DAY = 86_400_000;
let due: Row | undefined;

/** An instrument of type 1 (300 h between services) run 280 h over the last 80 days: due within days. */
async function dueInstrument(): Promise<Row> {
  if (due) return due;
  const admin = await apiClientAs('admin');
  const made = await admin.post<Row>('/device/create', {
    numtype: 'T',
    num: `DUE${Date.now() % 100000}`,
    type: 1,
    status: 0,
    brand: 1,
    meth: 1,
  });
  const now = Date.now();
  for (let day = 80; day > 0; day -= 10) {
    const start = new Date(now - day * DAY);
    await admin.post('/device/userecord/add', {
      device: made.id,
      startcl: 100,
      starttime: start.toISOString(),
      endtime: new Date(start.getTime() + 35 * 3_600_000).toISOString(),
      status: 1,
    });
  }
  due = made;
  return made;
}

describe('instruments due on Home', () => {
  const browser = useFreshPage();
  beforeAll(async () => void (await dueInstrument()));

  it('lists an instrument due for service with its hours left, linked to its record page', async () => {
    const instrument = await dueInstrument();
    const page = browser.page;
    await openAs(page, '/home');
    const card = page.locator('[data-due]');
    await card.getByRole('heading', { name: 'Due for service or calibration' }).waitFor();
    const item = card.locator(`[data-due-item="${instrument.id}"]`);
    await expect.poll(() => item.textContent()).toContain('20 h left');
    expect(await item.locator('[data-reason="service"]').textContent()).toContain('Service');
    await item.getByRole('link', { name: instrument.name }).click();
    await expectPath(page, `/device/record/${instrument.id}`);
  });
});

describeScreens('Home with the instruments due', [desk('en'), desk('zh'), phone('en'), phone('zh')], 'home-due', async ({ page, shot }) => {
  await dueInstrument();
  await openAs(page, '/home');
  await page.locator('[data-due] [data-due-item]').first().waitFor();
  await page.locator('[data-due]').scrollIntoViewIfNeeded();
  await shot('card');
});
