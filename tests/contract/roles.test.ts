// Who sees what, stored: the menu and the roles as records, the accounts admins manage, on the
// mock's accounts over memory and on the database's accounts over SQLite and PostgreSQL. A role
// that sees only Devices is refused the crews and allowed the instruments at once, with no
// restart; a renamed menu entry is what the info call answers; disabling an account or
// resetting its password ends its sessions; nobody can lock out the last admin; a stale cache
// on a second instance hears the change through the PostgreSQL signal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessResource } from '../../kernel/schema/access';
import { decodeList } from '../../kernel/schema/shapes';
import { filterRoutes, flattenRoutes, menuEntries } from '../../kernel/routes/tree';
import { firstStartRoutes } from '../../kernel/routes/menu-tree';
import type { RouteNode } from '../../kernel/schema/types';
import { createApp } from '../../server/app';
import { type Accounts, MockAccounts, STANDARD_ACCOUNTS } from '../../server/auth/accounts';
import { SqlAccounts } from '../../server/auth/sql-accounts';
import type { Connection } from '../../server/db/connect';
import { openSqlStore } from '../../server/db/open';
import { postgresBus } from '../../server/notify/pg-bus';
import { MemoryStore } from '../../server/store/memory';
import type { Store } from '../../server/store/types';
import { POSTGRES_URL } from './databases';
import { postgresCopies, postgresSkip, sqlCopy, sqlNames } from './stores';
import { type Envelope, registry } from './helpers';

const unavailable = postgresSkip;
const PASSWORD = 'first password 1';

interface World {
  store: Store;
  accounts: Accounts;
  close: () => Promise<void>;
}

const worlds: [string, () => Promise<World>][] = [
  ['memory, the mock accounts', async () => ({ store: new MemoryStore(), accounts: new MockAccounts(), close: async () => {} })],
];
const sqlWorld = async (connection: Connection): Promise<World> => {
  const store = await openSqlStore(connection, registry);
  const accounts = new SqlAccounts(connection.db, undefined, undefined, connection.dialect);
  for (const [username, profile] of Object.entries(STANDARD_ACCOUNTS))
    await accounts.createFirst({ ...profile, username, mobile: '', password: username === 'admin' ? '111111' : '111111' });
  return { store, accounts, close: () => store.close() };
};
for (const name of sqlNames()) worlds.push([name, async () => sqlWorld(await sqlCopy(name))]);
if (unavailable) console.warn(`Stored roles are tested on memory and SQLite only: PostgreSQL is not reachable (${unavailable})`);

const menus = accessResource(registry, 'menus')!;
const roles = accessResource(registry, 'roles')!;
const admins = accessResource(registry, 'accounts')!;
const path = (resource: { schema: { 'x-resource': { endpoints: Record<string, { path: string } | undefined> } } }, kind: string) =>
  resource.schema['x-resource'].endpoints[kind]!.path;
const listPath = (name: string) => registry.resources[name]['x-resource'].endpoints.list!.path;

function caller(app: ReturnType<typeof createApp>) {
  return async <T = Record<string, unknown>>(
    method: string,
    url: string,
    { body, token, query }: { body?: unknown; token?: string; query?: Record<string, string | number> } = {},
  ): Promise<Envelope<T>> => {
    const target = new URL(`http://localhost/dev-api${url}`);
    for (const [k, v] of Object.entries(query ?? {})) target.searchParams.set(k, String(v));
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Accept-Language': 'en' };
    if (token) headers['X-Token'] = token;
    const response = await app.fetch(new Request(target, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    return (await response.json()) as Envelope<T>;
  };
}

/** The entries of a route tree's menu, by title, as the sidebar shows them. */
const menuTitles = (routes: RouteNode[]) => {
  const titles: string[] = [];
  const walk = (entries: ReturnType<typeof menuEntries>) => entries.forEach((e) => (titles.push(e.title), walk(e.children)));
  walk(menuEntries(routes));
  return titles;
};

for (const [worldName, makeWorld] of worlds) {
  describe(`stored roles, menus and accounts on ${worldName}`, () => {
    let world: World;
    let call: ReturnType<typeof caller>;
    let admin: string;
    const signIn = async (username: string, password: string) => {
      const answer = await call<{ token: string }>('POST', '/user/login', { body: { username, password } });
      expect(answer.code, answer.message).toBe(20000);
      return answer.data.token;
    };
    beforeEach(async () => {
      world = await makeWorld();
      call = caller(createApp({ registry, store: world.store, accounts: world.accounts }));
      admin = await signIn('admin', '111111');
    });
    afterEach(async () => {
      await world.close();
    });

    const entries = async () =>
      decodeList<{ id: number; title?: string; component?: string; parent?: number; key?: string }>(
        'list-count',
        (await call('GET', path(menus, 'list'), { token: admin, query: { limit: 1000 } })).data,
      ).rows;
    const deviceGroup = async () => {
      const all = await entries();
      const list = all.find((e) => e.component === 'resource:device:list')!;
      return all.find((e) => e.id === list.parent)!;
    };
    const makeWarehouse = async () => {
      const role = await call<{ id: number }>('POST', path(roles, 'add'), {
        token: admin,
        body: { name: 'warehouse', description: 'Instruments only', menus: [(await deviceGroup()).id] },
      });
      expect(role.code, role.message).toBe(20000);
      const account = await call<{ id: number; must_change: number }>('POST', path(admins, 'add'), {
        token: admin,
        body: { username: 'keeper', name: 'Tool Keeper', roles: ['warehouse'], password: PASSWORD },
      });
      expect(account.code, account.message).toBe(20000);
      expect(account.data).not.toHaveProperty('password');
      expect(account.data.must_change).toBe(1);
      return { role: role.data.id, account: account.data.id };
    };
    const changePassword = async (token: string, old: string, next: string) =>
      call('POST', '/user/password', { token, body: { old, new: next } });

    it('answers, until someone edits the menu or the roles, the route tree a first start gives (what the console assumes before the sign-in answers)', async () => {
      for (const [username, token] of [
        ['admin', admin],
        ['editor', await signIn('editor', '111111')],
      ]) {
        const info = await call<{ roles: string[]; routes: RouteNode[]; mustChange: boolean }>('GET', '/user/info', { token });
        expect(info.data.routes, username).toEqual(filterRoutes(firstStartRoutes(registry), info.data.roles));
        expect(info.data.mustChange, username).toBe(false);
      }
      expect(firstStartRoutes(registry)).not.toEqual([]);
    });

    it('starts with the product menu and its two roles, the editor listing the four groups', async () => {
      const all = await entries();
      expect(all.length).toBe(flattenRoutes(registry.routes).length);
      const list = decodeList<{ name: string; menus: number[] }>(
        'list-count',
        (await call('GET', path(roles, 'list'), { token: admin })).data,
      ).rows;
      expect(list.map((r) => r.name).sort()).toEqual(['admin', 'editor']);
      const editorInfo = await call<{ routes: RouteNode[] }>('GET', '/user/info', { token: await signIn('editor', '111111') });
      expect(menuTitles(editorInfo.data.routes)).toContain('DeviceList');
      expect(menuTitles(editorInfo.data.routes)).not.toContain('RoleManage');
    });

    it('gives a role that sees only Devices the instruments and refuses it the crews, with no restart', async () => {
      await makeWarehouse();
      const keeper = await signIn('keeper', PASSWORD);
      // An initial password: everything waits for the new one.
      expect((await call('GET', listPath('device'), { token: keeper })).code).toBe(40012);
      const info = await call<{ mustChange: boolean }>('GET', '/user/info', { token: keeper });
      expect(info.data.mustChange).toBe(true);
      expect((await changePassword(keeper, 'wrong password', 'my own password')).code).toBe(40001);
      expect((await changePassword(keeper, PASSWORD, 'my own password')).code).toBe(20000);
      expect((await call('GET', listPath('device'), { token: keeper })).code).toBe(20000);
      expect((await call('GET', listPath('crew'), { token: keeper })).code).toBe(40003);
      expect((await call('GET', path(roles, 'list'), { token: keeper })).code).toBe(40003);
      const routes = (await call<{ routes: RouteNode[]; mustChange: boolean }>('GET', '/user/info', { token: keeper })).data;
      expect(routes.mustChange).toBe(false);
      const titles = menuTitles(routes.routes);
      expect(titles).toContain('Device');
      expect(titles).not.toContain('Crew');
      expect(titles).not.toContain('Staff');
    });

    it('opens the crews to the role as soon as an admin adds them to it', async () => {
      const { role } = await makeWarehouse();
      const keeper = await signIn('keeper', PASSWORD);
      await changePassword(keeper, PASSWORD, 'my own password');
      const crewGroup = (await entries()).find((e) => e.key === 'path:/crew')!;
      const current = (await call<{ menus: number[]; name: string }>('GET', path(roles, 'info'), { token: admin, query: { id: role } }))
        .data;
      const saved = await call('POST', path(roles, 'update'), {
        token: admin,
        body: { id: role, name: current.name, menus: [...current.menus, crewGroup.id] },
      });
      expect(saved.code, saved.message).toBe(20000);
      expect((await call('GET', listPath('crew'), { token: keeper })).code).toBe(20000);
    });

    it('shows a renamed menu entry in the info of everyone who sees it', async () => {
      const all = await entries();
      const list = all.find((e) => e.component === 'resource:device:list')!;
      const current = (await call<Record<string, unknown>>('GET', path(menus, 'info'), { token: admin, query: { id: list.id } })).data;
      const saved = await call('POST', path(menus, 'update'), { token: admin, body: { ...current, title: 'Instruments' } });
      expect(saved.code, saved.message).toBe(20000);
      const editor = await signIn('editor', '111111');
      const titles = menuTitles((await call<{ routes: RouteNode[] }>('GET', '/user/info', { token: editor })).data.routes);
      expect(titles).toContain('Instruments');
      expect(titles).not.toContain('DeviceList');
    });

    it('refuses an entry under itself, deleting a product entry, and a role listing entries that do not exist', async () => {
      const group = await deviceGroup();
      const child = (await entries()).find((e) => e.parent === group.id)!;
      const current = (await call<Record<string, unknown>>('GET', path(menus, 'info'), { token: admin, query: { id: group.id } })).data;
      const loop = await call('POST', path(menus, 'update'), { token: admin, body: { ...current, parent: child.id } });
      expect(loop.code).toBe(40001);
      expect(loop.errors?.[0].field).toBe('parent');
      const removed = await call('POST', path(menus, 'del'), { token: admin, body: { id: child.id } });
      expect(removed.code).toBe(40010);
      expect((await entries()).some((e) => e.id === child.id)).toBe(true);
      const bad = await call('POST', path(roles, 'add'), { token: admin, body: { name: 'ghost', menus: [999999] } });
      expect(bad.code).toBe(40001);
      expect(bad.errors?.[0].field).toBe('menus');
    });

    it('adds, links and deletes an entry of its own, which leaves the roles that listed it', async () => {
      const added = await call<{ id: number }>('POST', path(menus, 'add'), {
        token: admin,
        body: { title: 'Handbook', path: 'https://example.com/handbook', sort: 5 },
      });
      expect(added.code, added.message).toBe(20000);
      const { role } = await makeWarehouse();
      const current = (await call<{ menus: number[]; name: string }>('GET', path(roles, 'info'), { token: admin, query: { id: role } }))
        .data;
      await call('POST', path(roles, 'update'), {
        token: admin,
        body: { id: role, name: current.name, menus: [...current.menus, added.data.id] },
      });
      expect((await call('POST', path(menus, 'del'), { token: admin, body: { id: added.data.id } })).code).toBe(20000);
      const after = (await call<{ menus: number[] }>('GET', path(roles, 'info'), { token: admin, query: { id: role } })).data;
      expect(after.menus).toEqual(current.menus);
    });

    it('keeps the super role and the roles accounts have', async () => {
      const list = decodeList<{ id: number; name: string }>(
        'list-count',
        (await call('GET', path(roles, 'list'), { token: admin })).data,
      ).rows;
      const superRole = list.find((r) => r.name === 'admin')!;
      expect((await call('POST', path(roles, 'del'), { token: admin, body: { id: superRole.id } })).code).toBe(40010);
      const renamed = await call('POST', path(roles, 'update'), { token: admin, body: { id: superRole.id, name: 'boss' } });
      expect(renamed.code).toBe(40001);
      const { role } = await makeWarehouse();
      const refused = await call('POST', path(roles, 'del'), { token: admin, body: { id: role } });
      expect(refused.code).toBe(40010);
      expect(refused.message).toMatch(/warehouse.*1 account/);
    });

    it('refuses unknown roles, a taken username, a short password and a password on update', async () => {
      const unknown = await call('POST', path(admins, 'add'), {
        token: admin,
        body: { username: 'x1', name: 'X', roles: ['nobody'], password: PASSWORD },
      });
      expect(unknown.code).toBe(40001);
      expect(unknown.errors?.[0].field).toBe('roles');
      const taken = await call('POST', path(admins, 'add'), {
        token: admin,
        body: { username: 'editor', name: 'X', roles: ['editor'], password: PASSWORD },
      });
      expect(taken.errors?.[0].field).toBe('username');
      const short = await call('POST', path(admins, 'add'), {
        token: admin,
        body: { username: 'x2', name: 'X', roles: ['editor'], password: 'short' },
      });
      expect(short.errors?.[0].field).toBe('password');
      const phone = await call('POST', path(admins, 'add'), {
        token: admin,
        body: { username: 'x3', name: 'X', roles: ['editor'], mobile: 'call me', password: PASSWORD },
      });
      expect(phone.errors?.[0].field).toBe('mobile');
      // An empty mobile is no mobile.
      const none = await call<{ mobile?: string }>('POST', path(admins, 'add'), {
        token: admin,
        body: { username: 'x4', name: 'X', roles: ['editor'], mobile: '', password: PASSWORD },
      });
      expect(none.code, none.message).toBe(20000);
      expect(none.data).not.toHaveProperty('mobile');
      const editorInfo = decodeList<{ username: string; mobile?: string }>(
        'list-count',
        (await call('GET', path(admins, 'list'), { token: admin })).data,
      ).rows.find((a) => a.username === 'editor')!;
      expect(editorInfo.mobile === undefined || /^\+?[0-9][0-9 -]{4,19}$/.test(editorInfo.mobile), JSON.stringify(editorInfo)).toBe(true);
      const list = decodeList<{ id: number; username: string }>(
        'list-count',
        (await call('GET', path(admins, 'list'), { token: admin })).data,
      ).rows;
      expect(list.map((a) => a.username)).toEqual(['admin', 'editor', 'x4']);
      const editor = list.find((a) => a.username === 'editor')!;
      expect((await call('POST', path(admins, 'update'), { token: admin, body: { id: editor.id, password: PASSWORD } })).code).toBe(40001);
    });

    it('ends every session of an account that is disabled or whose password is reset', async () => {
      const { account } = await makeWarehouse();
      const first = await signIn('keeper', PASSWORD);
      await changePassword(first, PASSWORD, 'my own password');
      const second = await signIn('keeper', 'my own password');
      expect((await call('GET', listPath('device'), { token: second })).code).toBe(20000);
      expect((await call('POST', admins.spec.disable, { token: admin, body: { id: account, enabled: 0 } })).code).toBe(20000);
      for (const token of [first, second]) expect((await call('GET', listPath('device'), { token })).code).toBe(50008);
      expect((await call('POST', '/user/login', { body: { username: 'keeper', password: 'my own password' } })).code).toBe(60204);
      expect((await call('POST', admins.spec.disable, { token: admin, body: { id: account, enabled: 1 } })).code).toBe(20000);
      const third = await signIn('keeper', 'my own password');
      expect(
        (await call('POST', admins.spec.resetPassword, { token: admin, body: { id: account, password: 'reset password 2' } })).code,
      ).toBe(20000);
      expect((await call('GET', listPath('device'), { token: third })).code).toBe(50008);
      const fourth = await signIn('keeper', 'reset password 2');
      expect((await call<{ mustChange: boolean }>('GET', '/user/info', { token: fourth })).data.mustChange).toBe(true);
    });

    it('keeps account changes in the operation log, never a password', async () => {
      const { account } = await makeWarehouse();
      const saved = await call('POST', path(admins, 'update'), {
        token: admin,
        body: { id: account, name: 'Tool Keeper', roles: ['warehouse', 'editor'] },
      });
      expect(saved.code, saved.message).toBe(20000);
      const oplog = listPath('oplog');
      const entries = decodeList<{ action: string; record: number; changes: { path: string; before?: string; after?: string }[] }>(
        'list-count',
        (await call('GET', oplog, { token: admin, query: { resource: admins.name, record: account } })).data,
      ).rows;
      expect(entries.map((e) => e.action).sort()).toEqual(['create', 'update']);
      const update = entries.find((e) => e.action === 'update')!;
      expect(update.changes).toEqual([
        { path: 'roles', before: JSON.stringify(['warehouse']), after: JSON.stringify(['warehouse', 'editor']) },
      ]);
      expect(JSON.stringify(entries)).not.toContain(PASSWORD);
    });

    it('never leaves the console without an enabled admin', async () => {
      const list = decodeList<{ id: number; username: string }>(
        'list-count',
        (await call('GET', path(admins, 'list'), { token: admin })).data,
      ).rows;
      const self = list.find((a) => a.username === 'admin')!;
      const off = await call('POST', admins.spec.disable, { token: admin, body: { id: self.id, enabled: 0 } });
      expect(off.code, off.message).toBe(40010);
      const stripped = await call('POST', path(admins, 'update'), {
        token: admin,
        body: { id: self.id, name: 'Super Admin', roles: ['editor'] },
      });
      expect(stripped.code, stripped.message).toBe(40010);
      expect((await call('POST', path(admins, 'del'), { token: admin, body: { id: self.id } })).code).toBe(40010);
      expect((await call('GET', listPath('crew'), { token: admin })).code).toBe(20000);
      // With a second admin, the first may step down.
      const second = await call<{ id: number }>('POST', path(admins, 'add'), {
        token: admin,
        body: { username: 'deputy', name: 'Deputy', roles: ['admin'], password: PASSWORD },
      });
      expect(second.code).toBe(20000);
      expect(
        (await call('POST', path(admins, 'update'), { token: admin, body: { id: self.id, name: 'Super Admin', roles: ['editor'] } })).code,
      ).toBe(20000);
    });
  });
}

describe.skipIf(unavailable)('two instances on one PostgreSQL database', () => {
  it('refuses on the second instance what the first just took away, through the access signal', async () => {
    const [one, two] = await postgresCopies(2);
    const worldOne = await sqlWorld(one);
    const storeTwo = await openSqlStore(two, registry);
    const signals = [await postgresBus(POSTGRES_URL, 'console_access_test'), await postgresBus(POSTGRES_URL, 'console_access_test')];
    try {
      const first = caller(createApp({ registry, store: worldOne.store, accounts: worldOne.accounts, accessSignal: signals[0] }));
      const second = caller(
        createApp({
          registry,
          store: storeTwo,
          accounts: new SqlAccounts(two.db, undefined, undefined, 'postgres'),
          accessSignal: signals[1],
        }),
      );
      const admin = (await first<{ token: string }>('POST', '/user/login', { body: { username: 'admin', password: '111111' } })).data.token;
      const editor = (await first<{ token: string }>('POST', '/user/login', { body: { username: 'editor', password: '111111' } })).data
        .token;
      expect((await second('GET', listPath('crew'), { token: editor })).code).toBe(20000); // read and kept
      const list = decodeList<{ id: number; name: string; menus: number[] }>(
        'list-count',
        (await first('GET', path(roles, 'list'), { token: admin })).data,
      ).rows;
      const editorRole = list.find((r) => r.name === 'editor')!;
      expect(
        (await first('POST', path(roles, 'update'), { token: admin, body: { id: editorRole.id, name: 'editor', menus: [] } })).code,
      ).toBe(20000);
      let code = 0;
      for (let i = 0; i < 50 && code !== 40003; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        code = (await second('GET', listPath('crew'), { token: editor })).code;
      }
      expect(code).toBe(40003);
    } finally {
      for (const signal of signals) await signal.close();
      await worldOne.close();
      await storeTwo.close();
    }
  });
});
