// Statements prepared once and run many times. Kysely hands each driver SQL text; the same
// request shape always gives the same text (values are bound parameters), so the text is the key.
// (PostgreSQL's side is prepared-postgres.ts, loaded only when the server runs on PostgreSQL.)
import type Database from 'better-sqlite3';
import { type CompiledQuery, type DatabaseConnection, type Kysely, SqliteDriver, type SqliteDatabase, type SqliteStatement } from 'kysely';

/** Distinct statement texts kept prepared; beyond this the oldest is let go (SQLite) or new texts run unnamed (PostgreSQL). */
export const KEPT = 1000;

/** The statement prepared the first time its text came, from a map of at most KEPT. */
export function statementCache(prepare: (text: string) => Database.Statement) {
  const statements = new Map<string, Database.Statement>();
  return (text: string) => {
    let statement = statements.get(text);
    if (statement) return statement;
    statement = prepare(text);
    if (statements.size >= KEPT) statements.delete(statements.keys().next().value!);
    statements.set(text, statement);
    return statement;
  };
}

/**
 * The SQLite database as Kysely sees it, with `prepare` answering the statement prepared the
 * first time this text came (`statement`, shared with the direct reads below). better-sqlite3
 * statements may be run again and again; Kysely runs them to the end at once (`all`, `run`), so
 * one statement is never busy when asked again.
 */
export function preparingSqlite(sqlite: Database.Database, statement = statementCache((text) => sqlite.prepare(text))): SqliteDatabase {
  return {
    prepare: (text: string) => statement(text) as unknown as SqliteStatement,
    close() {
      sqlite.close();
    },
  };
}

/**
 * A query compiled once, run again with other values (`parameters`, in the order the query was
 * built with): for the few statements every request runs, where building the query with Kysely
 * cost more than the database took to answer it.
 */
export const withParameters = <R>(query: CompiledQuery<R>, parameters: readonly unknown[]): CompiledQuery<R> => ({ ...query, parameters });

/**
 * Kysely's SQLite driver, keeping count of the statements and transactions that hold the one
 * connection (Kysely queues them: one at a time, a transaction from its begin to its end).
 */
export class CountingSqliteDriver extends SqliteDriver {
  held = 0;

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.held++;
    return connection;
  }

  override async releaseConnection(): Promise<void> {
    this.held--;
    await super.releaseConnection();
  }
}

/**
 * Reads run straight on better-sqlite3, for the statements every request runs (the session, a
 * record, a list page): Kysely's queue, promises and result objects cost more than SQLite took
 * to answer. Only while nothing holds the connection (`idle`): then Kysely too would run the
 * statement at once, on the same connection, in a transaction of its own, and since
 * better-sqlite3 answers synchronously nothing runs in between. Otherwise (a transaction under
 * way, a statement waiting) the caller goes through Kysely, which waits its turn, as before.
 */
export interface DirectReads {
  idle(): boolean;
  /** The statement prepared for this text: the very one Kysely runs. */
  statement(text: string): Database.Statement;
  /** This text prepared to answer each row as an array of its values, in the order of `columns()`. */
  arrays(text: string): Database.Statement;
}

const directReads = new WeakMap<object, DirectReads>();

/** The direct reads of a Kysely instance over SQLite (connect.ts); none for a transaction's or PostgreSQL's. */
export const directReadsOf = (db: object): DirectReads | undefined => directReads.get(db);

/** The column names of statements, for `readRows`. */
const columnNames = new WeakMap<Database.Statement, string[]>();

/**
 * The rows of a compiled read: straight on SQLite while nothing holds its connection, else
 * through Kysely. Read directly, SQLite's rows come as arrays, made into objects here with the
 * column names read once per statement (asked for objects, better-sqlite3 makes each name
 * again for every row); the objects are the same, a later column of the same name winning.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function readRows<R>(db: Kysely<any>, query: CompiledQuery<R>): Promise<R[]> {
  const direct = directReadsOf(db);
  if (!direct?.idle()) return (await db.executeQuery(query)).rows;
  const statement = direct.arrays(query.sql);
  let names = columnNames.get(statement);
  if (!names) columnNames.set(statement, (names = statement.columns().map((column) => column.name)));
  const rows = statement.all(query.parameters) as unknown[][];
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]] = values[i];
    return row as R;
  });
}

export function registerDirectReads(
  db: object,
  sqlite: Database.Database,
  driver: CountingSqliteDriver,
  statement: (text: string) => Database.Statement,
) {
  directReads.set(db, {
    idle: () => driver.held === 0 && sqlite.open,
    statement,
    arrays: statementCache((text) => sqlite.prepare(text).raw(true)),
  });
}
