// Records that share the values of a unique set (`x-resource.unique`) but were stored before the
// set was declared: the server refuses new ones, and lists those it finds (GET <list>/duplicates,
// Home) until a person resolves them; nothing is merged or renumbered by itself.
import { keptByAccounts } from './access';
import type { ResourceSchema } from './types';

/** One value of a unique set held by more than one record. */
export interface DuplicateGroup {
  /** The unique set's fields and the values the records share. */
  fields: string[];
  values: (string | number | boolean)[];
  /** How a person names the shared value ("T4773"): the records' representation when the set makes it, else the values. */
  name: string;
  /** The records holding it, ascending. */
  ids: number[];
}

export interface DuplicatesAnswer {
  items: DuplicateGroup[];
}

/** At most this many groups are answered, oldest first. */
export const DUPLICATES_SHOWN = 100;

/** Where a resource's duplicates are listed: under its list call (`/device/list/duplicates`). */
export function duplicatesPath(schema: ResourceSchema): string | undefined {
  const list = schema['x-resource'].endpoints.list?.path;
  // The accounts' records are the accounts' own (no table); the in-browser mock's templates none.
  if (!list || !schema['x-resource'].unique?.length || keptByAccounts(schema) || schema['x-resource'].mockOnly) return undefined;
  return `${list}/duplicates`;
}

/**
 * The field naming a record by the values of a unique set, when its representation is one: the
 * set's own field, or one the server concatenates from the set's fields (an instrument's "T4773"
 * from its prefix and number). Otherwise the message names the typed value alone.
 */
export function uniqueName(schema: ResourceSchema, fields: readonly string[]): string | undefined {
  const name = schema['x-resource'].recordRepresentation;
  if (fields.includes(name)) return name;
  const computed = schema.properties?.[name]?.['x-computed'];
  return computed && 'concat' in computed && computed.concat.every((f) => fields.includes(f)) ? name : undefined;
}
