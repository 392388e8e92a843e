import { useMemo } from 'react';
import { type Identifier, usePermissions } from 'react-admin';
import { registry } from '../../kernel/schema/load-vite';
import type { View } from '../../kernel/schema/route-component';
import { filterRoutes, viewPaths } from '../../kernel/routes/tree';
import { openLink, viewLink } from './links';

/**
 * Links to the views of the person's route tree (the routes their roles open), so a button never
 * leads to a screen they may not see.
 */
export function useLinks() {
  const { permissions } = usePermissions<string[]>();
  return useMemo(() => {
    const paths = viewPaths(filterRoutes(registry.routes, permissions ?? []));
    return {
      paths,
      to: (resource: string, view: View, id?: Identifier | null) => viewLink(paths, resource, view, id),
      open: (resource: string, id: Identifier) => openLink(paths, resource, id),
    };
  }, [permissions]);
}
