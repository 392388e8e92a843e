// Statistics: what the statistics calls answer, worked out by the server and drawn by the console,
// and the rules both sides follow (a histogram's ranges, the window of "expiring within N days",
// the last months of a per-month entry, an instrument's runs month by month). Imports nothing
// that runs but the schema registry.
import { properties } from './registry';
import type { ExpiringSpec, ParetoSpec, PerMonthSpec, ReliabilitySpec, ResourceSchema, StatisticsEntry } from './types';

/** A value records are grouped by; null for the records without one. */
export type GroupValue = string | number | boolean | null;

export interface CountBucket {
  value: GroupValue;
  count: number;
  /** With a `sum` field: its total over the group's records (hundredths). */
  sum?: number;
}

/** One month of a per-month entry: its records, and the sum or average of the entry's field. */
export interface MonthBucket {
  /** YYYY-MM, in UTC. */
  month: string;
  count: number;
  /** The sum (0 without records), or the average (null when no record of the month has a value). */
  value?: number | null;
}

/** The records whose value is at least `from` and below `to` (no upper end when null). */
export interface RangeBucket {
  from: number;
  to: number | null;
  count: number;
}

/** Runs, failed runs and hours of a set of runs, and what they make: failures per 1,000 h and the mean hours between failures. */
export interface ReliabilityFigures {
  runs: number;
  failures: number;
  /** Hours run (hundredths), those of runs still going on counted up to now. */
  hours: number;
  /** Failures per 1,000 hours run; null without hours. */
  perThousandHours: number | null;
  /** Mean time between failures: hours ÷ failed runs, in hours; null without a failure. */
  mtbf: number | null;
}

export interface ReliabilityBucket extends ReliabilityFigures {
  value: GroupValue;
}

/** One reason of a Pareto entry: its count and the share of all of them up to it, in percent (one decimal). */
export interface ParetoBucket {
  /** The reason as most of its records write it; null for the records without one. */
  value: string | null;
  count: number;
  cumulative: number;
}

/** The days a period entry counts over (YYYY-MM-DD, both included); absent: no bound. */
export interface Period {
  from?: string;
  to?: string;
}

export type StatisticsResult =
  | ({ reliability: ReliabilitySpec; total: ReliabilityFigures; buckets: ReliabilityBucket[] } & Period)
  | ({ pareto: ParetoSpec; total: number; buckets: ParetoBucket[] } & Period)
  | {
      groupBy: string;
      /** The resource whose records are grouped, when not this one. */
      resource?: string;
      /** The number field added up per group, when one is. */
      sum?: string;
      total: number;
      /** The sum over every group. */
      sumTotal?: number;
      buckets: CountBucket[];
    }
  | {
      perMonth: PerMonthSpec;
      /** The records in all the months. */
      total: number;
      /** The sum over all the months, or the average over all their records that have a value. */
      value?: number | null;
      /** Every month of the window, oldest first, those without records too. */
      months: MonthBucket[];
    }
  | { histogram: string; total: number; buckets: RangeBucket[] }
  | {
      expiring: ExpiringSpec;
      /** The field of the expiring records that holds the id of the record they belong to. */
      owner: string;
      /** The window, as dates: today and today + days. */
      from: string;
      to: string;
      total: number;
      /** The first EXPIRING_MAX_ITEMS of them, soonest first. */
      items: Record<string, unknown>[];
    };

export interface StatisticsAnswer {
  entries: StatisticsResult[];
}

/** The query parameters of a statistics call that choose the period of its period entries. */
export const PERIOD_PARAMS = ['from', 'to'] as const;
/** A day as the period's parameters take it. */
export const PERIOD_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** An expiring entry lists at most this many records (and says how many there are). */
export const EXPIRING_MAX_ITEMS = 100;

export type EntryKind = 'groupBy' | 'histogram' | 'expiring' | 'perMonth' | 'reliability' | 'pareto';

export function entryKind(entry: StatisticsEntry | StatisticsResult): EntryKind {
  if ('reliability' in entry) return 'reliability';
  if ('pareto' in entry) return 'pareto';
  return 'groupBy' in entry ? 'groupBy' : 'histogram' in entry ? 'histogram' : 'perMonth' in entry ? 'perMonth' : 'expiring';
}

/** Whether an entry counts over the period the screen chooses (the others count every record). */
export const isPeriodEntry = (entry: StatisticsEntry | StatisticsResult) => 'reliability' in entry || 'pareto' in entry;

/**
 * A name for an entry, the same in the schema and in the answer, that no other entry of a screen
 * has (two entries may group by one field, one counting, one adding up): the screen's cards carry it.
 */
export function entryKey(entry: StatisticsEntry | StatisticsResult): string {
  if ('reliability' in entry) return `reliability:${entry.reliability.resource}.${entry.reliability.by}`;
  if ('pareto' in entry) return `pareto:${entry.pareto.resource}.${entry.pareto.field}`;
  if ('groupBy' in entry) return `${entry.resource ? `${entry.resource}.` : ''}${entry.groupBy}${entry.sum ? `:sum:${entry.sum}` : ''}`;
  if ('histogram' in entry) return entry.histogram;
  if ('perMonth' in entry) {
    const { resource, date, sum, average } = entry.perMonth;
    return `perMonth:${resource ? `${resource}.` : ''}${date}:${sum ? `sum:${sum}` : average ? `average:${average}` : 'count'}`;
  }
  return `expiring-${entry.expiring.resource}`;
}

/** What a per-month entry measures besides the count: the sum or the average of a field. */
export function monthMeasure(spec: PerMonthSpec): { kind: 'sum' | 'average'; field: string } | undefined {
  if (spec.sum) return { kind: 'sum', field: spec.sum };
  if (spec.average) return { kind: 'average', field: spec.average };
  return undefined;
}

/** The ranges of a histogram: from each bound to the next, the last one open. */
export function binRanges(bins: number[]): { from: number; to: number | null }[] {
  return bins.map((from, i) => ({ from, to: i + 1 < bins.length ? bins[i + 1] : null }));
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Today and the day `days` later, as UTC dates (YYYY-MM-DD). */
export function expiryWindow(now: Date, days: number): { from: string; to: string } {
  return { from: isoDate(now.getTime()), to: isoDate(now.getTime() + days * DAY_MS) };
}

/**
 * The last moment of a date, as text that sorts after every date-time of that day and after the
 * date itself: the upper bound that takes in both `date` and `date-time` fields.
 */
export const endOfDay = (date: string) => `${date}T23:59:59.999Z`;

const monthIndex = (year: number, month0: number) => year * 12 + month0;
const monthLabel = (index: number) => `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * The last `count` months up to the current one (UTC), oldest first, as YYYY-MM; the first day of
 * the first and the last day of the last (YYYY-MM-DD); and the text bounds a date or date-time
 * field is filtered by to find their records: two days wider at each end, so that a time written
 * with any UTC offset (at most 14 hours) and any separator is taken in, then put in its UTC month
 * (utcMonth) and counted only if that month is one of these.
 */
export function monthWindow(now: Date, count: number): { months: string[]; from: string; to: string; after: string; before: string } {
  const current = monthIndex(now.getUTCFullYear(), now.getUTCMonth());
  const months = Array.from({ length: count }, (_, i) => monthLabel(current - count + 1 + i));
  const first = Date.UTC(Math.floor((current - count + 1) / 12), (current - count + 1) % 12, 1);
  const afterLast = Date.UTC(Math.floor((current + 1) / 12), (current + 1) % 12, 1);
  return {
    months,
    from: isoDate(first),
    to: isoDate(afterLast - DAY_MS),
    after: isoDate(first - 2 * DAY_MS),
    before: endOfDay(isoDate(afterLast + DAY_MS)),
  };
}

/**
 * A date (YYYY-MM-DD), or a date-time as format `date-time` lets it be written: `T`, `t` or a space
 * between date and time, `Z`, `z` or an offset of hours with or without minutes and colon.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2}):\d{2}(?:\.\d+)?(?:[Zz]|([+-])(\d{2})(?::?(\d{2}))?))?$/;

/**
 * The UTC month (YYYY-MM) of a date or date-time; null for anything else. Read by hand, not by
 * Date.parse, which takes only some of the forms, and not the same ones in every browser.
 */
export function utcMonth(value: unknown): string | null {
  const parts = typeof value === 'string' ? DATE_TIME.exec(value) : null;
  if (!parts) return null;
  const [, year, month, day, hour = '0', minute = '0', sign, offsetHours = '0', offsetMinutes = '0'] = parts;
  const west = sign === '-' ? -1 : 1;
  const time = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour) - west * Number(offsetHours),
    Number(minute) - west * Number(offsetMinutes),
  );
  return new Date(time).toISOString().slice(0, 7);
}

/** Whole days from today (UTC) to the date a date or date-time value falls on; negative once past. */
export function daysUntil(value: string, now: Date): number {
  const day = Date.parse(value.slice(0, 10));
  return Math.round((day - Date.parse(isoDate(now.getTime()))) / DAY_MS);
}

/** The field of `child` that holds the id of a record of `owner`: its parent field, else its first reference to it. */
export function ownerField(child: ResourceSchema, owner: string): string | undefined {
  const parent = child['x-resource'].parent;
  if (parent?.resource === owner) return parent.field;
  return Object.entries(properties(child)).find(([, prop]) => prop['x-ref'] === owner)?.[0];
}

/** The fields of a run: when it started and ended, and its hours (computed between the two). */
export interface RunFields {
  start: string;
  end: string;
  hours: string;
}

/** The run fields behind a number field worked out as `hoursBetween` two times; undefined for any other field. */
export function runFieldsOf(schema: ResourceSchema | undefined, hours: string): RunFields | undefined {
  const spec = schema?.properties?.[hours]?.['x-computed'];
  if (!spec || !('hoursBetween' in spec)) return undefined;
  const [start, end] = spec.hoursBetween;
  return { start, end, hours };
}

/** Rounded to hundredths, as sums of recorded hours and depths are shown. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The instrument statistics calls of the wire contract: an instrument's totals over its usage records
 * (hours, runs, footage, and runs month by month), and the number of instruments of each type.
 * The names of the resources and fields they read, in one place.
 */
export const DEVICE_STATS = {
  device: 'device',
  runs: 'userecord',
  hours: 'usetime',
  startDepth: 'startcl',
  endDepth: 'endcl',
  time: 'starttime',
  path: '/device/stats',
  pvPath: '/device/pv',
  /** The instruments are counted by this option field's keys. */
  pvField: 'type',
  /** The record-page panel that shows an instrument's totals (`{"panel": "deviceStats"}`). */
  panel: 'deviceStats',
} as const;

export interface ChartData {
  /** Period labels: months, YYYY-MM. */
  timeData: string[];
  /** Runs in each period. */
  tangData: number[];
  /** Hours in use in each period. */
  hourData: number[];
}

export interface DeviceStats {
  /** Total hours in use. */
  usetime: number;
  /** Number of runs. */
  tang: number;
  /** Total footage: the sum of end minus start depth over the runs that have both, in metres. */
  depth: number;
  chartData: ChartData;
}

export interface PvAnswer {
  pvData: { key: string | number; pv: number }[];
}

const MONTH = /^(\d{4})-(\d{2})$/;
/** Beyond this many months between the first and the last, only the months with runs are listed. */
const MAX_FILLED_MONTHS = 240;

/** Runs and hours month by month, from the first month with runs to the last, the months between filled with zeros. */
export function monthSeries(months: { month: string; runs: number; hours: number }[]): ChartData {
  const known = months.filter((m) => MONTH.test(m.month)).sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  const byMonth = new Map(known.map((m) => [m.month, m]));
  let labels = known.map((m) => m.month);
  if (known.length > 1) {
    const index = (month: string) => {
      const [, year, mm] = MONTH.exec(month)!;
      return monthIndex(Number(year), Number(mm) - 1);
    };
    const first = index(known[0].month);
    const span = index(known[known.length - 1].month) - first + 1;
    if (span <= MAX_FILLED_MONTHS) labels = Array.from({ length: span }, (_, i) => monthLabel(first + i));
  }
  return {
    timeData: labels,
    tangData: labels.map((m) => byMonth.get(m)?.runs ?? 0),
    hourData: labels.map((m) => round2(byMonth.get(m)?.hours ?? 0)),
  };
}
