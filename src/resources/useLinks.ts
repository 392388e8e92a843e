import { useMemo } from 'react';
import type { Identifier } from 'react-admin';
import type { View } from '../../kernel/schema/route-component';
import { viewPaths } from '../../kernel/routes/tree';
import { useVisibleRoutes } from '../routes/useVisibleRoutes';
import { openLink, viewLink } from '../../kernel/routes/links';

/**
 * Links to the views of the person's route tree (the routes their roles open), so a button never
 * leads to a screen they may not see.
 */
export function useLinks() {
  const routes = useVisibleRoutes();
  return useMemo(() => {
    const paths = viewPaths(routes);
    return {
      paths,
      to: (resource: string, view: View, id?: Identifier | null) => viewLink(paths, resource, view, id),
      open: (resource: string, id: Identifier) => openLink(paths, resource, id),
    };
  }, [routes]);
}
