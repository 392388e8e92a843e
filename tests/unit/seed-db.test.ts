// The demo data set in a SQLite database (the fixture product of tests/fixtures/mechanism): the
// progress kept in app_seed, written in the same transaction as each resource's records.
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SeedStore, seedStore } from '../../kernel/demo/seed';
import { loadRegistry } from '../../kernel/schema/load-node';
import { type Connection, connectSqlite } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';
import { beginSeed, seedBegun, seedDatabase, sqlSeedProgress } from '../../server/seed-db';
import { SqlStore } from '../../server/store/sql';

const fixture = loadRegistry(join(import.meta.dirname, '../fixtures/mechanism'));
const PLAN = { run: 20, tool: 8, well: 7 };

let connection: Connection;
beforeEach(async () => {
  connection = connectSqlite(':memory:');
  await migrate(connection, fixture);
});
afterEach(async () => {
  await connection.db.destroy();
});

async function counts() {
  const out: Record<string, number> = {};
  for (const name of Object.keys(fixture.resources)) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(connection.db);
    out[name] = Number(rows[0].n);
  }
  return out;
}
const marked = async () => (await connection.db.selectFrom('app_seed').select('resource').orderBy('resource').execute()).map((r) => r.resource);

describe('seedDatabase', () => {
  it('fills an empty database once; a second run inserts nothing', async () => {
    expect(await seedBegun(connection)).toBe(false);
    const first = await seedDatabase(connection, fixture);
    expect(first.inserted.map((r) => r.resource)).toEqual(['well', 'tool', 'run']);
    expect(await seedBegun(connection)).toBe(true);
    expect(await counts()).toEqual(PLAN);
    expect(await marked()).toEqual(['run', 'tool', 'well']);
    expect(await seedDatabase(connection, fixture)).toEqual({ inserted: [], skipped: ['well', 'tool', 'run'] });
    expect(await counts()).toEqual(PLAN);
  });

  it('points every reference at a record of the database', async () => {
    await seedDatabase(connection, fixture);
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from run where tool not in (select id from tool) or well not in (select id from well)`.execute(connection.db);
    expect(Number(rows[0].n)).toBe(0);
  });

  it('resumes after a crash inside a resource: that resource is rolled back with its mark, the rest follow once', async () => {
    await beginSeed(connection, ['well', 'tool', 'run']);
    let inserts = 0;
    const dying = (store: SeedStore): SeedStore => ({
      insert: async (resource, values) => {
        if (++inserts === 12) throw new Error('crash');
        return store.insert(resource, values);
      },
      get: (resource, id) => store.get(resource, id),
      findIds: (resource, conditions) => store.findIds(resource, conditions),
      transaction: (work) => store.transaction(work),
    });
    const progress = sqlSeedProgress(connection, fixture, (bound) => dying(new SqlStore(bound, fixture)));
    await expect(seedStore(new SqlStore(connection, fixture), fixture, { progress })).rejects.toThrow('crash');
    expect(await counts()).toEqual({ run: 0, tool: 0, well: 7 });
    expect(await marked()).toEqual(['well']);

    const again = await seedDatabase(connection, fixture);
    expect(again).toEqual({ inserted: [{ resource: 'tool', count: 8 }, { resource: 'run', count: 20 }], skipped: ['well'] });
    expect(await counts()).toEqual(PLAN);
  });

  it('leaves as they are the resources that held records before seeding began', async () => {
    await connection.db.insertInto('well').values({ name: 'Mine-1H', version: 1 }).execute();
    const result = await seedDatabase(connection, fixture);
    expect(result.skipped).toEqual(['well']);
    expect(await counts()).toEqual({ ...PLAN, well: 1 });
    const { rows } = await sql<{ well: number }>`select distinct well from run`.execute(connection.db);
    expect(rows.map((r) => r.well)).toEqual([1]);
  });

  it('refuses a broken hint before writing anything, app_seed included', async () => {
    const broken = structuredClone(fixture);
    broken.resources.tool.properties!.hours['x-fake'] = 'hours:9';
    await expect(seedDatabase(connection, broken)).rejects.toThrow('Demo data of tool: field hours (x-fake "hours:9")');
    expect(await seedBegun(connection)).toBe(false);
    expect(await counts()).toEqual({ run: 0, tool: 0, well: 0 });
  });
});
