// The demo data set in the SQL database. The table app_seed keeps one row per resource whose
// demo records are in, written in the same transaction as those records: a crash leaves a
// resource either complete and recorded or untouched, and the next run fills the rest.
// The table's presence also says that this database wants the demo data: start.ts continues an
// unfinished set only then, so a database that began empty (DEMO=0) never gets demo records unasked.
import { type Kysely, sql } from 'kysely';
import type { SeedProgress, SeedResult, SeedStore } from '../../kernel/demo/seed';
import type { Registry } from '../../kernel/schema/registry';
import type { Connection } from './connect';
import { SqlStore } from '../store/sql';

interface SeedTables {
  app_seed: { resource: string; done_at: string };
}

/** Seeding instances of one PostgreSQL database take turns under this lock. */
const SEED_LOCK = 7262002;

const seedDb = (connection: Connection) => connection.db as Kysely<SeedTables>;

/** Whether the demo data set was ever begun in this database. */
export async function seedBegun(connection: Connection): Promise<boolean> {
  const { rows } =
    connection.dialect === 'postgres'
      ? await sql<{ found: unknown }>`select to_regclass('app_seed') as found`.execute(connection.db)
      : await sql<{ found: unknown }>`select name as found from sqlite_master where type = 'table' and name = 'app_seed'`.execute(
          connection.db,
        );
  return rows.length > 0 && rows[0].found !== null;
}

/**
 * Creates app_seed. Resources that already hold records when it is created (a database whose
 * demo data came before this table, or that holds real data) count as done: never filled twice.
 */
export async function beginSeed(connection: Connection, resources: string[]): Promise<void> {
  if (await seedBegun(connection)) return;
  await seedDb(connection)
    .transaction()
    .execute(async (trx) => {
      if (connection.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
      await trx.schema
        .createTable('app_seed')
        .ifNotExists()
        .addColumn('resource', 'text', (c) => c.primaryKey())
        .addColumn('done_at', 'text', (c) => c.notNull())
        .execute();
      for (const resource of resources) {
        const { rows } = await sql`select 1 from ${sql.table(resource)} limit 1`.execute(trx);
        if (rows.length === 0) continue;
        await trx
          .insertInto('app_seed')
          .values({ resource, done_at: new Date().toISOString() })
          .onConflict((oc) => oc.column('resource').doNothing())
          .execute();
      }
    });
}

/**
 * The connection of a transaction already running, for a store whose own writes would open one
 * (an update is atomic on its own): any transaction it asks for is that one.
 */
export function inTransaction(connection: Connection): Connection {
  const trx = connection.db;
  const running = { execute: <T>(work: (db: typeof trx) => Promise<T>) => work(trx), setIsolationLevel: () => running };
  const db = new Proxy(trx, {
    get(target, key) {
      if (key === 'transaction') return () => running;
      const value: unknown = Reflect.get(target, key, target);
      // Kysely's methods read private fields: they run on the transaction itself, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...connection, db };
}

/**
 * The progress kept in app_seed. Each resource (or the resources one generator makes together)
 * is one database transaction over a store bound to it; on PostgreSQL it takes the seed lock and
 * looks again, so instances starting together fill each resource once. `bind` makes that store
 * (tests wrap it to simulate a crash).
 */
export function sqlSeedProgress(
  connection: Connection,
  registry: Registry,
  bind: (connection: Connection) => SeedStore = (bound) => new SqlStore(inTransaction(bound), registry),
): SeedProgress {
  return {
    done: async () => new Set((await seedDb(connection).selectFrom('app_seed').select('resource').execute()).map((r) => r.resource)),
    complete: (resources, work) =>
      seedDb(connection)
        .transaction()
        .execute(async (trx) => {
          if (connection.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
          if (
            await trx
              .selectFrom('app_seed')
              .select('resource')
              .where('resource', 'in', [...resources])
              .executeTakeFirst()
          )
            return false;
          await work(bind({ ...connection, db: trx }));
          const doneAt = new Date().toISOString();
          await trx
            .insertInto('app_seed')
            .values(resources.map((resource) => ({ resource, done_at: doneAt })))
            .execute();
          return true;
        }),
  };
}

/**
 * Loads what the demo data set still lacks. A broken fake-data hint is refused before anything,
 * app_seed included, is written. Loaded lazily by its callers: the fake-data library is large.
 */
export async function seedDatabase(connection: Connection, registry: Registry, seed?: number): Promise<SeedResult> {
  const { checkDemoData, seedStore, seededResources } = await import('../../kernel/demo/seed');
  checkDemoData(registry);
  await beginSeed(connection, seededResources(registry));
  const result = await seedStore(new SqlStore(connection, registry), registry, { seed, progress: sqlSeedProgress(connection, registry) });
  // Calibration reports are files with their records: made once the instruments exist.
  if (result.inserted.some((r) => r.resource === 'device')) {
    const { seedServerReports } = await import('../files/seed-server');
    await seedServerReports(connection, registry);
  }
  return result;
}
