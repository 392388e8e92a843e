// The period entries of a statistics call: reliability by a field (failures per 1,000 h, mean time
// between failures) and the Pareto of failure reasons, over the runs started in the period asked.
// The database counts the runs, the failed runs and the stored hours per group; the runs still going
// on (few: one per instrument in the hole) are read and add their hours up to now through
// kernel/fleet/open-runs.ts, as every reader of hours does.
import { openExtra, runFieldsOf } from '../../kernel/fleet/open-runs';
import { type RunGroup, mergeGroups, paretoOf, reliabilityFigures } from '../../kernel/fleet/reliability';
import type { Condition } from '../../kernel/schema/query';
import { getPath, type Registry } from '../../kernel/schema/registry';
import { type GroupValue, type Period, type StatisticsResult, endOfDay } from '../../kernel/schema/statistics';
import type { ParetoSpec, ReliabilitySpec } from '../../kernel/schema/types';
import type { Store } from '../store/types';

/** Records read at once: every run still going on. */
const ALL = 1_000_000;

/** The records whose `date` falls in the period's days (UTC), both included. */
export function periodConditions(date: string, { from, to }: Period): Condition[] {
  return [
    ...(from ? [{ field: date, op: 'gte' as const, value: from }] : []),
    ...(to ? [{ field: date, op: 'lte' as const, value: endOfDay(to) }] : []),
  ];
}

const whenConditions = (when: Record<string, string | number | boolean>): Condition[] =>
  Object.entries(when).map(([field, value]) => ({ field, op: 'eq', value }));

export async function reliabilityResult(
  spec: ReliabilitySpec,
  period: Period,
  { registry, store, now }: { registry: Registry; store: Store; now: Date },
): Promise<StatisticsResult> {
  // The schema check holds `hours` to a field worked out between two times.
  const fields = runFieldsOf(registry.resources[spec.resource], spec.hours)!;
  const inPeriod = periodConditions(fields.start, period);
  const [all, failed, open] = await Promise.all([
    store.aggregate(spec.resource, { by: spec.by, sum: [spec.hours] }, inPeriod),
    store.aggregate(spec.resource, { by: spec.by }, [...inPeriod, ...whenConditions(spec.failedWhen)]),
    store.list(spec.resource, {
      conditions: [...inPeriod, { field: fields.end, op: 'given', value: false }],
      sort: { field: 'id', order: 'ASC' },
      page: 1,
      limit: ALL,
    }),
  ]);
  const failures = new Map(failed.map((g) => [g.value, g.count]));
  const member = (run: Record<string, unknown>): GroupValue => {
    const value = getPath(run, spec.by);
    // As the store groups: a member of a group by its text only.
    if (spec.by.includes('.')) return typeof value === 'string' ? value : null;
    return value === undefined ? null : (value as GroupValue);
  };
  const groups: RunGroup[] = mergeGroups([
    ...all.map((g) => ({ value: g.value, runs: g.count, failures: failures.get(g.value) ?? 0, hours: g.sums[spec.hours] })),
    ...open.rows.map((run) => ({ value: member(run), runs: 0, failures: 0, hours: openExtra(run, fields, now) })),
  ]);
  const sum = (pick: (g: RunGroup) => number) => groups.reduce((total, g) => total + pick(g), 0);
  return {
    reliability: spec,
    ...period,
    total: reliabilityFigures(
      sum((g) => g.runs),
      sum((g) => g.failures),
      sum((g) => g.hours),
    ),
    buckets: groups.map((g) => ({ value: g.value, ...reliabilityFigures(g.runs, g.failures, g.hours) })),
  };
}

export async function paretoResult(spec: ParetoSpec, period: Period, store: Store): Promise<StatisticsResult> {
  const counts = await store.aggregate(spec.resource, { by: spec.field }, [
    ...periodConditions(spec.date, period),
    ...whenConditions(spec.when),
  ]);
  const buckets = paretoOf(counts);
  return { pareto: spec, ...period, total: buckets.reduce((sum, b) => sum + b.count, 0), buckets };
}
