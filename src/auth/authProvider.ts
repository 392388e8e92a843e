import type { AuthProvider } from 'react-admin';
import { request } from '../api/http';
import { getToken, setToken } from '../api/token';
import { loginUrlFor } from './redirect';
import { pendingNotice } from '../app/pendingNotice';
import { InfoError, ensureInfo, resetSession } from './session';

type Translate = (key: string) => string;

const here = () => loginUrlFor(window.location.pathname, window.location.search);

export function createAuthProvider(translate: Translate): AuthProvider {
  return {
    async login({ username, password }: { username: string; password: string }) {
      const { data } = await request<{ token: string }>('/user/login', {
        method: 'POST',
        body: { username: String(username ?? '').trim(), password },
      });
      setToken(data.token);
    },

    async logout() {
      const redirect = here();
      if (getToken()) await request('/user/logout', { method: 'POST' }).catch(() => undefined);
      resetSession();
      return redirect;
    },

    async checkAuth() {
      if (!getToken()) throw { message: false, redirectTo: here() };
      try {
        await ensureInfo();
      } catch (error) {
        const message = error instanceof InfoError ? translate(error.message) : (error as Error).message;
        const redirectTo = here();
        resetSession();
        pendingNotice.set(message || translate('app.guard.has_error'), 'error');
        throw { message: false, redirectTo };
      }
    },

    // Session answers (50008, 50012, 50014) open the Confirm logout dialog instead of a silent logout.
    checkError: async () => undefined,

    async getPermissions() {
      return getToken() ? (await ensureInfo()).roles : [];
    },

    async getIdentity() {
      const { name, avatar } = await ensureInfo();
      return { id: name, fullName: name, avatar };
    },
  };
}
