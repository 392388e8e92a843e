// The two logs in the browser: a crew edited in the console shows in its History (the operation
// log filtered to that record) with the field's label and its value before and after; the
// sign-in log lists the test's own sign-in and a refused attempt made through the API; an editor
// has neither log in the menu nor History on a record page. Then screenshots of the operation
// log, an entry's changes and the sign-in log in two languages, on a desk and on a phone.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOG_PATH } from '../../kernel/history/names';
import {
  apiClientAs,
  baseUrl,
  clickMenu,
  expectPath,
  goWithin,
  messages,
  newSessionToken,
  openAs,
  topMenuEntry,
  useFreshPage,
} from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

type Row = { id: number; [field: string]: unknown };
type Client = Awaited<ReturnType<typeof apiClientAs>>;
const OPERATION_LOG_PATH = '/setting/log/operation';
const SIGN_IN_LOG_PATH = '/setting/log/login';
const m = messages('en');
/** One record of a resource's name ("Crew |||| Crews"). */
const singular = (text: string) => text.split('||||')[0].trim();
const stamp = Date.now() % 1_000_000;
/** A username no account has, for a refused sign-in of this run's own. */
const stranger = `e2e-nobody-${stamp}`;
let admin: Client;
let crew: Row;

/** The rows of the main list: a table on a desk, a list of cards on a phone. */
const rows = (page: Page) => page.locator('#main-content').locator('table tbody tr, .MuiListItemButton-root');

beforeAll(async () => {
  admin = await apiClientAs('admin');
  crew = await admin.post<Row>('/crew/add', { teamNumber: `E2E-H${stamp}`, leader: { name: 'Wang Lei', phone: '13800000001' } });
  // A refused attempt: the sign-in log keeps it with the name typed.
  const refused = await fetch(`${baseUrl()}/dev-api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: stranger, password: 'not the password at all' }),
  });
  expect(((await refused.json()) as { code: number }).code).not.toBe(20000);
});

describe('the operation log', () => {
  const browser = useFreshPage();

  it("shows a record's edit in its History, with the field's label and the values before and after", async () => {
    const page = browser.page;
    await openAs(page, `/crew/record/${crew.id}`);
    await page.getByRole('link', { name: m['ra.action.edit'] }).click();
    await expectPath(page, `/crew/${crew.id}`);
    const leader = page.locator('input[name="leader.name"]');
    await expect.poll(() => leader.inputValue()).toBe('Wang Lei');
    await leader.fill('Zhao Min');
    await page.getByRole('button', { name: m['ra.action.save'] }).click();
    await expectPath(page, `/crew/record/${crew.id}`);

    // History: the log filtered to this record, the resource by its name, the record linked to its page.
    await page.getByRole('link', { name: m['app.history.button'] }).click();
    await page.waitForURL((url) => url.pathname === OPERATION_LOG_PATH);
    const entries = rows(page);
    await expect.poll(() => entries.count()).toBe(2); // the API's create, then the console's edit
    const changed = entries.filter({ hasText: m['resources.oplog.enums.action.update'] });
    await changed.getByText(singular(m['resources.crew.name']), { exact: true }).waitFor();
    expect(await entries.filter({ hasText: m['resources.oplog.enums.action.create'] }).count()).toBe(1);
    expect(await changed.getByRole('link', { name: String(crew.id), exact: true }).getAttribute('href')).toBe(`/crew/record/${crew.id}`);
    // The list's filter holds the record's kind, shown by its name.
    const kind = page.locator('.MuiFormControl-root:has(input[name="resource"])');
    expect(await kind.locator('input[name="resource"]').inputValue()).toBe('crew');
    await kind.getByRole('combobox').getByText(singular(m['resources.crew.name']), { exact: true }).waitFor();

    // The entry: who, and the changed field by its label with both values.
    await changed.click();
    await page.waitForURL((url) => url.pathname.startsWith(`${OPERATION_LOG_PATH}/`));
    const diff = page.getByRole('table', { name: m['app.history.changes'] });
    const line = diff.locator('tr[data-path="leader.name"]');
    await line.getByText(m['resources.crew.fields.leader.name'], { exact: true }).waitFor();
    await line.getByText('Wang Lei', { exact: true }).waitFor();
    await line.getByText('Zhao Min', { exact: true }).waitFor();
    expect(await diff.locator('tbody tr').count()).toBe(1); // nothing else changed
  });

  it('filters from the History link alone: another record of the same kind has its own entries', async () => {
    const page = browser.page;
    const other = await admin.post<Row>('/crew/add', { teamNumber: `E2E-H${stamp}-2`, leader: { name: 'Li Na' } });
    await openAs(page, `/crew/record/${other.id}`);
    await page.getByRole('link', { name: m['app.history.button'] }).click();
    await page.waitForURL((url) => url.pathname === OPERATION_LOG_PATH);
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page)
      .getByRole('link', { name: String(other.id), exact: true })
      .waitFor();
  });
});

describe("an entry's changes", () => {
  const browser = useFreshPage();

  // A status is stored as its code: the entry reads it by the option's name, as lists do, in the reader's language.
  it.each(['en', 'zh'] as const)('name an option by its label, not its code, in %s', async (language) => {
    const page = browser.page;
    const lang = messages(language);
    const { items } = await admin.get<{ items: Row[] }>('/device/list?status=0&limit=50');
    const device = items[stamp % items.length];
    await admin.post('/device/fitrecord/add', { device: device.id, songTime: new Date().toISOString(), songReason: 'Seal leak' });
    const [entry] = (await admin.get<{ list: Row[] }>(`/setting/log/operation/list?resource=device&record=${device.id}`)).list;
    expect(entry.changes).toContainEqual({ path: 'status', before: '0', after: '2' });
    await page.context().addCookies([{ name: 'language', value: language, url: baseUrl() }]);
    await openAs(page, `${OPERATION_LOG_PATH}/${entry.id}`);
    const line = page.getByRole('table', { name: lang['app.history.changes'] }).locator('tr[data-path="status"]');
    await line.getByText(lang['resources.device.fields.status'], { exact: true }).waitFor();
    await line.getByText(lang['resources.device.enums.status.0'], { exact: true }).waitFor();
    await line.getByText(lang['resources.device.enums.status.2'], { exact: true }).waitFor();
    expect((await line.locator('td').allTextContents()).map((text) => text.trim())).not.toContain('0');
  });
});

describe('the sign-in log', () => {
  const browser = useFreshPage();

  it("lists the person's own sign-in and a refused attempt, and filters by user", async () => {
    const page = browser.page;
    const mine = async () => (await admin.get<{ count: number }>(`${LOGIN_LOG_PATH}?user=admin&success=true`)).count;
    const before = await mine();
    // A sign-in of this test's own (the file's stored session was opened before `before`), through
    // the API the sign-in page calls.
    await openAs(page, '/home', 'admin', await newSessionToken('admin'));
    expect(await mine()).toBeGreaterThan(before);
    await clickMenu(page, SIGN_IN_LOG_PATH);
    await expectPath(page, SIGN_IN_LOG_PATH);
    const main = page.locator('#main-content');
    const table = main.locator('table tbody tr');

    await main.locator('input[name="user"]').fill(stranger);
    await expect.poll(() => table.count()).toBe(1);
    await table.getByText(`${m['app.history.failure']}: ${m['app.history.reasons.account']}`).waitFor();

    await main.locator('input[name="user"]').fill('admin');
    await table.first().getByText(m['app.history.success'], { exact: true }).waitFor();
    await table.first().getByText('admin', { exact: true }).waitFor();
    expect(await table.filter({ hasText: stranger }).count()).toBe(0);
  });
});

describe('an editor', () => {
  const browser = useFreshPage();

  it('has neither log in the menu and no History on a record page', async () => {
    const page = browser.page;
    await openAs(page, `/crew/record/${crew.id}`, 'editor');
    await page.locator(`[data-menu="${topMenuEntry('/crew/index', ['editor'])}"]`).waitFor();
    await page.getByRole('link', { name: m['ra.action.edit'] }).waitFor();
    expect(await page.locator(`[data-menu="${SIGN_IN_LOG_PATH}"], [data-menu="${OPERATION_LOG_PATH}"]`).count()).toBe(0);
    expect(await page.getByRole('link', { name: m['app.history.button'] }).count()).toBe(0);
  });
});

describeScreens('log screens', SCREEN_CASES, 'log', async ({ page, lang, shot }) => {
  await openAs(page, OPERATION_LOG_PATH);
  await rows(page).first().waitFor();
  await page.locator('#main-content').getByText(lang['resources.oplog.enums.action.create']).first().waitFor();
  await shot('operations');
  const [entry] = (await admin.get<{ list: Row[] }>(`/setting/log/operation/list?resource=crew&record=${crew.id}`)).list;
  await goWithin(page, `${OPERATION_LOG_PATH}/${entry.id}`);
  await page.getByRole('table', { name: lang['app.history.changes'] }).locator('tbody tr').first().waitFor();
  // The entry is named by its time as the reader writes it, not as the server stores it.
  expect(await page.locator('#main-content h2').first().textContent()).not.toContain(String(entry.at));
  await shot('changes');
  await goWithin(page, SIGN_IN_LOG_PATH);
  await page.locator('#main-content').getByText(lang['app.history.success'], { exact: true }).first().waitFor();
  await shot('sign-ins');
});
