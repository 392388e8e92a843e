// The signed-in person's info, fetched once on the first navigation after sign-in.
import { request } from '../api/http';
import { getToken, removeToken, setToken } from '../api/token';

import type { UserInfo } from '../../kernel/contract/user-info';

export type { UserInfo };

/** A problem with the info answer, as a translation key. */
export class InfoError extends Error {}

/** Checks the /user/info answer: data present, roles a non-empty list. */
export function checkInfo(data: unknown): UserInfo {
  if (!data || typeof data !== 'object') throw new InfoError('app.guard.verification_failed');
  const roles = (data as { roles?: unknown }).roles;
  if (!Array.isArray(roles) || roles.length === 0) throw new InfoError('app.guard.roles_required');
  return data as UserInfo;
}

let info: Promise<UserInfo> | undefined;
const resetListeners = new Set<() => void>();

export function ensureInfo(): Promise<UserInfo> {
  if (!info) {
    info = request<unknown>('/user/info', { query: { token: getToken() } }).then(({ data }) => checkInfo(data));
    info.catch(() => (info = undefined));
  }
  return info;
}

/** Something to clear when the session ends (open tags, cached views). */
export function onSessionReset(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

/** Clears the token and roles without a call. */
export function resetSession() {
  removeToken();
  info = undefined;
  for (const listener of resetListeners) listener();
}

/** The token becomes '<role>-token' and the info is loaded again. */
export async function switchRole(role: string): Promise<UserInfo> {
  resetSession();
  setToken(`${role}-token`);
  return ensureInfo();
}
