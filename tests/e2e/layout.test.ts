// The layout as a person uses it: route search, tags bar, settings drawer, size, language,
// the phone-width sidebar and the error log.
import { describe, expect, it } from 'vitest';
import { apiAs, baseUrl, clickMenu, expectPath, messages, openAs, topMenuEntry, useFreshPage } from './helpers';
import { readablePrimary } from '../../src/settings/contrast';
import { SCREEN_CASES, describeScreens } from './screens';

describe('the layout on a desktop', () => {
  const browser = useFreshPage();

  const start = async (path = '/home') => {
    const page = browser.page;
    await openAs(page, path);
    return page;
  };

  it('finds a page with the header search and goes there', async () => {
    const page = await start();
    await page.getByRole('button', { name: 'Search pages and records' }).click();
    await page.getByRole('combobox', { name: 'Search pages and records' }).fill('crew list');
    await page.getByRole('option', { name: 'Crews > Crew list' }).click();
    await expectPath(page, '/crew/index');
  });

  it('finds an instrument by the start of its number with Ctrl+K and opens it on Enter', async () => {
    const page = await start('/crew/index');
    const api = await apiAs('admin');
    const { items } = await api<{ items: { id: number; name: string }[] }>('/device/list?page=1&limit=1&sort=-id');
    const tool = items[0];
    await page.getByRole('button', { name: 'Search pages and records' }).waitFor();
    await page.keyboard.press('Control+k');
    const field = page.getByRole('combobox', { name: 'Search pages and records' });
    await field.fill(tool.name.slice(0, 3));
    // The instrument itself is offered once the server answers, under its kind.
    await page
      .getByRole('option', { name: new RegExp(`^${tool.name}`) })
      .first()
      .waitFor();
    await field.fill(tool.name);
    await expect.poll(() => page.getByRole('option').first().textContent()).toContain(tool.name);
    await field.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`/${tool.id}$`));
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('keeps a tag per visited page, with Refresh, Close, Close others and Close all', async () => {
    const page = await start('/crew/index');
    // The address changes at once; the page, and the tags bar with it (both wait for the page's
    // code), follow: a page left or a tag acted on before then is the previous page's. So each
    // step waits until the page is shown with its tag active, as a person would.
    const shown = async (path: string) => {
      await expectPath(page, path);
      await page.locator(`[data-tag="${path}"][aria-selected="true"]`).waitFor();
    };
    await shown('/crew/index');
    // Each through the sidebar, opening the menu group it sits in.
    await clickMenu(page, '/device/index');
    await shown('/device/index');
    await clickMenu(page, '/staff/index');
    await shown('/staff/index');
    const tags = () => page.locator('[data-tag]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tag')));
    await expect.poll(tags).toEqual(['/home', '/crew/index', '/device/index', '/staff/index']);

    await page.locator('[data-tag="/crew/index"]').click({ button: 'right' });
    const menu = page.getByRole('menu');
    // Measured once the opening animation has settled.
    await expect.poll(async () => (await page.locator('.MuiMenu-paper').boundingBox())?.width).toBe(105);
    await menu.getByRole('menuitem', { name: 'Refresh' }).click();
    await shown('/crew/index');

    await page.locator('[data-tag="/device/index"]').click({ button: 'middle' });
    await expect.poll(tags).toEqual(['/home', '/crew/index', '/staff/index']);

    await page.locator('[data-tag="/staff/index"]').click();
    await shown('/staff/index');
    await page.locator('[data-tag="/staff/index"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close', exact: true }).click();
    await shown('/crew/index'); // the nearest remaining tag
    await expect.poll(tags).toEqual(['/home', '/crew/index']);

    await page.locator('[data-tag="/home"]').click({ button: 'right' });
    expect(await page.getByRole('menuitem', { name: 'Close', exact: true }).count()).toBe(0); // Home is affixed
    await page.getByRole('menuitem', { name: 'Close all' }).click();
    await expect.poll(tags).toEqual(['/home']);
    await shown('/home');
  });

  it("keeps one tag for a list's pages, leading back to the page last seen", async () => {
    const page = await start('/device/index');
    await page.locator('[data-tag="/device/index"][aria-selected="true"]').waitFor();
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    const tags = () => page.locator('[data-tag]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tag')));
    await expect.poll(tags).toEqual(['/home', '/device/index']);
    await page.locator('[data-tag="/home"]').click();
    await expectPath(page, '/home');
    await page.locator('[data-tag="/device/index"]').click();
    await page.waitForURL((url) => url.pathname === '/device/index');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.getByRole('button', { name: 'page 2', exact: false }).and(page.locator('[aria-current="page"]')).waitFor();
  });

  it('remembers the settings drawer across a reload', async () => {
    const page = await start('/crew/index');
    await page.locator('[data-tag="/home"]').waitFor();
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Theme' }).click();
    const drawer = page.locator('.MuiDrawer-paper', { hasText: 'Page style settings' });
    await drawer.getByRole('radio', { name: '#13c2c2' }).click();
    await drawer.getByRole('switch', { name: 'Open tags bar' }).uncheck();
    await drawer.getByRole('switch', { name: 'Sidebar logo' }).check();
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-tag]').count()).toBe(0);

    await page.reload();
    await page.locator('[data-sidebar-logo]').waitFor();
    expect(await page.locator('[data-tag]').count()).toBe(0);
    const colour = await page.getByRole('link', { name: 'Create' }).evaluate((el) => getComputedStyle(el).color);
    // The colour chosen, in the shade that reads as text on white (too light as it is).
    expect(colour).toBe(readablePrimary('#13c2c2', false));
  });

  it('switches the size, refreshes the view and says so', async () => {
    const page = await start('/device/index');
    await page.getByRole('button', { name: 'Global size' }).click();
    await page.getByRole('menuitem', { name: 'Small' }).click();
    await page.getByText('Switch Size Success').waitFor();
    await expectPath(page, '/device/index');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'size')?.value).toBe('small');
  });

  it('switches the language, says so in it, and translates the menu', async () => {
    const zh = messages('zh');
    const page = await start('/crew/index');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByText(zh['app.layout.language_switched']).waitFor();
    await page.locator(`[data-menu="${topMenuEntry('/crew/index')}"]`, { hasText: zh['route.Crew'] }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'language')?.value).toBe('zh');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');
  });

  it('runs a progress bar, not a spinner, while a page opens, and takes it away once it has', async () => {
    const page = await start('/crew/index');
    await page.locator('[data-tag="/crew/index"][aria-selected="true"]').waitFor();
    await page.locator('#navigation-progress').waitFor({ state: 'detached' });
    // The bar may show for a moment only: the page notes every bar and spinner that appears.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLElement>('#navigation-progress[role=progressbar]');
        if (bar) {
          // Seen, not only there: the topmost thing at the page's top left corner.
          bar.style.pointerEvents = 'auto';
          if (document.elementFromPoint(1, 1) === bar) seen.push('bar');
        }
        if (document.querySelector('.MuiCircularProgress-root')) seen.push('spinner');
      }).observe(document.body, { childList: true, subtree: true });
    });
    await clickMenu(page, '/device/index');
    await expectPath(page, '/device/index');
    await expect.poll(() => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen.includes('bar'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen.includes('spinner'))).toBe(false);
    await page.locator('#navigation-progress').waitFor({ state: 'detached' });
    expect(await page.getByRole('progressbar').count()).toBe(0);
  });

  it('collects a runtime error and a rejected promise in the error log', async () => {
    const page = await start();
    expect(await page.getByRole('button', { name: 'Error log' }).count()).toBe(0);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Pulser calibration table is missing');
      });
      void Promise.reject(new Error('Gamma module did not answer'));
    });
    const button = page.getByRole('button', { name: 'Error log' });
    await button.waitFor();
    expect(await button.textContent()).toContain('2');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Error log' });
    await dialog.getByText('Pulser calibration table is missing', { exact: true }).waitFor();
    await dialog.getByText('Gamma module did not answer', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Clear all' }).click();
    await button.waitFor({ state: 'detached' });
  });
});

describe('the layout on a phone', () => {
  const browser = useFreshPage({ width: 375, height: 740 });

  it('starts with the sidebar closed and closes it again after each navigation', async () => {
    const page = browser.page;
    await openAs(page, '/home');
    const crewEntry = page.locator(`[data-menu="${topMenuEntry('/crew/index')}"]`);
    expect(await crewEntry.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Expand the menu' }).click();
    await clickMenu(page, '/crew/index');
    await expectPath(page, '/crew/index');
    await crewEntry.waitFor({ state: 'hidden' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('ends a page title too long for the bar with an ellipsis, and gives it the room the bar has', async () => {
    const page = browser.page;
    const es = messages('es');
    await page.context().addCookies([{ name: 'language', value: 'es', url: baseUrl() }]);
    for (const [path, title] of [
      ['/setting/permission/menu', es['route.MenuManage']],
      ['/device/statistics', es['route.DeviceStatistics']],
    ]) {
      await openAs(page, path);
      const heading = page.locator('#react-admin-title');
      await expect.poll(() => heading.textContent()).toBe(title);
      // The text's own box (its nearest ancestor that is not inline) clips it, with an ellipsis.
      const clip = await heading.evaluate((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let box = walker.nextNode()?.parentElement ?? el;
        while (box !== el && getComputedStyle(box).display === 'inline') box = box.parentElement!;
        const style = getComputedStyle(box);
        const next = el.nextElementSibling?.getBoundingClientRect().left ?? window.innerWidth;
        return {
          ellipsis: style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap' && style.overflow === 'hidden',
          room: next - box.getBoundingClientRect().right,
        };
      });
      expect(clip.ellipsis, `the title of ${path} is cut without an ellipsis`).toBe(true);
      // The bar's buttons take their room; the title all that is left, up to the first of them.
      expect(clip.room).toBeLessThanOrEqual(8);
    }
  });

  it("gives Home's links touch targets at least 44 px tall", async () => {
    const page = browser.page;
    await openAs(page, '/home');
    await page.locator('[data-due-item] a').first().waitFor();
    await page.locator('#main-content [data-page="home"] table a, #main-content [data-page="home"] li a').last().waitFor();
    const small = await page
      .locator('#main-content a')
      .evaluateAll((links) =>
        links
          .map((link) => ({ text: (link.textContent ?? '').trim(), height: link.getBoundingClientRect().height }))
          .filter((link) => link.height > 0 && link.height < 44),
      );
    expect(small.slice(0, 5)).toEqual([]);
  });
});

describeScreens(
  'header search',
  SCREEN_CASES,
  'search',
  async ({ page, lang, shot }) => {
    await openAs(page, '/home');
    const label = lang['app.search.label'];
    await page.getByRole('button', { name: label }).click();
    await page.getByRole('combobox', { name: label }).fill('a');
    await page.getByRole('option').first().waitFor();
    await page.getByRole('listbox').locator('li[role="option"]').nth(6).waitFor();
    await shot('results');
  },
  { fullPage: false },
);
