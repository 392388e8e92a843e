// The one source of the signed-in person's route tree for the menu, the search, the links, the
// home page and the routes themselves: it follows the info as it is loaded again (after an
// admin changed menus or roles), so every screen shows the new tree together.
import { useContext, useMemo, useSyncExternalStore } from 'react';
import { registry } from '../../kernel/schema/load-vite';
import type { RouteNode } from '../../kernel/schema/types';
import { currentInfo, subscribeInfo } from '../auth/session';
import { visibleRoutes } from './visibleRoutes';
import { RehearsalContext } from '../app/rehearsalContext';

/** The signed-in person's info as last loaded (undefined before it came); the stand-in in the rehearsal. */
export function useCurrentInfo() {
  const rehearsed = useContext(RehearsalContext);
  const info = useSyncExternalStore(subscribeInfo, currentInfo);
  return rehearsed ?? info;
}

/**
 * The routes the person's roles open. The roles are read from the info, as the auth provider's
 * permissions are: react-admin's usePermissions would draw the caller again at every change of
 * location, query included (its access check reads the location).
 */
export function useVisibleRoutes(): RouteNode[] {
  const info = useCurrentInfo();
  return useMemo(() => visibleRoutes(info, info?.roles ?? [], registry.routes), [info]);
}
