import type { ListQuery } from '../../src/schema/query';

export type Row = Record<string, unknown> & { id: number };

/**
 * Where records live. One contract, several stores: in memory (the mock and tests),
 * and SQL through Kysely (SQLite, PostgreSQL). Every method is all-or-nothing.
 */
export interface Store {
  list(resource: string, query: ListQuery): Promise<{ rows: Row[]; total: number }>;
  get(resource: string, id: number): Promise<Row | undefined>;
  insert(resource: string, values: Record<string, unknown>): Promise<Row>;
  /** Replaces the record's fields; undefined when there is no such record. */
  update(resource: string, id: number, values: Record<string, unknown>): Promise<Row | undefined>;
  /** Deletes every listed record, or none of them: answers the ids that do not exist. */
  remove(resource: string, ids: number[]): Promise<{ missing: number[] }>;
  close(): Promise<void>;
}
