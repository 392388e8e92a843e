// An instrument's prefix and number are its identity: a second T4773 is refused on add and on
// update through the one write path, naming the field and the instrument that holds it, with
// nothing written; on every store. Records stored before the rule keep their values: a migration
// says which and leaves the unique index for later, and GET /device/list/duplicates lists them.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import type { DuplicatesAnswer } from '../../kernel/schema/duplicates';
import type { ResourceSchema } from '../../kernel/schema/types';
import type { Connection } from '../../server/db/connect';
import type { Row } from '../../server/store/types';
import { dropPostgresSchemas, freshPostgres, freshSqlite, postgresUnavailable } from './databases';
import { registry } from './helpers';
import type { Envelope } from './helpers';
import { SETUPS, type UploadWorld } from './upload-setups';

/** The schemas as they were before numbers had to be unique. */
const older = structuredClone(registry);
delete (older.resources.device as ResourceSchema)['x-resource'].unique;

describe.each(SETUPS)('unique instrument numbers on $name', (setup) => {
  let world: UploadWorld;
  let app: ReturnType<typeof createApp>;

  async function call<T = Row>(path: string, body?: unknown, language = 'en'): Promise<Envelope<T>> {
    const init: RequestInit = {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'X-Token': 'admin-token', 'Accept-Language': language },
    };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }
    return (await (await app.fetch(new Request(`http://localhost/dev-api${path}`, init))).json()) as Envelope<T>;
  }
  const instrument = (numtype: string, num: string) => ({ numtype, num, type: 1, status: 0, brand: 1, meth: 1 });

  beforeEach(async () => {
    world = await setup.make(registry, { now: new Date('2026-03-01T08:00:00Z') });
    app = createApp({ registry, store: world.store, accounts: new MockAccounts(), uploads: world.storage });
  });
  afterEach(() => world.close());

  it('refuses a second T4773 on add and on update, naming the field and the holder, writing nothing', async () => {
    const first = (await call('/device/create', instrument('T', '4773'))).data;
    const before = await world.store.count('device', []);
    const again = await call('/device/create', instrument('T', '4773'));
    expect(again.code).toBe(40001);
    expect(again.errors?.[0]).toEqual({ field: 'num', message: `Number: T4773 is already instrument #${first.id}` });
    expect(await world.store.count('device', [])).toBe(before);
    const zh = await call('/device/create', instrument('T', '4773'), 'zh');
    expect(zh.errors?.[0].message).toBe(`编号: T4773 已是仪器 #${first.id}`);

    // Another prefix with the same number is another instrument; moving it onto T4773 is refused.
    const other = (await call('/device/create', instrument('M', '4773'))).data;
    const moved = await call('/device/update', { ...other, numtype: 'T' });
    expect(moved.code).toBe(40001);
    expect(moved.errors?.[0].message).toBe(`Number: T4773 is already instrument #${first.id}`);
    expect(await world.store.get('device', other.id)).toMatchObject({ numtype: 'M', version: other.version });
    // Saving the holder itself unchanged is no clash; once it is deleted, the number is free.
    expect((await call('/device/update', { ...first, meth: 2 })).code).toBe(20000);
    expect((await call('/device/del', { id: first.id })).code).toBe(20000);
    expect((await call('/device/update', { ...other, numtype: 'T' })).code).toBe(20000);
  });

  it('lists records sharing a number stored before the rule, until they are resolved', async () => {
    // A database the rule came to later (SQL stores make the unique index only once there are no duplicates).
    world.close();
    world = await setup.make(older, { now: new Date('2026-03-01T08:00:00Z') });
    app = createApp({ registry, store: world.store, accounts: new MockAccounts(), uploads: world.storage });
    const a = await world.store.insert('device', { ...instrument('T', '88'), name: 'T88' });
    const b = await world.store.insert('device', { ...instrument('T', '88'), name: 'T88' });
    await world.store.insert('device', { ...instrument('M', '88'), name: 'M88' });
    const listed = await call<DuplicatesAnswer>('/device/list/duplicates');
    expect(listed.data.items).toEqual([{ fields: ['numtype', 'num'], values: ['T', '88'], name: 'T88', ids: [a.id, b.id] }]);
    expect((await call('/device/update', { ...b, num: '89' })).code).toBe(20000);
    expect((await call<DuplicatesAnswer>('/device/list/duplicates')).data.items).toEqual([]);
  });
});

const unavailable = await postgresUnavailable();
const databases: [string, () => Promise<Connection>][] = [['SQLite', async () => freshSqlite()]];
if (!unavailable) databases.push(['PostgreSQL', freshPostgres]);
afterAll(dropPostgresSchemas);

describe.each(databases)('the number index on an older %s database', (_name, connect) => {
  it('names the shared numbers, merges nothing, and makes the index once they are resolved', async () => {
    const connection = await connect();
    // The install as it was: numbers not yet unique.
    await migrate(connection, older);
    const insert = (num: string) =>
      connection.db
        .insertInto('device')
        .values({ numtype: 'T', num, name: `T${num}`, type: 1, status: 0, brand: 1, meth: 1 })
        .execute();
    for (const num of ['4773', '4773', '12', '12', '12', '7']) await insert(num);

    const told: string[] = [];
    const ran = await migrate(connection, registry, (line) => told.push(line));
    expect(ran).not.toContain('unique device.numtype+num');
    expect(told.find((l) => l.startsWith('device:'))).toMatch(
      /^device: 2 values of numtype \+ num are held by more than one record \(T4773: #1, #2; T12: #3, #4, #5\)\. Nothing was merged/,
    );
    const { rows } = await sql<{ n: number }>`select count(*) as n from device`.execute(connection.db);
    expect(Number(rows[0].n)).toBe(6);

    await sql`update device set num = '4774', name = 'T4774' where id = 2`.execute(connection.db);
    await sql`update device set num = '13', name = 'T13' where id in (4)`.execute(connection.db);
    await sql`update device set num = '14', name = 'T14' where id in (5)`.execute(connection.db);
    expect(await migrate(connection, registry)).toEqual(['unique device.numtype+num']);
    await expect(insert('7')).rejects.toThrow();
    await connection.db.destroy();
  });
});
