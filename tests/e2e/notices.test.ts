// The bell, the Message screen and the Notification screen in the browser, against the real
// server. A message the editor sends raises the admin's bell without a reload (the notice
// stream); the drawer shows it and "Mark all read" brings the count back down. The Message
// screen sends to the editor (the editor's count goes up), shows the server's refusal under the
// field, opens and deletes messages after the "Tip" question. The Notification screen shows what
// the server lists; since no HTTP call makes a notification, its rows, link, "mark read" and
// delete are checked on an answer the test gives (the contract suite covers the server's side).
// Then screenshots of the three (and the new-message dialog) in two languages at 1280 and 375 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MessageItem, NotificationItem, UnreadCount } from '../../kernel/notify/names';
import { apiClientAs, expectPath, goWithin, messages, openAs, useFreshPage } from './helpers';
import { describeScreens, SCREEN_CASES } from './screens';
import { LINES_SHOWN } from '../../src/notices/NoticeRow';

type Client = Awaited<ReturnType<typeof apiClientAs>>;
let admin: Client;
let editor: Client;
const m = messages('en');
const stamp = Date.now() % 1_000_000;
const MESSAGES = '/notice/message';
const NOTIFICATIONS = '/notice/notification';

const bell = (page: Page) => page.locator('[data-notice-bell]');
const bellCount = async (page: Page) => Number(await bell(page).getAttribute('data-count'));
const drawer = (page: Page) => page.locator('[data-notice-drawer]');
const tip = (page: Page) => page.getByRole('dialog', { name: m['app.confirm.title'] });
const unread = (client: Client) => client.get<UnreadCount>('/notification/unread');

beforeAll(async () => {
  admin = await apiClientAs('admin');
  editor = await apiClientAs('editor');
});

describe('the bell', () => {
  const browser = useFreshPage();

  it('counts a message as it arrives, shows it in the drawer, and marks all read', async () => {
    const page = browser.page;
    await openAs(page, '/home');
    await expect.poll(() => bell(page).getAttribute('data-count')).not.toBeNull();
    const before = (await unread(admin)).count;
    await expect.poll(() => bellCount(page)).toBe(before);

    const title = `Rig 7 pump change ${stamp}`;
    await editor.post('/message/send', { to_user: 'admin', title, content: 'The mud pump was swapped at 14:00.' });
    // No reload: the stream says the new count, and a toast its title, with the way to open it.
    await expect.poll(() => bellCount(page)).toBe(before + 1);
    const toast = page.locator('[data-notice-toast]', { hasText: title });
    await toast.waitFor();
    await toast.getByRole('link', { name: m['app.notices.open_link'] }).waitFor();

    await bell(page).click();
    const row = drawer(page).locator('[data-notice-row^="message-"]', { hasText: title });
    await row.waitFor();
    expect(await row.getAttribute('data-unread')).toBe('true');
    await row.getByText('The mud pump was swapped at 14:00.').waitFor();
    await row.getByText(m['app.format.just_now']).waitFor();

    await drawer(page).getByRole('button', { name: m['app.notices.mark_all_read'] }).click();
    await expect.poll(() => bellCount(page)).toBe(0);
    expect((await unread(admin)).count).toBe(0);
    await expect.poll(() => row.getAttribute('data-unread')).toBeNull();

    // The drawer leads to the full screen.
    await drawer(page).getByRole('link', { name: m['app.notices.all_messages'] }).click();
    await expectPath(page, MESSAGES);
    await page.locator('#main-content [data-notice-row^="message-"]', { hasText: title }).waitFor();
  });
});

describe('the Message screen', () => {
  const browser = useFreshPage();

  it('sends to a person, shows a refusal under its field, opens and deletes a message', async () => {
    const page = browser.page;
    await openAs(page, MESSAGES);
    const dialog = page.locator('[data-new-message]');

    // A person who does not exist: the server's message under the field, nothing sent.
    await page.getByRole('button', { name: m['app.notices.new_message'] }).click();
    await dialog.locator('input[name=to_user]').fill(`nobody${stamp}`);
    await dialog.locator('input[name=title]').fill('Hello');
    await dialog.getByRole('button', { name: m['app.notices.send'] }).click();
    await dialog.locator('.MuiFormHelperText-root.Mui-error', { hasText: `nobody${stamp}` }).waitFor();

    const before = (await unread(editor)).messages;
    const title = `Calibration due ${stamp}`;
    await dialog.locator('input[name=to_user]').fill('editor');
    await dialog.locator('input[name=title]').fill(title);
    await dialog.locator('textarea[name=content]').fill('Gamma probe 12 is due for calibration on Friday.');
    await dialog.getByRole('button', { name: m['app.notices.send'] }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await unread(editor)).messages).toBe(before + 1);
    const [received] = (await editor.get<{ list: MessageItem[] }>('/message/list?box=in&limit=1')).list;
    expect(received).toMatchObject({ title, sender: 'admin', content: 'Gamma probe 12 is due for calibration on Friday.', read: false });

    // In my sent box, addressed to the editor; opened, then deleted after the question.
    await page.getByRole('tab', { name: m['app.notices.sent_box'] }).click();
    const row = page.locator('#main-content [data-notice-row^="message-"]', { hasText: title });
    await row.waitFor();
    await row.getByRole('button').first().click();
    const opened = page.locator('[data-message-dialog]');
    await opened.getByText('Gamma probe 12 is due for calibration on Friday.').waitFor();
    await opened.getByRole('button', { name: m['ra.action.delete'] }).click();
    await tip(page)
      .getByText(m['app.confirm.text'].replace('%{action}', m['app.notices.delete_message'].replace('%{title}', title)))
      .waitFor();
    await tip(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
    await row.waitFor({ state: 'detached' });
    const sent = (await admin.get<{ list: MessageItem[] }>('/message/list?box=out&limit=100')).list;
    expect(sent.some((message) => message.title === title)).toBe(false);
    // Deleted from my box only: the editor keeps theirs.
    expect((await editor.get<{ list: MessageItem[] }>('/message/list?box=in&limit=1')).list[0].title).toBe(title);
  });

  it('opens a received message, which marks it read', async () => {
    const page = browser.page;
    const title = `Crew 4 on site ${stamp}`;
    await editor.post('/message/send', { to_user: 'admin', title, content: 'Arrived at well X-12.' });
    await openAs(page, MESSAGES);
    const row = page.locator('#main-content [data-notice-row^="message-"]', { hasText: title });
    await row.waitFor();
    expect(await row.getAttribute('data-unread')).toBe('true');
    await row.getByText(title).click();
    await page.locator('[data-message-dialog]').getByText('Arrived at well X-12.').waitFor();
    await expect.poll(async () => (await admin.get<{ list: MessageItem[] }>('/message/list?box=in&limit=1')).list[0].read).toBe(true);
    await page.locator('[data-message-dialog]').getByRole('button', { name: m['ra.action.close'] }).click();
    await expect.poll(() => row.getAttribute('data-unread')).toBeNull();
  });
});

describe('the Notification screen', () => {
  const browser = useFreshPage();

  it("shows the server's list, or says there is nothing", async () => {
    const page = browser.page;
    const { list } = await admin.get<{ list: NotificationItem[] }>('/notification/list?limit=1');
    await openAs(page, NOTIFICATIONS);
    if (list.length === 0) await page.getByText(m['app.notices.empty_notifications']).waitFor();
    else await page.locator(`[data-notice-row="notification-${list[0].id}"]`).getByText(list[0].title).waitFor();
  });

  it("shows a digest's lines as links, the rest on asking", async () => {
    const page = browser.page;
    const { list } = await admin.get<{ list: NotificationItem[] }>('/notification/list?limit=100');
    const digest = list.find((item) => (item.lines?.length ?? 0) > LINES_SHOWN);
    // The demo's first daily check lists more instruments than a digest shows at once.
    expect(digest, 'a digest with more lines than shown').toBeDefined();
    const lines = digest!.lines!;
    await openAs(page, NOTIFICATIONS);
    const row = page.locator(`[data-notice-row="notification-${digest!.id}"]`);
    await row.getByRole('link', { name: lines[0].text }).waitFor();
    expect(await row.getByRole('link').count()).toBe(LINES_SHOWN);
    await row
      .getByRole('button', {
        name: m['app.notices.more_lines'].split(' |||| ')[1].replace('%{smart_count}', String(lines.length - LINES_SHOWN)),
      })
      .click();
    await expect.poll(() => row.getByRole('link').count()).toBe(lines.filter((line) => line.link).length);
  });

  it('shows a notification, goes to its screen, marks it read and deletes it', async () => {
    const page = browser.page;
    const item: NotificationItem = {
      id: 990001,
      kind: 'job_failed',
      title: 'Scheduled task failed: Backup',
      text: 'The task "Backup" failed.',
      link: '/setting/system/crontab',
      read: false,
      created_at: new Date().toISOString(),
    };
    const calls: { path: string; body: unknown }[] = [];
    await page.route('**/dev-api/notification/list*', (route) =>
      route.fulfill({ json: { code: 20000, data: { list: [item], count: 1 } } }),
    );
    for (const path of ['read', 'del']) {
      await page.route(`**/dev-api/notification/${path}`, (route) => {
        calls.push({ path, body: route.request().postDataJSON() });
        return route.fulfill({ json: { code: 20000, data: {} } });
      });
    }
    await openAs(page, NOTIFICATIONS);
    const row = page.locator(`[data-notice-row="notification-${item.id}"]`);
    await row.getByText(item.title).waitFor();
    await row.getByText(item.text).waitFor();

    await row.getByRole('button', { name: m['app.notices.mark_read'] }).click();
    await expect.poll(() => calls).toContainEqual({ path: 'read', body: { ids: [item.id] } });

    await row.getByRole('button', { name: m['ra.action.delete'] }).click();
    await tip(page).getByRole('button', { name: m['app.confirm.ok'] }).click();
    await expect.poll(() => calls).toContainEqual({ path: 'del', body: { ids: [item.id] } });

    await row.getByRole('button', { name: m['app.notices.open_link'] }).click();
    await expectPath(page, item.link!);
  });
});

describeScreens('notice screens', SCREEN_CASES, 'notices', async ({ page, lang, shot }) => {
  await editor.post('/message/send', {
    to_user: 'admin',
    title: `Daily report of well X-12 is ready ${stamp}`,
    content: 'Footage 412 m, ROP 18 m/h. Please review before 18:00.',
  });
  await openAs(page, MESSAGES);
  await page.locator('#main-content [data-notice-row]').first().waitFor();
  await shot('messages');
  await page.getByRole('button', { name: lang['app.notices.new_message'] }).click();
  await page.locator('[data-new-message] input[name=to_user]').fill('editor');
  await page.locator('[data-new-message] input[name=title]').fill(lang['app.notices.new_message']);
  await shot('compose');
  await page.getByRole('button', { name: lang['ra.action.cancel'] }).click();
  await page.locator('[data-new-message]').waitFor({ state: 'detached' });
  await bell(page).click();
  await drawer(page).locator('[data-notice-row]').first().waitFor();
  await drawer(page).getByText(lang['app.notices.drawer_title']).waitFor();
  await shot('drawer');
  await page.keyboard.press('Escape');
  await goWithin(page, NOTIFICATIONS);
  await page.locator('#main-content [role=status], #main-content [data-notice-row]').first().waitFor();
  await shot('notifications');
});
