// Statements prepared once and run many times. Kysely hands each driver SQL text; the same
// request shape always gives the same text (values are bound parameters), so the text is the key.
import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import pg from 'pg';

/** Distinct statement texts kept prepared; beyond this the oldest is let go (SQLite) or new texts run unnamed (PostgreSQL). */
const KEPT = 1000;

/**
 * The SQLite database as Kysely sees it, with `prepare` answering the statement prepared the
 * first time this text came. better-sqlite3 statements may be run again and again; Kysely runs
 * them to the end at once (`all`, `run`), so one statement is never busy when asked again.
 */
export function preparingSqlite(sqlite: Database.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) return statement;
      statement = sqlite.prepare(text) as unknown as SqliteStatement;
      if (statements.size >= KEPT) statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

/** Statements worth a name: the queries and writes of requests, not schema changes or transaction control. */
const NAMED = /^\s*(select|insert|update|delete|with)\b/i;
const names = new Map<string, string>();

/** The name a statement text is prepared under, on every connection alike; undefined once KEPT names are given. */
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < KEPT && NAMED.test(text)) names.set(text, (name = `console_${names.size + 1}`));
  return name;
}

/** Transaction control as Kysely writes it. */
const BEGINS = /^\s*(begin|start transaction)\b/i;
const ENDS = /^\s*(commit|rollback)\b/i;

/**
 * A pg client that runs Kysely's queries as named prepared statements: PostgreSQL parses and
 * plans a text once per connection, and each later run only binds its values. pg remembers, per
 * connection, which names it has prepared.
 *
 * A table changed under a prepared `select *` (a column added by another instance's migration)
 * makes PostgreSQL refuse the statement ("cached plan must not change result type", 0A000): the
 * text then runs unnamed on this connection from then on, and the query is run again at once
 * unless a transaction was open (PostgreSQL has aborted it; the caller sees that one error).
 */
export class PreparingClient extends pg.Client {
  private unnamed = new Set<string>();
  private inTransaction = false;

  // pg's query() has many overloads; Kysely only calls query(text, values) and awaits the answer.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [text, values] = args;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const plain = () => (super.query as (...a: any[]) => any)(...args);
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return plain();
    if (BEGINS.test(text)) this.inTransaction = true;
    else if (ENDS.test(text)) this.inTransaction = false;
    const name = this.unnamed.has(text) ? undefined : nameOf(text);
    if (!name) return plain();
    const inTransaction = this.inTransaction;
    return (super.query({ name, text, values }) as Promise<pg.QueryResult>).catch((error: { code?: string }) => {
      if (error.code !== '0A000') throw error;
      this.unnamed.add(text);
      if (inTransaction) throw error;
      return super.query(text, values);
    });
  }
}
