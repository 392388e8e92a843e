// The in-memory store: the mock's back-end in the browser and the fastest store for tests.
// It answers exactly as the SQL stores do (see sql.ts for the shared semantics): text ordered
// and compared by Unicode code point, no value before any value, ASCII-only case folding.
import { getPath } from '../../kernel/schema/registry';
import { utcMonth } from '../../kernel/schema/statistics';
import type { Condition, ListQuery } from '../../kernel/schema/query';
import { type ColumnKind, NOTHING, operand } from '../db/columns';
import type { Group, Grouping, Row, Store, UpdateOptions, UpdateResult } from './types';
import { notGiven } from '../../kernel/schema/given';

const absent = (value: unknown) => value === undefined || value === null;

/** Strings by code point, as SQLite's BINARY and PostgreSQL's "C" collation order UTF-8 bytes. */
function compareText(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // UTF-16 puts U+E000..U+FFFF after the surrogates of U+10000 and up: move them back in order.
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** Any two values of one field; no value comes first. */
function compare(a: unknown, b: unknown): number {
  if (absent(a) || absent(b)) return absent(a) ? (absent(b) ? 0 : -1) : 1;
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  return Number(a) - Number(b);
}

const kindOf = (value: unknown): ColumnKind =>
  typeof value === 'string' ? 'text' : typeof value === 'number' ? 'real' : typeof value === 'boolean' ? 'boolean' : 'json';

/** Folds A-Z only, as SQLite's LIKE and PostgreSQL's ILIKE under the "C" collation do. */
const fold = (text: string) => text.replace(/[A-Z]+/g, (s) => s.toLowerCase());

/** Whether `value` is text containing `text`, ignoring ASCII case. */
const contains = (value: unknown, text: unknown) => typeof value === 'string' && fold(value).includes(fold(String(text)));

function matches(row: Row, condition: Condition): boolean {
  if (condition.op === 'search') return condition.fields.some((f) => contains(getPath(row, f), condition.value));
  const value = getPath(row, condition.field);
  if (condition.op === 'contains') return contains(value, condition.value);
  // `given`: true asks for a value, anything else for none (as the SQL stores read it).
  if (condition.op === 'given') return notGiven(value) !== (condition.value === true);
  if (absent(value)) return false;
  const kind = kindOf(value);
  const meets = (op: 'eq' | 'gte' | 'lte', wanted: unknown) => {
    const target = operand(kind, op, wanted);
    if (target === NOTHING) return false;
    const order = compare(value, target);
    return op === 'eq' ? order === 0 : op === 'gte' ? order >= 0 : order <= 0;
  };
  if (condition.op === 'in') return (condition.value as unknown[]).some((v) => meets('eq', v));
  return meets(condition.op, condition.value);
}

/**
 * A record as the SQL stores give it back: through JSON (no -0, no undefined members) and
 * without the top-level fields that hold no value.
 */
function stored(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = JSON.parse(JSON.stringify(values));
  for (const [key, value] of Object.entries(out)) if (value === null) delete out[key];
  return out;
}

/** A record `aggregate` leaves out: its number is below the first bound of the ranges. */
const LEFT_OUT = Symbol('left out');

/** The group a value goes in (see Grouping); text is cut by characters, as SQL's substr does. */
function groupValue(value: unknown, { prefix, utcMonth: byMonth, bins }: Grouping): Group['value'] | typeof LEFT_OUT {
  if (absent(value)) return null;
  if (byMonth) return utcMonth(value);
  if (bins) {
    if (typeof value !== 'number') return LEFT_OUT;
    const from = bins.filter((bound) => bound <= value).pop();
    return from ?? LEFT_OUT;
  }
  if (prefix !== undefined && typeof value === 'string') return Array.from(value).slice(0, prefix).join('');
  return value as Group['value'];
}

/** A top-level field's value; a dotted member of a group counts by its text only, as the SQL stores read it. */
function memberValue(row: Row, by: string): unknown {
  if (!by.includes('.')) return row[by];
  const value = getPath(row, by);
  return typeof value === 'string' ? value : null;
}

const zeros = (fields: string[]) => Object.fromEntries(fields.map((f) => [f, 0]));
const emptyGroup = (value: Group['value'], sums: string[], valueCounts: string[]): Group => ({
  value,
  count: 0,
  sums: zeros(sums),
  valueCounts: zeros(valueCounts),
});

interface State {
  tables: Map<string, Map<number, Row>>;
  lastIds: Map<string, number>;
  /** Settles when the transaction or write running now (and any queued before it) has ended. */
  queue: Promise<unknown>;
}

/**
 * One page of the records meeting the query's conditions, in its order, as every store answers a
 * list (see Store.list): also used on records kept elsewhere (the accounts), which are few.
 */
export function pageOf<T extends { id: number }>(records: T[], query: ListQuery): { rows: T[]; total: number } {
  const { field, order } = query.sort;
  const direction = order === 'DESC' ? -1 : 1;
  const rows = records
    .filter((row) => query.conditions.every((c) => matches(row as unknown as Row, c)))
    .sort((a, b) => direction * (compare(getPath(a, field), getPath(b, field)) || a.id - b.id));
  const start = (query.page - 1) * query.limit;
  const page = rows.slice(start, start + query.limit).map((r) => structuredClone(r));
  return { rows: page, total: query.counted === false ? page.length : rows.length };
}

export class MemoryStore implements Store {
  /**
   * `saved` is given to the store a transaction's work runs on: the tables as they were before
   * the transaction first wrote to each, to put back if the work fails.
   */
  constructor(
    private state: State = { tables: new Map(), lastIds: new Map(), queue: Promise.resolve() },
    private saved?: Map<string, Map<number, Row>>,
  ) {}

  private table(resource: string): Map<number, Row> {
    let table = this.state.tables.get(resource);
    if (!table) {
      table = new Map();
      this.state.tables.set(resource, table);
    }
    return table;
  }

  private rows(resource: string, conditions: Condition[]): Row[] {
    return [...this.table(resource).values()].filter((row) => conditions.every((c) => matches(row, c)));
  }

  /** Runs after everything queued before: transactions never interleave. */
  private enqueue<T>(run: () => Promise<T>): Promise<T> {
    const result = this.state.queue.then(run);
    this.state.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * A write outside a transaction waits for the one running, as it would on SQLite, so that a
   * transaction that fails and puts its tables back never wipes out someone else's write.
   * Inside one, the table is saved before its first change (rows are replaced, never changed
   * in place, so a copy of the table's map is a snapshot).
   */
  private async write<T>(resource: string, work: () => T): Promise<T> {
    if (!this.saved) return this.enqueue(async () => work());
    if (!this.saved.has(resource)) this.saved.set(resource, new Map(this.table(resource)));
    return work();
  }

  async list(resource: string, query: ListQuery) {
    return pageOf([...this.table(resource).values()], query);
  }

  async count(resource: string, conditions: Condition[]) {
    return this.rows(resource, conditions).length;
  }

  async findIds(resource: string, conditions: Condition[]) {
    return this.rows(resource, conditions)
      .map((r) => r.id)
      .sort((a, b) => a - b);
  }

  async aggregate(resource: string, grouping: Grouping, conditions: Condition[]) {
    const sums = grouping.sum ?? [];
    const valueCounts = grouping.valueCounts ?? [];
    const groups = new Map<Group['value'], Group>();
    if (grouping.by === undefined) groups.set(null, emptyGroup(null, sums, valueCounts));
    for (const row of this.rows(resource, conditions)) {
      const value = grouping.by === undefined ? null : groupValue(memberValue(row, grouping.by), grouping);
      if (value === LEFT_OUT) continue;
      let group = groups.get(value);
      if (!group) groups.set(value, (group = emptyGroup(value, sums, valueCounts)));
      group.count++;
      for (const field of sums) {
        const number = row[field];
        if (typeof number === 'number') group.sums[field] += number;
      }
      for (const field of valueCounts) if (!absent(row[field])) group.valueCounts[field]++;
    }
    return [...groups.values()].sort((a, b) => compare(a.value, b.value));
  }

  async get(resource: string, id: number) {
    const row = this.table(resource).get(id);
    return row && structuredClone(row);
  }

  insert(resource: string, values: Record<string, unknown>) {
    return this.write(resource, () => {
      const id = (this.state.lastIds.get(resource) ?? 0) + 1;
      this.state.lastIds.set(resource, id);
      const row: Row = { ...stored(values), id, version: 1 };
      this.table(resource).set(id, row);
      return structuredClone(row);
    });
  }

  update(
    resource: string,
    id: number,
    values: Record<string, unknown>,
    expectedVersion?: number,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    return this.write(resource, (): UpdateResult => {
      const table = this.table(resource);
      const current = table.get(id);
      if (!current) return { status: 'missing' };
      if (expectedVersion !== undefined && current.version !== expectedVersion) {
        return { status: 'conflict', current: structuredClone(current) };
      }
      const row: Row = { ...stored(values), id, version: options?.keepVersion ? current.version : current.version + 1 };
      table.set(id, row);
      return { status: 'ok', row: structuredClone(row) };
    });
  }

  remove(resource: string, ids: number[]) {
    return this.write(resource, () => {
      const table = this.table(resource);
      const missing = [...new Set(ids)].filter((id) => !table.has(id));
      if (missing.length === 0) for (const id of ids) table.delete(id);
      return { missing };
    });
  }

  /** One transaction at a time; a failed one puts back the tables it changed and the last ids. */
  /** Keeps nothing: its records are in memory already, and the mock and the tests want every answer fresh. */
  remember<T>(_key: string, _resources: readonly string[], work: () => Promise<T>): Promise<T> {
    return work();
  }

  transaction<T>(work: (store: Store) => Promise<T>): Promise<T> {
    if (this.saved) return work(this);
    return this.enqueue(async () => {
      const saved = new Map<string, Map<number, Row>>();
      const lastIds = new Map(this.state.lastIds);
      try {
        return await work(new MemoryStore(this.state, saved));
      } catch (error) {
        for (const [name, table] of saved) this.state.tables.set(name, table);
        this.state.lastIds = lastIds;
        throw error;
      }
    });
  }

  async close() {}
}
