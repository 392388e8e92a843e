// The first page: the sign-in page when there is no session, small (React, react-dom, a few MUI
// pieces, the chosen language's sign-in messages). The console (react-admin and every screen)
// is fetched while the person types and mounted in place after sign-in, on the redirect target,
// without a reload. A visitor with a session goes straight to the console.
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

/** Console pages open without a session (a pop-up sign-in's landing page). */
const PUBLIC_PATHS = ['/auth-redirect'];

const language = () => detectLanguage(Cookies.get(LANGUAGE_COOKIE), navigator.languages ?? [navigator.language]);

let consoleModule: Promise<typeof import('./app/console')> | undefined;
const loadConsole = () => (consoleModule ??= import('./app/console'));

/** Starts fetching the console's code and messages, once. */
let prefetched = false;
function prefetchConsole() {
  if (prefetched) return;
  prefetched = true;
  void loadConsole().then((console) => console.prepareConsole(language()));
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
    await signInOverApi(username, password);
    // The person's info and the console's code come together, not one after the other.
    void ensureInfo().catch(() => undefined);
    await loadConsole();
    window.history.replaceState(null, '', redirectTarget(window.location.search));
    await openConsole();
  };
  root.render(<SignInPage language={shown} messages={messages} signIn={signIn} />);

  // The console's code while the person types: on the first focus, or once the page is idle.
  document.addEventListener('focusin', prefetchConsole, { once: true });
  if ('requestIdleCallback' in window) window.requestIdleCallback(prefetchConsole, { timeout: 1500 });
  else setTimeout(prefetchConsole, 300);
}

void start();
