// Who may call a resource's endpoints: the roles of the routes that show it (schemas/routes.json),
// exactly as the console filters its menu. A record page shows its child collections too, so they
// follow the page's roles. A resource no route shows is open to every signed-in person.
import { filterRoutes } from '../kernel/routes/tree';
import type { Registry } from '../kernel/schema/registry';
import { parseComponent } from '../kernel/schema/route-component';
import type { ResourceSchema, RouteNode } from '../kernel/schema/types';

export function resourcesShown(routes: RouteNode[], resources: Record<string, ResourceSchema>): Set<string> {
  const found = new Set<string>();
  const show = (resource: string, view: string) => {
    found.add(resource);
    if (view !== 'record') return;
    for (const section of resources[resource]?.['x-resource'].record?.sections ?? []) {
      if ('resource' in section) found.add(section.resource);
    }
  };
  const walk = (nodes: RouteNode[]) => {
    for (const node of nodes) {
      const target = node.component ? parseComponent(node.component) : undefined;
      if (target) show(target.resource, target.view);
      walk(node.children ?? []);
    }
  };
  walk(routes);
  return found;
}

export function createPermissions({ routes, resources }: Registry) {
  const guarded = resourcesShown(routes, resources);
  const cache = new Map<string, Set<string>>();
  return {
    mayUse(roles: string[], resource: string): boolean {
      if (!guarded.has(resource)) return true;
      const key = [...roles].sort().join(',');
      let allowed = cache.get(key);
      if (!allowed) {
        allowed = resourcesShown(filterRoutes(routes, roles), resources);
        cache.set(key, allowed);
      }
      return allowed.has(resource);
    },
  };
}

export type Permissions = ReturnType<typeof createPermissions>;
