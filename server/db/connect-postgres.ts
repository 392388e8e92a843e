// The PostgreSQL connection (connect.ts has SQLite's and chooses): a pool whose clients prepare
// every request statement once, and a listener for the writes of other instances.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { watchTables } from './changes';
import type { Connection } from './connect';
import { PreparingClient } from './prepared-postgres';

// PostgreSQL answers COUNT(*) and BIGINT as text; our counts and ids fit in a JavaScript number.
pg.types.setTypeParser(20, (value: string) => Number(value));

/** How long the health check waits for PostgreSQL to take a connection and answer. */
const PING_TIMEOUT_MS = 2000;

/** A connection of its own, outside the pool (whose clients may all be busy), opened and closed for each check. */
async function ping(config: pg.ClientConfig) {
  const client = new pg.Client({ ...config, connectionTimeoutMillis: PING_TIMEOUT_MS, query_timeout: PING_TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `searchPath` keeps the tables in a schema of their own (tests use one each). */
export function connectPostgres(url: string, searchPath?: string): Connection {
  const config = { connectionString: url, ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}) };
  // Queries run as named prepared statements, parsed and planned once per connection (prepared.ts).
  const pool = new pg.Pool({ ...config, max: Number(process.env.DATABASE_POOL ?? 10), Client: PreparingClient });
  const safe = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    ping: () => ping(config),
    dialect: 'postgres',
    describe: `PostgreSQL ${safe}`,
    watchTables: (changed, listening) => watchTables(config, changed, listening),
  };
}
