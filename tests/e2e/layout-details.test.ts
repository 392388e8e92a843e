// Details of the layout a person notices: the sidebar's fixed width, open or closed as the
// sidebarStatus cookie remembers it, and the language selector on the sign-in page.
import { describe, expect, it } from 'vitest';
import { baseUrl, clickMenu, expectPath, messages, openAs, topMenuEntry, useFreshPage } from './helpers';

describe('the sidebar and the sign-in page', () => {
  const browser = useFreshPage();

  it('is 210 px wide open and 54 px closed, however short the titles, and stays closed after a reload', async () => {
    const page = browser.page;
    await openAs(page, '/home');
    const menu = page.getByRole('navigation', { name: 'menu' });
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(210);
    await page.getByRole('button', { name: 'Collapse the menu' }).click();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(54);
    expect((await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
    await page.reload();
    await page.getByRole('button', { name: 'Expand the menu' }).waitFor();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(54);
    await page.getByRole('button', { name: 'Expand the menu' }).click();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(210);
    expect((await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('1');
  });

  it('switches the sign-in page to Spanish, says so in Spanish, and remembers it', async () => {
    const es = messages('es');
    const page = browser.page;
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByText(es['app.layout.language_switched']).waitFor();
    await page.getByRole('button', { name: es['app.login.submit'] }).waitFor();
    expect((await page.context().cookies()).find((c) => c.name === 'language')?.value).toBe('es');
    await page.reload();
    await page.getByRole('button', { name: es['app.login.submit'] }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  });
});

describe('the sidebar on a small tablet held upright (800 px, still a phone)', () => {
  const browser = useFreshPage({ width: 800, height: 1000 });

  it('starts hidden, opens over the page, and closes after each navigation, without touching the remembered state', async () => {
    const page = browser.page;
    await openAs(page, '/home');
    const menu = page.getByRole('navigation', { name: 'menu' });
    const content = page.locator('#main-content');
    const contentLeft = async () => (await content.boundingBox())?.x;
    // No rail of icons: the page has the whole width.
    expect(await page.locator(`[data-menu="${topMenuEntry('/crew/index')}"]`).isVisible()).toBe(false);
    const left = await contentLeft();
    expect(left).toBeLessThan(20);
    await page.getByRole('button', { name: 'Expand the menu' }).click();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(210);
    // Over the page, behind it a backdrop: the page does not move aside.
    expect(await contentLeft()).toBe(left);
    await page.locator('.MuiBackdrop-root').waitFor();
    await clickMenu(page, '/crew/index');
    await expectPath(page, '/crew/index');
    await page.locator(`[data-menu="${topMenuEntry('/crew/index')}"]`).waitFor({ state: 'hidden' });
    expect((await page.context().cookies()).find((c) => c.name === 'sidebarStatus')).toBeUndefined();
  });
});
