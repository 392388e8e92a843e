// The session token lives in a browser cookie, as vue-element-admin keeps it.
import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '../../kernel/contract/browser';

/**
 * The cookie goes back to our own site only (strictly same-site) and, when the console came over
 * HTTPS, never over plain HTTP (Secure): a token sent in clear is a session anyone on the way can take.
 */
export const tokenCookieOptions = (protocol: string) => ({ sameSite: 'strict' as const, secure: protocol === 'https:' });

export const getToken = (): string | undefined => Cookies.get(TOKEN_COOKIE) || undefined;

export function setToken(token: string) {
  Cookies.set(TOKEN_COOKIE, token, tokenCookieOptions(window.location.protocol));
}

export function removeToken() {
  Cookies.remove(TOKEN_COOKIE);
}
