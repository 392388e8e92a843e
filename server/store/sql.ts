// The store on a SQL database through Kysely: filtering, sorting and paging happen in the
// database; field names come from the schemas (checked), values are always bound parameters.
import { type CompiledQuery, type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely';
import type { Condition, ListQuery } from '../../kernel/schema/query';
import type { Registry } from '../../kernel/schema/registry';
import { type Column, NOTHING, columnsOf, decode, encode, operand } from '../db/columns';
import type { Connection, Db } from '../db/connect';
import type { TableWatch } from '../db/changes';
import { directReadsOf, withParameters } from '../db/prepared';
import type Database from 'better-sqlite3';
import { CountCache } from './count-cache';
import type { Group, Grouping, Row, Store, UpdateOptions, UpdateResult } from './types';

/** `%`, `_` and `\` in a search are meant literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Serialization failure and deadlock: PostgreSQL gave up on a transaction that may well pass when run again. */
const RETRIED = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Builder = ExpressionBuilder<any, any>;

interface SharedCounts {
  counts: CountCache;
  /** Values made from several resources' records (see SqlStore.remember), newest last. */
  values: Map<string, { tickets: number[]; value: unknown }>;
  watch?: TableWatch;
  /** Waiting for the next notice of a write to a table, or for the listener to be on (key ''). */
  waiting: Map<string, (() => void)[]>;
}

/** How many compiled list page statements a store keeps. */
const PAGE_QUERIES = 256;

/** How many values `remember` keeps (a long well's trajectory answer is a few megabytes). */
const REMEMBERED_VALUES = 16;

const sameTickets = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((ticket, i) => ticket === b[i]);

function wake(shared: SharedCounts, key: string) {
  const waiting = shared.waiting.get(key);
  shared.waiting.delete(key);
  for (const resolve of waiting ?? []) resolve();
}

/**
 * The counts kept for one database handle, shared by every store over it (the seeding code
 * makes stores of its own over the same connection): a write through any of them forgets them.
 */
const countsByHandle = new WeakMap<object, SharedCounts>();

function sharedCounts(connection: Connection): SharedCounts {
  const handle: object = connection.sqlite ?? connection.watchTables ?? connection;
  let shared = countsByHandle.get(handle);
  if (shared) return shared;
  const sqlite = connection.sqlite;
  if (sqlite) {
    // Changes whenever another connection (another process) commits to the database file.
    const version = sqlite.prepare('pragma data_version').pluck();
    let seen = version.get();
    const changedElsewhere = () => {
      const now = version.get();
      if (now === seen) return false;
      seen = now;
      return true;
    };
    shared = { counts: new CountCache(changedElsewhere), values: new Map(), waiting: new Map() };
  } else {
    // PostgreSQL: nothing is kept before this instance hears the other instances' writes.
    shared = { counts: new CountCache(undefined, false), values: new Map(), waiting: new Map() };
  }
  countsByHandle.set(handle, shared);
  return shared;
}

/** A condition nothing meets. */
const NEVER = sql<SqlBool>`1 = 0`;

/**
 * The store on a SQL database. SQLite, PostgreSQL and the memory store answer every list
 * alike, record for record and in the same order:
 * - Text orders and compares by Unicode code point: SQLite's BINARY collation does, and so does
 *   PostgreSQL's "C" collation, which every text column of a resource table has (migrate.ts).
 * - No value comes before any value: first in ascending order, last in descending. That is
 *   SQLite's own order, so its indexes serve lists as they are; PostgreSQL is told NULLS
 *   FIRST/LAST, and its indexes on sort fields are built NULLS FIRST to serve that order.
 * - `contains` and `search` fold case for A-Z only. That is what SQLite's LIKE does; PostgreSQL
 *   could fold more (its C.UTF-8 ctype lowers É to é), but ILIKE under COLLATE "C" folds ASCII
 *   only, exactly like SQLite: checked on PostgreSQL 15 (`'É' collate "C" ilike 'é'` is false,
 *   `'ABC' collate "C" ilike '%b%'` is true). They match text values only.
 * - Booleans (0/1 on SQLite) and numbers in conditions are read as the column's type (operand()).
 */
export class SqlStore implements Store {
  private columns = new Map<string, Column[]>();
  private db: Db;
  /** Set on the store a transaction's work gets: everything it runs goes through that transaction. */
  private bound = false;
  /** On a transaction's store: the resources it wrote, whose counts are forgotten when it ends. */
  private written?: Set<string>;
  /**
   * List counts, kept until a write to their resource. In this process a count is never answered
   * from here once a write to its resource has begun, until that write has ended and the count
   * has been worked out again. Writes of other processes: on SQLite, `data_version` is read
   * before every look-up and any change forgets every count; on PostgreSQL every committed
   * write to a resource table is notified (db/changes.ts), and another instance keeps answering
   * the count it had from the moment the write commits until the notification reaches it (on
   * one machine or a LAN, well under a millisecond; a list that works out its count in that
   * window sees the same). While the listening connection is down, nothing is kept or answered.
   */
  private counts: CountCache;
  private shared: SharedCounts;
  /** Compiled list page statements (pageQuery), shared with the stores of its transactions. */
  private pageQueries = new Map<string, CompiledQuery>();
  /** The statement reading one record of each resource (`get`), compiled once. */
  private getQueries = new Map<string, CompiledQuery<Record<string, unknown>>>();
  /** How rows answered as arrays become records, per statement (`arrayRows`). */
  private rowMakers = new WeakMap<Database.Statement, (values: unknown[]) => Row>();

  constructor(
    private connection: Connection,
    registry: Registry,
  ) {
    this.db = connection.db;
    for (const [name, schema] of Object.entries(registry.resources)) this.columns.set(name, columnsOf(schema));
    this.shared = sharedCounts(connection);
    this.counts = this.shared.counts;
  }

  /** PostgreSQL: listens for the writes of every instance, from the first count on. */
  private listen() {
    const { shared } = this;
    if (shared.watch || !this.connection.watchTables) return;
    shared.watch = this.connection.watchTables(
      (table) => {
        shared.counts.forget(table);
        wake(shared, `table ${table}`);
      },
      (on) => {
        shared.counts.enable(on);
        if (on) wake(shared, '');
      },
    );
  }

  /**
   * A value worked out from the records of `resources` (a well's trajectory), kept under `key`
   * by the rules of the counts: until a write to one of them ends, here or, on PostgreSQL, in
   * another instance. Inside a transaction it is worked out afresh and not kept. At most
   * REMEMBERED_VALUES are kept, the least recently used going first.
   */
  async remember<T>(key: string, resources: readonly string[], work: () => Promise<T>): Promise<T> {
    if (this.bound) return work();
    this.listen();
    const { values } = this.shared;
    const tickets = this.counts.tickets(resources);
    const kept = values.get(key);
    if (tickets && kept && sameTickets(kept.tickets, tickets)) {
      values.delete(key);
      values.set(key, kept);
      return kept.value as T;
    }
    const value = await work();
    const after = this.counts.tickets(resources);
    if (tickets && after && sameTickets(tickets, after)) {
      values.delete(key);
      values.set(key, { tickets, value });
      if (values.size > REMEMBERED_VALUES) values.delete(values.keys().next().value!);
    }
    return value;
  }

  /** How many counts were answered without asking the database. */
  get countsKept(): number {
    return this.counts.hits;
  }

  /**
   * PostgreSQL, for tests: resolves once this instance hears the writes of others (at once when
   * it does already), or, given a resource, at the next notice of a committed write to it.
   */
  heard(resource?: string): Promise<void> {
    this.listen();
    if (resource === undefined && this.counts.enabled) return Promise.resolve();
    const key = resource === undefined ? '' : `table ${resource}`;
    return new Promise((resolve) => this.shared.waiting.set(key, [...(this.shared.waiting.get(key) ?? []), resolve]));
  }

  /** Forgets every count kept: for writes made around the store (the demo data set loaded at start). */
  forgetCounts() {
    this.counts.forgetAll();
  }

  /**
   * Runs a write to `resource`: its counts are neither answered nor kept from now until the write
   * (or, on a transaction's store, the whole transaction) has ended.
   */
  private async writing<T>(resource: string, work: () => Promise<T>): Promise<T> {
    if (this.written) {
      if (!this.written.has(resource)) {
        this.written.add(resource);
        this.counts.begin(resource);
      }
      return work();
    }
    this.counts.begin(resource);
    try {
      return await work();
    } finally {
      this.counts.end(resource);
    }
  }

  private columnsOf(resource: string): Column[] {
    const columns = this.columns.get(resource);
    if (!columns) throw new Error(`No table for resource "${resource}"`);
    return columns;
  }

  /** Only the schema's own column names ever reach SQL as identifiers. */
  private column(resource: string, name: string): Column {
    if (name === 'id' || name === 'version') return { name, kind: 'integer' };
    const column = this.columnsOf(resource).find((c) => c.name === name);
    if (!column) throw new Error(`"${name}" is not a column of ${resource}`);
    return column;
  }

  private toRow(resource: string, raw: Record<string, unknown>): Row {
    const row: Record<string, unknown> = {};
    for (const column of this.columnsOf(resource)) {
      const stored = raw[column.name];
      // No value: no field (decode would answer undefined), skipped without a call on every row.
      if (stored !== null && stored !== undefined) row[column.name] = decode(column.kind, stored);
    }
    row.id = Number(raw.id);
    row.version = Number(raw.version);
    return row as Row;
  }

  private toValues(resource: string, values: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const column of this.columnsOf(resource)) out[column.name] = encode(column.kind, values[column.name], this.connection.dialect);
    return out;
  }

  /** `field` contains `text`, ignoring ASCII case; a dotted field reads a text member of a JSON group. */
  private contains(resource: string, field: string, text: string): Expression<SqlBool> {
    const pattern = likePattern(text);
    const [name, ...path] = field.split('.');
    const column = this.column(resource, name);
    const postgres = this.connection.dialect === 'postgres';
    if (path.length === 0) {
      if (column.kind !== 'text') return NEVER;
      return postgres
        ? sql<SqlBool>`${sql.ref(name)} collate "C" ilike ${pattern} escape '\\'`
        : sql<SqlBool>`${sql.ref(name)} like ${pattern} escape '\\'`;
    }
    if (column.kind !== 'json') throw new Error(`"${name}" of ${resource} is not a group`);
    if (postgres) {
      return sql<SqlBool>`(jsonb_typeof(${sql.ref(name)} #> ${path}) = 'string' and (${sql.ref(name)} #>> ${path}) collate "C" ilike ${pattern} escape '\\')`;
    }
    const jsonPath = `$${path.map((key) => `.${JSON.stringify(key)}`).join('')}`;
    return sql<SqlBool>`(json_type(${sql.ref(name)}, ${jsonPath}) = 'text' and json_extract(${sql.ref(name)}, ${jsonPath}) like ${pattern} escape '\\')`;
  }

  private where(resource: string, conditions: Condition[]) {
    const dialect = this.connection.dialect;
    return (eb: Builder): Expression<SqlBool> =>
      eb.and(
        conditions.map((c) => {
          if (c.op === 'search') return eb.or(c.fields.map((f) => this.contains(resource, f, c.value)));
          if (c.op === 'contains') return this.contains(resource, c.field, String(c.value));
          const { name, kind } = this.column(resource, c.field);
          if (c.op === 'given') {
            const empty = kind === 'text' ? eb.or([eb(name, 'is', null), eb(name, '=', '')]) : eb(name, 'is', null);
            return c.value === true ? eb.not(empty) : empty;
          }
          if (c.op === 'in') {
            const values = (c.value as unknown[]).map((v) => operand(kind, 'eq', v, dialect)).filter((v) => v !== NOTHING);
            return values.length ? eb(name, 'in', values) : NEVER;
          }
          const value = operand(kind, c.op, c.value, dialect);
          if (value === NOTHING) return NEVER;
          return eb(name, c.op === 'eq' ? '=' : c.op === 'gte' ? '>=' : '<=', value);
        }),
      );
  }

  async list(resource: string, query: ListQuery) {
    const page = this.pageQuery(resource, query);
    // Outside a transaction, while nothing holds SQLite's connection, the page is read at once,
    // its rows as arrays of values (db/prepared.ts): making an object of every row only to copy
    // it into another took longer than SQLite took to find them.
    const direct = this.bound ? undefined : directReadsOf(this.db);
    if (direct?.idle()) {
      const statement = direct.arrays(page.sql);
      const values = statement.all(page.parameters) as unknown[][];
      const count = query.counted === false ? values.length : await this.count(resource, query.conditions);
      return { rows: values.map(this.arrayRows(resource, statement)), total: count };
    }
    const [{ rows }, count] = await Promise.all([
      this.db.executeQuery(page),
      query.counted === false ? undefined : this.count(resource, query.conditions),
    ]);
    return { rows: rows.map((r) => this.toRow(resource, r as Record<string, unknown>)), total: count ?? rows.length };
  }

  /** Rows as `toRow` makes them, from arrays of values in the order of `statement`'s columns (worked out once per statement). */
  private arrayRows(resource: string, statement: Database.Statement): (values: unknown[]) => Row {
    let convert = this.rowMakers.get(statement);
    if (convert) return convert;
    const places = new Map(statement.columns().map((column, i) => [column.name, i]));
    const columns = this.columnsOf(resource).map((column) => ({ ...column, at: places.get(column.name)! }));
    const idAt = places.get('id')!;
    const versionAt = places.get('version')!;
    convert = (values: unknown[]) => {
      const row: Record<string, unknown> = {};
      for (const column of columns) {
        const stored = values[column.at];
        if (stored !== null && stored !== undefined) row[column.name] = decode(column.kind, stored);
      }
      row.id = Number(values[idAt]);
      row.version = Number(values[versionAt]);
      return row as Row;
    };
    this.rowMakers.set(statement, convert);
    return convert;
  }

  /**
   * The statement of a list page, compiled once for each resource and query asked (the same list
   * asked again, a page turned back and forth): building it took longer than SQLite took to
   * answer it. At most PAGE_QUERIES are kept, the least recently used going first.
   */
  private pageQuery(resource: string, query: ListQuery): CompiledQuery {
    const key = `${resource}\0${JSON.stringify(query)}`;
    const kept = this.pageQueries.get(key);
    if (kept) {
      this.pageQueries.delete(key);
      this.pageQueries.set(key, kept);
      return kept;
    }
    const { name: sortColumn } = this.column(resource, query.sort.field);
    const descending = query.sort.order === 'DESC';
    const postgres = this.connection.dialect === 'postgres';
    const compiled = this.db
      .selectFrom(this.tableName(resource))
      .selectAll()
      .where(this.where(resource, query.conditions))
      .orderBy(sortColumn, (o) => {
        const directed = descending ? o.desc() : o.asc();
        // SQLite already puts no value first going up and last going down; PostgreSQL is told to.
        if (!postgres) return directed;
        return descending ? directed.nullsLast() : directed.nullsFirst();
      })
      // Ties follow the same direction, so an index on (filter, sort field) serves the whole order.
      .orderBy('id', descending ? 'desc' : 'asc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .compile();
    this.pageQueries.set(key, compiled);
    if (this.pageQueries.size > PAGE_QUERIES) this.pageQueries.delete(this.pageQueries.keys().next().value!);
    return compiled;
  }

  async count(resource: string, conditions: Condition[]) {
    // Inside a transaction the count is the transaction's own, never kept.
    if (this.bound) return this.countNow(resource, conditions);
    this.listen();
    const key = JSON.stringify(conditions);
    const kept = this.counts.lookup(resource, key);
    if (kept !== undefined) return kept;
    const ticket = this.counts.ticket(resource);
    const total = await this.countNow(resource, conditions);
    this.counts.remember(resource, key, ticket, total);
    return total;
  }

  private async countNow(resource: string, conditions: Condition[]) {
    const { total } = await this.db
      .selectFrom(this.tableName(resource))
      .select((eb) => eb.fn.countAll().as('total'))
      .where(this.where(resource, conditions))
      .executeTakeFirstOrThrow();
    return Number(total);
  }

  async findIds(resource: string, conditions: Condition[]) {
    const rows = await this.db
      .selectFrom(this.tableName(resource))
      .select('id')
      .where(this.where(resource, conditions))
      .orderBy('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /**
   * The UTC month (YYYY-MM) of a date or date-time text, or null. PostgreSQL reads every form a
   * date-time may be written in; SQLite wants upper case and an offset with a colon (`+08:00`),
   * so `2025-06-01t10:00:00+0800` is put in that form first. A date alone is its own month.
   */
  private utcMonthOf(ref: ReturnType<typeof sql.ref>) {
    if (this.connection.dialect === 'postgres') {
      return sql`case when length(${ref}) = 10 then substr(${ref}, 1, 7) else to_char((${ref})::timestamptz at time zone 'UTC', 'YYYY-MM') end`;
    }
    const text = sql`upper(${ref})`;
    const offsetAt = (fromEnd: number) => sql`(length(${ref}) > 10 and substr(${ref}, ${sql.lit(-fromEnd)}, 1) in ('+', '-'))`;
    const colonized = sql`case when ${offsetAt(5)} then substr(${text}, 1, length(${ref}) - 2) || ':' || substr(${ref}, -2) when ${offsetAt(3)} then ${text} || ':00' else ${text} end`;
    return sql`strftime('%Y-%m', ${colonized})`;
  }

  /** A text member of a JSON group (`mudata.type`), or null when it holds no text: the same on both databases. */
  private textMember(resource: string, field: string) {
    const [name, ...path] = field.split('.');
    if (this.column(resource, name).kind !== 'json') throw new Error(`"${name}" of ${resource} is not a group`);
    const ref = sql.ref(name);
    // The path is written as a literal (member names come from the schema), so that the grouped
    // expression is the selected one, word for word: PostgreSQL does not match two bound parameters.
    if (this.connection.dialect === 'postgres') {
      const members = sql.lit(`{${path.join(',')}}`);
      return sql`case when jsonb_typeof(${ref} #> ${members}) = 'string' then (${ref} #>> ${members}) collate "C" end`;
    }
    const jsonPath = sql.lit(`$${path.map((key) => `.${JSON.stringify(key)}`).join('')}`);
    return sql`case when json_type(${ref}, ${jsonPath}) = 'text' then json_extract(${ref}, ${jsonPath}) end`;
  }

  /** What `aggregate` groups by: the column's value, its first characters, its UTC month, or the start of its range. */
  private groupKey(resource: string, { by, prefix, utcMonth, bins }: Grouping & { by: string }) {
    if (by.includes('.')) return { expression: this.textMember(resource, by), decode: (raw: unknown) => raw };
    const { name, kind } = this.column(resource, by);
    const ref = sql.ref(name);
    if (kind === 'json') throw new Error(`cannot group ${resource} by "${by}": it is kept as one JSON value`);
    if (bins) {
      if (kind !== 'integer' && kind !== 'real') throw new Error(`cannot put "${by}" of ${resource} into ranges: it is not a number`);
      // The highest bound the value reaches; the bounds are numbers from the schema, written as literals
      // so that the grouped expression is the selected one, word for word.
      const ranges = [...bins].reverse().map((bound) => sql`when ${ref} >= ${sql.lit(bound)} then ${sql.lit(bound)}`);
      return {
        expression: sql`case ${sql.join(ranges, sql` `)} end`,
        decode: (raw: unknown) => (raw === null ? null : Number(raw)),
        below: sql<SqlBool>`(${ref} is null or ${ref} >= ${sql.lit(bins[0])})`,
      };
    }
    if (utcMonth) {
      if (kind !== 'text') throw new Error(`cannot find the month of "${by}" of ${resource}: it is not text`);
      return { expression: this.utcMonthOf(ref), decode: (raw: unknown) => raw };
    }
    if (prefix !== undefined) {
      if (kind !== 'text') throw new Error(`cannot cut "${by}" of ${resource}: it is not text`);
      return { expression: sql`substr(${ref}, 1, ${sql.lit(prefix)})`, decode: (raw: unknown) => raw };
    }
    return { expression: sql`${ref}`, decode: (raw: unknown) => decode(kind, raw) };
  }

  async aggregate(resource: string, grouping: Grouping, conditions: Condition[]): Promise<Group[]> {
    const sums = (grouping.sum ?? []).map((field) => {
      const column = this.column(resource, field);
      if (column.kind !== 'integer' && column.kind !== 'real')
        throw new Error(`cannot add up "${field}" of ${resource}: it is not a number`);
      return column.name;
    });
    const valueCounts = (grouping.valueCounts ?? []).map((field) => this.column(resource, field).name);
    const key = grouping.by === undefined ? undefined : this.groupKey(resource, { ...grouping, by: grouping.by });
    const postgres = this.connection.dialect === 'postgres';
    let query = this.db
      .selectFrom(this.tableName(resource))
      .where(this.where(resource, conditions))
      .select((eb) => [
        eb.fn.countAll().as('count'),
        ...sums.map((name, i) => sql<number>`coalesce(sum(${sql.ref(name)}), 0)`.as(`sum${i}`)),
        ...valueCounts.map((name, i) => sql<number>`count(${sql.ref(name)})`.as(`valued${i}`)),
        ...(key ? [key.expression.as('value')] : []),
      ]);
    if (key) {
      if (key.below) query = query.where(key.below);
      // No value first, as a list sorted by the field gives them (PostgreSQL is told to).
      query = query.groupBy(key.expression).orderBy(key.expression, (o) => (postgres ? o.asc().nullsFirst() : o.asc()));
    }
    const raws: Record<string, unknown>[] = await query.execute();
    return raws.map((raw) => {
      const value = key ? key.decode(raw.value) : null;
      return {
        value: value === undefined || value === null ? null : (value as Group['value']),
        count: Number(raw.count),
        sums: Object.fromEntries((grouping.sum ?? []).map((field, i) => [field, Number(raw[`sum${i}`])])),
        valueCounts: Object.fromEntries((grouping.valueCounts ?? []).map((field, i) => [field, Number(raw[`valued${i}`])])),
      };
    });
  }

  /**
   * Inside a transaction, the work runs in it. Otherwise: SQLite has one connection, which the
   * transaction holds, so nothing else runs in between; PostgreSQL runs it serializable and
   * runs the whole work again when it reports a conflict with another transaction.
   */
  async transaction<T>(work: (store: Store) => Promise<T>): Promise<T> {
    if (this.bound) return work(this);
    const postgres = this.connection.dialect === 'postgres';
    for (let attempt = 1; ; attempt++) {
      const written = new Set<string>();
      try {
        const builder = postgres ? this.db.transaction().setIsolationLevel('serializable') : this.db.transaction();
        return await builder.execute((trx) => work(this.boundTo(trx, written)));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (!postgres || attempt >= ATTEMPTS || typeof code !== 'string' || !RETRIED.has(code)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
      } finally {
        // Committed or rolled back: the counts of what it wrote are worked out afresh from now on.
        for (const resource of written) this.counts.end(resource);
      }
    }
  }

  /** This store, over `trx`: the same tables and columns, every statement in the transaction. */
  private boundTo(trx: Db, written: Set<string>): SqlStore {
    const store = Object.create(this) as SqlStore;
    store.db = trx;
    store.bound = true;
    store.written = written;
    return store;
  }

  /** `work`, a write to `resource`, on this store's transaction, or on a transaction of its own. */
  private atomic<T>(resource: string, work: (db: Db) => Promise<T>): Promise<T> {
    return this.writing(resource, () => (this.bound ? work(this.db) : this.db.transaction().execute(work)));
  }

  async get(resource: string, id: number) {
    // The statement is compiled once per resource; outside a transaction it may run at once (db/prepared.ts).
    let query = this.getQueries.get(resource);
    if (!query)
      this.getQueries.set(resource, (query = this.db.selectFrom(this.tableName(resource)).selectAll().where('id', '=', 0).compile()));
    const direct = this.bound ? undefined : directReadsOf(this.db);
    if (direct?.idle()) {
      const statement = direct.arrays(query.sql);
      const values = statement.get([id]) as unknown[] | undefined;
      return values && this.arrayRows(resource, statement)(values);
    }
    const { rows } = await this.db.executeQuery(withParameters(query, [id]));
    return rows[0] && this.toRow(resource, rows[0]);
  }

  async insert(resource: string, values: Record<string, unknown>) {
    const table = this.tableName(resource);
    const raw = await this.writing(resource, () =>
      this.db
        .insertInto(table)
        .values({ ...this.toValues(resource, values), version: 1 })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return this.toRow(resource, raw);
  }

  async update(
    resource: string,
    id: number,
    values: Record<string, unknown>,
    expectedVersion?: number,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    const table = this.tableName(resource);
    return this.atomic(resource, async (trx) => {
      let statement = trx
        .updateTable(table)
        .set({ ...this.toValues(resource, values), version: options?.keepVersion ? sql`version` : sql`version + 1` })
        .where('id', '=', id);
      if (expectedVersion !== undefined) statement = statement.where('version', '=', expectedVersion);
      const raw = await statement.returningAll().executeTakeFirst();
      if (raw) return { status: 'ok', row: this.toRow(resource, raw) };
      const current = await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
      return current ? { status: 'conflict', current: this.toRow(resource, current) } : { status: 'missing' };
    });
  }

  async remove(resource: string, ids: number[]) {
    const table = this.tableName(resource);
    const unique = [...new Set(ids)];
    return this.atomic(resource, async (trx) => {
      const found = new Set((await trx.selectFrom(table).select('id').where('id', 'in', unique).execute()).map((r) => Number(r.id)));
      const missing = unique.filter((id) => !found.has(id));
      if (missing.length === 0) await trx.deleteFrom(table).where('id', 'in', unique).execute();
      return { missing };
    });
  }

  private tableName(resource: string): string {
    this.columnsOf(resource);
    return resource;
  }

  /** Closes the database; on a transaction's store, does nothing (the transaction ends on its own). */
  async close() {
    if (this.bound) return;
    await this.shared.watch?.close();
    this.shared.watch = undefined;
    await this.db.destroy();
  }
}
