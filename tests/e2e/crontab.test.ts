// Scheduled tasks in the browser: the list shows each task's period in words and an on/off
// switch that asks first ("Tip"); a task's page runs it now and lists the run; a new task's form
// shows only the parts of the period its type uses, refuses a period that cannot run and saves
// one that can. Then screenshots of the list, a task's page and the form in two languages and on
// a phone. Every task the tests change is made here.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClientAs, expectPath, goWithin, messages, openAs, pick, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

type Row = { id: number; [field: string]: unknown };
type Client = Awaited<ReturnType<typeof apiClientAs>>;
let admin: Client;
const m = messages('en');
const stamp = Date.now() % 1_000_000;
let made: Row;

const tip = (page: Page) => page.getByRole('dialog', { name: m['app.confirm.title'] });
const job = async (id: number) => admin.get<Row>(`/setting/crontab/info?id=${id}`);
const runs = async (id: number) => (await admin.get<{ list: Row[] }>(`/setting/crontab/runs?id=${id}`)).list;

beforeAll(async () => {
  admin = await apiClientAs('admin');
  made = await admin.post<Row>('/setting/crontab/save', {
    name: `E2E tidy ${stamp}`,
    mark: 'clearPoster',
    type: 6,
    week: 1,
    hour: 8,
    minute: 0,
    second: 0,
    is_open: 1,
  });
});

describe('scheduled tasks', () => {
  const browser = useFreshPage();

  it('show their period in words and switch on and off after the question', async () => {
    const page = browser.page;
    await openAs(page, '/setting/system/crontab');
    const row = page.locator('table tbody tr', { hasText: String(made.name) });
    await row.getByText('Weekly on Monday at 08:00:00').waitFor();
    const toggle = row.locator('[data-switch] input');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await tip(page)
      .getByText(m['app.confirm.text'].replace('%{action}', m['app.switch.off'].replace('%{name}', String(made.name))))
      .waitFor();
    await tip(page).getByRole('button', { name: m['app.confirm.cancel'] }).click();
    expect((await job(made.id)).is_open).toBe(1);
    await toggle.click();
    await tip(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
    await expect.poll(async () => (await job(made.id)).is_open).toBe(0);
    expect((await job(made.id)).next_execution_time ?? null).toBeNull();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await toggle.click();
    await tip(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
    await expect.poll(async () => typeof (await job(made.id)).next_execution_time).toBe('string');
    await expectPath(page, '/setting/system/crontab'); // the switch is no click on the row
  });

  it("run now from the task's page, the run listed with its result", async () => {
    const page = browser.page;
    await openAs(page, `/setting/system/crontab/${made.id}`);
    await page.locator('[data-job-controls]').getByRole('button', { name: m['schedule.run_now'] }).click();
    await tip(page).getByText(m['app.confirm.text'].replace('%{action}', m['schedule.run_action'])).waitFor();
    await tip(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
    await page.getByText(m['schedule.ran']).waitFor();
    const [run] = await runs(made.id);
    expect(run).toMatchObject({ trigger: 'manual', result: 'ok' });
    await page
      .locator('#main-content .MuiTabs-root')
      .getByRole('tab', { name: m['resources.crontabrun.name'].split(' |||| ')[1] })
      .click();
    await page.locator('table tbody tr', { hasText: m['resources.crontabrun.enums.trigger.manual'] }).first().waitFor();
  });

  it('are added in a form that shows only the parts of the period the type uses', async () => {
    const page = browser.page;
    await openAs(page, '/setting/system/crontab/create');
    await page.locator('input[name="name"]').fill(`E2E hourly ${stamp}`);
    await pick(page, 'mark', m['resources.crontab.enums.mark.takeDelivery']);
    // Daily (the default): hour, minute and second; no weekday or day.
    await page.locator('input[name="hour"]').waitFor();
    expect(await page.locator('input[name="week"], #week').count()).toBe(0);
    await pick(page, 'type', m['resources.crontab.enums.type.3']);
    await expect.poll(() => page.locator('input[name="minute"]').count()).toBe(0);
    await page.locator('input[name="hour"]').fill('0');
    await page.getByRole('button', { name: m['ra.action.save'] }).click();
    await page
      .getByText(/Hour: .*1.*23/)
      .first()
      .waitFor(); // every 0 hours cannot run
    await page.locator('input[name="hour"]').fill('6');
    await page.getByRole('button', { name: m['ra.action.save'] }).click();
    await expect
      .poll(
        async () => (await admin.get<{ list: Row[] }>(`/setting/crontab/list?q=${encodeURIComponent(`E2E hourly ${stamp}`)}`)).list.length,
      )
      .toBe(1);
    const [saved] = (await admin.get<{ list: Row[] }>(`/setting/crontab/list?q=${encodeURIComponent(`E2E hourly ${stamp}`)}`)).list;
    expect(saved).toMatchObject({ type: 3, hour: 6, mark: 'takeDelivery', is_open: 1 });
    const gap = Date.parse(String(saved.next_execution_time)) - Date.now();
    expect(gap).toBeGreaterThan(5 * 3_600_000);
    expect(gap).toBeLessThanOrEqual(6 * 3_600_000);
  });
});

describeScreens('scheduled task screens', SCREEN_CASES, 'crontab', async ({ page, lang, shot }) => {
  await openAs(page, '/setting/system/crontab');
  await page.locator('#main-content').locator('table tbody tr, .MuiListItemButton-root').first().waitFor();
  await shot('list');
  await goWithin(page, `/setting/system/crontab/${made.id}`);
  await page.locator('[data-job-controls]').waitFor();
  await shot('task');
  await goWithin(page, `/setting/system/crontab/edit/${made.id}`);
  await page.locator('input[name="name"]').waitFor();
  await shot('form');
  expect(await page.getByText(lang['resources.crontab.fields.week']).count()).toBeGreaterThan(0);
});
