// Statements prepared once and run many times. Kysely hands each driver SQL text; the same
// request shape always gives the same text (values are bound parameters), so the text is the key.
// (PostgreSQL's side is prepared-postgres.ts, loaded only when the server runs on PostgreSQL.)
import type Database from 'better-sqlite3';
import type { CompiledQuery, SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct statement texts kept prepared; beyond this the oldest is let go (SQLite) or new texts run unnamed (PostgreSQL). */
export const KEPT = 1000;

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

/**
 * A query compiled once, run again with other values (`parameters`, in the order the query was
 * built with): for the few statements every request runs, where building the query with Kysely
 * cost more than the database took to answer it.
 */
export const withParameters = <R>(query: CompiledQuery<R>, parameters: readonly unknown[]): CompiledQuery<R> => ({ ...query, parameters });
