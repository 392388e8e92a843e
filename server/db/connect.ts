// The SQL database: SQLite in DATA_DIR by default (nothing to install), PostgreSQL when
// DATABASE_URL is set. Kysely speaks to both; the tables come from the schemas (migrate.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDialectConfig } from 'kysely';
import type { TableWatch } from './changes';
import { CountingSqliteDriver, preparingSqlite, registerDirectReads, statementCache } from './prepared';

// Resource tables are named by the schema files at run time, so they get no static row types
// here; the product's own fixed tables do, in tables.ts (FixedDb, to which this is assignable).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Kysely<any>;
export type Dialect = 'sqlite' | 'postgres';

export interface Connection {
  db: Db;
  dialect: Dialect;
  /** The SQLite handle, for the online backup; absent on PostgreSQL. */
  sqlite?: Database.Database;
  describe: string;
  /**
   * Answers when the database does, at once: never in line behind the queries waiting for a
   * connection (SQLite's one is held by each transaction in turn, PostgreSQL's pool may be all
   * taken), which held /healthz for seconds behind a burst of writes.
   */
  ping: () => Promise<void>;
  /**
   * PostgreSQL: hears the writes committed to the tables of this connection's schema, by any
   * instance (see changes.ts). Absent on SQLite, where one process writes and `data_version`
   * tells of the others.
   */
  watchTables?: (changed: (table: string) => void, listening: (on: boolean) => void) => TableWatch;
}

/** Kysely's SQLite dialect, with a driver that counts who holds the connection (prepared.ts). */
class CountedSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private driver: CountingSqliteDriver,
  ) {
    super(config);
  }

  override createDriver() {
    return this.driver;
  }
}

export function connectSqlite(file: string): Connection {
  if (file !== ':memory:') mkdirSync(join(file, '..'), { recursive: true });
  const sqlite = new Database(file);
  // WAL: readers never wait for the writer. FULL: a write answered is a write on disk.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Each statement text is prepared once and run again after (prepared.ts), by Kysely or, for the
  // reads every request makes, directly while Kysely does not hold the connection.
  const statement = statementCache((text) => sqlite.prepare(text));
  const config = { database: preparingSqlite(sqlite, statement) };
  const driver = new CountingSqliteDriver(config);
  const db = new Kysely({ dialect: new CountedSqliteDialect(config, driver) });
  registerDirectReads(db, sqlite, driver, statement);
  // The handle itself answers, between two of Kysely's statements or inside its transaction alike.
  const ping = async () => void statement('select 1').get();
  return { db, dialect: 'sqlite', sqlite, describe: `SQLite ${file}`, ping };
}

/**
 * DATABASE_URL when set, else SQLite at DATA_DIR/console.db. The PostgreSQL client is loaded
 * only then: a SQLite start does not pay for reading it.
 */
export async function connectFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<Connection> {
  if (env.DATABASE_URL) return (await import('./connect-postgres')).connectPostgres(env.DATABASE_URL);
  return connectSqlite(join(env.DATA_DIR ?? 'data', 'console.db'));
}
