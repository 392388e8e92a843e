// Home's card of the instruments due for service or calibration: an instrument made due by its
// recent runs is listed with its hours left, and its link opens its record page; screenshots of
// Home with the card in two languages and on a phone.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClientAs, expectPath, openAs, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

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

/** An instrument of type 1 (300 h between services) with runs that start `daysAgo` days ago, `hours` hours each, one after another. */
async function runInstrument(label: string, runs: { daysAgo: number; hours: number }[]): Promise<Row> {
  const admin = await apiClientAs('admin');
  const made = await admin.post<Row>('/device/create', {
    numtype: 'T',
    num: `${label}${Date.now() % 100000}`,
    type: 1,
    status: 0,
    brand: 1,
    meth: 1,
  });
  for (const { daysAgo, hours } of runs) {
    const start = new Date(Date.now() - daysAgo * DAY);
    await admin.post('/device/userecord/add', {
      device: made.id,
      startcl: 100,
      starttime: start.toISOString(),
      endtime: new Date(start.getTime() + hours * 3_600_000).toISOString(),
      status: 1,
    });
  }
  return made;
}

describe('the order of the instruments due on Home', () => {
  const browser = useFreshPage();

  it('is by urgency: overdue longest first, each saying since when, then due soonest first', async () => {
    // Long overdue, unused since: its 300 h ran out some 390 days ago. Just overdue: they ran out days ago.
    const long = await runInstrument('OLD', [{ daysAgo: 400, hours: 310 }]);
    const recent = await runInstrument('NEW', [
      { daysAgo: 20, hours: 160 },
      { daysAgo: 13, hours: 160 },
    ]);
    const page = browser.page;
    await openAs(page, '/home');
    const card = page.locator('[data-due]');
    await card.locator(`[data-due-item="${recent.id}"]`).waitFor();
    const order = await card
      .locator('[data-due-item]')
      .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-due-item'))));
    expect(order.indexOf(long.id)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(long.id), 'the longer overdue comes first').toBeLessThan(order.indexOf(recent.id));
    // Each overdue service says the day its hours ran out, and the list runs from the oldest day to the latest.
    const ranOut = new Date(Date.now() - 400 * DAY + 300 * 3_600_000);
    const day = ranOut.toLocaleDateString('en', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
    await expect.poll(() => card.locator(`[data-due-item="${long.id}"] [data-reason="service"]`).textContent()).toContain(`since ${day}`);
    const { items } = await (
      await apiClientAs('admin')
    ).get<{ items: { id: number; overdue: boolean; dueDate?: string }[] }>('/device/due');
    expect(items.map((item) => item.id)).toEqual(order);
    const overdue = items.filter((item) => item.overdue);
    const due = items.filter((item) => !item.overdue);
    expect(items.slice(0, overdue.length).every((item) => item.overdue)).toBe(true);
    const days = (list: typeof items) => list.map((item) => item.dueDate ?? '');
    expect(days(overdue)).toEqual([...days(overdue)].sort());
    // Never calibrated counts as due, without a day of its own: after those due on a day, soonest first.
    const dated = due.filter((item) => item.dueDate);
    expect(due.slice(0, dated.length)).toEqual(dated);
    expect(days(dated)).toEqual([...days(dated)].sort());
  });
});

describeScreens('Home with the instruments due', SCREEN_CASES, 'home-due', async ({ page, shot }) => {
  await dueInstrument();
  await openAs(page, '/home');
  await page.locator('[data-due] [data-due-item]').first().waitFor();
  await page.locator('[data-due]').scrollIntoViewIfNeeded();
  await shot('card');
});
