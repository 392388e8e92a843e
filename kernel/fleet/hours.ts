// Totals over a record's child records that the server keeps (`x-computed`): `sumOf`, the total
// of a number field over all of them (an instrument's hours), and `sumSince`, the total over
// those that began after the latest time of another child collection (an instrument's hours
// since its last repair came back: the runs started after the latest return time of its repair
// records, every run when it was never repaired). Pure: the server keeps them on every write
// (server/fleet/hours.ts), the demo data fills them once its records are in (kernel/demo/seed.ts).
import { onStep } from '../schema/derive';
import type { Registry } from '../schema/registry';
import type { ComputedSpec, FieldSchema } from '../schema/types';

/** The step a total is kept on when its field gives none: two decimals. */
const TOTAL_STEP = 0.01;

type Row = Record<string, unknown>;

export type SumSinceSpec = Extract<ComputedSpec, { sumSince: unknown }>['sumSince'];
export type SumOfSpec = Extract<ComputedSpec, { sumOf: unknown }>['sumOf'];

/** A total the server keeps on a record, over its child records. */
export interface Rollup {
  resource: string;
  field: string;
  prop: FieldSchema;
  spec: { sumOf: SumOfSpec } | { sumSince: SumSinceSpec };
  /** The child collections it is made from. */
  sources: string[];
}

/** Every `sumOf` and `sumSince` field of the registry. */
export function rollupsOf(registry: Registry): Rollup[] {
  const out: Rollup[] = [];
  for (const [resource, schema] of Object.entries(registry.resources)) {
    for (const [field, prop] of Object.entries(schema.properties ?? {})) {
      const spec = prop['x-computed'];
      if (spec && 'sumOf' in spec) out.push({ resource, field, prop, spec, sources: [spec.sumOf.resource] });
      if (spec && 'sumSince' in spec)
        out.push({ resource, field, prop, spec, sources: [...new Set([spec.sumSince.resource, spec.sumSince.since.resource])] });
    }
  }
  return out;
}

const timeOf = (value: unknown): number | undefined => {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
};

/** The latest time among the records' `field`; undefined when none has one. */
export function latestTime(rows: readonly Row[], field: string): number | undefined {
  let latest: number | undefined;
  for (const row of rows) {
    const at = timeOf(row[field]);
    if (at !== undefined && (latest === undefined || at > latest)) latest = at;
  }
  return latest;
}

/**
 * The total of `field` over the runs that started after `since` (strictly; all of them when
 * `since` is undefined), on the step. A run without a start time counts only when there is no
 * `since`: nothing says it came after the repair.
 */
export function sumAfter(runs: readonly Row[], field: string, timeField: string, since: number | undefined, step = TOTAL_STEP): number {
  let total = 0;
  for (const run of runs) {
    const value = run[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    if (since !== undefined) {
      const at = timeOf(run[timeField]);
      if (at === undefined || at <= since) continue;
    }
    total += value;
  }
  return onStep(total, step);
}

/**
 * The records that count as a `since` (`when`: those whose list field holds the value, and those
 * without the list: a repair resets the counters it names, all of them when it names none).
 */
export function countingSince(rows: readonly Row[], when: Record<string, string> | undefined): readonly Row[] {
  const entries = Object.entries(when ?? {});
  if (entries.length === 0) return rows;
  return rows.filter((row) => entries.every(([field, value]) => !Array.isArray(row[field]) || (row[field] as unknown[]).includes(value)));
}

/** An instrument's hours since its last repair came back: `sumSince` over its runs and repairs. */
export function hoursSince(spec: SumSinceSpec, runs: readonly Row[], repairs: readonly Row[], step = TOTAL_STEP): number {
  return sumAfter(runs, spec.field, spec.time, latestTime(countingSince(repairs, spec.since.when), spec.since.field), step);
}

/** The value of a roll-up from the parent's child records, by child resource. */
export function rollupValue(rollup: Rollup, children: (resource: string) => readonly Row[]): number {
  const step = rollup.prop.multipleOf ?? TOTAL_STEP;
  if ('sumOf' in rollup.spec) return sumAfter(children(rollup.spec.sumOf.resource), rollup.spec.sumOf.field, '', undefined, step);
  const spec = rollup.spec.sumSince;
  return hoursSince(spec, children(spec.resource), children(spec.since.resource), step);
}

/** What recomputing needs of a store: the mock's, the server's, or the demo data's. */
export interface RollupStore {
  findIds(resource: string, conditions: { field: string; op: 'eq'; value: number }[]): Promise<number[]>;
  get(resource: string, id: number): Promise<Row | undefined>;
}

/** The child records of one parent, by resource, read once each. */
export async function childrenOf(
  store: RollupStore,
  registry: Registry,
  parentId: number,
  resources: Iterable<string>,
): Promise<Map<string, Row[]>> {
  const out = new Map<string, Row[]>();
  for (const resource of resources) {
    const link = registry.resources[resource]?.['x-resource'].parent;
    if (!link) continue;
    const ids = await store.findIds(resource, [{ field: link.field, op: 'eq', value: parentId }]);
    const rows = await Promise.all(ids.map((id) => store.get(resource, id)));
    out.set(
      resource,
      rows.filter((row): row is Row => row !== undefined),
    );
  }
  return out;
}

/**
 * The roll-ups of one record worked out again from its children: the fields whose value changed,
 * with their new values (empty when all are right, or the record is gone).
 */
export async function staleRollups(
  store: RollupStore,
  registry: Registry,
  rollups: readonly Rollup[],
  resource: string,
  id: number,
): Promise<Record<string, number>> {
  const mine = rollups.filter((r) => r.resource === resource);
  const row = mine.length > 0 ? await store.get(resource, id) : undefined;
  if (!row) return {};
  const children = await childrenOf(store, registry, id, new Set(mine.flatMap((r) => r.sources)));
  const out: Record<string, number> = {};
  for (const rollup of mine) {
    const value = rollupValue(rollup, (name) => children.get(name) ?? []);
    if (row[rollup.field] !== value) out[rollup.field] = value;
  }
  return out;
}

/**
 * Works out again every roll-up made from these child resources (all of them by default), on
 * every record that has one, and writes those that changed through `write`: after the demo data
 * put in a child collection, or once on an install whose stored values came from elsewhere.
 * Answers how many records changed.
 */
export async function refreshRollups(
  store: RollupStore,
  registry: Registry,
  write: (resource: string, row: Row & { id: number }, changes: Record<string, number>) => Promise<unknown>,
  sources?: readonly string[],
): Promise<number> {
  const rollups = rollupsOf(registry).filter((r) => !sources || r.sources.some((s) => sources.includes(s)));
  let changed = 0;
  for (const resource of new Set(rollups.map((r) => r.resource))) {
    for (const id of await store.findIds(resource, [])) {
      const changes = await staleRollups(store, registry, rollups, resource, id);
      if (Object.keys(changes).length === 0) continue;
      const row = await store.get(resource, id);
      if (row) await write(resource, { ...row, id }, changes);
      changed++;
    }
  }
  return changed;
}
