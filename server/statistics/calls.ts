// The statistics calls: for each resource whose schema has `x-resource.statistics`, one GET at
// the path it names answering every entry of its statistics screen, counted by the store in the
// database; and the instrument statistics calls of the wire contract (device-stats.ts).
import type { Registry } from '../../kernel/schema/registry';
import {
  EXPIRING_MAX_ITEMS,
  type StatisticsResult,
  binRanges,
  endOfDay,
  expiryWindow,
  monthMeasure,
  monthWindow,
  ownerField,
  round2,
} from '../../kernel/schema/statistics';
import type { PerMonthSpec, ResourceSchema, StatisticsEntry } from '../../kernel/schema/types';
import { ok } from '../context';
import { registerDeviceStats } from './device-stats';
import type { Api } from '../http/endpoints';
import type { Store } from '../store/types';

type Json = Record<string, unknown>;

interface Deps {
  registry: Registry;
  store: Store;
  now: () => Date;
}

const total = (buckets: { count: number }[]) => buckets.reduce((sum, b) => sum + b.count, 0);

/** The records of `resource` counted by a field's values, and a number field added up per value. */
async function groupResult(
  name: string,
  entry: { groupBy: string; resource?: string; sum?: string },
  store: Store,
): Promise<StatisticsResult> {
  const { groupBy, resource, sum } = entry;
  const groups = await store.aggregate(resource ?? name, { by: groupBy, sum: sum ? [sum] : [] }, []);
  const buckets = groups.map(({ value, count, sums }) => (sum ? { value, count, sum: round2(sums[sum]) } : { value, count }));
  const summed = sum ? { sum, sumTotal: round2(groups.reduce((all, g) => all + g.sums[sum], 0)) } : {};
  return { groupBy, ...(resource ? { resource } : {}), ...summed, total: total(buckets), buckets };
}

/**
 * The records of the last months by the UTC month of their date: every month of the window, with
 * its count and its sum or average (sum of the values ÷ the records that have one).
 */
async function perMonthResult(name: string, spec: PerMonthSpec, store: Store, now: Date): Promise<StatisticsResult> {
  const window = monthWindow(now, spec.months);
  const measure = monthMeasure(spec);
  const fields = measure ? [measure.field] : [];
  const groups = await store.aggregate(spec.resource ?? name, { by: spec.date, utcMonth: true, sum: fields, valueCounts: fields }, [
    { field: spec.date, op: 'gte', value: window.after },
    { field: spec.date, op: 'lte', value: window.before },
  ]);
  const byMonth = new Map(groups.map((g) => [g.value, g]));
  const inWindow = window.months.map((month) => ({ month, group: byMonth.get(month) }));
  const value = (sum: number, valued: number) => (measure?.kind === 'sum' ? round2(sum) : valued > 0 ? round2(sum / valued) : null);
  const add = (pick: (g: (typeof groups)[number]) => number) => inWindow.reduce((all, { group }) => all + (group ? pick(group) : 0), 0);
  const months = inWindow.map(({ month, group }) => {
    const count = group?.count ?? 0;
    if (!measure) return { month, count };
    return { month, count, value: value(group?.sums[measure.field] ?? 0, group?.valueCounts[measure.field] ?? 0) };
  });
  const overall = measure
    ? {
        value: value(
          add((g) => g.sums[measure.field]),
          add((g) => g.valueCounts[measure.field]),
        ),
      }
    : {};
  return { perMonth: spec, total: add((g) => g.count), ...overall, months };
}

async function entryResult(name: string, entry: StatisticsEntry, { registry, store, now }: Deps): Promise<StatisticsResult> {
  if ('groupBy' in entry) return groupResult(name, entry, store);
  if ('perMonth' in entry) return perMonthResult(name, entry.perMonth, store, now());
  if ('histogram' in entry) {
    const groups = await store.aggregate(name, { by: entry.histogram, bins: entry.bins }, []);
    const counts = new Map(groups.map((g) => [g.value, g.count]));
    const buckets = binRanges(entry.bins).map((range) => ({ ...range, count: counts.get(range.from) ?? 0 }));
    return { histogram: entry.histogram, total: total(buckets), buckets };
  }
  const { resource, field, days } = entry.expiring;
  const window = expiryWindow(now(), days);
  const { rows, total: count } = await store.list(resource, {
    conditions: [
      { field, op: 'gte', value: window.from },
      { field, op: 'lte', value: endOfDay(window.to) },
    ],
    sort: { field, order: 'ASC' },
    page: 1,
    limit: EXPIRING_MAX_ITEMS,
  });
  return { expiring: entry.expiring, owner: ownerField(registry.resources[resource], name)!, ...window, total: count, items: rows };
}

const COUNT = { type: 'integer', minimum: 0 };
const NUMBER = { type: 'number' };
const VALUE = { type: ['string', 'number', 'boolean', 'null'] };

/** The answer's schema, entry by entry as the schema lists them. */
function answerSchema(schema: ResourceSchema): Json {
  const entry = (e: StatisticsEntry): Json => {
    if ('groupBy' in e) {
      const summed = e.sum ? ['sum'] : [];
      const bucket = {
        type: 'object',
        required: ['value', 'count', ...summed],
        properties: { value: VALUE, count: COUNT, ...(e.sum ? { sum: NUMBER } : {}) },
      };
      return {
        type: 'object',
        required: ['groupBy', 'total', 'buckets', ...(e.resource ? ['resource'] : []), ...(e.sum ? ['sum', 'sumTotal'] : [])],
        properties: {
          groupBy: { const: e.groupBy },
          ...(e.resource ? { resource: { const: e.resource } } : {}),
          ...(e.sum ? { sum: { const: e.sum }, sumTotal: NUMBER } : {}),
          total: COUNT,
          buckets: { type: 'array', items: bucket },
        },
      };
    }
    if ('perMonth' in e) {
      const measure = monthMeasure(e.perMonth);
      const value = measure?.kind === 'average' ? { type: ['number', 'null'] } : NUMBER;
      const month = {
        type: 'object',
        required: ['month', 'count', ...(measure ? ['value'] : [])],
        properties: { month: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$' }, count: COUNT, ...(measure ? { value } : {}) },
      };
      return {
        type: 'object',
        required: ['perMonth', 'total', 'months', ...(measure ? ['value'] : [])],
        properties: {
          perMonth: { type: 'object' },
          total: COUNT,
          ...(measure ? { value: { ...value, description: `the ${measure.kind} over all the months` } } : {}),
          months: {
            type: 'array',
            items: month,
            minItems: e.perMonth.months,
            maxItems: e.perMonth.months,
            description: 'oldest first, UTC months',
          },
        },
      };
    }
    if ('histogram' in e) {
      const bucket = {
        type: 'object',
        required: ['from', 'to', 'count'],
        properties: { from: { type: 'number' }, to: { type: ['number', 'null'] }, count: COUNT },
      };
      return {
        type: 'object',
        required: ['histogram', 'total', 'buckets'],
        properties: { histogram: { const: e.histogram }, total: COUNT, buckets: { type: 'array', items: bucket } },
      };
    }
    const date = { type: 'string', format: 'date' };
    return {
      type: 'object',
      required: ['expiring', 'owner', 'from', 'to', 'total', 'items'],
      properties: {
        expiring: { type: 'object' },
        owner: { type: 'string', description: `the field of each item that holds the ${schema.$id} it belongs to` },
        from: date,
        to: date,
        total: COUNT,
        items: { type: 'array', maxItems: EXPIRING_MAX_ITEMS, items: { $ref: `#/components/schemas/${e.expiring.resource}` } },
      },
    };
  };
  const entries = schema['x-resource'].statistics?.entries ?? [];
  return {
    type: 'object',
    required: ['entries'],
    properties: { entries: { type: 'array', prefixItems: entries.map(entry), minItems: entries.length, maxItems: entries.length } },
  };
}

/** An entry in a few words, for the call's documentation. */
function describe(e: StatisticsEntry): string {
  const what = (sum?: string, average?: string) => (sum ? `${sum} summed` : average ? `${average} averaged` : 'counted');
  if ('groupBy' in e) return `${e.resource ?? ''} ${what(e.sum)} by ${e.groupBy}`.trim();
  if ('histogram' in e) return `${e.histogram} in ranges`;
  if ('perMonth' in e) {
    const { resource, date, months, sum, average } = e.perMonth;
    return `${resource ?? ''} ${what(sum, average)} by month of ${date} (last ${months})`.trim();
  }
  return `${e.expiring.resource} expiring`;
}

export function registerStatistics(api: Api, registry: Registry, store: Store, now: () => Date = () => new Date()) {
  const deps = { registry, store, now };
  for (const [name, schema] of Object.entries(registry.resources)) {
    const spec = schema['x-resource'].statistics;
    if (!spec) continue;
    api.on(
      {
        method: 'GET',
        path: spec.path,
        access: { resource: name },
        doc: {
          tags: [name],
          summary: `Statistics of ${name}: ${spec.entries.map(describe).join(', ')}`,
          data: answerSchema(schema),
        },
      },
      async (c) => ok(c, { entries: await Promise.all(spec.entries.map((entry) => entryResult(name, entry, deps))) }),
    );
  }
  registerDeviceStats(api, registry, store);
}
