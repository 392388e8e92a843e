import type { Condition, ListQuery } from '../../kernel/schema/query';

/** A stored record: its fields, its id, and its version (1 on creation, +1 on every update). */
export type Row = Record<string, unknown> & { id: number; version: number };

export type UpdateResult = { status: 'ok'; row: Row } | { status: 'missing' } | { status: 'conflict'; current: Row };

/**
 * Where records live. One contract, several stores: in memory (the mock and tests),
 * and SQL through Kysely (SQLite, PostgreSQL). Every method is all-or-nothing.
 */
export interface Store {
  /**
   * One page of the records meeting every condition, and how many meet them. Every store answers
   * alike: text orders and compares by Unicode code point; a record without a value in the sort
   * field comes first going up and last going down; ties go by id in the same direction;
   * `contains` and `search` match text only, folding case for A-Z alone; `%`, `_` and `\` in
   * them are meant literally.
   */
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
  /** How many records meet every condition. */
  count(resource: string, conditions: Condition[]): Promise<number>;
  /** The ids of the records that meet every condition, ascending. */
  findIds(resource: string, conditions: Condition[]): Promise<number[]>;
  /**
   * Runs `work` as one transaction over a store bound to it: everything it writes lands, or,
   * when it throws, nothing does. Checks made inside hold until it ends (no write of another
   * request lands in between on SQLite; PostgreSQL runs it serializable and retries a conflict,
   * so the work may run more than once: it should only read and write through `store`). Inside,
   * `transaction` runs its work in the same transaction.
   */
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
