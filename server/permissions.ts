// Who may call a resource's endpoints: the roles of the routes that show it (schemas/routes.json),
// exactly as the console filters its menu. A resource no route shows is open to every signed-in person.
import { filterRoutes } from '../kernel/routes/tree';
import { parseComponent } from '../kernel/schema/route-component';
import type { RouteNode } from '../kernel/schema/types';

export function resourcesShown(routes: RouteNode[]): Set<string> {
  const found = new Set<string>();
  const walk = (nodes: RouteNode[]) => {
    for (const node of nodes) {
      const target = node.component ? parseComponent(node.component) : undefined;
      if (target) found.add(target.resource);
      walk(node.children ?? []);
    }
  };
  walk(routes);
  return found;
}

export function createPermissions(routes: RouteNode[]) {
  const guarded = resourcesShown(routes);
  const cache = new Map<string, Set<string>>();
  return {
    mayUse(roles: string[], resource: string): boolean {
      if (!guarded.has(resource)) return true;
      const key = [...roles].sort().join(',');
      let allowed = cache.get(key);
      if (!allowed) {
        allowed = resourcesShown(filterRoutes(routes, roles));
        cache.set(key, allowed);
      }
      return allowed.has(resource);
    },
  };
}

export type Permissions = ReturnType<typeof createPermissions>;
