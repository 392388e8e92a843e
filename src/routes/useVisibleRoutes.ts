// The one source of the signed-in person's route tree for the menu, the search, the links, the
// home page and the routes themselves: it follows the info as it is loaded again (after an
// admin changed menus or roles), so every screen shows the new tree together.
import { useMemo, useSyncExternalStore } from 'react';
import { registry } from '../../kernel/schema/load-vite';
import type { RouteNode } from '../../kernel/schema/types';
import { type Access, currentAccess, currentInfo, subscribeInfo } from '../auth/session';
import { visibleRoutes } from './visibleRoutes';

/** The signed-in person's info as last loaded (undefined before it came). */
export function useCurrentInfo() {
  return useSyncExternalStore(subscribeInfo, currentInfo);
}

/**
 * The roles, route tree and password due of the person's info: unlike the info, the same object
 * while they stay the same (the info loaded again).
 */
export function useCurrentAccess(): Access | undefined {
  return useSyncExternalStore(subscribeInfo, currentAccess);
}

/**
 * The routes the person's roles open. The roles are read from the info, as the auth provider's
 * permissions are: react-admin's usePermissions would draw the caller again at every change of
 * location, query included (its access check reads the location).
 */
export function useVisibleRoutes(): RouteNode[] {
  const access = useCurrentAccess();
  return useMemo(() => visibleRoutes(access, access?.roles ?? [], registry.routes), [access]);
}
