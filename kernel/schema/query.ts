// The legacy list query (`page`, `limit`, `sort=-id`, one parameter per filter),
// both ways: the console builds it from react-admin's params, the server parses it back.
import { parseDecimal, parseInteger } from '../contract/integers';
import { MAX_IDS, echo } from '../contract/limits';
import { field } from './registry';
import type { FilterOp, ResourceSchema, SortSpec } from './types';
import { emptyFilter } from './given';

export interface RaListParams {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}

export type LegacyQuery = Record<string, string>;

/** The list parameter that fetches several records by id at once: `ids=1,2,3`. */
export const IDS_PARAM = 'ids';
/** The list parameter that searches the fields a schema marks searchable. */
export const SEARCH_PARAM = 'q';

/** The query parameter a child collection takes its parent's id in. */
export const parentParam = (schema: ResourceSchema): string | undefined => {
  const parent = schema['x-resource'].parent;
  return parent ? (parent.param ?? 'id') : undefined;
};

/**
 * The query parameter that asks for the records whose `field` holds a value: the parent's
 * parameter for a child collection's parent field, else the filter declared on that field.
 */
export function referenceParam(schema: ResourceSchema, field: string): string {
  const meta = schema['x-resource'];
  if (meta.parent?.field === field) return parentParam(schema)!;
  const filter = meta.filters.find((f) => f.field === field && f.op === 'eq');
  if (!filter) throw new Error(`${schema.$id}: no parameter filters by "${field}"`);
  return filter.param;
}

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
    if (emptyFilter(value)) continue;
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
  /** `false`: the records meeting the conditions are not counted (a search showing a few; `total` is then the page's length). */
  counted?: false;
}

export const MAX_LIMIT = 1000;
/** Pages beyond this are refused: the offset stays far inside what every database counts exactly. */
export const MAX_PAGE = 1_000_000_000;

/** A query parameter that is wrong, named so the person can fix it. */
export class QueryError extends Error {
  /** The parameter and the value as a message may quote them: shortened when long. */
  readonly param: string;
  readonly value: string;

  constructor(
    param: string,
    readonly reason: 'sort' | 'number' | 'boolean' | 'id' | 'page' | 'limit',
    value: string,
  ) {
    super(`${echo(param)}: ${echo(value)}`);
    this.param = echo(param);
    this.value = echo(value);
  }
}

function coerce(schema: ResourceSchema, fieldPath: string, param: string, raw: string): string | number | boolean {
  const type = field(schema, fieldPath)?.schema.type ?? (fieldPath === 'id' ? 'integer' : 'string');
  if (type === 'boolean') {
    if (raw !== 'true' && raw !== 'false') throw new QueryError(param, 'boolean', raw);
    return raw === 'true';
  }
  if (type !== 'integer' && type !== 'number') return raw;
  const n = type === 'integer' ? parseInteger(raw, { min: Number.MIN_SAFE_INTEGER }) : parseDecimal(raw);
  if (n === undefined) throw new QueryError(param, 'number', raw);
  return n;
}

function givenFlag(param: string, raw: string): boolean {
  if (raw !== 'true' && raw !== 'false') throw new QueryError(param, 'boolean', raw);
  return raw === 'true';
}

/** Ids as a list parameter takes them: positive whole numbers, comma-separated, at most MAX_IDS. */
function idList(param: string, raw: string): number[] {
  const parts = raw.split(',');
  if (parts.length > MAX_IDS) throw new QueryError(param, 'id', raw);
  const ids = parts.map((v) => parseInteger(v));
  if (!ids.every((n) => n !== undefined)) throw new QueryError(param, 'id', raw);
  return ids as number[];
}

function positiveInt(param: string, raw: string | null, fallback: number, max: number): number {
  if (raw === null || raw === '') return fallback;
  const n = parseInteger(raw, { max });
  if (n === undefined) throw new QueryError(param, param === 'page' ? 'page' : 'limit', raw);
  return n;
}

export function parseLegacyQuery(schema: ResourceSchema, search: URLSearchParams): ListQuery {
  const meta = schema['x-resource'];
  const page = positiveInt('page', search.get('page'), 1, MAX_PAGE);
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
    // `given`: records whose field holds a value (true) or none (false), whatever its type.
    const value = filter.op === 'given' ? givenFlag(filter.param, raw) : coerce(schema, filter.field, filter.param, raw);
    if (filter.all !== undefined && value === filter.all) continue;
    conditions.push({ field: filter.field, op: filter.op, value });
  }
  // A child collection's records are asked for by their parent's id.
  const parent = meta.parent;
  const parentId = parent && search.get(parentParam(schema)!);
  if (parent && parentId) {
    const [one, ...more] = idList(parentParam(schema)!, parentId);
    if (more.length > 0) throw new QueryError(parentParam(schema)!, 'id', parentId);
    conditions.push({ field: parent.field, op: 'eq', value: one });
  }
  // `ids=1,2,3` fetches several records at once (react-admin's getMany).
  const ids = search.get(IDS_PARAM);
  if (ids) conditions.push({ field: 'id', op: 'in', value: idList(IDS_PARAM, ids) });
  const text = search.get(SEARCH_PARAM)?.trim();
  if (text && meta.search?.length) conditions.push({ op: 'search', fields: meta.search, value: text });
  return { conditions, sort, page, limit };
}
