// Open runs: a run with a start time and no end time is still going on (its trip is still in the
// hole). Its hours count up to `now` wherever hours are shown or compared, and once its end time
// is set, the server stores its hours between the two times (`hoursBetween`) like any run's.
//
// Stored totals cannot grow by themselves, so they stay what they are (the instrument's `sumOf` and
// `sumSince` totals add up the hours stored on the runs, which an open run has not got, or has as
// typed), and every reader adds what the open runs have run beyond that up to `now`, through this
// one module: the due list and its daily job, an instrument's own totals, the statistics. `now` is
// always passed in, so an answer is the same on every store and tests can fix it. A job rewriting
// the stored totals every day was not chosen: the totals would lag by up to a day, and every refresh
// would be a write of every instrument on a well.
import type { RunFields } from '../schema/statistics';
import { notGiven } from '../schema/given';

export { type RunFields, runFieldsOf } from '../schema/statistics';

type Row = Record<string, unknown>;

const HOUR_MS = 3_600_000;

const timeOf = (value: unknown): number | undefined => {
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
};

/** Whether the run is still going on: it has a start time and no end time. */
export function isOpenRun(run: Row, fields: RunFields): boolean {
  return timeOf(run[fields.start]) !== undefined && notGiven(run[fields.end]);
}

/** The hours from a start time to `now`; 0 for a start after now (a clock ahead) or none. */
export function hoursTo(start: unknown, now: Date): number {
  const at = timeOf(start);
  return at === undefined ? 0 : Math.max(0, (now.getTime() - at) / HOUR_MS);
}

const stored = (run: Row, fields: RunFields) => {
  const value = run[fields.hours];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

/** The hours a run counts at `now`: up to now while it is open, its stored hours once it has ended. */
export function liveHours(run: Row, fields: RunFields, now: Date): number {
  return isOpenRun(run, fields) ? hoursTo(run[fields.start], now) : stored(run, fields);
}

/**
 * What an open run adds at `now` to a total of stored hours: its hours up to now less what it has
 * stored (nothing, or hours typed while it ran); 0 for a run that has ended.
 */
export function openExtra(run: Row, fields: RunFields, now: Date): number {
  return isOpenRun(run, fields) ? hoursTo(run[fields.start], now) - stored(run, fields) : 0;
}

/** What the open runs among `runs` add at `now` to the total of their stored hours. */
export function openExtraOf(runs: readonly Row[], fields: RunFields, now: Date): number {
  return runs.reduce((sum, run) => sum + openExtra(run, fields, now), 0);
}

/**
 * What the open runs that started after `since` (strictly; all of them when it is undefined) add
 * at `now`: the open runs' share of hours since the last repair came back, by the rule of `sumSince`.
 */
export function openExtraSince(runs: readonly Row[], fields: RunFields, since: number | undefined, now: Date): number {
  return openExtraOf(
    runs.filter((run) => {
      const at = timeOf(run[fields.start]);
      return since === undefined || (at !== undefined && at > since);
    }),
    fields,
    now,
  );
}
