// Debian's Chromium driven by playwright-core, with the flags this machine needs. Never a downloaded browser.
// One Chromium per test file, launched on first use and closed when the file ends (close-browser.ts):
// a launch costs seconds on a busy machine, a fresh context of it a few milliseconds, and a context
// keeps no cookie or storage of another.
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { trackRequests } from './settle';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let launched: Promise<Browser> | undefined;

/** This test file's Chromium, launched on the first call (again if it has died since). */
export function fileBrowser(): Promise<Browser> {
  if (!launched) {
    const launching = chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
    launched = launching;
    void launching.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (launched === launching) launched = undefined;
        }),
      () => {
        if (launched === launching) launched = undefined;
      },
    );
  }
  return launched;
}

/** Closes this test file's Chromium, if it was launched. */
export async function closeFileBrowser() {
  const browser = launched;
  launched = undefined;
  if (browser) await (await browser).close();
}

export interface BrowserOptions {
  locale?: string;
  width?: number;
  height?: number;
}

/** A page in a fresh context of the file's Chromium: no cookies, no storage from another test. */
export async function openPage({ locale = 'en-US', width = 1280, height = 800 }: BrowserOptions = {}): Promise<{
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}> {
  // Asking for less motion, as a person's system may: the console then draws no transitions, so
  // no step waits for a dialog's fade or a drawer's slide (screenshots show the end state anyway).
  const context = await (await fileBrowser()).newContext({ locale, viewport: { width, height }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  trackRequests(page);
  return { context, page, close: () => context.close() };
}
