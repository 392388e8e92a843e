// A day's time log: a list of rows, each an interval of the day from a clock time "HH:MM" to a
// later one ("24:00" is the day's end). Pure, shared by the console and the server: the checks of
// a `timeLog` rule (each row ends after it starts, no two rows overlap, and while the record holds
// the values of `coverWhen` the rows fill the day from 00:00 to 24:00 without a gap, once it has
// a log at all) and the hours
// a `logHours` value adds up over the rows that match.
import { getPath } from './registry';
import type { LogHoursSpec, TimeLogRule } from './types';

export const DAY_MINUTES = 24 * 60;
const CLOCK = /^(\d{2}):(\d{2})$/;

/** Minutes since midnight of "HH:MM" (00:00 to 24:00); undefined for anything else. */
export function clockMinutes(value: unknown): number | undefined {
  const match = typeof value === 'string' ? CLOCK.exec(value) : null;
  if (!match) return undefined;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  const total = hours * 60 + minutes;
  return minutes < 60 && total <= DAY_MINUTES ? total : undefined;
}

/** "HH:MM" of minutes since midnight. */
export const clockText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

type Row = Record<string, unknown>;

const rowsOf = (data: Record<string, unknown>, list: string): Row[] => {
  const value = getPath(data, list);
  return Array.isArray(value) ? value.map((row) => (row && typeof row === 'object' ? (row as Row) : {})) : [];
};

/** What is wrong with a time log, each at a row's part (`index`, `part`) or at the list itself. */
export type TimeLogProblem =
  | { reason: 'notAfter'; index: number; part: 'to' }
  | { reason: 'overlaps'; index: number; part: 'from'; other: number }
  | { reason: 'startsLate'; index: number; part: 'from'; at: string }
  | { reason: 'gap'; index: number; part: 'from'; at: string; until: string }
  | { reason: 'endsEarly'; index: number; part: 'to'; at: string }
  | { reason: 'empty' };

/**
 * The problems of the time log at `list`. Rows whose times are missing or not clock times are
 * left to their own fields' checks; the day is checked for coverage only when every row has both.
 */
export function timeLogProblems(data: Record<string, unknown>, list: string, rule: TimeLogRule): TimeLogProblem[] {
  const rows = rowsOf(data, list);
  const out: TimeLogProblem[] = [];
  const spans: { index: number; from: number; to: number }[] = [];
  rows.forEach((row, index) => {
    const [from, to] = [clockMinutes(row[rule.from]), clockMinutes(row[rule.to])];
    if (from === undefined || to === undefined) return;
    if (to <= from) out.push({ reason: 'notAfter', index, part: 'to' });
    else spans.push({ index, from, to });
  });
  // In order of their start; each one must start where the ones before it have ended.
  const ordered = [...spans].sort((a, b) => a.from - b.from || a.index - b.index);
  let reach: (typeof ordered)[number] | undefined;
  for (const span of ordered) {
    if (reach && span.from < reach.to) {
      const [earlier, later] = reach.index < span.index ? [reach, span] : [span, reach];
      out.push({ reason: 'overlaps', index: later.index, part: 'from', other: earlier.index });
    }
    if (!reach || span.to > reach.to) reach = span;
  }
  const covering = Object.entries(rule.coverWhen ?? {});
  const mustCover = covering.length > 0 && covering.every(([path, value]) => getPath(data, path) === value);
  // A record without the list at all (written before it had one) is not held to it.
  const present = Array.isArray(getPath(data, list));
  if (!mustCover || !present || out.length > 0 || spans.length < rows.length) return out;
  if (ordered.length === 0) return [{ reason: 'empty' }];
  if (ordered[0].from > 0) out.push({ reason: 'startsLate', index: ordered[0].index, part: 'from', at: clockText(ordered[0].from) });
  for (let i = 1; i < ordered.length; i++) {
    const [before, after] = [ordered[i - 1], ordered[i]];
    if (after.from > before.to)
      out.push({ reason: 'gap', index: after.index, part: 'from', at: clockText(before.to), until: clockText(after.from) });
  }
  const last = ordered[ordered.length - 1];
  if (last.to < DAY_MINUTES) out.push({ reason: 'endsEarly', index: last.index, part: 'to', at: clockText(last.to) });
  return out;
}

/** Whether a row holds one of the values `where` lists for each of its fields. */
const matches = (row: Row, where: LogHoursSpec['where']) =>
  Object.entries(where).every(([field, values]) => (values as unknown[]).includes(row[field]));

/**
 * The hours of the rows of the log that match `where`, on `step`; undefined while the record has
 * no log (a report written before the log existed keeps what it had).
 */
export function logHours(data: Record<string, unknown>, spec: LogHoursSpec, step: number): number | undefined {
  const value = getPath(data, spec.list);
  if (!Array.isArray(value)) return undefined;
  let minutes = 0;
  for (const row of rowsOf(data, spec.list)) {
    const [from, to] = [clockMinutes(row[spec.from]), clockMinutes(row[spec.to])];
    if (from !== undefined && to !== undefined && to > from && matches(row, spec.where)) minutes += to - from;
  }
  const steps = Math.round(Number((minutes / 60 / step).toFixed(9)));
  const decimals = Math.max(0, Math.ceil(-Math.log10(step)));
  return Number((steps * step).toFixed(decimals));
}

/** The list rows a rule path names with `*` (`timeLog.*.depthTo`): the list's path, and the rest. */
export function rowPath(path: string): { list: string; rest: string } | undefined {
  const at = path.indexOf('.*.');
  return at < 0 ? undefined : { list: path.slice(0, at), rest: path.slice(at + 3) };
}
