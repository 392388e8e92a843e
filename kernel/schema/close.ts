// What closing a record means (`x-resource.close`, see CloseSpec), without a store: which
// records are closed, which other resources' records name a closing one and by which field,
// and when the assignments a closing write ends are stamped. The server's follower and guards
// and the console's confirm dialog read these.
import type { Registry } from './registry';
import { ownerField } from './statistics';
import type { CloseSpec } from './types';

/** A record is closed while its `field` holds the closing value. */
export const isClosed = (row: Record<string, unknown> | undefined, spec: CloseSpec): boolean => !!row && row[spec.field] === spec.value;

/** Whether a write takes the record from open (or new) to closed: the moment its assignments end. */
export const closesNow = (row: Record<string, unknown> | undefined, previous: Record<string, unknown> | undefined, spec: CloseSpec) =>
  isClosed(row, spec) && !isClosed(previous, spec);

/** A resource whose new records a closed record refuses, and the field naming that record. */
export interface ClosedTo {
  /** The resource that closes (the well). */
  closing: string;
  spec: CloseSpec;
  /** The resource refused (a trip, an assignment collection) and its field naming the closing record. */
  resource: string;
  field: string;
}

/**
 * Every pair of a closing resource and a resource it refuses while closed: its `refuse` list and
 * its assignment collections (which are released when it closes).
 */
export function closedTo(registry: Registry): ClosedTo[] {
  const found: ClosedTo[] = [];
  for (const [closing, schema] of Object.entries(registry.resources)) {
    const spec = schema['x-resource'].close;
    if (!spec) continue;
    const assigning = Object.entries(registry.resources)
      .filter(([, child]) => child['x-resource'].assign && child['x-resource'].parent?.resource === closing)
      .map(([name]) => name);
    for (const resource of new Set([...assigning, ...(spec.refuse ?? [])])) {
      const field = registry.resources[resource] && ownerField(registry.resources[resource], closing);
      if (field) found.push({ closing, spec, resource, field });
    }
  }
  return found;
}

/** The resources that close, with their specs. */
export const closingResources = (registry: Registry): { resource: string; spec: CloseSpec }[] =>
  Object.entries(registry.resources).flatMap(([resource, schema]) =>
    schema['x-resource'].close ? [{ resource, spec: schema['x-resource'].close }] : [],
  );

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * When a closing write ends an assignment: the end of the record's `date` day (UTC) when that day
 * is over, else the time of the write (a well completed today, or ahead of its planned end), and
 * never before the assignment began.
 */
export function releaseStamp(date: unknown, since: unknown, now: Date): string {
  let at = now.getTime();
  if (typeof date === 'string' && DAY.test(date)) {
    const endOfDay = Date.parse(`${date}T23:59:59.999Z`);
    if (Number.isFinite(endOfDay) && endOfDay < at) at = endOfDay;
  }
  const began = typeof since === 'string' ? Date.parse(since) : NaN;
  if (Number.isFinite(began) && began > at) at = began;
  return new Date(at).toISOString();
}
