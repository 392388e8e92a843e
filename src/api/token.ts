// The session token lives in a browser cookie, as vue-element-admin keeps it.
import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '../../kernel/contract/browser';

export const getToken = (): string | undefined => Cookies.get(TOKEN_COOKIE) || undefined;

export function setToken(token: string) {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict' });
}

export function removeToken() {
  Cookies.remove(TOKEN_COOKIE);
}
