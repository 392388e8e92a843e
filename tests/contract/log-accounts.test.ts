// The operation and visit logs keep each entry under the person's account (`user_id`) as well as
// their name, so that two accounts with one name are told apart; an older database's entries get
// the account of their name where exactly one account has it.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MockAccounts } from '../../server/auth/accounts';
import { migrate } from '../../server/db/migrate';
import { freshSqlite } from './databases';
import { makeApi, registry } from './helpers';

const oplog = registry.resources.oplog['x-resource'].endpoints.list!.path;
const visits = registry.resources.visitlog['x-resource'].endpoints.list!.path;
const crewAdd = registry.resources.crew['x-resource'].endpoints.add!.path;

async function accountId(token: string) {
  const session = await new MockAccounts().check(token);
  if (!('user' in session)) throw new Error(`no session for ${token}`);
  return session.user.id;
}

describe('logs kept under accounts', () => {
  it('stamps the account of the person on an operation and on a visit', async () => {
    const api = await makeApi(undefined, { seed: false });
    expect((await api.call('POST', crewAdd, { body: { teamNumber: 'LA-1', leader: { name: 'Li' } } })).code).toBe(20000);
    const entries = (await api.call<{ list: { user: string; user_id?: number }[] }>('GET', oplog)).data.list;
    expect(entries[0]).toMatchObject({ user: 'Super Admin', user_id: await accountId('admin-token') });
    const at = new Date().toISOString();
    const sent = await api.call('POST', '/setting/log/visit/add', {
      token: 'editor-token',
      body: { visits: [{ path: '/crew/index', at }] },
    });
    expect(sent.code, JSON.stringify(sent)).toBe(20000);
    const seen = (await api.call<{ list: { user: string; user_id?: number }[] }>('GET', visits)).data.list;
    expect(seen[0]).toMatchObject({ user: 'Normal Editor', user_id: await accountId('editor-token') });
    // The log filters by account.
    const mine = await api.call<{ count: number }>('GET', oplog, { query: { user_id: await accountId('editor-token') } });
    expect(mine.data.count).toBe(0);
  });

  it('gives the entries of an older database the account of their name when only one has it', async () => {
    const connection = freshSqlite();
    const { db } = connection;
    await migrate(connection, registry);
    await sql`delete from app_migrations where name = 'oplog.user_id from names'`.execute(db);
    const account = (id: number, username: string, name: string) =>
      sql`insert into app_accounts (id, username, password_hash, roles, name, created_at) values (${id}, ${username}, 'x', '["editor"]', ${name}, '2025-01-01')`.execute(
        db,
      );
    await account(11, 'solo', 'Solo');
    await account(12, 'twin1', 'Twin');
    await account(13, 'twin2', 'Twin');
    for (const [i, user] of ['Solo', 'Twin', 'Gone'].entries())
      await sql`insert into oplog (at, day, "user", resource, record, action) values ('2025-01-01T00:00:00.000Z', '2025-01-01', ${user}, 'crew', ${i + 1}, 'create')`.execute(
        db,
      );
    const lines: string[] = [];
    expect(await migrate(connection, registry, (line) => lines.push(line))).toEqual(['oplog.user_id from names']);
    const rows = await sql<{ user: string; user_id: number | null }>`select "user", user_id from oplog order by id`.execute(db);
    expect(rows.rows.map((row) => [row.user, row.user_id === null ? null : Number(row.user_id)])).toEqual([
      ['Solo', 11],
      ['Twin', null],
      ['Gone', null],
    ]);
    expect(lines).toEqual([
      "oplog: 1 entries now kept under the account of their name, 2 under their name alone (shared by several accounts, or nobody's now).",
    ]);
    await db.destroy();
  });
});
