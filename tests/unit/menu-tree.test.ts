// The route tree as menu records and back (kernel/routes/menu-tree.ts): the product's routes,
// stored and read back with the roles they name, show every role exactly what the routes file
// shows it; order, parents, open entries and loops behave as the menu screen promises.
import { describe, expect, it } from 'vitest';
import { knownRoles } from '../../kernel/routes/roles';
import { descendantsOf, type MenuRecord, type RoleMenus, menuSeeds, routesFromMenus } from '../../kernel/routes/menu-tree';
import { filterRoutes, flattenRoutes } from '../../kernel/routes/tree';
import type { RouteNode } from '../../kernel/schema/types';
import { loadRegistry } from '../../kernel/schema/load-node';

const registry = loadRegistry();

/** Stores seeds as the server does: ids in order, parents by key, each role listing what its routes name. */
function store(routes: RouteNode[]): { entries: MenuRecord[]; roles: RoleMenus[] } {
  const ids = new Map<string, number>();
  const roles = new Map<string, number[]>();
  const entries = menuSeeds(routes).map((seed, index) => {
    const id = index + 1;
    ids.set(seed.key, id);
    for (const role of seed.roles) roles.set(role, [...(roles.get(role) ?? []), id]);
    return { ...seed.values, id, parent: seed.parentKey ? ids.get(seed.parentKey) : undefined };
  });
  return { entries, roles: [...roles].map(([name, menus]) => ({ name, menus })) };
}

const visible = (routes: RouteNode[]) =>
  flattenRoutes(routes).map((r) => `${r.fullPath} ${r.node.component ?? ''} ${r.node.meta?.title ?? ''} ${r.node.hidden ? 'hidden' : ''}`);

describe('the product routes as menu records', () => {
  const { entries, roles } = store(registry.routes);
  const tree = routesFromMenus(entries, roles, 'admin');

  it('keys every route once', () => {
    const keys = menuSeeds(registry.routes).map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(flattenRoutes(registry.routes).length);
  });

  it('shows each role, and a role nobody named, what the routes file shows it', () => {
    for (const role of [...knownRoles(registry), 'nobody']) {
      expect(visible(filterRoutes(tree, [role])), role).toEqual(visible(filterRoutes(registry.routes, [role])));
    }
  });
});

describe('building the tree from records', () => {
  const entry = (id: number, fields: Partial<MenuRecord> = {}): MenuRecord => ({ id, path: `p${id}`, title: `T${id}`, open: 1, ...fields });

  it('orders siblings by sort, then id, and nests children', () => {
    const tree = routesFromMenus(
      [entry(1, { sort: 20 }), entry(2, { sort: 10 }), entry(3, { parent: 1, sort: 5 }), entry(4, { parent: 1, sort: 5 })],
      [],
      'admin',
    );
    expect(tree.map((n) => n.path)).toEqual(['p2', 'p1']);
    expect(tree[1].children?.map((n) => n.path)).toEqual(['p3', 'p4']);
  });

  it('limits an entry that is not open to the super role and the roles listing it', () => {
    const tree = routesFromMenus([entry(1, { open: 0 }), entry(2, { open: 0 }), entry(3)], [{ name: 'yard', menus: [1] }], 'admin');
    expect(tree.map((n) => n.meta?.roles)).toEqual([['admin', 'yard'], ['admin'], undefined]);
    expect(filterRoutes(tree, ['yard']).map((n) => n.path)).toEqual(['p1', 'p3']);
  });

  it('leaves out entries whose parent is gone or that are their own ancestors', () => {
    const tree = routesFromMenus([entry(1), entry(2, { parent: 99 }), entry(3, { parent: 4 }), entry(4, { parent: 3 })], [], 'admin');
    expect(flattenRoutes(tree).map((r) => r.node.path)).toEqual(['p1']);
  });

  it('finds every descendant of an entry', () => {
    const all = [entry(1), entry(2, { parent: 1 }), entry(3, { parent: 2 }), entry(4)];
    expect([...descendantsOf(all, 1)].sort()).toEqual([2, 3]);
    expect(descendantsOf(all, 4).size).toBe(0);
  });
});
