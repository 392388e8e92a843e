// The first page: the sign-in page when there is no session, small (React, react-dom, a few MUI
// pieces, the chosen language's sign-in messages). The console (react-admin and every screen)
// is fetched while the person types and mounted in place after sign-in, on the redirect target,
// without a reload. A visitor with a session goes straight to the console.
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import Cookies from 'js-cookie';
import { getToken } from './api/token';
import { signInOverApi } from './auth/signIn';
import { ensureInfo } from './auth/session';
import { loginUrlFor, redirectTarget } from './auth/redirect';
import { applyLanguage } from './i18n/apply';
import { collectErrors } from './layout/error-log/errorLog';
import { CONSOLE_RUN_MARK, consoleFiles, downloadConsole, whenIdle } from './signin/console-files';
import { loadSignInMessages } from './signin/messages';
import { SignInPage } from './signin/SignInPage';
import { translator } from './signin/translate';
import { LANGUAGE_COOKIE, detectLanguage } from '../kernel/i18n/languages';
import { PUBLIC_PATHS } from '../kernel/contract/browser';

const language = () => detectLanguage(Cookies.get(LANGUAGE_COOKIE), navigator.languages ?? [navigator.language]);

type ConsoleModule = typeof import('./app/console');
let consoleModule: Promise<ConsoleModule> | undefined;
/** The console's module once it has run: what must happen at once (ending its rehearsal) needs no wait. */
let consoleRun: ConsoleModule | undefined;
const loadConsole = () =>
  (consoleModule ??= import('./app/console').then((module) => {
    performance.mark(CONSOLE_RUN_MARK);
    return (consoleRun = module);
  }));

/**
 * Runs the console's code and fetches its messages, once; then rehearses it off screen on the
 * page the sign-in will open, so that it renders warm when the person has signed in.
 */
let prefetched = false;
/** Set when the person signs in: the rehearsal, which holds every call while it runs, is over then. */
let signingIn = false;
function prefetchConsole() {
  if (prefetched) return;
  prefetched = true;
  void loadConsole().then(async (console) => {
    await console.prepareConsole(language());
    if (!signingIn) console.rehearse(language(), redirectTarget(window.location.search));
  });
}

async function start() {
  collectErrors();
  // The development mock answers /dev-api inside the browser; production builds leave it out.
  if (import.meta.env.VITE_MOCK === 'true') {
    const { installMock } = await import('../mock');
    await installMock();
  }
  const root = createRoot(document.getElementById('root')!);
  const openConsole = async () => (await loadConsole()).mountConsole(root, language());

  if (getToken() || PUBLIC_PATHS.includes(window.location.pathname)) return openConsole();

  const { pathname, search } = window.location;
  if (pathname !== '/login') window.history.replaceState(null, '', loginUrlFor(pathname, search));
  const shown = language();
  const messages = await loadSignInMessages(shown);
  applyLanguage(shown, translator(messages));

  const signIn = async (username: string, password: string) => {
    // The rehearsal holds every call while it runs: it ends before the sign-in's own.
    signingIn = true;
    consoleRun?.endRehearsal();
    const signInAddress = window.location.pathname + window.location.search;
    const target = redirectTarget(window.location.search);
    // The call goes out now, even while the calls of a console drawn ahead wait for its answer.
    const answered = signInOverApi(username, password);
    // The address is the wanted page from now on, so that a reload while the console is still
    // loading opens that page (through the sign-in page when there is no session yet).
    window.history.replaceState(null, '', target);
    const ahead = consoleRun?.drawnAhead(language());
    try {
      await answered;
    } catch (error) {
      // A console drawn ahead waits for the next attempt.
      window.history.replaceState(null, '', signInAddress);
      throw error;
    }
    if (ahead && (await ahead.signedIn(root))) return;
    // The first screen's data, the person's info and the console's code come together, not one
    // after the other (the console, when not run yet, asks for the data as it mounts).
    void consoleRun?.requestFirstData(window.location);
    void ensureInfo().catch(() => undefined);
    await openConsole();
  };
  // Rendered in slices the browser can paint between: the server's first paint of the page is
  // already there (server/web.ts), and no single long task holds the page up.
  startTransition(() => root.render(<SignInPage language={shown} messages={messages} signIn={signIn} />));

  // The console's code: downloaded, not run, once the page is idle; run as soon as the person
  // types or clicks (the form's own focus on the username is not the person's doing).
  // Development builds name no files: there the console is run once the page is idle.
  whenIdle(() => (consoleFiles().length ? downloadConsole() : prefetchConsole()));
  for (const type of ['keydown', 'pointerdown', 'input']) document.addEventListener(type, prefetchConsole, { once: true, capture: true });
}

void start();
