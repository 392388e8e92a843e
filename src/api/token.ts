// The session token lives in a browser cookie, as vue-element-admin keeps it. Reading a cookie
// asks the browser's network process and waits for its answer (milliseconds, right after a
// write): the token is read once and kept here, and read again when another tab may have changed
// it (a sign-in or sign-out there): when the browser says a cookie changed, where it can, and
// whenever this page comes back into view or focus.
import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '../../kernel/contract/browser';

/** The token as last read or written; undefined: to be read from the cookie. */
let known: { token: string | undefined } | undefined;
const forget = () => {
  known = undefined;
};

if (typeof window !== 'undefined') {
  window.addEventListener('focus', forget);
  document.addEventListener('visibilitychange', forget);
  const store = (window as { cookieStore?: EventTarget }).cookieStore;
  store?.addEventListener('change', (event) => {
    const { changed = [], deleted = [] } = event as Event & { changed?: { name: string }[]; deleted?: { name: string }[] };
    if ([...changed, ...deleted].some((cookie) => cookie.name === TOKEN_COOKIE)) forget();
  });
}

export const getToken = (): string | undefined => (known ??= { token: Cookies.get(TOKEN_COOKIE) || undefined }).token;

export function setToken(token: string) {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict' });
  known = { token };
}

export function removeToken() {
  Cookies.remove(TOKEN_COOKIE);
  known = { token: undefined };
}
