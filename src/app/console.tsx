// The console: react-admin, the router and every screen, loaded on demand by the first page
// (src/main.tsx) once a session exists, or while the person types on the sign-in page.
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App, answerSessionFrom, prefetchConfig, prefetchFirstScreenData, setConsoleLanguage } from './App';
import { applyLanguage } from '../i18n/apply';
import { createI18nProvider, loadMessages } from '../i18n/provider';
import { getToken } from '../api/token';
import { ensureInfo } from '../auth/session';
import { requestFirstScreen } from './firstScreen';
import { prepareFormats } from '../format';
import { preloadListScreen } from '../resources/generic';
import { preloadListTools } from '../resources/list/LazyListTools';
import { registry } from '../../kernel/schema/load-vite';
import { rehearseConsole } from './rehearsal';
import type { Language } from '../../kernel/i18n/languages';

/**
 * Fetches ahead of mounting what the first screen will need: the console's messages of a
 * language, and the code of the list screen (the usual first screen) and its tools.
 */
export function prepareConsole(language: Language) {
  preloadScreens();
  prepareFormats(language);
  return loadMessages(language);
}

let stopRehearsal: (() => void) | undefined;
/** Set once the sign-in has begun: from then on calls must go out, and no rehearsal may start. */
let rehearsalOver = false;

/** Rehearses the console off screen on `path`, once, while the person types (see rehearsal.tsx). */
export function rehearse(language: Language, path: string) {
  if (rehearsalOver || stopRehearsal) return;
  stopRehearsal = rehearseConsole(language, path);
}

/** Ends the rehearsal at once, or keeps it from starting: before the sign-in's call, and before the console mounts. */
export function endRehearsal() {
  rehearsalOver = true;
  stopRehearsal?.();
}

/** The list screen and its tools, fetched so that they render at once when first shown. */
function preloadScreens() {
  void preloadListScreen().catch(() => undefined); // a failure shows when the screen opens
  void preloadListTools().catch(() => undefined);
}

/**
 * How long the console waits for the person's info, the option lists and its first list's page before it renders:
 * rendered together, the page and its rows take one pass; rendered first, the page keeps the main
 * thread busy while the rows arrive, and they take another.
 */
const FIRST_PAGE_WAIT_MS = 250;

let firstData: Promise<unknown> | undefined;

/**
 * Asks, once, for what the first screen shows: its list's page first (the slowest of the three),
 * the person's info and the option lists, all together. With the info, react-admin's session
 * checks are answered before it asks: its first render shows the page, its filters and cells
 * labelled. Called as soon as the sign-in has its token, and again (doing nothing) on mounting.
 */
export function requestFirstData(location: { pathname: string; search: string }): Promise<unknown> | undefined {
  if (!firstData && getToken()) {
    requestFirstScreen(registry, location);
    const info = ensureInfo().then(answerSessionFrom, () => undefined);
    const config = prefetchConfig();
    firstData = Promise.all([info, config, prefetchFirstScreenData(location)]);
  }
  return firstData;
}

/** Shows the console in `root`, on the current location. */
export async function mountConsole(root: Root, language: Language) {
  endRehearsal();
  preloadScreens();
  const data = requestFirstData(window.location);
  await Promise.all([loadMessages(language), data && Promise.race([data, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))])]);
  const i18nProvider = createI18nProvider(language);
  applyLanguage(language, i18nProvider.translate);
  setConsoleLanguage(language);
  root.render(
    <StrictMode>
      <App i18nProvider={i18nProvider} />
    </StrictMode>,
  );
}
