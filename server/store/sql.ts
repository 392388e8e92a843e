// The store on a SQL database through Kysely: filtering, sorting and paging happen in the
// database; field names come from the schemas (checked), values are always bound parameters.
import { type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely';
import type { Condition, ListQuery } from '../../kernel/schema/query';
import type { Registry } from '../../kernel/schema/registry';
import { type Column, columnsOf, decode, encode } from '../db/columns';
import type { Connection, Db } from '../db/connect';
import type { Row, Store, UpdateResult } from './types';

/** `%`, `_` and `\` in a search are meant literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export class SqlStore implements Store {
  private columns = new Map<string, Column[]>();
  private db: Db;

  constructor(
    private connection: Connection,
    registry: Registry,
  ) {
    this.db = connection.db;
    for (const [name, schema] of Object.entries(registry.resources)) this.columns.set(name, columnsOf(schema));
  }

  private columnsOf(resource: string): Column[] {
    const columns = this.columns.get(resource);
    if (!columns) throw new Error(`No table for resource "${resource}"`);
    return columns;
  }

  /** Only the schema's own column names ever reach SQL as identifiers. */
  private column(resource: string, name: string): string {
    if (name === 'id' || name === 'version' || this.columnsOf(resource).some((c) => c.name === name)) return name;
    throw new Error(`"${name}" is not a column of ${resource}`);
  }

  private toRow(resource: string, raw: Record<string, unknown>): Row {
    const row: Record<string, unknown> = {};
    for (const column of this.columnsOf(resource)) {
      const value = decode(column.kind, raw[column.name]);
      if (value !== undefined) row[column.name] = value;
    }
    return { ...row, id: Number(raw.id), version: Number(raw.version) };
  }

  private toValues(resource: string, values: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const column of this.columnsOf(resource)) out[column.name] = encode(column.kind, values[column.name], this.connection.dialect);
    return out;
  }

  private where(resource: string, conditions: Condition[]) {
    const postgres = this.connection.dialect === 'postgres';
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
      eb.and(
        conditions.map((c) => {
          const ref = this.column(resource, c.field);
          switch (c.op) {
            case 'eq':
              return eb(ref, '=', c.value);
            case 'in':
              return eb(ref, 'in', c.value as (string | number)[]);
            case 'gte':
              return eb(ref, '>=', c.value);
            case 'lte':
              return eb(ref, '<=', c.value);
            case 'contains': {
              const pattern = likePattern(String(c.value));
              return postgres
                ? sql<SqlBool>`${sql.ref(ref)}::text ilike ${pattern} escape '\\'`
                : sql<SqlBool>`${sql.ref(ref)} like ${pattern} escape '\\'`;
            }
          }
        }),
      );
  }

  async list(resource: string, query: ListQuery) {
    const where = this.where(resource, query.conditions);
    const sortColumn = this.column(resource, query.sort.field);
    const direction = query.sort.order === 'DESC' ? 'desc' : 'asc';
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom(resource)
        .selectAll()
        .where(where)
        .orderBy(sortColumn, direction)
        // Ties follow the same direction, so an index on (filter, sort field) serves the whole order.
        .orderBy('id', direction)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      this.db
        .selectFrom(resource)
        .select((eb) => eb.fn.countAll().as('total'))
        .where(where)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => this.toRow(resource, r)), total: Number(count.total) };
  }

  async get(resource: string, id: number) {
    const raw = await this.db.selectFrom(this.tableName(resource)).selectAll().where('id', '=', id).executeTakeFirst();
    return raw && this.toRow(resource, raw);
  }

  async insert(resource: string, values: Record<string, unknown>) {
    const raw = await this.db
      .insertInto(this.tableName(resource))
      .values({ ...this.toValues(resource, values), version: 1 })
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.toRow(resource, raw);
  }

  async update(resource: string, id: number, values: Record<string, unknown>, expectedVersion?: number): Promise<UpdateResult> {
    const table = this.tableName(resource);
    return this.db.transaction().execute(async (trx) => {
      let statement = trx
        .updateTable(table)
        .set({ ...this.toValues(resource, values), version: sql`version + 1` })
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
    return this.db.transaction().execute(async (trx) => {
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

  async close() {
    await this.db.destroy();
  }
}
