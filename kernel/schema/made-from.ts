// Records the server keeps from another resource's records (`x-resource.madeFrom`): one run of an
// instrument per instrument of a trip, its well, times and depths the trip's. What the source
// decides is read here by the console (those inputs show as values) and the server (a person's
// change to them is refused) alike.
import { sourcesOf } from './derive';
import type { MadeFromSpec, ResourceSchema } from './types';

type Row = Record<string, unknown>;

/** Whether the record was made from a source record (a run made from a trip, not typed by hand). */
export const isMade = (schema: ResourceSchema, record: Row | undefined): boolean => {
  const spec = schema['x-resource'].madeFrom;
  return !!spec && record?.[spec.field] !== undefined && record[spec.field] !== null;
};

/**
 * The fields of a made record its source decides: the link, the item, the copied fields, and the
 * values computed from nothing else (a run's hours, from its times). None for a record typed by hand.
 */
export function decidedFields(schema: ResourceSchema, record: Row | undefined): string[] {
  const spec = schema['x-resource'].madeFrom;
  if (!spec || !isMade(schema, record)) return [];
  const decided = new Set([spec.field, spec.as, ...Object.keys(spec.copy)]);
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const sources = prop['x-computed'] ? sourcesOf(prop['x-computed']) : [];
    if (sources.length > 0 && sources.every((source) => decided.has(source))) decided.add(name);
  }
  return [...decided];
}

/** The items of the source's list, each once, in order (a trip's instruments). */
export function itemsOf(spec: MadeFromSpec, source: Row | undefined): (string | number)[] {
  const list = source?.[spec.each];
  if (!Array.isArray(list)) return [];
  return [...new Set(list.filter((item): item is string | number => typeof item === 'number' || typeof item === 'string'))];
}

/** The values a made record takes from its source, for one item: the link, the item and the copies. */
export function madeValues(spec: MadeFromSpec, source: Row & { id: unknown }, item: string | number): Row {
  const values: Row = { [spec.field]: source.id, [spec.as]: item };
  for (const [field, from] of Object.entries(spec.copy)) values[field] = source[from] ?? null;
  return values;
}
