// What the first screen shows, asked for as soon as the sign-in has its token: the first list's
// page, the person's info and the option lists, together.
import { getToken } from '../api/token';
import { ensureInfo } from '../auth/session';
import { registry } from '../../kernel/schema/load-vite';
import { answerSessionFrom, prefetchConfig, prefetchFirstScreenData } from './App';
import { requestFirstScreen } from './firstScreen';

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
