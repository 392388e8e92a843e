import { registry } from '../../kernel/schema/load-vite';
import { flattenRoutes } from '../../kernel/routes/tree';

/** The title key (route.<title>) of the route with this full path pattern, if the tree has one. */
export function routeTitleKey(pattern: string): string | undefined {
  const title = flattenRoutes(registry.routes).find((route) => route.fullPath === pattern)?.node.meta?.title;
  return title ? `route.${title}` : undefined;
}
