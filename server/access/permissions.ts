// Who may call a resource's endpoints, denied by default: the roles of the routes that show it,
// exactly as the console filters its menu; a record page shows its child collections too, so
// they follow the page's roles (a well's trips, its people and instruments, with their own
// calls). A section that only lists another resource's records referring to this one (`via`: a
// crew's wells) opens nothing: that resource keeps the roles of its own screens. A resource no
// route shows is open only to the roles its schema names (`x-resource.roles`), and to nobody
// when it names none. The route tree is the stored menu when the app keeps one (access/), else
// the product's routes of schemas/routes.json.
import { knownRoles } from '../../kernel/routes/roles';
import { filterRoutes } from '../../kernel/routes/tree';
import type { Registry } from '../../kernel/schema/registry';
import { parseScreen } from '../../kernel/schema/route-component';
import type { ResourceSchema, RouteNode } from '../../kernel/schema/types';

export function resourcesShown(routes: RouteNode[], resources: Record<string, ResourceSchema>): Set<string> {
  const found = new Set<string>();
  const show = (resource: string, view: string) => {
    found.add(resource);
    if (view !== 'record') return;
    for (const section of resources[resource]?.['x-resource'].record?.sections ?? []) {
      if ('resource' in section && !section.via) found.add(section.resource);
    }
  };
  const walk = (nodes: RouteNode[]) => {
    for (const node of nodes) {
      const target = node.component ? parseScreen(node.component) : undefined;
      if (target) show(target.resource, target.view);
      walk(node.children ?? []);
    }
  };
  walk(routes);
  return found;
}

/** Whether roles may use a resource under one route tree; answers are remembered per set of roles. */
function decider(routes: RouteNode[], resources: Record<string, ResourceSchema>) {
  const guarded = resourcesShown(routes, resources);
  const cache = new Map<string, Set<string>>();
  return (roles: string[], resource: string): boolean => {
    if (!resources[resource]) return false;
    if (!guarded.has(resource)) {
      const named = resources[resource]['x-resource'].roles ?? [];
      return roles.some((role) => named.includes(role));
    }
    const key = [...roles].sort().join(',');
    let allowed = cache.get(key);
    if (!allowed) {
      allowed = resourcesShown(filterRoutes(routes, roles), resources);
      cache.set(key, allowed);
    }
    return allowed.has(resource);
  };
}

/**
 * `currentRoutes` answers the route tree in force (the stored menu); the same tree object until
 * it changes, so that the answers worked out from it are kept until then.
 */
export function createPermissions(registry: Registry, currentRoutes: () => RouteNode[] | Promise<RouteNode[]> = () => registry.routes) {
  const { routes, resources } = registry;
  const product = decider(routes, resources);
  let inForce: { routes: RouteNode[]; decide: ReturnType<typeof decider> } | undefined;
  return {
    async mayUse(roles: string[], resource: string): Promise<boolean> {
      const current = await currentRoutes();
      if (inForce?.routes !== current) inForce = { routes: current, decide: decider(current, resources) };
      return inForce.decide(roles, resource);
    },
    /** The roles that may use a resource with the product's own menu, as the published document states them. */
    rolesFor: (resource: string) => knownRoles(registry).filter((role) => product([role], resource)),
  };
}

export type Permissions = ReturnType<typeof createPermissions>;
