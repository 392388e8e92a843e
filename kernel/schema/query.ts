// The legacy list query (`page`, `limit`, `sort=-id`, one parameter per filter),
// both ways: the console builds it from react-admin's params, the server parses it back.
import { field } from './registry';
import type { FilterOp, ResourceSchema, SortSpec } from './types';

export interface RaListParams {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}

export type LegacyQuery = Record<string, string>;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export function toLegacyQuery(schema: ResourceSchema, params: RaListParams): LegacyQuery {
  const meta = schema['x-resource'];
  const page = params.pagination?.page ?? 1;
  const limit = params.pagination?.perPage ?? meta.list.perPage;
  const sort = params.sort?.field ? params.sort : meta.list.sort;
  const query: LegacyQuery = {
    page: String(page),
    limit: String(limit),
    sort: `${sort.order === 'DESC' ? '-' : '+'}${sort.field}`,
  };
  for (const [param, value] of Object.entries(params.filter ?? {})) {
    if (isEmpty(value)) continue;
    query[param] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return query;
}

export type Condition =
  | { field: string; op: FilterOp | 'in'; value: string | number | boolean | (string | number)[] }
  /** The list's `q`: any of `fields` contains `value`, ignoring case. Fields may be dotted (`leader.name`). */
  | { op: 'search'; fields: string[]; value: string };

export interface ListQuery {
  conditions: Condition[];
  sort: SortSpec;
  page: number;
  limit: number;
}

export const MAX_LIMIT = 1000;

/** A query parameter that is wrong, named so the person can fix it. */
export class QueryError extends Error {
  constructor(
    readonly param: string,
    readonly reason: 'sort' | 'number' | 'page' | 'limit',
    readonly value: string,
  ) {
    super(`${param}: ${value}`);
  }
}

function coerce(schema: ResourceSchema, fieldPath: string, param: string, raw: string): string | number {
  const type = field(schema, fieldPath)?.schema.type ?? (fieldPath === 'id' ? 'integer' : 'string');
  if (type !== 'integer' && type !== 'number') return raw;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) throw new QueryError(param, 'number', raw);
  return n;
}

function positiveInt(param: string, raw: string | null, fallback: number, max: number): number {
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new QueryError(param, param === 'page' ? 'page' : 'limit', raw);
  return n;
}

export function parseLegacyQuery(schema: ResourceSchema, search: URLSearchParams): ListQuery {
  const meta = schema['x-resource'];
  const page = positiveInt('page', search.get('page'), 1, Number.MAX_SAFE_INTEGER);
  const limit = positiveInt('limit', search.get('limit'), meta.list.perPage, MAX_LIMIT);

  let sort = meta.list.sort;
  const rawSort = search.get('sort');
  if (rawSort) {
    const fieldName = rawSort.replace(/^[+-]/, '');
    if (!meta.list.sortable.includes(fieldName)) throw new QueryError('sort', 'sort', rawSort);
    sort = { field: fieldName, order: rawSort.startsWith('-') ? 'DESC' : 'ASC' };
  }

  const conditions: Condition[] = [];
  for (const filter of meta.filters) {
    const raw = search.get(filter.param);
    if (raw === null || raw === '') continue;
    const value = coerce(schema, filter.field, filter.param, raw);
    if (filter.all !== undefined && value === filter.all) continue;
    conditions.push({ field: filter.field, op: filter.op, value });
  }
  // `id=1,2,3` fetches several records at once (react-admin's getMany).
  const ids = search.get('id');
  if (ids) {
    const values = ids.split(',').map((v) => coerce(schema, 'id', 'id', v));
    conditions.push({ field: 'id', op: 'in', value: values });
  }
  return { conditions, sort, page, limit };
}
