// Every role the console knows: the ones the route tree and the schemas mention, and admin.
import type { Registry } from '../schema/registry';
import type { RouteNode } from '../schema/types';

/** Every role name the route tree and the schemas mention, and admin, who sees every route; sorted. */
export function knownRoles({ routes, resources }: Pick<Registry, 'routes' | 'resources'>): string[] {
  const roles = new Set(['admin']);
  const walk = (nodes: RouteNode[]) => {
    for (const node of nodes) {
      for (const role of node.meta?.roles ?? []) roles.add(role);
      walk(node.children ?? []);
    }
  };
  walk(routes);
  for (const schema of Object.values(resources)) for (const role of schema['x-resource'].roles ?? []) roles.add(role);
  return [...roles].sort();
}
