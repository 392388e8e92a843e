// How a record is named where another record refers to it, in titles and in messages: by its
// `recordRepresentation` field, else by its `representationFallback` field (a menu group without
// a title goes by its path). Console, server and demo data name a record the same way.
import { getPath } from './registry';
import type { ResourceMeta } from './types';

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The stored value that names the record, and the field it comes from; undefined when neither field holds one. */
export function representationOf(
  meta: Pick<ResourceMeta, 'recordRepresentation' | 'representationFallback'>,
  row: Record<string, unknown>,
): { field: string; value: unknown } | undefined {
  for (const field of [meta.recordRepresentation, meta.representationFallback]) {
    if (field === undefined) continue;
    const value = getPath(row, field);
    if (given(value)) return { field, value };
  }
  return undefined;
}
