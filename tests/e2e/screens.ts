// The screenshot suites the browser test files end with: each opens a browser at a language and
// a size, visits its screens and saves them under tests/.artifacts/screens/ to be looked at,
// failing when a screen makes the page scroll sideways.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MessageLanguage } from '../messages';
import { openPage } from './browser';
import { ARTIFACTS, baseUrl, messages } from './helpers';
import { waitUntilStill } from './settle';

export const SCREENS = join(ARTIFACTS, 'screens');

export interface ScreenCase {
  language: MessageLanguage;
  width: number;
  height: number;
}

/** A desktop window in that language. */
export const desk = (language: MessageLanguage): ScreenCase => ({ language, width: 1280, height: 800 });
/** A phone's screen in that language. */
export const phone = (language: MessageLanguage): ScreenCase => ({ language, width: 375, height: 740 });

/**
 * The cases a screen suite shoots: two languages and two widths, each language at one of them.
 * A translation does not depend on the width, nor does a sideways scroll on the language much,
 * so two shots show what four did at half the time. Chinese is shot on the desktop (its font and
 * its short labels), English on the phone (long words are what push a narrow page sideways);
 * the general screens suite (screens.test.ts) shoots Spanish and Japanese the same way.
 */
export const SCREEN_CASES: ScreenCase[] = [desk('zh'), phone('en')];

export interface ScreenOptions {
  /** The whole page (default) or only what the window shows: popovers are placed in the window. */
  fullPage?: boolean;
  /** Wait for the requests to end before a shot (default); off for a screen that may keep one open. */
  networkIdle?: boolean;
}

export interface ScreenVisit {
  page: Page;
  context: BrowserContext;
  language: MessageLanguage;
  width: number;
  /** The messages of the case's language. */
  lang: Record<string, string>;
  /** Saves the page as <language>-<width>-<prefix>-<name>.png and fails when it scrolls sideways. */
  shot: (name: string) => Promise<void>;
}

/** Fails when the page is wider than the window (it would scroll sideways). */
export async function expectNoSidewaysScroll(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** The file a shot is saved in; an empty prefix leaves the name as <language>-<width>-<name>.png. */
export const screenFile = ({ language, width }: ScreenCase, prefix: string, name: string) =>
  join(SCREENS, `${[language, width, prefix, name].filter((part) => part !== '').join('-')}.png`);

/**
 * One suite a case, named "<title> in <language> at <width> px": a fresh page at that size with the
 * language cookie set, handed to `visit`, and closed afterwards whatever happens.
 */
export function describeScreens(
  title: string,
  cases: ScreenCase[],
  prefix: string,
  visit: (screen: ScreenVisit) => Promise<void>,
  { fullPage = true, networkIdle = true }: ScreenOptions = {},
) {
  describe.each(cases)(`${title} in $language at $width px`, (screenCase) => {
    // A case walks up to a dozen screens, each waited for until still: more than one test's usual allowance.
    it('render translated, without sideways scrolling of the page', { timeout: 120_000 }, async () => {
      mkdirSync(SCREENS, { recursive: true });
      const { language, width, height } = screenCase;
      const { page, context, close } = await openPage({ width, height });
      const shot = async (name: string) => {
        // Transitions (tabs' indicator, dialogs, popovers) ended and what the screen loads shown.
        await waitUntilStill(page, { network: networkIdle });
        await page.screenshot({ path: screenFile(screenCase, prefix, name), fullPage });
        await expectNoSidewaysScroll(page, name);
      };
      try {
        await context.addCookies([{ name: 'language', value: language, url: baseUrl() }]);
        await visit({ page, context, language, width, lang: messages(language), shot });
      } finally {
        await close();
      }
    });
  });
}
