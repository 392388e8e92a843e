import type { AuthProvider } from 'react-admin';
import { ApiError, request } from '../api/http';
import { getToken } from '../api/token';
import { signInOverApi } from './signIn';
import { loginUrlFor } from './redirect';
import { pendingNotice } from '../app/pendingNotice';
import { loadInfo } from './loadInfo';
import { InfoError, resetSession } from './session';

type Translate = (key: string) => string;

const here = () => loginUrlFor(window.location.pathname, window.location.search);

export function createAuthProvider(translate: Translate): AuthProvider {
  return {
    async login({ username, password }: { username: string; password: string }) {
      await signInOverApi(username, password);
    },

    async logout() {
      const redirect = here();
      if (getToken()) await request('/user/logout', { method: 'POST' }).catch(() => undefined);
      resetSession();
      return redirect;
    },

    // Waits while the server cannot be reached (SessionLoading offers a retry), so that only a
    // refusal reaches react-admin, which signs out on any rejection of checkAuth.
    async checkAuth() {
      if (!getToken()) throw { message: false, redirectTo: here() };
      try {
        await loadInfo();
      } catch (error) {
        // The server's words, else the guard's own default (not the HTTP layer's).
        const message =
          error instanceof InfoError
            ? translate(error.message)
            : error instanceof ApiError && !error.explained
              ? ''
              : (error as Error).message;
        const redirectTo = here();
        resetSession();
        pendingNotice.set(message || translate('app.guard.has_error'), 'error');
        throw { message: false, redirectTo };
      }
    },

    // Session answers (50008, 50012, 50014) open the Confirm logout dialog instead of a silent logout.
    checkError: async () => undefined,

    async getPermissions() {
      return getToken() ? (await loadInfo()).roles : [];
    },

    async getIdentity() {
      const { name, avatar } = await loadInfo();
      return { id: name, fullName: name, avatar };
    },
  };
}
