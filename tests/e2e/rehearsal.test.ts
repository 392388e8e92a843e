// The console's rehearsal on the sign-in page (src/app/rehearsal.tsx): once the person starts
// typing, the console is rendered off screen on the page the sign-in will open, then thrown away;
// then it is drawn ahead of sign-in, hidden, on that page (src/app/drawAhead.tsx). Neither may
// reach a server, show anything, or change what the page or the browser keeps (but the language
// react-admin will open the console in), and neither may stand in the way of a sign-in, however early.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, baseUrl, expectPath, useFreshPage } from './helpers';

const REHEARSAL = 'console rehearsal';
/** A row of the device list, a table's or (on a phone) a list's. */
const LIST_ROW = '#main-content tbody tr, #main-content li';

/** The rehearsal's measure on the page's performance timeline, once it has ended. */
const rehearsals = (page: Page) =>
  page.evaluate(
    (name) => performance.getEntriesByName(name).map((entry) => (entry as PerformanceMeasure).detail as { path: string; drewRow: boolean }),
    REHEARSAL,
  );

/** What the page and the browser keep, and what shows: none of it may change. */
const kept = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    language: document.documentElement.lang,
    cookies: document.cookie,
    // But react-admin's own store, which the console drawn ahead starts (its version, the language it opens in, the sidebar's state).
    local: JSON.stringify(Object.fromEntries(Object.entries(localStorage).filter(([key]) => !key.startsWith('RaStore.')))),
    session: JSON.stringify(sessionStorage),
    url: location.href,
    background: getComputedStyle(document.body).backgroundColor,
    font: getComputedStyle(document.body).fontFamily,
    console: [...document.querySelectorAll('#main-content, .RaLayout-appFrame, .MuiDrawer-root, #navigation-progress')].filter((element) =>
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
    ).length,
  }));

describe('the console rehearsed on the sign-in page', () => {
  const browser = useFreshPage();

  for (const width of [1280, 375]) {
    it(`renders off screen while the person types, then draws the console hidden, calls no server and leaves the page as it was (${width} px)`, async () => {
      const page = browser.page;
      await page.setViewportSize({ width, height: 800 });
      const calls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/dev-api/')) calls.push(`${request.method()} ${request.url()}`);
      });
      await page.goto(`${baseUrl()}/login?redirect=%2Fdevice%2Findex`);
      await page.locator('input[name=username]').waitFor();
      const before = await kept(page);
      // Anything the rehearsal or the console drawn ahead would add to the visible page, even for a moment.
      await page.evaluate(() => {
        const added: string[] = [];
        (window as unknown as { added: string[] }).added = added;
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes)
              if (node instanceof HTMLElement && getComputedStyle(node).visibility !== 'hidden') added.push(node.outerHTML.slice(0, 120));
          }
        }).observe(document.body, { childList: true });
      });

      await page.locator('input[name=username]').pressSequentially('admin', { delay: 60 });
      await expect.poll(() => rehearsals(page), { timeout: 15_000 }).toHaveLength(1);
      const [rehearsal] = await rehearsals(page);
      expect(rehearsal.path).toBe('/device/index');
      expect(rehearsal.drewRow).toBe(true);
      // Then drawn ahead, hidden, on the same page.
      await page.locator('.RaLayout-appFrame').waitFor({ state: 'attached' });
      await page.waitForTimeout(500);

      expect(calls).toEqual([]);
      expect(await kept(page)).toEqual(before);
      expect(await page.evaluate(() => (window as unknown as { added: string[] }).added)).toEqual([]);

      // The console the person signs in to works as ever: its calls go out, the list shows.
      await page.locator('input[name=password]').fill(E2E_PASSWORD);
      await page.locator('button[type=submit]').click();
      await expectPath(page, '/device/index');
      await page.locator(LIST_ROW).first().waitFor();
      expect(calls.some((call) => call.includes('/dev-api/device/list'))).toBe(true);
    });
  }

  it('gives way to a sign-in made while it runs: the held calls go out', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login?redirect=%2Fdevice%2Findex`);
    await page.locator('input[name=username]').waitFor();
    // The first key starts the rehearsal; the sign-in follows at once, before it can have ended.
    await page.locator('input[name=username]').pressSequentially('admin');
    await page.locator('input[name=password]').fill(E2E_PASSWORD);
    await page.locator('input[name=password]').press('Enter');
    await expectPath(page, '/device/index');
    await page.locator(LIST_ROW).first().waitFor();
    // One console on the page: the rehearsal, started or not, was ended by the sign-in.
    expect(await page.locator('.RaLayout-appFrame').count()).toBe(1);
  });
});
