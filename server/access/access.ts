// Who sees what, from the stored menu and roles: the route tree every permission check and every
// console works from. It is read once and kept until a write changes a menu entry or a role: on
// this instance the store tells it when the write's transaction has ended; other instances
// sharing a PostgreSQL database hear it through a signal (notify/pg-bus.ts). Without menu and
// role schemas (test fixtures) the product's routes of schemas/routes.json are the tree.
import { accessResource } from '../../kernel/schema/access';
import { routesFromMenus } from '../../kernel/routes/menu-tree';
import { filterRoutes } from '../../kernel/routes/tree';
import { knownRoles } from '../../kernel/routes/roles';
import type { Registry } from '../../kernel/schema/registry';
import type { RouteNode } from '../../kernel/schema/types';
import type { NoticeBus } from '../notify/bus';
import { createPermissions } from './permissions';
import { StoreProxy } from '../store/proxy';
import type { Row, Store, UpdateOptions, UpdateResult } from '../store/types';
import { type AccessTables, addProductRoutes, readAccess } from './menus';

interface Snapshot {
  routes: RouteNode[];
  roleNames: string[];
}

/** The tables of the menu and the roles, when the registry has both. */
export function accessTables(registry: Pick<Registry, 'resources'>): AccessTables | undefined {
  const menus = accessResource(registry, 'menus');
  const roles = accessResource(registry, 'roles');
  if (!menus || !roles) return undefined;
  return { menus: menus.name, roles: roles.name, roleMenus: roles.spec.menus, superRole: roles.spec.superRole };
}

/** Tells `changed` once a write to one of `resources` has landed (after its transaction, if any). */
class WatchedStore extends StoreProxy {
  constructor(
    inner: Store,
    private watched: Set<string>,
    private changed: () => void,
    private touched?: { yes: boolean },
  ) {
    super(inner);
  }

  private note(resource: string) {
    if (!this.watched.has(resource)) return;
    if (this.touched) this.touched.yes = true;
    else this.changed();
  }

  override async insert(resource: string, values: Record<string, unknown>): Promise<Row> {
    const row = await this.inner.insert(resource, values);
    this.note(resource);
    return row;
  }

  override async update(
    resource: string,
    id: number,
    values: Record<string, unknown>,
    expectedVersion?: number,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    const result = await this.inner.update(resource, id, values, expectedVersion, options);
    this.note(resource);
    return result;
  }

  override async remove(resource: string, ids: number[]) {
    const result = await this.inner.remove(resource, ids);
    this.note(resource);
    return result;
  }

  override async transaction<T>(work: (store: Store) => Promise<T>): Promise<T> {
    if (this.touched) return this.inner.transaction((tx) => work(new WatchedStore(tx, this.watched, this.changed, this.touched)));
    const touched = { yes: false };
    const result = await this.inner.transaction((tx) => {
      touched.yes = false; // a retried transaction starts over
      return work(new WatchedStore(tx, this.watched, this.changed, touched));
    });
    if (touched.yes) this.changed();
    return result;
  }
}

export interface AccessDeps {
  registry: Registry;
  store: Store;
  /** How other instances hear that the menu or the roles changed; this process alone without it. */
  signal?: NoticeBus;
  onError?: (error: unknown) => void;
}

export function createAccess({ registry, store, signal, onError = console.error }: AccessDeps) {
  const tables = accessTables(registry);
  let current: Promise<Snapshot> | undefined;
  let productRoutesAdded = false;

  const load = async (): Promise<Snapshot> => {
    if (!tables) return { routes: registry.routes, roleNames: knownRoles(registry) };
    if (!productRoutesAdded) {
      await addProductRoutes(store, registry.routes, tables);
      productRoutesAdded = true;
    }
    const { entries, roles } = await readAccess(store, tables);
    return { routes: routesFromMenus(entries, roles, tables.superRole), roleNames: roles.map((role) => role.name) };
  };
  const snapshot = () => {
    current ??= load().catch((error: unknown) => {
      current = undefined; // the next request tries again
      throw error;
    });
    return current;
  };
  const forget = () => {
    current = undefined;
  };
  const unsubscribe = signal?.subscribe(forget);
  const changed = () => {
    forget();
    signal?.publish(['access']).catch(onError);
  };
  const permissions = createPermissions(registry, async () => (await snapshot()).routes);

  return {
    ...permissions,
    superRole: tables?.superRole ?? 'admin',
    /** The route tree a person with these roles may see. */
    async routesFor(roles: string[]): Promise<RouteNode[]> {
      return filterRoutes((await snapshot()).routes, roles);
    },
    /** Reads the menu now (and on a first start, makes it): the Node entry does it before serving, so no request writes it. */
    async ready(): Promise<void> {
      await snapshot();
    },
    /** The names of the roles that exist now. */
    async roleNames(): Promise<string[]> {
      return (await snapshot()).roleNames;
    },
    /** The store the app writes through: a write to the menu or the roles is heard at once. */
    watch(inner: Store): Store {
      return tables ? new WatchedStore(inner, new Set([tables.menus, tables.roles]), changed) : inner;
    },
    /** Forgets what it read, here and on the other instances (an account's roles changed). */
    changed,
    close() {
      unsubscribe?.();
    },
  };
}

export type Access = ReturnType<typeof createAccess>;
