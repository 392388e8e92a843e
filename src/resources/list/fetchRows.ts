// What an export reads: every page of the list under its current filters and sort (the server
// answers at most MAX_LIMIT records a page), then the records its references name, so that
// each is written by its name.
import { getPath } from '../../../kernel/schema/registry';
import { MAX_LIMIT } from '../../../kernel/schema/query';
import type { ResourceSchema } from '../../../kernel/schema/types';
import { exportFields } from './exportTable';

type Row = Record<string, unknown> & { id: string | number };

/** One page of the list (1-based), as the dataProvider answers it. */
export type PageFetcher = (page: number, perPage: number) => Promise<{ data: Row[]; total?: number }>;

/**
 * Every record, page after page, until a page comes back short, the total is reached, or a page
 * brings nothing new (a server that ignores the page would otherwise be read forever).
 */
export async function fetchAllRows(
  fetchPage: PageFetcher,
  perPage = MAX_LIMIT,
  onProgress?: (read: number, total?: number) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  const seen = new Set<string>();
  for (let page = 1; ; page++) {
    const { data, total } = await fetchPage(page, perPage);
    const fresh = data.filter((row) => !seen.has(String(row.id)));
    fresh.forEach((row) => seen.add(String(row.id)));
    rows.push(...fresh);
    onProgress?.(rows.length, total);
    if (fresh.length === 0 || data.length < perPage || (total !== undefined && rows.length >= total)) return rows;
  }
}

/** Several records of a resource by id, as the dataProvider's getMany answers them. */
export type ManyFetcher = (resource: string, ids: (string | number)[]) => Promise<Record<string, unknown>[]>;

/**
 * For each resource the exported fields refer to, the names (recordRepresentation) of the records
 * the rows name, by id as text; asked for MAX_LIMIT ids at a time.
 */
export async function loadReferences(
  schema: ResourceSchema,
  rows: Record<string, unknown>[],
  resources: Record<string, ResourceSchema>,
  getMany: ManyFetcher,
  hide: string[] = [],
): Promise<Record<string, Map<string, string>>> {
  const wanted = new Map<string, Set<string | number>>();
  for (const field of exportFields(schema, hide)) {
    const target = field.schema['x-ref'];
    if (!target) continue;
    const ids = wanted.get(target) ?? new Set();
    for (const row of rows) {
      const id = getPath(row, field.path);
      if (typeof id === 'number' || typeof id === 'string') ids.add(id);
    }
    wanted.set(target, ids);
  }
  const out: Record<string, Map<string, string>> = {};
  for (const [target, ids] of wanted) {
    const representation = resources[target]?.['x-resource'].recordRepresentation ?? 'id';
    const names = (out[target] = new Map());
    const all = [...ids];
    for (let i = 0; i < all.length; i += MAX_LIMIT) {
      for (const record of await getMany(target, all.slice(i, i + MAX_LIMIT))) {
        const name = getPath(record, representation);
        if (name !== undefined && name !== null) names.set(String(record.id), String(name));
      }
    }
  }
  return out;
}
