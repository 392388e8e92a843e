// How a resource schema maps onto a table: one column per top-level field, nested groups
// and lists as one JSON value (JSONB on PostgreSQL), plus the id and the record's version.
import { properties } from '../../kernel/schema/registry';
import type { ResourceSchema } from '../../kernel/schema/types';
import type { Dialect } from './connect';

export type ColumnKind = 'text' | 'integer' | 'real' | 'boolean' | 'json';

export interface Column {
  name: string;
  kind: ColumnKind;
}

export function columnsOf(schema: ResourceSchema): Column[] {
  return Object.entries(properties(schema))
    .filter(([name]) => name !== 'id')
    .map(([name, prop]): Column => {
      switch (prop.type) {
        case 'integer':
          return { name, kind: 'integer' };
        case 'number':
          return { name, kind: 'real' };
        case 'boolean':
          return { name, kind: 'boolean' };
        case 'object':
        case 'array':
          return { name, kind: 'json' };
        default:
          return { name, kind: 'text' };
      }
    });
}

export function sqlType(kind: ColumnKind, dialect: Dialect): 'text' | 'integer' | 'real' | 'double precision' | 'boolean' | 'jsonb' {
  if (dialect === 'postgres') return kind === 'real' ? 'double precision' : kind === 'json' ? 'jsonb' : kind;
  return kind === 'boolean' ? 'integer' : kind === 'json' ? 'text' : kind;
}

export interface Index {
  columns: string[];
  unique: boolean;
}

/**
 * The indexes a resource needs: one per field people filter or sort by or that refers to another
 * record, one per (equality filter or parent field, sort field) pair, so that a filtered list
 * (a child collection's list among them) comes out of its index already in order instead of
 * being sorted on every request, and a unique one per set of `x-resource.unique` fields.
 */
export function indexesOf(schema: ResourceSchema, dialect: Dialect): Index[] {
  const meta = schema['x-resource'];
  const columns = new Set(
    columnsOf(schema)
      .filter((c) => c.kind !== 'json')
      .map((c) => c.name),
  );
  const usable = (name: string) => columns.has(name);
  const refs = Object.entries(properties(schema)).flatMap(([name, prop]) => (prop['x-ref'] ? [name] : []));
  const singles = [...new Set([...meta.filters.map((f) => f.field), ...meta.list.sortable, ...refs])].filter(usable);
  const equalities = [
    ...new Set([...meta.filters.filter((f) => f.op === 'eq').map((f) => f.field), ...(meta.parent ? [meta.parent.field] : [])]),
  ].filter(usable);
  const sorts = meta.list.sortable.filter(usable);
  const pairs = equalities.flatMap((filter) => sorts.filter((sort) => sort !== filter).map((sort) => [filter, sort]));
  const uniques = (meta.unique ?? []).map((columns) => ({ columns, unique: true }));
  // On SQLite a unique index serves lists as well as a plain one on the same columns would (both
  // end with the row id). PostgreSQL's plain sort indexes end with id, the lists' tie-break, which
  // a unique one cannot without ceasing to hold its columns unique: there both are made.
  const covered = new Set(dialect === 'sqlite' ? uniques.map((u) => u.columns.join()) : []);
  const plain = [...singles.map((name) => [name]), ...pairs].filter((columns) => !covered.has(columns.join()));
  return [...plain.map((columns) => ({ columns, unique: false })), ...uniques];
}

/** An index's name: `<table>_<columns>_key` for a unique one, `<table>_<columns>_idx` otherwise. */
export const indexName = (table: string, index: Index) => `${table}_${index.columns.join('_')}_${index.unique ? 'key' : 'idx'}`;

/** A value as the database keeps it. */
export function encode(kind: ColumnKind, value: unknown, dialect: Dialect): unknown {
  if (value === undefined || value === null) return null;
  // SQLite keeps no sign on a zero: no store does, so a value reads back the same everywhere.
  if (Object.is(value, -0)) return 0;
  if (kind === 'json') return JSON.stringify(value);
  if (kind === 'boolean' && dialect === 'sqlite') return value ? 1 : 0;
  return value;
}

/** A value as a record carries it; undefined for "no value". */
export function decode(kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (kind === 'json') return typeof value === 'string' ? JSON.parse(value) : value;
  if (kind === 'boolean') return Boolean(value);
  if (kind === 'real' || kind === 'integer') return Number(value);
  return value;
}

/** A condition's value no stored value can meet: the condition matches nothing. */
export const NOTHING = Symbol('nothing');

/** What a condition on a boolean field may say: a boolean, 1/0, or either as text. */
const BOOLEANS = new Map<unknown, boolean>([
  ...[true, 1, 'true', '1'].map((v): [unknown, boolean] => [v, true]),
  ...[false, 0, 'false', '0'].map((v): [unknown, boolean] => [v, false]),
]);

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/**
 * A condition's value as a column of `kind` compares it, or NOTHING when no stored value can
 * meet it. Every store reads a condition this way, so a value of another type (`'true'` for a
 * boolean, `'3'` for a number) means the same everywhere and never reaches SQL as a type error.
 * Whole-number columns take bounds rounded inwards (`>= 2.5` is `>= 3`) and, on PostgreSQL,
 * clamped to its 32-bit integers, which is all those columns can hold there.
 */
export function operand(kind: ColumnKind, op: 'eq' | 'gte' | 'lte', value: unknown, dialect?: Dialect): unknown {
  switch (kind) {
    case 'text':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : NOTHING;
    case 'boolean': {
      const flag = BOOLEANS.get(value);
      if (flag === undefined) return NOTHING;
      return dialect === 'sqlite' ? Number(flag) : flag;
    }
    case 'integer':
    case 'real': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n)) return NOTHING;
      if (kind === 'real') return n;
      const whole = op === 'gte' ? Math.ceil(n) : op === 'lte' ? Math.floor(n) : n;
      if (!Number.isInteger(whole)) return NOTHING;
      if (dialect !== 'postgres') return whole;
      if (op === 'gte') return whole > INT_MAX ? NOTHING : Math.max(whole, INT_MIN);
      if (op === 'lte') return whole < INT_MIN ? NOTHING : Math.min(whole, INT_MAX);
      return whole < INT_MIN || whole > INT_MAX ? NOTHING : whole;
    }
    case 'json':
      return NOTHING;
  }
}
