// When an instrument is due for service, by the service intervals of its type (system
// parameters): hours of use, days, and runs, each counted since the last service that reset it (a
// repair record's return resets the counters it names, all of them by default). Each interval falls
// due on its own and the instrument is due as soon as one is. Pure: kernel/fleet/due.ts puts it
// beside the calibration, the server reads the counters (server/fleet/service-due.ts).
//
// Hours: overdue once the interval's hours are used up; due when what is left would be used within
// the horizon at the average daily use of the last 90 days (dated by that rate; once overdue, by
// the day the runs since the service used it up). Days: due on the day the interval ends, counted
// from the last service (or from when the instrument was registered, before any); "due" within the
// horizon. Runs: overdue once that many runs have started since the service (dated by the start of
// the run that used it up); due when what is left would be used within the horizon at the runs
// started per day over the last 90 days.

/** The call answering one instrument's service state (under /dev-api, `?id=`). */
export const SERVICE_PATH = '/device/service';

export const COUNTERS = ['hours', 'days', 'runs'] as const;
export type Counter = (typeof COUNTERS)[number];

export type IntervalState = 'ok' | 'due' | 'overdue' | 'unknown';

/** One interval of a type: how much of its counter may pass between services. */
export interface CounterDue {
  counter: Counter;
  state: IntervalState;
  /** The interval (h, days or runs). */
  interval: number;
  /** How much has passed since the service that reset this counter. */
  used: number;
  /** What is left (negative once overdue). */
  remaining: number;
  /** The day it falls due (YYYY-MM-DD): estimated ahead of it, the day it did once overdue. */
  dueDate?: string;
}

/** The intervals of one instrument type; none given: no service is scheduled. */
export interface ServiceIntervals {
  hours?: number;
  days?: number;
  runs?: number;
}

/** A run: its start time and its hours of use. */
export interface TimedRun {
  start?: unknown;
  hours?: unknown;
}

export interface ServiceCounters {
  /** Hours of use since the last service resetting hours (runs still going on counted to now). */
  hours: number;
  /** The runs since that service, to date an overdue interval by the day it ran out. */
  hoursRuns?: readonly TimedRun[];
  /** When the last service resetting days came back, else when the instrument was registered (ISO). */
  daysFrom?: string;
  /** The runs started since the last service resetting runs. */
  runs: readonly TimedRun[];
}

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round1 = (n: number) => Math.round(n * 10) / 10;
const timeOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : NaN);
const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** The runs that started within the window ending now: how many, and their hours. */
export function recentUse(runs: readonly TimedRun[], now: Date, windowDays: number): { runsPerDay: number; hoursPerDay: number } {
  const from = now.getTime() - windowDays * DAY_MS;
  let count = 0;
  let hours = 0;
  for (const run of runs) {
    const at = timeOf(run.start);
    if (!Number.isFinite(at) || at < from || at > now.getTime()) continue;
    count++;
    if (positive(run.hours)) hours += run.hours;
  }
  return { runsPerDay: count / windowDays, hoursPerDay: hours / windowDays };
}

/** The day the `n`-th of these runs (1 = the first) started, in the order they started. */
function nthStart(runs: readonly TimedRun[], n: number): string | undefined {
  const starts = runs
    .map((run) => timeOf(run.start))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return n >= 1 && starts.length >= n ? day(starts[n - 1]) : undefined;
}

/** The day the runs, in the order they started, used up `interval` hours. */
export function hoursSpentOn(runs: readonly TimedRun[], interval: number): string | undefined {
  const timed = runs
    .flatMap((run) => {
      const at = timeOf(run.start);
      return Number.isFinite(at) ? [{ at, hours: positive(run.hours) ? run.hours : 0 }] : [];
    })
    .sort((a, b) => a.at - b.at);
  let used = 0;
  for (const { at, hours } of timed) {
    if (used + hours >= interval) return day(at + (interval - used) * 3_600_000);
    used += hours;
  }
  return undefined;
}

/** A counter used at `perDay` lately: overdue past the interval, due when the rest would go within the horizon. */
function byUse(
  counter: Counter,
  interval: number,
  used: number,
  perDay: number,
  now: Date,
  horizonDays: number,
  spentOn: string | undefined,
): CounterDue {
  const remaining = round1(interval - used);
  const estimate = perDay > 0 ? day(now.getTime() + (remaining / perDay) * DAY_MS) : undefined;
  const dueDate = remaining <= 0 ? (spentOn ?? estimate) : estimate;
  const state: IntervalState = remaining <= 0 ? 'overdue' : remaining <= horizonDays * perDay ? 'due' : 'ok';
  return { counter, state, interval, used: round1(used), remaining, ...(dueDate ? { dueDate } : {}) };
}

/** The days interval: from the service (or registration) to the day it ends. */
function byDays(interval: number, from: string | undefined, now: Date, horizonDays: number): CounterDue {
  const start = timeOf(from);
  if (!Number.isFinite(start)) return { counter: 'days', state: 'unknown', interval, used: 0, remaining: interval };
  const end = start + interval * DAY_MS;
  // Whole calendar days in UTC: due today is 0 days left.
  const today = Date.parse(day(now.getTime()));
  const remaining = Math.round((Date.parse(day(end)) - today) / DAY_MS);
  const used = Math.max(0, Math.round((today - Date.parse(day(start))) / DAY_MS));
  const state: IntervalState = end <= now.getTime() ? 'overdue' : remaining <= horizonDays ? 'due' : 'ok';
  return { counter: 'days', state, interval, used, remaining, dueDate: day(end) };
}

export interface ServiceInput {
  intervals: ServiceIntervals;
  counters: ServiceCounters;
  /** The runs of the last `windowDays` days, for the recent rates of use. */
  recent: readonly TimedRun[];
  now: Date;
  horizonDays: number;
  windowDays: number;
}

/** Each interval the type has, in the order hours, days, runs. */
export function intervalsDue({ intervals, counters, recent, now, horizonDays, windowDays }: ServiceInput): CounterDue[] {
  const { runsPerDay, hoursPerDay } = recentUse(recent, now, windowDays);
  const out: CounterDue[] = [];
  if (positive(intervals.hours)) {
    const spent = counters.hoursRuns && hoursSpentOn(counters.hoursRuns, intervals.hours);
    out.push(byUse('hours', intervals.hours, counters.hours, hoursPerDay, now, horizonDays, spent));
  }
  if (positive(intervals.days)) out.push(byDays(intervals.days, counters.daysFrom, now, horizonDays));
  if (positive(intervals.runs)) {
    const used = counters.runs.length;
    out.push(byUse('runs', intervals.runs, used, runsPerDay, now, horizonDays, nthStart(counters.runs, intervals.runs)));
  }
  return out;
}

const RANK: Record<IntervalState, number> = { unknown: 0, ok: 1, due: 2, overdue: 3 };

/**
 * The instrument's service state: the most urgent of its intervals (overdue, then due), dated by
 * the earliest day among the intervals in that state; `unknown` when its type has none.
 */
export function worstOf(due: readonly CounterDue[]): { state: IntervalState; dueDate?: string } {
  if (due.length === 0) return { state: 'unknown' };
  const state = due.reduce<IntervalState>((worst, d) => (RANK[d.state] > RANK[worst] ? d.state : worst), 'unknown');
  const dueDate = due
    .filter((d) => d.state === state && d.dueDate)
    .map((d) => d.dueDate!)
    .sort()[0];
  return { state, ...(dueDate ? { dueDate } : {}) };
}

/** The counters a repair record resets: those its list names; all of them when it has no list (a record from before the list). */
export function resetsOf(value: unknown): Counter[] {
  if (!Array.isArray(value)) return [...COUNTERS];
  return COUNTERS.filter((c) => value.includes(c));
}
