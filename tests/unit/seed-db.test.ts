// The demo data set in a SQL database (the fixture product of tests/fixtures/mechanism), on
// SQLite and PostgreSQL: the progress kept in app_seed, written in the same transaction as each
// resource's records, so a crash never leaves a resource half in nor counted twice.
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SeedStore, seedStore } from '../../kernel/demo/seed';
import { loadRegistry } from '../../kernel/schema/load-node';
import type { Connection } from '../../server/db/connect';
import { connectPostgres } from '../../server/db/connect-postgres';
import { migrate } from '../../server/db/migrate';
import { beginSeed, seedBegun, seedDatabase, sqlSeedProgress } from '../../server/db/seed';
import { SqlStore } from '../../server/store/sql';
import { POSTGRES_URL, dropPostgresSchemas, freshPostgres, freshSqlite, postgresUnavailable } from '../contract/databases';

const fixture = loadRegistry(join(import.meta.dirname, '../fixtures/mechanism'));
const PLAN = { run: 20, tool: 8, well: 7 };

const postgresSkip = await postgresUnavailable();
if (postgresSkip) console.warn(`seed-db: skipping PostgreSQL (${postgresSkip})`);
afterAll(dropPostgresSchemas);

describe.each([
  ['SQLite', freshSqlite, false],
  ['PostgreSQL', freshPostgres, !!postgresSkip],
] as const)('the demo data in %s', (_name, fresh, skip) => {
  let connection: Connection;
  beforeEach(async () => {
    if (skip) return;
    connection = await fresh();
    await migrate(connection, fixture);
  });
  afterEach(async () => {
    if (!skip) await connection.db.destroy();
  });

  async function counts() {
    const out: Record<string, number> = {};
    for (const name of Object.keys(fixture.resources)) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(connection.db);
      out[name] = Number(rows[0].n);
    }
    return out;
  }
  const marked = async () =>
    (await connection.db.selectFrom('app_seed').select('resource').orderBy('resource').execute()).map((r) => r.resource);

  it.skipIf(skip)('fills an empty database once; a second run inserts nothing', async () => {
    expect(await seedBegun(connection)).toBe(false);
    const first = await seedDatabase(connection, fixture);
    expect(first.inserted.map((r) => r.resource)).toEqual(['well', 'tool', 'run']);
    expect(await seedBegun(connection)).toBe(true);
    expect(await counts()).toEqual(PLAN);
    expect(await marked()).toEqual(['run', 'tool', 'well']);
    expect(await seedDatabase(connection, fixture)).toEqual({ inserted: [], skipped: ['well', 'tool', 'run'] });
    expect(await counts()).toEqual(PLAN);
  });

  it.skipIf(skip)('points every reference at a record of the database', async () => {
    await seedDatabase(connection, fixture);
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from run where tool not in (select id from tool) or well not in (select id from well)`.execute(connection.db);
    expect(Number(rows[0].n)).toBe(0);
  });

  it.skipIf(skip)('resumes after a crash inside a resource: that resource is rolled back with its mark, the rest follow once', async () => {
    await beginSeed(connection, ['well', 'tool', 'run']);
    let inserts = 0;
    const dying = (store: SeedStore): SeedStore => ({
      insert: async (resource, values) => {
        if (++inserts === 12) throw new Error('crash');
        return store.insert(resource, values);
      },
      update: (resource, id, values) => store.update(resource, id, values),
      get: (resource, id) => store.get(resource, id),
      findIds: (resource, conditions) => store.findIds(resource, conditions),
      transaction: (work) => store.transaction(work),
    });
    const progress = sqlSeedProgress(connection, fixture, (bound) => dying(new SqlStore(bound, fixture)));
    await expect(seedStore(new SqlStore(connection, fixture), fixture, { progress })).rejects.toThrow('crash');
    expect(await counts()).toEqual({ run: 0, tool: 0, well: 7 });
    expect(await marked()).toEqual(['well']);

    const again = await seedDatabase(connection, fixture);
    expect(again).toEqual({
      inserted: [
        { resource: 'tool', count: 8 },
        { resource: 'run', count: 20 },
      ],
      skipped: ['well'],
    });
    expect(await counts()).toEqual(PLAN);
  });

  it.skipIf(skip)('leaves as they are the resources that held records before seeding began', async () => {
    await connection.db.insertInto('well').values({ name: 'Mine-1H', version: 1 }).execute();
    const result = await seedDatabase(connection, fixture);
    expect(result.skipped).toEqual(['well']);
    expect(await counts()).toEqual({ ...PLAN, well: 1 });
    const { rows } = await sql<{ well: number }>`select distinct well from run`.execute(connection.db);
    expect(rows.map((r) => Number(r.well))).toEqual([1]);
  });

  it.skipIf(skip)('refuses a broken hint before writing anything, app_seed included', async () => {
    const broken = structuredClone(fixture);
    broken.resources.tool.properties!.hours['x-fake'] = 'hours:9';
    await expect(seedDatabase(connection, broken)).rejects.toThrow('Demo data of tool: field hours (x-fake "hours:9")');
    expect(await seedBegun(connection)).toBe(false);
    expect(await counts()).toEqual({ run: 0, tool: 0, well: 0 });
  });
});

describe.skipIf(!!postgresSkip)('instances seeding one PostgreSQL database at once', () => {
  it('fill each resource once between them', async () => {
    const first = await freshPostgres();
    await migrate(first, fixture);
    // A second pool on the same schema, as a second instance would have.
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(first.db)).rows[0].s;
    const second = connectPostgres(POSTGRES_URL, schema);
    try {
      const [a, b] = await Promise.all([seedDatabase(first, fixture), seedDatabase(second, fixture)]);
      const inserted = [...a.inserted, ...b.inserted].map((r) => r.resource).sort();
      expect(inserted).toEqual(['run', 'tool', 'well']);
      const { rows } = await sql<{
        n: number;
      }>`select (select count(*) from well) + (select count(*) from tool) + (select count(*) from run) as n`.execute(first.db);
      expect(Number(rows[0].n)).toBe(PLAN.well + PLAN.tool + PLAN.run);
    } finally {
      await second.db.destroy();
      await first.db.destroy();
    }
  });
});
