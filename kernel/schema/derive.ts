// Fields the server fills, never the client: computed values and creation-time defaults.
// Values worked out from the record itself (concat, copy, first, hoursBetween, difference, ratio) are
// computed here, in dependency order, alike in the console and on the server; those that need
// other records (fromParent, sumOf, sumSince) are filled by the server inside the write (server/resources/relations.ts);
// a revision (revisionOf) counts the changes of a field from the stored record; a scheduled job's
// next run (nextRun) is worked out from its period and the time of the write.
import { nextRun } from '../schedule/period';
import { periodOf } from '../schedule/record';
import { fields, getPath } from './registry';
import { sameValue } from './same-value';
import { logHours } from './time-log';
import type { ComputedSpec, FieldSchema, ResourceSchema } from './types';

const HOUR_MS = 3_600_000;
/** The step of a computed number whose field gives none: two decimals. */
const DEFAULT_STEP = 0.01;
/** Digits of a number of steps kept before rounding: enough for any value, too few for a binary tail. */
const STEP_DIGITS = 9;

/**
 * A number rounded to a whole number of steps (0.1 h), halves up, without floating-point tails:
 * 1250.55 − 1000 is 250.54999… in binary, and still 250.6 on a step of 0.1.
 */
export function onStep(value: number, step: number): number {
  const decimals = Math.max(0, Math.ceil(-Math.log10(step)));
  const steps = Math.round(Number((value / step).toFixed(STEP_DIGITS)));
  return Number((steps * step).toFixed(decimals));
}

/** The hours from one time to another; undefined unless both are times and the second is not before the first. */
function hoursBetween(from: unknown, to: unknown, step: number): number | undefined {
  if (typeof from !== 'string' || typeof to !== 'string') return undefined;
  const hours = (Date.parse(to) - Date.parse(from)) / HOUR_MS;
  return Number.isFinite(hours) && hours >= 0 ? onStep(hours, step) : undefined;
}

/** Two numbers combined, on the field's step; undefined unless both are numbers and the result is finite. */
function arithmetic(a: unknown, b: unknown, combine: (a: number, b: number) => number, step: number): number | undefined {
  if (typeof a !== 'number' || typeof b !== 'number') return undefined;
  const value = combine(a, b);
  return Number.isFinite(value) ? onStep(value, step) : undefined;
}

/** Whether the value is worked out from other records (the server fills it inside the write). */
export const needsStore = (spec: ComputedSpec): boolean => 'fromParent' in spec || 'sumOf' in spec || 'sumSince' in spec;

/** The fields of the record a computed value is made from (none for those made from other records). */
export function sourcesOf(spec: ComputedSpec): string[] {
  if ('concat' in spec) return spec.concat;
  if ('copy' in spec) return [spec.copy];
  if ('first' in spec) return [spec.first];
  if ('hoursBetween' in spec) return spec.hoursBetween;
  if ('difference' in spec) return spec.difference;
  if ('ratio' in spec) return spec.ratio;
  if ('logHours' in spec) return [spec.logHours.list];
  return [];
}

/**
 * The computed value of a field; undefined leaves the field as it is (a time missing: usetime as
 * typed; a value made from other records: kept for the server to fill).
 */
function computedValue(spec: ComputedSpec, prop: FieldSchema, record: Record<string, unknown>): unknown {
  const step = prop.multipleOf ?? DEFAULT_STEP;
  if ('concat' in spec) return spec.concat.map((part) => String(record[part] ?? '')).join('');
  if ('copy' in spec) return record[spec.copy] === undefined ? undefined : structuredClone(record[spec.copy]);
  if ('first' in spec) return firstItem(record[spec.first]);
  if ('hoursBetween' in spec) return hoursBetween(record[spec.hoursBetween[0]], record[spec.hoursBetween[1]], step);
  if ('difference' in spec) return arithmetic(record[spec.difference[0]], record[spec.difference[1]], (a, b) => a - b, step);
  if ('ratio' in spec) return arithmetic(record[spec.ratio[0]], record[spec.ratio[1]], (a, b) => (b === 0 ? NaN : a / b), step);
  if ('logHours' in spec) return logHours(record, spec.logHours, step);
  return undefined;
}

/** The first item of a list; undefined when it is not a list or is empty. */
const firstItem = (list: unknown): unknown => (Array.isArray(list) && list.length > 0 ? list[0] : undefined);

/** Whether the computed value is absent rather than kept when its sources are missing (a difference of one depth). */
const absentWithoutSources = (spec: ComputedSpec) => 'difference' in spec || 'ratio' in spec || 'first' in spec;

const orders = new WeakMap<ResourceSchema, string[]>();

/**
 * The top-level fields with `x-computed`, each after the computed fields it is made from (a
 * trip's footage per hour after its footage). A cycle, which the schema check refuses, is cut.
 */
export function computedOrder(schema: ResourceSchema): string[] {
  const cached = orders.get(schema);
  if (cached) return cached;
  const props = schema.properties ?? {};
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    const spec = Object.hasOwn(props, name) ? props[name]['x-computed'] : undefined;
    if (!spec || state.has(name)) return;
    state.set(name, 'visiting');
    for (const source of sourcesOf(spec)) visit(source);
    state.set(name, 'done');
    order.push(name);
  };
  Object.keys(props).forEach(visit);
  orders.set(schema, order);
  return order;
}

/** The record with every value computed from its own fields (not those needing other records). */
export function withComputed(schema: ResourceSchema, record: Record<string, unknown>): Record<string, unknown> {
  const out = { ...record };
  for (const name of computedOrder(schema)) {
    const prop = schema.properties![name];
    const spec = prop['x-computed']!;
    if (needsStore(spec)) continue;
    const value = computedValue(spec, prop, out);
    if (value !== undefined) out[name] = value;
    else if (absentWithoutSources(spec)) delete out[name];
  }
  // Hours of a time log may stand in a group (a report's efficiency figures): set at their path.
  for (const { path, schema: prop } of fields(schema)) {
    const spec = prop['x-computed'];
    if (!spec || !('logHours' in spec) || !path.includes('.')) continue;
    const value = computedValue(spec, prop, out);
    if (value !== undefined) setPath(out, path, value);
  }
  return out;
}

/** Sets `value` at a dotted path of `target`, copying the groups on the way so the caller's are not changed. */
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    node = node[part] = next && typeof next === 'object' && !Array.isArray(next) ? { ...(next as Record<string, unknown>) } : {};
  }
  node[parts[parts.length - 1]] = value;
}

/**
 * Read-only fields the server keeps by other means (an instrument's well, kept by the assign
 * calls; survey results the demo data works out) are not taken from a client, so an edit keeps
 * the stored values.
 */
function keepServerFields(schema: ResourceSchema, out: Record<string, unknown>, existing: Record<string, unknown>) {
  for (const { path, schema: prop } of fields(schema)) {
    if (!prop.readOnly || prop['x-computed'] || prop['x-default'] || path === 'id') continue;
    const stored = getPath(existing, path);
    if (stored !== undefined && stored !== null && getPath(out, path) === undefined) setPath(out, path, structuredClone(stored));
  }
}

/** A revision: 1 when new, one more than the stored one when `source` changed, else the stored one. */
function revision(existing: Record<string, unknown> | undefined, next: Record<string, unknown>, name: string, source: string): number {
  const stored = typeof existing?.[name] === 'number' ? (existing[name] as number) : 0;
  if (!existing) return 1;
  return sameValue(existing[source], next[source]) ? Math.max(stored, 1) : stored + 1;
}

/** The time zone scheduled jobs keep to: the server's (TZ), or the browser's in the mock. */
export const SCHEDULE_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A job's next run from `now` while it is switched on and its period can run; else nothing. */
function nextRunOf(
  record: Record<string, unknown>,
  { period, openWhen }: { period: string; openWhen: Record<string, unknown> },
  now: Date,
): string | undefined {
  const open = Object.entries(openWhen).every(([field, value]) => record[field] === value);
  const parts = periodOf(record, period);
  return open && parts ? nextRun(parts, now, SCHEDULE_TIME_ZONE).toISOString() : undefined;
}

export function derive(
  schema: ResourceSchema,
  record: Record<string, unknown>,
  existing: Record<string, unknown> | undefined,
  now: Date,
): Record<string, unknown> {
  const out = { ...record };
  if (existing) keepServerFields(schema, out, existing);
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (prop['x-default'] === 'now' && out[name] === undefined) {
      out[name] = existing?.[name] ?? now.toISOString();
    }
    const spec = prop['x-computed'];
    // A roll-up is the store's to keep (a new parent has no children yet); a parent's value is filled in the write.
    if (spec && ('sumOf' in spec || 'sumSince' in spec)) out[name] = existing ? (existing[name] ?? 0) : 0;
    if (spec && 'revisionOf' in spec) out[name] = revision(existing, out, name, spec.revisionOf);
    if (spec && 'nextRun' in spec) out[name] = nextRunOf(out, spec.nextRun, now);
  }
  return withComputed(schema, out);
}

/** A new record with the schema's `default` for every top-level field it leaves out. */
export function withDefaults(schema: ResourceSchema, record: Record<string, unknown>): Record<string, unknown> {
  const out = { ...record };
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (prop.default !== undefined && (out[name] === undefined || out[name] === null || out[name] === ''))
      out[name] = structuredClone(prop.default);
  }
  return out;
}
