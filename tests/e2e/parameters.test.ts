// The Parameters screen in the browser: reached from the Settings menu, every parameter shown with
// its unit, its help and its default; a value changed and saved says so, stays after a reload and
// is what the server answers. A value out of range is refused under its field. Then screenshots
// on a desk and a phone in English and Chinese. The test puts back what it changed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientAs, clickMenu, expectPath, messages, openAs, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

type Values = Record<string, unknown> & { version: number };
type Client = Awaited<ReturnType<typeof apiClientAs>>;
const PATH = '/setting/system/parameter';
const m = messages('en');
let admin: Client;
let before: Values;

const read = () => admin.get<Values>('/setting/parameter/info');
const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

beforeAll(async () => {
  admin = await apiClientAs('admin');
  before = await read();
});

describe('the Parameters screen', () => {
  const browser = useFreshPage();
  afterAll(async () => {
    // What the screenshots and the other browser tests find: the values as they were.
    const { calibrationValidityDays, version } = await read();
    if (calibrationValidityDays !== before.calibrationValidityDays)
      await admin.post('/setting/parameter/update', { calibrationValidityDays: before.calibrationValidityDays, version });
  });

  it('is in the Settings menu and shows each parameter with its unit, help and default', async () => {
    const page = browser.page;
    await openAs(page, '/home');
    await clickMenu(page, PATH);
    await expectPath(page, PATH);
    await page
      .getByRole('heading', { name: m['route.SystemParameter'] })
      .or(page.getByText(m['route.SystemParameter']).first())
      .first()
      .waitFor();
    const field = page.locator('.MuiFormControl-root', { has: input(page, 'sessionHours') });
    await expect.poll(() => field.innerText()).toContain(m['resources.parameter.fields.sessionHours']);
    const text = await field.innerText();
    expect(text).toContain(m['units.h']);
    expect(text).toContain(m['resources.parameter.help.sessionHours']);
    expect(text).toContain(m['app.form.default_value'].replace('%{value}', `12 ${m['units.h']}`));
    expect(await page.locator('input[name^="serviceIntervalHours"][name$=".hours"]').count()).toBeGreaterThan(0);
  });

  it('saves a changed value, says so, and shows it after a reload', async () => {
    const page = browser.page;
    const next = Number(before.calibrationValidityDays) === 180 ? 181 : 180;
    await openAs(page, PATH);
    await expect.poll(() => input(page, 'calibrationValidityDays').inputValue()).toBe(String(before.calibrationValidityDays));
    await input(page, 'calibrationValidityDays').fill(String(next));
    await page.getByRole('button', { name: m['ra.action.save'] }).click();
    await page.getByText(m['app.form.saved']).waitFor();
    await expect.poll(async () => (await read()).calibrationValidityDays).toBe(next);
    await expectPath(page, PATH); // the page stays
    await page.reload();
    await expect.poll(() => input(page, 'calibrationValidityDays').inputValue()).toBe(String(next));
    // Saved twice from one screen: the form holds the version the first save answered.
    await input(page, 'calibrationValidityDays').fill(String(next + 1));
    await page.getByRole('button', { name: m['ra.action.save'] }).click();
    await expect.poll(async () => (await read()).calibrationValidityDays).toBe(next + 1);
    await page.getByRole('button', { name: m['ra.action.save'] }).waitFor();
    await input(page, 'calibrationValidityDays').fill(String(next));
    await page.getByRole('button', { name: m['ra.action.save'] }).click();
    await expect.poll(async () => (await read()).calibrationValidityDays).toBe(next);
  });

  it('refuses a value out of range under its field, and keeps the stored one', async () => {
    const page = browser.page;
    const stored = await read();
    await openAs(page, PATH);
    await expect.poll(() => input(page, 'sessionHours').inputValue()).toBe(String(stored.sessionHours));
    await input(page, 'sessionHours').fill('0');
    await page.getByRole('button', { name: m['ra.action.save'] }).click();
    const field = page.locator('.MuiFormControl-root', { has: input(page, 'sessionHours') });
    await expect.poll(() => field.locator('.Mui-error').count()).toBeGreaterThan(0);
    expect((await read()).sessionHours).toBe(stored.sessionHours);
  });
});

describeScreens('the Parameters screen', SCREEN_CASES, 'parameters', async ({ page, lang, shot }) => {
  await openAs(page, PATH);
  await input(page, 'sessionHours').waitFor();
  expect(await page.getByText(lang['resources.parameter.fields.serviceIntervalHours']).count()).toBeGreaterThan(0);
  await shot('form');
});
