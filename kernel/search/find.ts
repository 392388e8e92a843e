// The header search across everything: the records of the resources marked `x-resource.find`,
// matched by its `fields` (else their list's `search` fields), each named as everywhere else and opened where the reader's
// routes open it (its own page, or the page of the record it belongs to: a certificate opens its
// person). Pure: the server reads the rows, this names, ranks and places them.
import type { Registry } from '../schema/registry';
import { getPath } from '../schema/registry';
import { representationOf } from '../schema/representation';
import type { ResourceSchema } from '../schema/types';
import type { ViewPaths } from '../routes/tree';
import { openLink } from '../routes/links';

/** Records of one kind shown at most. */
export const FOUND_PER_KIND = 5;
/** Longer queries are cut: nobody types more to find a record, and a caller may send megabytes. */
export const MAX_FIND_QUERY = 64;

export interface FoundItem {
  /** The resource the record is of. */
  type: string;
  id: number;
  title: string;
  subtitle: string;
  /** The console path that opens it. */
  path: string;
}

export interface FindTarget {
  resource: string;
  schema: ResourceSchema;
  fields: string[];
}

/** The resources the header search looks in, in the order the schemas are registered. */
export function findTargets(registry: Registry): FindTarget[] {
  return Object.entries(registry.resources).flatMap(([resource, schema]) => {
    const meta = schema['x-resource'];
    const fields = meta.find?.fields ?? meta.search;
    return meta.find && fields?.length && !meta.mockOnly ? [{ resource, schema, fields }] : [];
  });
}

/** The query as searched: trimmed and cut; empty when there is nothing to look for. */
export function findQuery(raw: string | undefined): string {
  return (raw ?? '').trim().slice(0, MAX_FIND_QUERY);
}

/** How well a title answers the query: 0 the title itself, 1 it starts the title, 2 inside the title, 3 another field. */
export function rankOf(title: string, query: string): number {
  const a = title.toLowerCase();
  const b = query.toLowerCase();
  if (a === b) return 0;
  if (a.startsWith(b)) return 1;
  return a.includes(b) ? 2 : 3;
}

/** Where a record opens for a reader with these view paths: its own page, else its parent's; undefined when nowhere. */
export function pathOf(paths: ViewPaths, target: FindTarget, row: Record<string, unknown> & { id: number }): string | undefined {
  const own = openLink(paths, target.resource, row.id);
  if (own) return own;
  const parent = target.schema['x-resource'].parent;
  const parentId = parent && getPath(row, parent.field);
  return parent && typeof parentId === 'number' ? openLink(paths, parent.resource, parentId) : undefined;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The items a reader is shown from the rows found in one resource: best first, then by name. */
export function foundItems(paths: ViewPaths, target: FindTarget, rows: (Record<string, unknown> & { id: number })[], query: string) {
  const meta = target.schema['x-resource'];
  return rows
    .flatMap((row) => {
      const path = pathOf(paths, target, row);
      if (!path) return [];
      const title = text(representationOf(meta, row)?.value) || `#${row.id}`;
      const subtitle = (meta.find?.subtitle ?? [])
        .map((field) => text(getPath(row, field)))
        .filter(Boolean)
        .join(' · ');
      return [{ type: target.resource, id: row.id, title, subtitle, path, rank: rankOf(title, query) }];
    })
    .sort((a, b) => a.rank - b.rank || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0))
    .slice(0, FOUND_PER_KIND);
}

/** All kinds' items together: the best matches first, a kind's own order kept among equals. */
export function mergeFound(kinds: ReturnType<typeof foundItems>[]): FoundItem[] {
  return kinds
    .flat()
    .map((item, order) => ({ item, order }))
    .sort((a, b) => a.item.rank - b.item.rank || a.order - b.order)
    .map(({ item: { rank: _rank, ...item } }) => item);
}
