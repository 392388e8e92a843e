// Screenshots of every screen of this release in two languages, at desktop and phone width,
// saved under tests/.artifacts/screens/ to be looked at; each also checks its translated text.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenRoutes } from '../../kernel/routes/tree';
import { loadRegistry } from '../../kernel/schema/load-node';
import { openPage } from './browser';
import { waitUntilStill } from './settle';
import { ARTIFACTS, baseUrl, goWithin, messages, openAs } from './helpers';
import { desk, phone } from './screens';

const SCREENS = join(ARTIFACTS, 'screens');

/** A route routes.json still shows as `pending` (a screen of a later release), one without parameters to fill. */
const pending = flattenRoutes(loadRegistry().routes).find(({ fullPath, node }) => node.component === 'pending' && !fullPath.includes(':'));

const screens: { name: string; path: string; expect: (m: Record<string, string>) => string }[] = [
  { name: 'home', path: '/home', expect: (m) => m['route.Home'] },
  { name: 'crew-list', path: '/crew/index', expect: (m) => m['route.CrewList'] },
  { name: 'crew-create', path: '/crew/create', expect: (m) => m['resources.crew.fields.secretary'] },
  { name: 'device-list', path: '/device/index', expect: (m) => m['route.DeviceList'] },
  { name: 'device-edit', path: '/device/3', expect: (m) => m['resources.device.fields.meth'] },
  { name: 'device-show', path: '/device/detail/3', expect: (m) => m['resources.device.fields.houring'] },
  { name: 'profile', path: '/profile/index', expect: (m) => m['app.profile.about'] },
  ...(pending ? [{ name: 'pending', path: pending.fullPath, expect: (m: Record<string, string>) => m['app.pending.title'] }] : []),
  { name: '404', path: '/no/such/page', expect: (m) => m['app.page404.headline'] },
];

const title = pending
  ? 'render translated, without sideways scrolling of the page'
  : 'render translated, without sideways scrolling of the page (the pending placeholder left out: no route of routes.json is pending any more)';

// Spanish and Japanese here, Chinese and English in the screen suites of the other files (SCREEN_CASES).
describe.each([desk('es'), phone('ja')])('screens in $language at $width px', ({ language, width, height }) => {
  it(title, async () => {
    mkdirSync(SCREENS, { recursive: true });
    const m = messages(language);
    const { page, context, close } = await openPage({ width, height });
    try {
      await context.addCookies([{ name: 'language', value: language, url: baseUrl() }]);
      await page.goto(`${baseUrl()}/login`);
      await page.getByText(m['app.login.title']).first().waitFor();
      await page.screenshot({ path: join(SCREENS, `${language}-${width}-login.png`) });
      await openAs(page, '/home');
      for (const screen of screens) {
        await goWithin(page, screen.path);
        await page.getByText(screen.expect(m), { exact: false }).first().waitFor({ timeout: 10_000 });
        await waitUntilStill(page);
        await page.screenshot({ path: join(SCREENS, `${language}-${width}-${screen.name}.png`) });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${screen.name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
      }
      // The settings drawer, opened from the avatar menu's Theme entry.
      await goWithin(page, '/home');
      await page.getByRole('button', { name: m['ra.auth.user_menu'] }).click();
      await page.getByRole('menuitem', { name: m['app.navbar.theme'] }).click();
      await page.getByText(m['app.settings.title']).waitFor();
      await waitUntilStill(page); // the drawer's slide ended
      await page.screenshot({ path: join(SCREENS, `${language}-${width}-settings-drawer.png`) });
    } finally {
      await close();
    }
  });
});
