import type { ListQuery } from '../../kernel/schema/query';

/** A stored record: its fields, its id, and its version (1 on creation, +1 on every update). */
export type Row = Record<string, unknown> & { id: number; version: number };

export type UpdateResult = { status: 'ok'; row: Row } | { status: 'missing' } | { status: 'conflict'; current: Row };

/**
 * Where records live. One contract, several stores: in memory (the mock and tests),
 * and SQL through Kysely (SQLite, PostgreSQL). Every method is all-or-nothing.
 */
export interface Store {
  list(resource: string, query: ListQuery): Promise<{ rows: Row[]; total: number }>;
  get(resource: string, id: number): Promise<Row | undefined>;
  insert(resource: string, values: Record<string, unknown>): Promise<Row>;
  /**
   * Replaces the record's fields. With `expectedVersion`, only when the stored record still has
   * that version: an update based on a stale copy is refused, so nobody overwrites unseen work.
   */
  update(resource: string, id: number, values: Record<string, unknown>, expectedVersion?: number): Promise<UpdateResult>;
  /** Deletes every listed record, or none of them: answers the ids that do not exist. */
  remove(resource: string, ids: number[]): Promise<{ missing: number[] }>;
  close(): Promise<void>;
}
