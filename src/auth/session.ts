// The signed-in person's info, fetched once on the first navigation after sign-in.
import { passwordChangeDue } from '../api/events';
import { request } from '../api/http';
import { getToken, removeToken, setToken } from '../api/token';

import type { UserInfo } from '../../kernel/contract/user-info';
import { sameValue } from '../../kernel/schema/same-value';

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

// The last info the server answered, for screens that draw from it (the route tree, the
// must-change dialog) and redraw when it is loaded again.
let current: UserInfo | undefined;
const infoListeners = new Set<() => void>();

/** What of the info decides what the console shows: the roles, the route tree and a password due. */
export type Access = Pick<UserInfo, 'roles' | 'routes' | 'mustChange'>;
let access: Access | undefined;

/** The same object as long as the roles, routes and password due stay the same, so that what draws from them draws once. */
function accessOf(info: UserInfo | undefined, previous: Access | undefined): Access | undefined {
  if (!info) return undefined;
  const next: Access = { roles: info.roles, routes: info.routes, mustChange: info.mustChange };
  return previous && sameValue(previous, next) ? previous : next;
}

function setCurrent(next: UserInfo | undefined) {
  if (next === current) return;
  current = next;
  access = accessOf(next, access);
  for (const listener of infoListeners) listener();
}

/** The info as last answered, or undefined before it came (or after sign-out). */
export const currentInfo = (): UserInfo | undefined => current;

/** The access of the current info: a new object only when it changed. */
export const currentAccess = (): Access | undefined => access;

/** Called whenever the info is loaded again or dropped. */
export function subscribeInfo(listener: () => void): () => void {
  infoListeners.add(listener);
  return () => infoListeners.delete(listener);
}

const fetchInfo = () => request<unknown>('/user/info', { query: { token: getToken() } }).then(({ data }) => checkInfo(data));

export function ensureInfo(): Promise<UserInfo> {
  if (!info) {
    const loading = fetchInfo();
    info = loading;
    loading.then(setCurrent, () => (info = info === loading ? undefined : info));
  }
  return info;
}

/**
 * Loads the info again (the person's menus or roles changed, or their password did), keeping
 * the one shown until the new one comes; a failure leaves the old one in place.
 */
export async function refreshInfo(): Promise<UserInfo | undefined> {
  if (!getToken()) return undefined;
  const loading = fetchInfo();
  const fresh = await loading.catch(() => undefined);
  if (!fresh || !getToken()) return current;
  info = Promise.resolve(fresh);
  setCurrent(fresh);
  return fresh;
}

// A call refused because a new password is due (set by an admin meanwhile): the info, loaded
// again, says so, and the must-change dialog takes over.
passwordChangeDue.subscribe(() => void refreshInfo());

/** Something to clear when the session ends (open tags, cached views). */
export function onSessionReset(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

/** Clears the token and roles without a call. */
export function resetSession() {
  removeToken();
  info = undefined;
  setCurrent(undefined);
  for (const listener of resetListeners) listener();
}

/** The token becomes '<role>-token' and the info is loaded again. */
export async function switchRole(role: string): Promise<UserInfo> {
  resetSession();
  setToken(`${role}-token`);
  return ensureInfo();
}
