// PostgreSQL's prepared statements (prepared.ts has SQLite's): each request shape's SQL text is
// parsed and planned once per connection, under a name of its own.
import pg from 'pg';
import { KEPT } from './prepared';

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
