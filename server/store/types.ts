import type { Condition, ListQuery } from '../../kernel/schema/query';

/** A stored record: its fields, its id, and its version (1 on creation, +1 on every update). */
export type Row = Record<string, unknown> & { id: number; version: number };

export interface UpdateOptions {
  keepVersion?: boolean;
  /** Why the server made this change (an instrument on site because it was assigned): kept in the operation log's entry; stores ignore it. */
  cause?: string;
}

export type UpdateResult = { status: 'ok'; row: Row } | { status: 'missing' } | { status: 'conflict'; current: Row };

/**
 * How `aggregate` puts records into groups. Without `by`, all the records meeting the conditions
 * make one group. With it, the records with the same value of that top-level field make a group,
 * and those without a value the group null; text values may be cut to their first `prefix`
 * characters (a date-time's month: 7), dates and date-times grouped by their month in UTC
 * (`utcMonth`: YYYY-MM, whatever offset a time is written with), and number values put into
 * ranges starting at each of the ascending `bins` (the last one open; the group's value is the
 * range's start, and values below the first bound are left out).
 */
export interface Grouping {
  /** A top-level field, or a dotted text member of a group (`mudata.type`: grouped by its text, null when it holds none). */
  by?: string;
  prefix?: number;
  utcMonth?: boolean;
  bins?: number[];
  /** Number fields whose values are added up in each group; a record without a value adds nothing. */
  sum?: string[];
  /** Fields whose values are counted in each group: how many of its records have one (an average's divisor). */
  valueCounts?: string[];
}

export interface Group {
  value: string | number | boolean | null;
  count: number;
  sums: Record<string, number>;
  valueCounts: Record<string, number>;
}

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
   * With `keepVersion`, the version stays: for values the server works out from other records
   * (a well's total footage), which must not make a form opened on the record conflict.
   */
  update(
    resource: string,
    id: number,
    values: Record<string, unknown>,
    expectedVersion?: number,
    options?: UpdateOptions,
  ): Promise<UpdateResult>;
  /** Deletes every listed record, or none of them: answers the ids that do not exist. */
  remove(resource: string, ids: number[]): Promise<{ missing: number[] }>;
  /** How many records meet every condition. */
  count(resource: string, conditions: Condition[]): Promise<number>;
  /** The ids of the records that meet every condition, ascending. */
  findIds(resource: string, conditions: Condition[]): Promise<number[]>;
  /**
   * The records meeting every condition, in groups (see Grouping), counted and summed in the
   * database. Groups come in the order of their values, as a list sorted by that field would
   * give them (null first); a grouping without `by` answers exactly one group, empty or not.
   */
  aggregate(resource: string, grouping: Grouping, conditions: Condition[]): Promise<Group[]>;
  /**
   * Runs `work` as one transaction over a store bound to it: everything it writes lands, or,
   * when it throws, nothing does. Checks made inside hold until it ends (no write of another
   * request lands in between on SQLite; PostgreSQL runs it serializable and retries a conflict,
   * so the work may run more than once: it should only read and write through `store`). Inside,
   * `transaction` runs its work in the same transaction.
   */
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T>;
  /**
   * A value worked out from the records of `resources`, which the store may keep under `key`
   * until one of those resources is written (by anyone); a store that keeps nothing runs `work`.
   */
  remember<T>(key: string, resources: readonly string[], work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
