// The console: react-admin, the router and every screen, loaded on demand by the first page
// (src/main.tsx) once a session exists, or while the person types on the sign-in page.
import type { Root } from 'react-dom/client';
import { loadMessages } from '../i18n/provider';
import { requestFirstData } from './firstData';
import { consoleI18n, firstDataOrWait, renderConsole } from './mount';
import { prepareFormats } from '../format';
import { preloadListScreen } from '../resources/generic';
import { preloadListTools } from '../resources/list/LazyListTools';
import { rehearseConsole } from './rehearsal';
import { type DrawnAhead, drawAhead } from './drawAhead';
import type { Language } from '../../kernel/i18n/languages';

export { requestFirstData };

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

let ahead: DrawnAhead | undefined;

/**
 * Rehearses the console off screen on `path`, once, while the person types (see rehearsal.tsx);
 * then, unless the sign-in has begun, draws it ahead of sign-in on that page (see drawAhead.tsx).
 */
export function rehearse(language: Language, path: string) {
  if (rehearsalOver || stopRehearsal) return;
  stopRehearsal = rehearseConsole(language, path, () => {
    if (!rehearsalOver) ahead = drawAhead(language, path);
  });
}

/** The console drawn ahead of sign-in, when there is one in `language` (one in another is thrown away). */
export function drawnAhead(language: Language): DrawnAhead | undefined {
  if (ahead && ahead.language !== language) {
    ahead.throwAway();
    ahead = undefined;
  }
  return ahead;
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

/** Shows the console in `root`, on the current location. */
export async function mountConsole(root: Root, language: Language) {
  endRehearsal();
  preloadScreens();
  const [i18nProvider] = await Promise.all([consoleI18n(language), firstDataOrWait(requestFirstData(window.location))]);
  renderConsole(root, i18nProvider);
}
