// The statistics calls: for each resource whose schema has `x-resource.statistics`, one GET at
// the path it names answering every entry of its statistics screen, counted by the store in the
// database; and the instrument statistics calls of the wire contract (device-stats.ts).
import type { Registry } from '../../kernel/schema/registry';
import {
  EXPIRING_MAX_ITEMS,
  PERIOD_DAY,
  PERIOD_PARAMS,
  type Period,
  type StatisticsResult,
  binRanges,
  endOfDay,
  expiryWindow,
  monthMeasure,
  monthWindow,
  isPeriodEntry,
  ownerField,
  round2,
} from '../../kernel/schema/statistics';
import { Code } from '../../kernel/contract/codes';
import { echo } from '../../kernel/contract/limits';
import type { PerMonthSpec, ResourceSchema, StatisticsEntry } from '../../kernel/schema/types';
import { type AppContext, fail, ok } from '../context';
import { registerDeviceStats } from './device-stats';
import { paretoResult, reliabilityResult } from './reliability';
import { countsToNow } from './open-hours';
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

async function entryResult(
  name: string,
  entry: StatisticsEntry,
  period: Period,
  { registry, store, now }: Deps,
): Promise<StatisticsResult> {
  if ('reliability' in entry) return reliabilityResult(entry.reliability, period, { registry, store, now: now() });
  if ('pareto' in entry) return paretoResult(entry.pareto, period, store);
  if ('groupBy' in entry) return groupResult(name, entry, store);
  if ('perMonth' in entry) return perMonthResult(name, entry.perMonth, store, now());
  if ('histogram' in entry) {
    const groups = await store.aggregate(name, { by: entry.histogram, bins: entry.bins }, []);
    const counts = await countsToNow(new Map(groups.map((g) => [g.value, g.count])), {
      registry,
      store,
      resource: name,
      field: entry.histogram,
      bins: entry.bins,
      now: now(),
    });
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

const DAY = { type: 'string', format: 'date' };
const PERIOD_ECHO = { from: { ...DAY, description: 'the first day counted' }, to: { ...DAY, description: 'the last day counted' } };
const FIGURES = {
  runs: COUNT,
  failures: { ...COUNT, description: 'failed runs' },
  hours: { type: 'number', description: 'hours run, those of runs still going on counted up to now (h)' },
  perThousandHours: { type: ['number', 'null'], description: 'failures per 1,000 hours run; null without hours' },
  mtbf: { type: ['number', 'null'], description: 'mean time between failures: hours ÷ failures (h); null without failures' },
};
const FIGURE_NAMES = Object.keys(FIGURES);
const reliabilitySchema: Json = {
  type: 'object',
  required: ['reliability', 'total', 'buckets'],
  properties: {
    reliability: { type: 'object' },
    ...PERIOD_ECHO,
    total: { type: 'object', required: FIGURE_NAMES, properties: FIGURES },
    buckets: { type: 'array', items: { type: 'object', required: ['value', ...FIGURE_NAMES], properties: { value: VALUE, ...FIGURES } } },
  },
};
const paretoSchema: Json = {
  type: 'object',
  required: ['pareto', 'total', 'buckets'],
  properties: {
    pareto: { type: 'object' },
    ...PERIOD_ECHO,
    total: COUNT,
    buckets: {
      type: 'array',
      description: 'most first; reasons put together whatever their case and spacing, named by their most frequent spelling',
      items: {
        type: 'object',
        required: ['value', 'count', 'cumulative'],
        properties: {
          value: { type: ['string', 'null'] },
          count: COUNT,
          cumulative: { type: 'number', description: 'share of the total up to this reason, in percent' },
        },
      },
    },
  },
};

/** The answer's schema, entry by entry as the schema lists them. */
function answerSchema(schema: ResourceSchema): Json {
  const entry = (e: StatisticsEntry): Json => {
    if ('reliability' in e) return reliabilitySchema;
    if ('pareto' in e) return paretoSchema;
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
  if ('reliability' in e) return `failures per 1,000 h and MTBF of ${e.reliability.resource} by ${e.reliability.by}`;
  if ('pareto' in e) return `Pareto of ${e.pareto.resource} by ${e.pareto.field}`;
  if ('groupBy' in e) return `${e.resource ?? ''} ${what(e.sum)} by ${e.groupBy}`.trim();
  if ('histogram' in e) return `${e.histogram} in ranges`;
  if ('perMonth' in e) {
    const { resource, date, months, sum, average } = e.perMonth;
    return `${resource ?? ''} ${what(sum, average)} by month of ${date} (last ${months})`.trim();
  }
  return `${e.expiring.resource} expiring`;
}

/** The period asked (`from`, `to`: days, both included), or the message saying which parameter is wrong. */
function readPeriod(c: AppContext): Period | { problem: string } {
  const period: Period = {};
  for (const param of PERIOD_PARAMS) {
    const day = c.req.query(param);
    if (day === undefined) continue;
    if (!PERIOD_DAY.test(day)) return { problem: c.get('t')('server.bad_day', { param, value: echo(day) }) };
    period[param] = day;
  }
  return period;
}

export function registerStatistics(api: Api, registry: Registry, store: Store, now: () => Date = () => new Date()) {
  const deps = { registry, store, now };
  for (const [name, schema] of Object.entries(registry.resources)) {
    const spec = schema['x-resource'].statistics;
    if (!spec) continue;
    const periodic = spec.entries.some(isPeriodEntry);
    api.on(
      {
        method: 'GET',
        path: spec.path,
        access: { resource: name },
        doc: {
          tags: [name],
          summary: `Statistics of ${name}: ${spec.entries.map(describe).join(', ')}`,
          data: answerSchema(schema),
          ...(periodic
            ? {
                parameters: PERIOD_PARAMS.map((param) => ({
                  name: param,
                  in: 'query',
                  required: false,
                  schema: { type: 'string', format: 'date' },
                  description: `${param === 'from' ? 'the first' : 'the last'} day (UTC, included) of the period the reliability and Pareto entries count runs started in`,
                })),
                codes: [Code.invalidQuery],
              }
            : {}),
        },
      },
      async (c) => {
        const period = readPeriod(c);
        if ('problem' in period) return fail(c, Code.invalidQuery, period.problem);
        return ok(c, { entries: await Promise.all(spec.entries.map((entry) => entryResult(name, entry, period, deps))) });
      },
    );
  }
  registerDeviceStats(api, registry, store, now);
}
