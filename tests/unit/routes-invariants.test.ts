// What must hold of the product's own schemas and route tree, whatever resources and routes it
// has: adding a schema file or a route keeps these true, or shows what it forgot. Exact results
// of the mechanism are pinned on tests/fixtures/mechanism instead (tree.test.ts, registry.test.ts).
import { describe, expect, it } from 'vitest';
import {
  type FlatRoute,
  filterRoutes,
  flattenRoutes,
  hasPermission,
  isExternal,
  matchRoute,
  menuEntries,
  type MenuEntry,
} from '../../kernel/routes/tree';
import { loadRegistry } from '../../kernel/schema/load-node';
import { parseComponent } from '../../kernel/schema/route-component';
import { messages } from '../messages';

const { resources, routes } = loadRegistry();
const flat = flattenRoutes(routes);
const internal = flat.filter((r) => !isExternal(r.fullPath));
const english = messages('en');

const menuPaths = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.path, ...menuPaths(e.children)]);
const menu = menuPaths(menuEntries(routes));
const fullPathOf = new Map(flat.map((r) => [r.node, r.fullPath]));
/** A location of the route: every parameter given a value. */
const sample = (pattern: string) => pattern.replace(/:\w+/g, '7');

describe('the route tree of schemas/routes.json', () => {
  it('routes only to resources that have a schema', () => {
    const routed = flat
      .flatMap((r) => (r.node.component ? [parseComponent(r.node.component)?.resource] : []))
      .filter((name) => name !== undefined);
    expect(routed.length).toBeGreaterThan(0);
    expect(routed.filter((name) => !resources[name])).toEqual([]);
  });

  it('puts every list in the menu, or under a section that is in the menu', () => {
    const sectionInMenu = (r: FlatRoute) =>
      r.parents.some((parent) => {
        const path = fullPathOf.get(parent)!;
        return menu.some((m) => m === path || m.startsWith(`${path}/`));
      });
    const lists = flat.filter((r) => parseComponent(r.node.component ?? '')?.view === 'list');
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.filter((r) => !menu.includes(r.fullPath) && !sectionInMenu(r)).map((r) => r.fullPath)).toEqual([]);
  });

  it('has a route for every menu entry', () => {
    expect(menu.length).toBeGreaterThan(0);
    expect(menu.filter((path) => !isExternal(path) && matchRoute(routes, path)?.fullPath !== path)).toEqual([]);
  });

  it('gives every route a path of its own, at which it is the route found', () => {
    const paths = internal.map((r) => r.fullPath);
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
    expect(internal.filter((r) => matchRoute(routes, sample(r.fullPath))?.node !== r.node).map((r) => r.fullPath)).toEqual([]);
  });

  it.each(['editor', 'guest'])('shows %s exactly the routes whose every ancestor lets it in', (role) => {
    const allowed = (r: FlatRoute) => [...r.parents, r.node].every((node) => hasPermission([role], node));
    expect(flattenRoutes(filterRoutes(routes, [role])).map((r) => r.fullPath)).toEqual(flat.filter(allowed).map((r) => r.fullPath));
  });
});

describe('the resources of schemas/', () => {
  it('are each named in English (the other languages must have every English key)', () => {
    expect(Object.keys(resources).filter((name) => !english[`resources.${name}.name`])).toEqual([]);
  });
});
