// The stored menu and roles: read whole (they are small), and filled from the product's routes.
// The first start makes an entry of every route and the product's roles with the entries their
// routes name; a later release adds its new routes the same way, leaving what admins edited.
import { MAX_LIMIT } from '../../kernel/schema/query';
import { type MenuRecord, type RoleMenus, menuSeeds } from '../../kernel/routes/menu-tree';
import type { RouteNode } from '../../kernel/schema/types';
import type { Row, Store } from '../store/types';

/** Every record of a resource, by id. */
export async function listAll(store: Store, resource: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const found = await store.list(resource, { conditions: [], sort: { field: 'id', order: 'ASC' }, page, limit: MAX_LIMIT });
    rows.push(...found.rows);
    if (found.rows.length < MAX_LIMIT) return rows;
  }
}

export interface AccessTables {
  menus: string;
  roles: string;
  /** The roles' field listing their entries. */
  roleMenus: string;
  superRole: string;
}

/** What the product's roles are for, as their first description. */
const ROLE_DESCRIPTIONS: Record<string, string> = {
  admin: 'Super administrator: sees and changes everything.',
  editor: 'Staff, instruments, wells and crews.',
};

/** Adds the product's routes that the menu lacks (all of them, the first time); answers how many. */
export async function addProductRoutes(store: Store, routes: RouteNode[], tables: AccessTables): Promise<number> {
  const seeds = menuSeeds(routes);
  return store.transaction(async (tx) => {
    const entries = await listAll(tx, tables.menus);
    const idOfKey = new Map(entries.flatMap((entry) => (typeof entry.key === 'string' ? [[entry.key, entry.id] as const] : [])));
    const missing = seeds.filter((seed) => !idOfKey.has(seed.key));
    if (missing.length === 0) return 0;
    let roles = await listAll(tx, tables.roles);
    if (roles.length === 0) {
      const names = new Set([tables.superRole, ...seeds.flatMap((seed) => seed.roles)]);
      for (const name of names) await tx.insert(tables.roles, { name, description: ROLE_DESCRIPTIONS[name] ?? '', [tables.roleMenus]: [] });
      roles = await listAll(tx, tables.roles);
    }
    const listed = new Map(roles.map((role) => [String(role.name), new Set((role[tables.roleMenus] as number[] | undefined) ?? [])]));
    for (const seed of missing) {
      const parent = seed.parentKey ? idOfKey.get(seed.parentKey) : undefined;
      const row = await tx.insert(tables.menus, parent === undefined ? { ...seed.values } : { ...seed.values, parent });
      idOfKey.set(seed.key, row.id);
      for (const name of seed.roles) if (name !== tables.superRole) listed.get(name)?.add(row.id);
    }
    for (const role of roles) {
      const now = [...(listed.get(String(role.name)) ?? [])];
      const before = (role[tables.roleMenus] as number[] | undefined) ?? [];
      if (now.length !== before.length) {
        const { id, version: _v, ...fields } = role;
        await tx.update(tables.roles, id, { ...fields, [tables.roleMenus]: now });
      }
    }
    return missing.length;
  });
}

/** The menu entries and roles as the route tree is built from them. */
export async function readAccess(store: Store, tables: AccessTables): Promise<{ entries: MenuRecord[]; roles: RoleMenus[] }> {
  const [entries, roles] = await Promise.all([listAll(store, tables.menus), listAll(store, tables.roles)]);
  return {
    entries: entries as unknown as MenuRecord[],
    roles: roles.map((role) => ({ name: String(role.name), menus: (role[tables.roleMenus] as number[] | undefined) ?? [] })),
  };
}
