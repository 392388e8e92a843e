// The one source of the signed-in person's route tree for the menu, the search, the links, the
// home page and the routes themselves: it follows the info as it is loaded again (after an
// admin changed menus or roles), so every screen shows the new tree together.
import { useContext, useMemo, useSyncExternalStore } from 'react';
import { usePermissions } from 'react-admin';
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

export function useVisibleRoutes(): RouteNode[] {
  const info = useCurrentInfo();
  const { permissions } = usePermissions<string[]>();
  return useMemo(() => visibleRoutes(info, permissions ?? [], registry.routes), [info, permissions]);
}
