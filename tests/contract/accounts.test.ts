// The real server's accounts and permissions, on SQLite and PostgreSQL: passwords, sessions,
// expiry, sign-out, the sign-in log, rate limits, and roles refused before anything is written.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { ensureFirstAccounts } from '../../server/auth/bootstrap';
import { SqlAccounts } from '../../server/auth/sql-accounts';
import type { Connection } from '../../server/db/connect';
import { openSqlStore } from '../../server/db/open';
import type { SqlStore } from '../../server/store/sql';
import { databaseMatrix, postgresSkip } from './stores';
import { type Envelope, registry } from './helpers';

const PASSWORD = 'correct horse battery';
const unavailable = postgresSkip;
/** Databases migrated and seeded with the demo data. */
const databases = databaseMatrix({ seeded: true });
if (unavailable) console.warn(`Skipping the PostgreSQL accounts suite: ${unavailable}`);

/** The stored menu's entries and roles, as their calls answer them. */
const menuList = registry.resources.menu['x-resource'].endpoints.list!.path;
const roleList = registry.resources.role['x-resource'].endpoints.list!.path;
const roleUpdate = registry.resources.role['x-resource'].endpoints.update!.path;

describe.each(databases)('accounts on %s', (_name, connect) => {
  let connection: Connection;
  let store: SqlStore;
  let clock: Date;
  let accounts: SqlAccounts;
  let address: string;

  const app = () => createApp({ registry, store, accounts, addressOf: () => address, now: () => clock });
  const call = async <T = unknown>(method: string, path: string, body?: unknown, token?: string) => {
    const response = await app().fetch(
      new Request(`http://localhost/dev-api${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Token': token } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(200);
    return (await response.json()) as Envelope<T>;
  };
  const login = (username: string, password = PASSWORD) => call<{ token: string }>('POST', '/user/login', { username, password });

  beforeEach(async () => {
    connection = await connect();
    store = await openSqlStore(connection, registry);
    clock = new Date('2026-11-21T08:00:00Z');
    address = '10.0.0.1';
    accounts = new SqlAccounts(
      connection.db,
      { sessionHours: 12, failuresPerAccount: 5, failuresPerAddress: 20, windowMinutes: 15 },
      () => clock,
      connection.dialect,
    );
    const lines = await ensureFirstAccounts(accounts, { ADMIN_PASSWORD: PASSWORD, EDITOR_PASSWORD: PASSWORD });
    expect(lines).toHaveLength(2);
  });
  afterEach(async () => store.close());

  it('stores no password and no token in clear', async () => {
    const { data } = await login('admin');
    const accountRows = await connection.db.selectFrom('app_accounts').selectAll().execute();
    const sessionRows = await connection.db.selectFrom('app_sessions').selectAll().execute();
    const stored = JSON.stringify([accountRows, sessionRows]);
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain(data.token);
    expect(accountRows[0].password_hash).toMatch(/^scrypt\$/);
    expect(Buffer.from(data.token, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('creates the first accounts once, and refuses a short configured password', async () => {
    expect(await ensureFirstAccounts(accounts, {})).toEqual([]);
    const otherConnection = await connect();
    const other = await openSqlStore(otherConnection, registry);
    const fresh = new SqlAccounts(otherConnection.db);
    await expect(ensureFirstAccounts(fresh, { ADMIN_PASSWORD: 'short' })).rejects.toThrow(
      'ADMIN_PASSWORD must have at least 8 characters.',
    );
    await other.close();
  });

  it('generates and announces a password when none is configured', async () => {
    const otherConnection = await connect();
    const other = await openSqlStore(otherConnection, registry);
    const fresh = new SqlAccounts(otherConnection.db);
    const lines = await ensureFirstAccounts(fresh, {});
    const password = /password (\S+) \(shown this once/.exec(lines[0])?.[1];
    expect(password).toHaveLength(18);
    expect('token' in (await fresh.login('admin', password!, 'x'))).toBe(true);
    await other.close();
  });

  it('signs in with the right password only, and answers the info of that account', async () => {
    expect((await login('admin', 'wrong password')).code).toBe(60204);
    expect((await login('nobody')).code).toBe(60204);
    const { code, data } = await login('editor');
    expect(code).toBe(20000);
    const info = await call<{ roles: string[]; name: string }>('GET', '/user/info', undefined, data.token);
    expect(info.data).toMatchObject({ roles: ['editor'], name: 'Normal Editor' });
  });

  it('refuses the mock token scheme, unknown tokens (50008) and expired sessions (50014)', async () => {
    for (const token of ['admin-token', 'editor-token', 'x'.repeat(43)]) {
      expect((await call('GET', '/crew/list', undefined, token)).code).toBe(50008);
    }
    const { data } = await login('admin');
    expect((await call('GET', '/crew/list', undefined, data.token)).code).toBe(20000);
    clock = new Date(clock.getTime() + 12 * 3_600_000 + 1000);
    const expired = await call('GET', '/crew/list', undefined, data.token);
    expect(expired.code).toBe(50014);
    expect(expired.message).toMatch(/expired/);
    expect((await call('GET', '/crew/list', undefined, data.token)).code).toBe(50008);
  });

  it('revokes the session on sign-out', async () => {
    const { data } = await login('admin');
    expect((await call('POST', '/user/logout', undefined, data.token)).code).toBe(20000);
    expect((await call('GET', '/user/info', undefined, data.token)).code).toBe(50008);
  });

  it('logs every attempt, and locks an account after 5 failures for the rest of 15 minutes', async () => {
    for (let i = 0; i < 5; i++) expect((await login('admin', `guess ${i}`)).code).toBe(60204);
    const locked = await login('admin');
    expect(locked.code).toBe(42900);
    expect(locked.message).toBe('Too many failed sign-ins. Try again in 15 minutes.');
    expect((await login('editor')).code).toBe(20000); // another account is not locked
    clock = new Date(clock.getTime() + 15 * 60_000 + 1000);
    expect((await login('admin')).code).toBe(20000);
    const log = await connection.db
      .selectFrom('app_login_log')
      .select(['username', 'address', 'success', 'reason'])
      .orderBy('id')
      .execute();
    expect(log).toHaveLength(8);
    expect(log.map((l) => [l.username, Number(l.success), l.reason])).toEqual([
      ...Array.from({ length: 5 }, () => ['admin', 0, 'password']),
      ['admin', 0, 'locked'],
      ['editor', 1, null],
      ['admin', 1, null],
    ]);
    expect(log.every((l) => l.address === '10.0.0.1')).toBe(true);
  });

  it('locks an address after 20 failures whatever the account', async () => {
    for (let i = 0; i < 20; i++) await login(`user${i}`);
    expect((await login('admin')).code).toBe(42900);
    address = '10.0.0.2';
    expect((await login('admin')).code).toBe(20000);
  });

  /** The attempts whose password was checked: those refused for it, or let in. */
  const checked = async () =>
    (await connection.db.selectFrom('app_login_log').select(['reason', 'success']).execute()).filter(
      (row) => Number(row.success) === 1 || (row.reason !== 'locked' && row.reason !== null),
    ).length;

  it('checks at most 5 passwords of an account when 60 guesses come at once', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login('admin', `guess ${i}`)));
    expect(answers.filter((a) => a.code === 60204)).toHaveLength(5);
    expect(answers.filter((a) => a.code === 42900)).toHaveLength(55);
    expect(await checked()).toBe(5);
  });

  it('checks at most 20 passwords from an address when 60 guesses come at once', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(`user${i}`, `guess ${i}`)));
    expect(answers.filter((a) => a.code === 60204)).toHaveLength(20);
    expect(await checked()).toBe(20);
  });

  it('counts the refusals of a locked address in one entry instead of storing each', async () => {
    for (let i = 0; i < 20; i++) await login(`user${i}`);
    for (let i = 0; i < 50; i++) {
      clock = new Date(clock.getTime() + 1000);
      expect((await login(`anyone${i}`)).code).toBe(42900);
    }
    const rows = await connection.db.selectFrom('app_login_log').selectAll().where('reason', '=', 'locked').execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].repeats)).toBe(50);
    const page = await accounts.signIns({ page: 1, limit: 5 });
    expect(page.count).toBe(21);
    expect(page.list[0]).toMatchObject({ user: 'anyone0', reason: 'locked', repeats: 50, lastAt: clock.toISOString() });
    // Once the lock is over, a new refusal is an entry of its own.
    clock = new Date(clock.getTime() + 15 * 60_000 + 1000);
    expect((await login('admin')).code).toBe(20000);
  });

  it('refuses an editor what only admins may do, writing nothing', async () => {
    const editor = (await login('editor')).data.token;
    const admin = (await login('admin')).data.token;
    // With the menu as shipped, editors work on crews and devices.
    expect((await call('GET', '/crew/list', undefined, editor)).code).toBe(20000);
    // An admin takes the crews away from the editor role.
    const entries = (await call<{ list: { id: number; key?: string }[] }>('GET', `${menuList}?limit=1000`, undefined, admin)).data.list;
    const crews = entries.find((e) => e.key === 'path:/crew')!;
    const editorRole = (
      await call<{ list: { id: number; name: string; menus: number[] }[] }>('GET', roleList, undefined, admin)
    ).data.list.find((r) => r.name === 'editor')!;
    const taken = await call(
      'POST',
      roleUpdate,
      { id: editorRole.id, name: 'editor', menus: editorRole.menus.filter((id) => id !== crews.id) },
      admin,
    );
    expect(taken.code).toBe(20000);
    const before = (await call<{ total: number }>('GET', '/crew/list', undefined, admin)).data.total;
    for (const [method, path, body] of [
      ['GET', '/crew/list'],
      ['GET', '/crew/info?id=1'],
      ['POST', '/crew/add', { teamNumber: 'X1', leader: { name: 'x' } }],
      ['POST', '/crew/update', { id: 1, teamNumber: 'X2' }],
      ['POST', '/crew/del', { id: 1 }],
    ] as const) {
      const answer = await call(method, path, body, editor);
      expect(answer.code, `${method} ${path}`).toBe(40003);
      expect(answer.message).toMatch(/Your role may not do this/);
    }
    expect((await call<{ total: number }>('GET', '/crew/list', undefined, admin)).data.total).toBe(before);
    expect((await call<{ teamNumber: string }>('GET', '/crew/info?id=1', undefined, admin)).data.teamNumber).not.toBe('X2');
    // The devices stay theirs.
    expect((await call('GET', '/device/list', undefined, editor)).code).toBe(20000);
  });
});
