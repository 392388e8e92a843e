// The sign-in page's first paint, sent inside the page by the server before any script runs
// (build/sign-in-shell.ts, server/web.ts): its title and subtitle stand exactly where the real
// page puts them, in every language and global size, so nothing moves when React takes over;
// and it is gone once React has drawn the page. Then the console's code: downloaded while the
// page is idle, run only once the person types.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { entryKeys, readManifest, staticFiles } from '../bench/signin-size';
import { CONSOLE_RUN_MARK } from '../../src/signin/console-files';
import { baseUrl, useFreshPage } from './helpers';

interface Box {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The page's h1 and the paragraph after it (the subtitle), where they are drawn. */
async function titles(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    [document.querySelector('h1'), document.querySelector('h1 + p')].map((element) => {
      if (!element) throw new Error('no title or subtitle on the page');
      const { x, y, width, height } = element.getBoundingClientRect();
      return { text: element.textContent ?? '', x, y, width, height };
    }),
  );
}

describe("the sign-in page's first paint", () => {
  const browser = useFreshPage();

  const cases = [
    { language: 'en', size: 'medium', width: 1280 },
    { language: 'es', size: 'default', width: 375 },
    { language: 'zh', size: 'small', width: 1280 },
    { language: 'ja', size: 'mini', width: 375 },
  ];
  for (const { language, size, width } of cases) {
    it(`stands where the page draws its title and subtitle (${language}, size ${size}, ${width} px)`, async () => {
      const page = browser.page;
      await page.setViewportSize({ width, height: 800 });
      await page.context().addCookies([
        { name: 'language', value: language, url: baseUrl() },
        { name: 'size', value: size, url: baseUrl() },
      ]);

      // Without its scripts, the page is the server's first paint alone.
      await page.route('**/assets/**', (route) => route.abort());
      await page.goto(`${baseUrl()}/login`);
      expect(await page.locator('.signin-shell').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      const first = await titles(page);

      await page.unrouteAll();
      await page.goto(`${baseUrl()}/login`);
      await page.locator('input[name=username]').waitFor();
      expect(await page.locator('.signin-shell').count()).toBe(0);
      const drawn = await titles(page);

      for (const [index, box] of first.entries()) {
        const real = drawn[index];
        expect(box.text).toBe(real.text);
        for (const side of ['x', 'y', 'width', 'height'] as const) {
          expect(Math.abs(box[side] - real[side]), `${real.text}: ${side} ${box[side]} against ${real[side]}`).toBeLessThan(0.5);
        }
      }
    });
  }

  it('is not sent to a visitor with a session', async () => {
    const anonymous = await (await fetch(`${baseUrl()}/login`)).text();
    expect(anonymous).toContain('class="signin-shell"');
    const signedIn = await (await fetch(`${baseUrl()}/home`, { headers: { Cookie: 'Admin-Token=some-token' } })).text();
    expect(signedIn).not.toContain('signin-shell');
  });
});

describe("the console's code on the sign-in page", () => {
  const browser = useFreshPage();

  it('is downloaded once the page is idle, without any action, and run only once the person types', async () => {
    const page = browser.page;
    const manifest = readManifest(inject('distDir'));
    const signInPage = staticFiles(manifest, entryKeys(manifest));
    const consoleOnly = [...staticFiles(manifest, ['src/app/console.tsx'])].filter((file) => !signInPage.has(file));
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname.slice(1)));

    await page.goto(`${baseUrl()}/login`);
    await page.locator('input[name=username]').waitFor();
    // Every file of the console's, with no key pressed and nothing clicked.
    await expect.poll(() => consoleOnly.filter((file) => !requested.has(file)), { timeout: 15_000 }).toEqual([]);
    // Not run: the page marks its timeline once the console's code has run.
    const consoleRuns = () => page.evaluate((mark) => performance.getEntriesByName(mark).length, CONSOLE_RUN_MARK);
    await page.waitForTimeout(500); // idle time in which nothing may run it
    expect(await consoleRuns()).toBe(0);

    await page.keyboard.type('a');
    await expect.poll(consoleRuns).toBe(1);
  });
});
