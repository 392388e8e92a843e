// Who sees what, in the browser: an admin makes a role that sees only the instruments, ticked in
// the tree of the stored menu, and an account with it and an initial password; its owner signs
// in, must choose a new password in a dialog before anything else, and then sees only Instruments
// and the entries open to everyone. An admin renames a menu entry and the sidebars follow; an
// admin resets the account's password. Then screenshots of the roles, accounts and menu screens
// and of the must-change dialog, on a desk and a phone, in English and Chinese.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientAs, baseUrl, expectPath, goWithin, messages, newSessionToken, openAs, signIn, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';

type Row = { id: number; [field: string]: unknown };
type Client = Awaited<ReturnType<typeof apiClientAs>>;
let admin: Client;
const m = messages('en');
const INITIAL = 'first-pass-1';
const CHOSEN = 'chosen-pass-2';
const entries = async () => (await admin.get<{ list: Row[] }>('/setting/menu/list?limit=1000')).list;
const entryByKey = async (key: string) => (await entries()).find((entry) => entry.key === key)!;
const account = async (username: string) =>
  (await admin.get<{ list: Row[] }>(`/setting/admin/list?limit=100&q=${username}`)).list.find((row) => row.username === username);

/** Signs in through the sign-in page, for the first sign-in of an account with its initial password. */
async function signInThroughPage(page: Page, path: string, username: string, password: string) {
  await page.goto(`${baseUrl()}/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, username, password);
  // The sign-in form has a username input too: wait until it has gone.
  await expectPath(page, path);
}

const mustChangeDialog = (page: Page, lang = m) => page.getByRole('dialog', { name: lang['app.password.must_title'] });

async function changePassword(page: Page, old: string, fresh: string, repeat = fresh) {
  const dialog = mustChangeDialog(page);
  await dialog.locator('input[name="old"]').fill(old);
  await dialog.locator('input[name="new"]').fill(fresh);
  await dialog.locator('input[name="repeat"]').fill(repeat);
  await dialog.getByRole('button', { name: m['app.password.change'] }).click();
}

let deviceList: Row;

beforeAll(async () => {
  admin = await apiClientAs('admin');
  deviceList = await entryByKey('DeviceList');
});

afterAll(async () => {
  // Other suites read the product's titles: the renamed entry gets its own back.
  const now = await entryByKey('DeviceList');
  if (!now || now.title === deviceList.title) return;
  const { component: _c, name: _n, key: _k, noCache: _nc, affix: _a, ...writable } = now;
  await admin.post('/setting/menu/update', { ...writable, title: deviceList.title });
});

describe('roles, accounts and the stored menu', () => {
  const browser = useFreshPage();

  it('make a role that sees only Instruments, ticked in the tree', async () => {
    const page = browser.page;
    await openAs(page, '/setting/permission/role/create');
    await page.locator('input[name="name"]').fill('warehouse');
    await page.locator('input[name="description"]').fill('Instruments only');
    const tree = page.locator('[data-widget="menuTree"]');
    await tree.getByRole('checkbox', { name: m['route.Device'], exact: true }).check();
    // Its list is open to whoever sees Instruments: a greyed box that followed the tick.
    await tree.getByRole('button', { name: m['app.access.expand'].replace('%{name}', m['route.Device']) }).click();
    const listBox = tree.getByRole('checkbox', { name: m['route.DeviceList'], exact: true });
    expect(await listBox.isChecked()).toBe(true);
    expect(await listBox.isDisabled()).toBe(true);
    // Ticking Instruments ticked nothing else.
    expect(await tree.getByRole('checkbox', { name: m['route.Staff'], exact: true }).isChecked()).toBe(false);
    expect(await tree.getByRole('checkbox', { name: m['route.Setting'], exact: true }).isChecked()).toBe(false);
    await page.getByRole('button', { name: m['ra.action.save'] }).click();
    await page.waitForURL((url) => /^\/setting\/permission\/role\/edit\/\d+$/.test(url.pathname), { timeout: 30_000 });
    const device = await entryByKey('path:/device');
    const role = (await admin.get<{ list: Row[] }>('/setting/role/list')).list.find((r) => r.name === 'warehouse');
    // Made, the role opens in its form (it has no page of its own).
    await expectPath(page, `/setting/permission/role/edit/${role?.id}`);
    expect(role?.menus).toEqual([device.id]);
  });

  it('make an account with that role and an initial password', async () => {
    const page = browser.page;
    await openAs(page, '/setting/permission/admin/create');
    await page.locator('input[name="username"]').fill('keeper');
    await page.locator('input[name="name"]').fill('Store Keeper');
    await page.locator('[data-widget="roleNames"] input').fill('ware');
    await page.getByRole('option', { name: /^warehouse/ }).click();
    await page.locator('input[name="password"]').fill(INITIAL);
    await page.getByRole('button', { name: m['ra.action.save'] }).click();
    await page.waitForURL((url) => /^\/setting\/permission\/admin\/edit\/\d+$/.test(url.pathname), { timeout: 30_000 });
    await page.locator('[data-widget="roleNames"]').getByText('warehouse').waitFor();
    expect(await account('keeper')).toMatchObject({ roles: ['warehouse'], must_change: 1, enabled: 1 });
    expect(await account('keeper')).not.toHaveProperty('password');
  });

  it("make the account's owner choose a password first, then show only what the role sees", async () => {
    const page = browser.page;
    await signInThroughPage(page, '/home', 'keeper', INITIAL);
    await mustChangeDialog(page).waitFor();
    // Nothing of the console stands behind the dialog.
    expect(await page.locator('[data-menu]').count()).toBe(0);
    await changePassword(page, INITIAL, INITIAL);
    await mustChangeDialog(page).getByText(m['app.password.same']).waitFor();
    await changePassword(page, INITIAL, CHOSEN, 'something-else');
    await mustChangeDialog(page).getByText(m['app.password.mismatch']).waitFor();
    await changePassword(page, INITIAL, CHOSEN);
    await page.locator('[data-menu="/device"]').waitFor();
    expect(await mustChangeDialog(page).count()).toBe(0);
    const top = await page
      .getByRole('navigation', { name: 'menu' })
      .locator(':scope > ul > li > [data-menu]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('data-menu')));
    expect(top).toContain('/device');
    expect(top).toContain('/home');
    expect(top.filter((path) => ['/staff', '/project', '/crew', '/setting'].includes(String(path)))).toEqual([]);
    expect(await account('keeper')).toMatchObject({ must_change: 0 });
    await page.locator('[data-menu="/device"]').click();
    await page.locator('[data-menu="/device/index"]').click();
    await expectPath(page, '/device/index');
    await page.locator('#main-content table tbody tr').first().waitFor();
  });

  it('rename a menu entry: the sidebar shows the new title, as typed when it has no translation', async () => {
    const page = browser.page;
    await openAs(page, `/setting/permission/menu/edit/${deviceList.id}`);
    await page.locator('input[name="title"]').fill('Instruments');
    await page.getByRole('button', { name: m['ra.action.save'] }).click();
    await expectPath(page, '/setting/permission/menu');
    // The admin's own sidebar follows at once, without signing in again.
    await page.locator('[data-menu="/device"]').click();
    await expect.poll(() => page.locator('[data-menu="/device/index"]').innerText()).toBe('Instruments');
    expect((await entryByKey('DeviceList')).title).toBe('Instruments');
  });

  it("reset the account's password from its page: its owner must change it again", async () => {
    const page = browser.page;
    const keeper = (await account('keeper'))!;
    await openAs(page, `/setting/permission/admin/edit/${keeper.id}`);
    // The initial password is for new accounts only.
    await page.locator('input[name="username"]').waitFor();
    expect(await page.locator('input[name="password"]').count()).toBe(0);
    await page.getByRole('button', { name: m['app.password.reset'] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="new"]').fill('reset-pass-3');
    await dialog.locator('input[name="repeat"]').fill('reset-pass-3');
    await dialog.getByRole('button', { name: m['app.password.reset'] }).click();
    await dialog.getByText(m['app.password.reset_done'].replace(/%\{name\}/g, 'Store Keeper')).waitFor();
    expect(await account('keeper')).toMatchObject({ must_change: 1 });
  });

  it('let the renamed entry show in the sidebar of the role that sees it', async () => {
    const page = browser.page;
    await openAs(page, '/home', 'keeper', await newSessionToken('keeper', 'reset-pass-3'));
    await changePassword(page, 'reset-pass-3', CHOSEN);
    await page.locator('[data-menu="/device"]').click();
    await expect.poll(() => page.locator('[data-menu="/device/index"]').innerText()).toBe('Instruments');
  });
});

describe.each(['zh', 'es', 'ja'] as const)('the menu list in %s', (language) => {
  const browser = useFreshPage();

  it('names parents and screens by their translated titles, with no internal ids', async () => {
    const page = browser.page;
    const lang = messages(language);
    await page.context().addCookies([{ name: 'language', value: language, url: baseUrl() }]);
    await openAs(page, '/setting/permission/menu');
    // The list's rows, in the order of their ids as the list sorts them.
    const ids = (await entries()).map((entry) => entry.id).sort((a, b) => a - b);
    const list = await entries();
    const cells = async (key: string) => {
      const line = page.locator('#main-content table tbody tr').nth(ids.indexOf(list.find((entry) => entry.key === key)!.id));
      await line.waitFor();
      return Object.fromEntries(
        await Promise.all(
          ['title', 'parent', 'component'].map(async (field) => [field, (await line.locator(`td.column-${field}`).innerText()).trim()]),
        ),
      ) as Record<string, string>;
    };
    // A page of a group: its parent is the group, by the title the sidebar gives it.
    expect(await cells('StaffCreate')).toEqual({
      title: lang['route.StaffCreate'],
      parent: lang['route.Staff'],
      component: lang['route.StaffCreate'],
    });
    // A page whose group has no title (the home page's): the group is named by its path.
    expect((await cells('Home')).parent).toBe('/');
    const shown = await page.locator('#main-content table tbody').innerText();
    expect(shown).not.toMatch(/#\d|resource:|\bStaffCreate\b/);
  });
});

describeScreens(
  'access screens',
  SCREEN_CASES,
  'access',
  async ({ page, language, width, lang, shot }) => {
    const warehouse = (await admin.get<{ list: Row[] }>('/setting/role/list')).list.find((r) => r.name === 'warehouse')!;
    await openAs(page, '/setting/permission/role');
    await page.locator('#main-content table tbody tr, #main-content .MuiListItemButton-root').first().waitFor();
    await shot('roles');
    await goWithin(page, `/setting/permission/role/edit/${warehouse.id}`);
    const tree = page.locator('[data-widget="menuTree"]');
    await tree.getByRole('checkbox', { name: lang['route.Device'], exact: true }).waitFor();
    await tree.getByRole('button', { name: lang['app.access.expand'].replace('%{name}', lang['route.Device']) }).click();
    await shot('role-edit');
    await goWithin(page, '/setting/permission/admin');
    await page.locator('#main-content table tbody tr, #main-content .MuiListItemButton-root').first().waitFor();
    await shot('accounts');
    await goWithin(page, '/setting/permission/admin/create');
    await page.locator('input[name="username"]').waitFor();
    await page.locator('[data-widget="roleNames"] input').click();
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await shot('account-create');
    await goWithin(page, '/setting/permission/menu');
    await page.locator('#main-content table tbody tr, #main-content .MuiListItemButton-root').first().waitFor();
    await shot('menu');
    await goWithin(page, `/setting/permission/menu/edit/${deviceList.id}`);
    await page.locator('input[name="title"]').waitFor();
    await shot('menu-edit');
    // A new account of this case's own, signing in for the first time.
    const username = `first-${language}-${width}`;
    await admin.post('/setting/admin/add', { username, name: `First ${language}`, roles: ['warehouse'], password: INITIAL, enabled: 1 });
    await openAs(page, '/home', username, await newSessionToken(username, INITIAL));
    await mustChangeDialog(page, lang).waitFor();
    await shot('must-change');
    // Once chosen, the same form changes it again from the profile.
    const dialog = mustChangeDialog(page, lang);
    await dialog.locator('input[name="old"]').fill(INITIAL);
    await dialog.locator('input[name="new"]').fill(CHOSEN);
    await dialog.locator('input[name="repeat"]').fill(CHOSEN);
    await dialog.getByRole('button', { name: lang['app.password.change'] }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await goWithin(page, '/profile/index');
    await page.locator('[data-card="change-password"]').getByRole('button', { name: lang['app.password.change'] }).click();
    await page.locator('[data-form="change-password"] input[name="old"]').waitFor();
    await shot('profile-password');
  },
  // Each shot waits for what it shows, not for the requests: on a phone, a visit log call was
  // seen hanging.
  { networkIdle: false },
);
