// The console: react-admin, the router and every screen, loaded on demand by the first page
// (src/main.tsx) once a session exists, or while the sign-in page is idle.
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App, setConsoleLanguage } from './App';
import { applyLanguage } from '../i18n/apply';
import { createI18nProvider, loadMessages } from '../i18n/provider';
import { prepareFormats } from '../format';
import { preloadIcons } from '../layout/icons';
import { preloadListScreen } from '../resources/generic';
import { preloadListTools } from '../resources/list/LazyListTools';
import { registry } from '../../kernel/schema/load-vite';
import type { RouteNode } from '../../kernel/schema/types';
import type { Language } from '../../kernel/i18n/languages';

function* menuIcons(routes: RouteNode[]): Generator<string | undefined> {
  for (const route of routes) {
    yield route.meta?.icon;
    if (route.children) yield* menuIcons(route.children);
  }
}

/**
 * Fetches what the first screen needs beyond the console's own code: its messages in `language`,
 * the list screen (the usual first screen) and its tools, and the menu's icons; and makes the
 * number and date formats of `language`. Called while the
 * sign-in page is idle, and again on mounting (a visitor with a session); a failure shows when
 * the screen opens.
 */
export function prepareConsole(language: Language): Promise<unknown> {
  prepareFormats(language);
  return Promise.all([loadMessages(language), preloadListScreen(), preloadListTools(), preloadIcons(menuIcons(registry.routes))]);
}

/** Shows the console in `root`, on the current location, once its messages in `language` are loaded. */
export async function mountConsole(root: Root, language: Language) {
  void prepareConsole(language).catch(() => undefined);
  await loadMessages(language);
  const i18nProvider = createI18nProvider(language);
  applyLanguage(language, i18nProvider.translate);
  setConsoleLanguage(language);
  root.render(
    <StrictMode>
      <App i18nProvider={i18nProvider} />
    </StrictMode>,
  );
}
