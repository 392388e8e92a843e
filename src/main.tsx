// The first page: the sign-in page when there is no session, small (React, react-dom, a few MUI
// pieces, the chosen language's sign-in messages). The console (react-admin and every screen) is
// fetched while the page is idle and mounted in place after sign-in. A visitor with a session
// goes straight to the console.
import { createRoot } from 'react-dom/client';
import Cookies from 'js-cookie';
import { getToken } from './api/token';
import { signInOverApi } from './auth/signIn';
import { ensureInfo } from './auth/session';
import { loginUrlFor, redirectTarget } from './auth/redirect';
import { applyLanguage } from './i18n/apply';
import { collectErrors } from './layout/error-log/errorLog';
import { loadSignInMessages } from './signin/messages';
import { SignInPage } from './signin/SignInPage';
import { translator } from './signin/translate';
import { LANGUAGE_COOKIE, detectLanguage } from '../kernel/i18n/languages';
import { PUBLIC_PATHS } from '../kernel/contract/browser';

const language = () => detectLanguage(Cookies.get(LANGUAGE_COOKIE), navigator.languages ?? [navigator.language]);

let consoleModule: Promise<typeof import('./app/console')> | undefined;
/** The console's module, loaded once; asked for again after a failure (the network was down). */
const loadConsole = () =>
  (consoleModule ??= import('./app/console').catch((error: unknown) => {
    consoleModule = undefined;
    throw error;
  }));

let firstListModule: Promise<typeof import('./app/firstList')> | undefined;
/** The module that asks for the first list's page, loaded once (again after a failure). */
const loadFirstList = () =>
  (firstListModule ??= import('./app/firstList').catch((error: unknown) => {
    firstListModule = undefined;
    throw error;
  }));

/** Once the page has loaded, in the browser's next idle moment (a short wait where it cannot say). */
function whenIdle(run: () => void) {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

async function start() {
  collectErrors();
  // The development mock answers /dev-api inside the browser; production builds leave it out.
  if (import.meta.env.VITE_MOCK === 'true') {
    const { installMock } = await import('../mock');
    await installMock();
  }
  const root = createRoot(document.getElementById('root')!);
  // With a session, the console is shown once the person's info has answered (or failed: the
  // console then says why), asked for while its code loads: react-admin then draws the person's
  // routes at once instead of a loading page first.
  const openConsole = async () => {
    const info = getToken() ? ensureInfo().catch(() => undefined) : undefined;
    const consoleCode = loadConsole();
    await info;
    await (await consoleCode).mountConsole(root, language());
  };

  if (getToken() || PUBLIC_PATHS.includes(window.location.pathname)) return openConsole();

  const { pathname, search } = window.location;
  if (pathname !== '/login') window.history.replaceState(null, '', loginUrlFor(pathname, search));
  const shown = language();
  const messages = await loadSignInMessages(shown);
  applyLanguage(shown, translator(messages));

  const signIn = async (username: string, password: string) => {
    const target = redirectTarget(window.location.search);
    // The token is stored before the address changes: a reload from the new address has the session.
    await signInOverApi(username, password);
    window.history.replaceState(null, '', target);
    // The first list's page is asked for alongside the person's info (from a small module of its
    // own, usually here already: fetched while idle), before the console's first render holds the page.
    void loadFirstList()
      .then(({ requestFirstList }) => requestFirstList(window.location))
      .catch(() => undefined);
    await openConsole();
  };
  root.render(<SignInPage language={shown} messages={messages} signIn={signIn} />);

  // The console's code and what its first screen needs, fetched and run once the page is idle, so
  // that signing in finds them there.
  whenIdle(() => {
    void loadFirstList().catch(() => undefined);
    void loadConsole()
      .then(({ prepareConsole }) => prepareConsole(language()))
      .catch(() => undefined);
  });
}

void start();
