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

/**
 * The indexes a resource's lists need: one per field people filter or sort by, and one per
 * (equality filter, sort field) pair, so that a filtered list comes out of its index already
 * in order instead of being sorted on every request.
 */
export function indexesOf(schema: ResourceSchema): string[][] {
  const meta = schema['x-resource'];
  const columns = new Set(columnsOf(schema).filter((c) => c.kind !== 'json').map((c) => c.name));
  const usable = (name: string) => columns.has(name);
  const singles = [...new Set([...meta.filters.map((f) => f.field), ...meta.list.sortable])].filter(usable);
  const equalities = [...new Set(meta.filters.filter((f) => f.op === 'eq').map((f) => f.field))].filter(usable);
  const sorts = meta.list.sortable.filter(usable);
  const pairs = equalities.flatMap((filter) => sorts.filter((sort) => sort !== filter).map((sort) => [filter, sort]));
  return [...singles.map((name) => [name]), ...pairs];
}

/** A value as the database keeps it. */
export function encode(kind: ColumnKind, value: unknown, dialect: Dialect): unknown {
  if (value === undefined || value === null) return null;
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
