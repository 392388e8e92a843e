// A histogram of an hours total kept on a record (an instrument's hours, or hours since its last
// repair: `sumOf`/`sumSince` over runs whose hours are worked out between two times) counts each
// record at its total up to now: the database puts the stored totals into ranges, then each record
// with a run still going on moves to the range of its stored total plus that run's hours so far
// (kernel/fleet/open-runs.ts). Only those few records are read.
import { rollupsOf } from '../../kernel/fleet/hours';
import { openExtraOf, runFieldsOf } from '../../kernel/fleet/open-runs';
import type { Registry } from '../../kernel/schema/registry';
import { openSinceRepair } from '../fleet/hours';
import type { Store } from '../store/types';

const ALL = 1_000_000;

/** What open runs add at `now` to the `field` total of each record of `resource`, by id; empty for any other field. */
export async function openHoursOfTotal(
  registry: Registry,
  store: Store,
  resource: string,
  field: string,
  now: Date,
): Promise<Map<number, number>> {
  const rollup = rollupsOf(registry).find((r) => r.resource === resource && r.field === field);
  if (!rollup) return new Map();
  const spec = 'sumOf' in rollup.spec ? rollup.spec.sumOf : rollup.spec.sumSince;
  const fields = runFieldsOf(registry.resources[spec.resource], spec.field);
  const parent = registry.resources[spec.resource]?.['x-resource'].parent?.field;
  if (!fields || !parent) return new Map();
  if ('sumSince' in rollup.spec) {
    const since = rollup.spec.sumSince.since;
    const repairParent = registry.resources[since.resource]?.['x-resource'].parent?.field;
    if (!repairParent) return new Map();
    return openSinceRepair(
      store,
      {
        runs: { resource: spec.resource, parent, start: fields.start, end: fields.end, hours: fields.hours },
        repairs: { resource: since.resource, parent: repairParent, returned: since.field, when: since.when },
      },
      now,
    );
  }
  const open = (
    await store.list(spec.resource, {
      conditions: [{ field: fields.end, op: 'given', value: false }],
      sort: { field: 'id', order: 'ASC' },
      page: 1,
      limit: ALL,
    })
  ).rows;
  const out = new Map<number, number>();
  for (const run of open) {
    const id = run[parent];
    if (typeof id === 'number') out.set(id, (out.get(id) ?? 0) + openExtraOf([run], fields, now));
  }
  return out;
}

/** The range a value falls in: its start, or undefined below the first bound. */
const rangeOf = (bins: number[], value: unknown) => (typeof value === 'number' ? bins.filter((bound) => bound <= value).pop() : null);

/** The histogram's counts by range start, with the records that have open runs moved to the range of their total up to now. */
export async function countsToNow(
  counts: Map<unknown, number>,
  {
    registry,
    store,
    resource,
    field,
    bins,
    now,
  }: { registry: Registry; store: Store; resource: string; field: string; bins: number[]; now: Date },
): Promise<Map<unknown, number>> {
  const extras = await openHoursOfTotal(registry, store, resource, field, now);
  const out = new Map(counts);
  for (const [id, extra] of extras) {
    if (extra === 0) continue;
    const record = await store.get(resource, id);
    if (!record) continue;
    const stored = record[field];
    const before = rangeOf(bins, stored);
    const after = rangeOf(bins, (typeof stored === 'number' ? stored : 0) + extra);
    if (before === after) continue;
    if (before !== undefined) out.set(before, (out.get(before) ?? 0) - 1);
    if (after !== undefined) out.set(after, (out.get(after) ?? 0) + 1);
  }
  return out;
}
