// The console drawn ahead of sign-in. Once the rehearsal is over (rehearsal.tsx), while the person
// still types, the console is drawn, hidden, on the page the sign-in will open: its frame, app bar
// and menu, with the info of the super role on the menu a first start stores (the person's own is
// not known before the answer). Its calls wait for the sign-in's token (api/signInWait.ts), its
// address for the person to be signed in (routes/deferredHistory.ts); its list shows no rows yet.
// Signed in, it takes the person's info (what differs from the one assumed draws again, hidden)
// and shows once its list drew the first rows; without an info it is thrown away and the console
// is mounted as usual. A sign-in refused leaves it waiting for the next.
import { createRoot, type Root } from 'react-dom/client';
import { signInAnswered, waitForSignIn } from '../api/signInWait';
import { assumeInfo, currentAccess, ensureInfo, resetSession, type UserInfo } from '../auth/session';
import { createDeferredHistory } from '../routes/deferredHistory';
import { filterRoutes } from '../../kernel/routes/tree';
import { firstStartRoutes } from '../../kernel/routes/menu-tree';
import { accessResource } from '../../kernel/schema/access';
import { registry } from '../../kernel/schema/load-vite';
import type { Language } from '../../kernel/i18n/languages';
import { answerSessionFrom, assumeConfig, forgetQueries, prefetchFirstScreenData } from './App';
import { requestFirstData } from './firstData';
import { consoleI18n, firstDataOrWait, renderConsole } from './mount';
import { rowShown } from './rehearsal';
import { DRAWN_AHEAD_MARKS } from '../signin/console-files';

/** The info assumed before the server's: the super role's, on the menu as a first start stores it. */
export function assumedInfo(): UserInfo {
  const roles = [accessResource(registry, 'roles')?.spec.superRole ?? 'admin'];
  return { roles, name: '', avatar: '', introduction: '', mustChange: false, routes: filterRoutes(firstStartRoutes(registry), roles) };
}

/** How long the console waits, once its first data came, for its page to draw a row (a page without rows shows after it). */
const FIRST_ROW_WAIT_MS = 100;

/**
 * Laid out as the page it will be: the window's size, with a scroll bar where the page will have
 * one (the page never scrolls sideways). Shown, it first stays so, seen and reachable, so that the
 * browser has only to paint it; once painted, it takes its place in the page (see `settle`).
 */
const LAID_OUT = 'position:fixed;inset:0;overflow-x:hidden;overflow-y:auto';
/** Neither seen, nor reachable by pointer or keyboard. */
const HIDDEN = `${LAID_OUT};visibility:hidden;pointer-events:none;z-index:-1`;

/** The console, shown, takes its place in the page: it scrolls with the page, where it was scrolled. */
function settle(container: HTMLElement) {
  const scrolled = container.scrollTop;
  container.removeAttribute('style');
  if (scrolled) window.scrollTo(0, scrolled);
}

export interface DrawnAhead {
  /** The language it is drawn in. */
  readonly language: Language;
  /** Signed in: shows the console in place of the sign-in page and answers true; or throws it away and answers false (no info came). */
  signedIn(signInRoot: Root): Promise<boolean>;
  /** Before anyone signed in (the language changed): the console goes, with its calls and what it assumed. */
  throwAway(): void;
}

/** Draws the console, hidden, on `path`, in slices that leave the page free for typing. */
export function drawAhead(language: Language, path: string): DrawnAhead {
  waitForSignIn();
  assumeInfo(assumedInfo());
  const assumedAccess = currentAccess();
  answerSessionFrom(assumedInfo());
  assumeConfig();
  const routing = createDeferredHistory(path);
  // In the cache before the list mounts, its call waiting for the token: the list shows its rows when it comes.
  void prefetchFirstScreenData(routing.history.location);

  const signInPage = document.getElementById('root');
  const container = document.createElement('div');
  container.style.cssText = HIDDEN;
  document.body.append(container);
  const root = createRoot(container);
  let gone = false;
  const drawn = consoleI18n(language).then(
    (i18nProvider) => gone || renderConsole(root, i18nProvider, { history: routing.history, sliced: true }),
  );
  const remove = () => {
    gone = true;
    root.unmount();
    container.remove();
    performance.mark(DRAWN_AHEAD_MARKS.thrownAway);
  };

  return {
    language,
    async signedIn(signInRoot) {
      signInAnswered(true);
      routing.activate();
      // The first screen's calls go out now, the list's first, ahead of those that waited.
      const data = requestFirstData(window.location);
      const info = await ensureInfo().catch(() => undefined);
      if (!info) {
        remove();
        return false;
      }
      // Another info than assumed (other roles, an edited menu, a password to change): the console
      // draws what it changes, and what it did on its own (a redirect) is done again under it.
      if (currentAccess() !== assumedAccess && routing.moved()) routing.history.replace(path);
      await Promise.all([drawn, firstDataOrWait(data)]);
      // Shown in the same frame as its first row: swapped as the row goes in, before the browser
      // paints; a page without rows shows a while after its data, once something of it is drawn.
      await new Promise<void>((resolve) => {
        let waited = false;
        const ready = () => rowShown(container) || (waited && container.firstElementChild !== null);
        const check = () => {
          if (!ready()) return;
          clearTimeout(timer);
          watch.disconnect();
          resolve();
        };
        const timer = setTimeout(() => {
          waited = true;
          check();
        }, FIRST_ROW_WAIT_MS);
        const watch = new MutationObserver(check);
        watch.observe(container, { childList: true, subtree: true, characterData: true });
        check();
      });
      signInPage?.style.setProperty('display', 'none');
      signInPage?.removeAttribute('id');
      // Only seen: what changes does not move a thing, and the browser lays nothing out again.
      container.style.cssText = LAID_OUT;
      container.id = 'root';
      performance.mark(DRAWN_AHEAD_MARKS.shown);
      // The sign-in page goes, and the console takes its place in the page, once it is painted.
      requestAnimationFrame(() =>
        setTimeout(() => {
          settle(container);
          signInRoot.unmount();
          signInPage?.remove();
        }),
      );
      return true;
    },
    throwAway() {
      signInAnswered(false);
      remove();
      forgetQueries();
      resetSession();
    },
  };
}
