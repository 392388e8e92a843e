// The period of a scheduled job: which of its fields each type uses, what is wrong with a period,
// the period in words, and when it runs next. Shared by the server, which runs the jobs and checks
// the periods it stores, and the console, which shows and edits them.
import { Cron } from 'croner';
import { notGiven } from '../schema/given';

/**
 * 1 every N seconds, 2 every N minutes, 3 every N hours, 4 every N days (intervals);
 * 5 daily, 6 weekly, 7 monthly at a wall-clock time (calendar periods).
 */
export const PERIOD_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];
export type PeriodField = 'week' | 'day' | 'hour' | 'minute' | 'second';
export interface Period {
  type: PeriodType;
  week?: number;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
}

interface FieldRange {
  field: PeriodField;
  min: number;
  max: number;
}

const TIME_OF_DAY: FieldRange[] = [
  { field: 'hour', min: 0, max: 23 },
  { field: 'minute', min: 0, max: 59 },
  { field: 'second', min: 0, max: 59 },
];

/** The one field an interval type uses: the count of units between runs, and one unit in ms. */
const INTERVALS: Partial<Record<PeriodType, FieldRange & { unitMs: number }>> = {
  1: { field: 'second', min: 1, max: 59, unitMs: 1_000 },
  2: { field: 'minute', min: 1, max: 59, unitMs: 60_000 },
  3: { field: 'hour', min: 1, max: 23, unitMs: 3_600_000 },
  4: { field: 'day', min: 1, max: 31, unitMs: 86_400_000 },
};

const FIELDS: Record<PeriodType, FieldRange[]> = {
  1: [INTERVALS[1]!],
  2: [INTERVALS[2]!],
  3: [INTERVALS[3]!],
  4: [INTERVALS[4]!],
  5: TIME_OF_DAY,
  6: [{ field: 'week', min: 1, max: 7 }, ...TIME_OF_DAY],
  7: [{ field: 'day', min: 1, max: 31 }, ...TIME_OF_DAY],
};

const isPeriodType = (value: unknown): value is PeriodType => (PERIOD_TYPES as readonly unknown[]).includes(value);

/** The fields a type uses, in the order a form shows them, each with its whole-number range. */
export function periodFields(type: PeriodType): { field: PeriodField; min: number; max: number }[] {
  return FIELDS[type].map(({ field, min, max }) => ({ field, min, max }));
}

/** What is wrong with a period (unknown type, a used field missing, not a whole number, out of range); empty when nothing is. `reason` is a key under `schedule.problems.` of the translations. */
export function periodProblems(
  period: Partial<Record<'type' | PeriodField, unknown>>,
): { field: 'type' | PeriodField; reason: string; min?: number; max?: number }[] {
  const { type } = period;
  if (notGiven(type)) return [{ field: 'type', reason: 'required' }];
  if (!isPeriodType(type)) return [{ field: 'type', reason: 'unknownType' }];
  return FIELDS[type].flatMap(({ field, min, max }) => {
    const value = period[field];
    if (notGiven(value)) return [{ field, reason: 'required' }];
    if (typeof value !== 'number' || !Number.isInteger(value)) return [{ field, reason: 'notWholeNumber' }];
    if (value < min || value > max) return [{ field, reason: 'outOfRange', min, max }];
    return [];
  });
}

function checked(period: Period): Required<Period> {
  const problems = periodProblems(period);
  if (problems.length > 0)
    throw new Error(`Invalid period ${JSON.stringify(period)}: ${problems.map((p) => `${p.field} ${p.reason}`).join(', ')}`);
  return { week: 0, day: 0, hour: 0, minute: 0, second: 0, ...period } as Required<Period>;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');
const clock = ({ hour, minute, second }: Required<Period>) => `${twoDigits(hour)}:${twoDigits(minute)}:${twoDigits(second)}`;

/** The fewest days a month has; a monthly day past it is moved to the last day in some months. */
const SHORTEST_MONTH = 28;

/** The period in words, in the language of `t` (a polyglot-style translator: t(key, options)): "Every 5 minutes", "Daily at 00:30:00", "Weekly on Monday at 08:00:00", "Monthly on day 31 at 23:00:00 (the last day in shorter months)". */
export function periodText(period: Period, t: (key: string, options?: Record<string, unknown>) => string): string {
  const full = checked(period);
  const interval = INTERVALS[full.type];
  if (interval) return t(`schedule.period.every.${interval.field}`, { smart_count: full[interval.field] });
  const time = clock(full);
  switch (full.type) {
    case 5:
      return t('schedule.period.daily', { time });
    case 6:
      return t('schedule.period.weekly', { time, weekday: t(`schedule.weekdays.${full.week}`) });
    default:
      return t(full.day > SHORTEST_MONTH ? 'schedule.period.monthlyLastDay' : 'schedule.period.monthly', { time, day: full.day });
  }
}

/** Days in each month of a common year (January first); croner itself knows about leap years. */
const COMMON_YEAR_MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Six-field cron patterns (second minute hour day-of-month month day-of-week) whose earliest
 * next run is the period's. A monthly day some months lack adds a pattern for the last day of
 * those months (a leap February's last day is the 29th, the same run as day 29 itself).
 */
function cronPatterns(period: Required<Period>): string[] {
  const time = `${period.second} ${period.minute} ${period.hour}`;
  if (period.type === 5) return [`${time} * * *`];
  // croner counts weekdays from Sunday = 0; a period counts them from Monday = 1 to Sunday = 7.
  if (period.type === 6) return [`${time} * * ${period.week % 7}`];
  const shorterMonths = COMMON_YEAR_MONTH_DAYS.flatMap((days, index) => (days < period.day ? [index + 1] : []));
  const patterns = [`${time} ${period.day} * *`];
  if (shorterMonths.length > 0) patterns.push(`${time} L ${shorterMonths.join(',')} *`);
  return patterns;
}

/**
 * The first run strictly after `after`. Intervals (types 1–4) count from `after` (the scheduler passes the previous planned run, so runs do not drift); calendar periods (5–7) are the next matching wall-clock time in `timeZone` (an IANA name; the server passes its TZ), correct across month ends, leap years and daylight-saving changes (a wall time that does not exist on the day of a spring-forward change runs at the first instant after it; one that occurs twice in autumn runs once).
 *
 * An interval is elapsed time: every N days is N × 24 hours, whatever the clocks do meanwhile.
 * Calendar runs fall on whole seconds. Throws on a period `periodProblems` finds wrong.
 */
export function nextRun(period: Period, after: Date, timeZone: string): Date {
  const full = checked(period);
  const interval = INTERVALS[full.type];
  if (interval) return new Date(after.getTime() + full[interval.field] * interval.unitMs);
  // croner follows Vixie cron for a job at one fixed time of day: a time in a spring-forward gap
  // runs at the end of the gap that day, and a time repeated in autumn runs at its first pass.
  const runs = cronPatterns(full)
    .map((pattern) => new Cron(pattern, { timezone: timeZone, mode: '6-part' }).nextRun(after))
    .filter((run): run is Date => run !== null);
  if (runs.length === 0) throw new Error(`No next run for period ${JSON.stringify(period)}`);
  return new Date(Math.min(...runs.map((run) => run.getTime())));
}
