// The route tree as menu records, and back. The product's routes (schemas/routes.json) become
// records once; from then on the records are the truth, and the tree every screen and every
// permission check works from is built from them and the roles that list them.
import { accessResource } from '../schema/access';
import type { Registry } from '../schema/registry';
import type { RouteNode } from '../schema/types';
import { joinPath } from './tree';

/** A stored menu entry, as schemas/menu.json describes it. */
export interface MenuRecord {
  id: number;
  parent?: number;
  key?: string;
  title?: string;
  path: string;
  icon?: string;
  sort?: number;
  hidden?: number;
  /** 1: seen by whoever sees its parent (everyone, at the top); 0: only by the roles that list it. */
  open?: number;
  redirect?: string;
  component?: string;
  name?: string;
  noCache?: boolean;
  affix?: boolean;
}

/** A role as the tree needs it: its name and the ids of the entries it lists. */
export interface RoleMenus {
  name: string;
  menus: number[];
}

/** One product route to store: its key, its parent's key, its values, and the roles its route names. */
export interface MenuSeed {
  key: string;
  parentKey?: string;
  values: Omit<MenuRecord, 'id' | 'parent'>;
  roles: string[];
}

/** Siblings are stored ten apart, so that an entry can be put between two without renumbering. */
const SORT_STEP = 10;

/**
 * The product's routes as entries to store, parents before children. An entry is keyed by its
 * route's name, or its full path when it has none, so that a later release can add its new
 * routes to a menu the admins have edited (server/access/seed.ts).
 */
export function menuSeeds(routes: RouteNode[], base = '/', parentKey?: string): MenuSeed[] {
  return routes.flatMap((node, index) => {
    const fullPath = joinPath(base, node.path);
    const key = node.name ?? `path:${fullPath}`;
    const meta = node.meta ?? {};
    const values: MenuSeed['values'] = {
      key,
      path: node.path,
      sort: (index + 1) * SORT_STEP,
      hidden: node.hidden ? 1 : 0,
      open: meta.roles ? 0 : 1,
    };
    if (meta.title) values.title = meta.title;
    if (meta.icon) values.icon = meta.icon;
    if (node.redirect) values.redirect = node.redirect;
    if (node.component) values.component = node.component;
    if (node.name) values.name = node.name;
    if (meta.noCache) values.noCache = true;
    if (meta.affix) values.affix = true;
    const seed: MenuSeed = { key, values, roles: meta.roles ?? [] };
    if (parentKey) seed.parentKey = parentKey;
    return [seed, ...menuSeeds(node.children ?? [], fullPath, key)];
  });
}

/**
 * The route tree of the stored entries: siblings by `sort`, then by id; an entry that is not
 * open names, as its roles, the super role and every role listing it. An entry whose parent is
 * missing, or that would be its own ancestor, is left out rather than shown in the wrong place.
 */
export function routesFromMenus(entries: MenuRecord[], roles: RoleMenus[], superRole: string): RouteNode[] {
  const children = new Map<number | undefined, MenuRecord[]>();
  const ids = new Set(entries.map((entry) => entry.id));
  for (const entry of entries) {
    const parent = entry.parent !== undefined && ids.has(entry.parent) ? entry.parent : entry.parent === undefined ? undefined : -1;
    children.set(parent, [...(children.get(parent) ?? []), entry]);
  }
  const listedBy = new Map<number, string[]>();
  for (const role of roles) for (const id of role.menus) listedBy.set(id, [...(listedBy.get(id) ?? []), role.name]);
  const seen = new Set<number>();
  const build = (parent: number | undefined): RouteNode[] =>
    (children.get(parent) ?? [])
      .filter((entry) => !seen.has(entry.id) && seen.add(entry.id))
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id)
      .map((entry) => {
        const node: RouteNode = { path: entry.path, meta: {} };
        if (entry.name) node.name = entry.name;
        if (entry.redirect) node.redirect = entry.redirect;
        if (entry.component) node.component = entry.component;
        if (entry.hidden === 1) node.hidden = true;
        if (entry.title) node.meta!.title = entry.title;
        if (entry.icon) node.meta!.icon = entry.icon;
        if (entry.noCache) node.meta!.noCache = true;
        if (entry.affix) node.meta!.affix = true;
        if (entry.open !== 1) node.meta!.roles = [superRole, ...(listedBy.get(entry.id) ?? []).filter((name) => name !== superRole)];
        const below = build(entry.id);
        if (below.length > 0) node.children = below;
        return node;
      });
  return build(undefined);
}

/**
 * The route tree of the menu a first start stores: the product's routes as entries, each role
 * listing the entries its routes name (as the server fills an empty menu). It is the tree the
 * server answers until an admin edits the menu or the roles.
 */
export function productMenuRoutes(routes: RouteNode[], superRole: string): RouteNode[] {
  const seeds = menuSeeds(routes);
  const idOf = new Map(seeds.map((seed, index) => [seed.key, index + 1]));
  const entries: MenuRecord[] = seeds.map((seed, index) => ({
    ...seed.values,
    id: index + 1,
    parent: seed.parentKey ? idOf.get(seed.parentKey) : undefined,
  }));
  const names = [...new Set(seeds.flatMap((seed) => seed.roles))].filter((name) => name !== superRole);
  const roles = names.map((name) => ({ name, menus: seeds.flatMap((seed, index) => (seed.roles.includes(name) ? [index + 1] : [])) }));
  return routesFromMenus(entries, roles, superRole);
}

/**
 * The route tree the server works from until someone edits the menu or the roles: the stored
 * menu's as a first start fills it, or the product's routes where no schema keeps a menu.
 */
export function firstStartRoutes(registry: Pick<Registry, 'resources' | 'routes'>): RouteNode[] {
  const roles = accessResource(registry, 'roles');
  return roles && accessResource(registry, 'menus') ? productMenuRoutes(registry.routes, roles.spec.superRole) : registry.routes;
}

/** The ids of an entry's descendants (to refuse making an entry its own ancestor). */
export function descendantsOf(entries: Pick<MenuRecord, 'id' | 'parent'>[], id: number): Set<number> {
  const found = new Set<number>();
  const walk = (parent: number) => {
    for (const entry of entries) {
      if (entry.parent === parent && !found.has(entry.id)) {
        found.add(entry.id);
        walk(entry.id);
      }
    }
  };
  walk(id);
  return found;
}
