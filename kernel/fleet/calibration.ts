// An instrument's calibration state, worked out from its calibration records (schemas/calibration.json).
// Pure: the server answers it in the due list, the daily job and the status lifecycle use it, and
// the tests pin it down.
//
// Only records with a result count: `unknown` ones (calibration reports migrated from before the
// records, waiting for an admin to complete them) are ignored. The latest counted record (by its
// date, then by its id) decides: `failed` when it failed; otherwise the latest passed (or passed
// with limits) record is valid until its `nextDue`, and the instrument is `due` within the horizon,
// `overdue` from that day on, else `valid`. An instrument with no counted record was never
// calibrated (`never`), which counts as due.

/** The results a calibration record may hold (schemas/calibration.json `result`). */
export const CALIBRATION_RESULTS = ['passed', 'limited', 'failed', 'unknown'] as const;
export type CalibrationResult = (typeof CALIBRATION_RESULTS)[number];
/** The results that make an instrument fit to use until the record's next due date. */
export const VALID_RESULTS: readonly string[] = ['passed', 'limited'];

export type CalibrationStateName = 'valid' | 'due' | 'overdue' | 'failed' | 'never';

export interface CalibrationState {
  state: CalibrationStateName;
  /** The day the latest passed calibration was performed (YYYY-MM-DD). */
  last?: string;
  /** The last day it is valid (YYYY-MM-DD): its `nextDue`. */
  validUntil?: string;
  /** Whole days left until then, counted on calendar days (negative once overdue). */
  remainingDays?: number;
  /** The calibration record deciding the state (the failed one, or the latest passed one). */
  record?: number;
}

/** A calibration record as the state reads it. */
export interface CalibrationRow {
  id: number;
  date?: unknown;
  result?: unknown;
  nextDue?: unknown;
}

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);

/** Latest first: by date, then by id (two on the same day: the one filed last). */
const latestFirst = (a: CalibrationRow, b: CalibrationRow) => {
  const [da, db] = [String(a.date ?? ''), String(b.date ?? '')];
  return da < db ? 1 : da > db ? -1 : b.id - a.id;
};

/** Whether the state stops an instrument from being used: failed, overdue or never calibrated. */
export const isUnfit = (state: CalibrationState) => state.state === 'failed' || state.state === 'overdue' || state.state === 'never';

/** Whether the state puts the instrument on the due list (never calibrated counts as due). */
export const isCalibrationListed = (state: CalibrationState) => state.state !== 'valid';

/** The state of one instrument from its calibration records; `due` within `horizonDays` of its last valid day. */
export function calibrationState(records: readonly CalibrationRow[], now: Date, horizonDays: number): CalibrationState {
  const counted = records.filter((r) => typeof r.result === 'string' && r.result !== 'unknown' && isDay(r.date)).sort(latestFirst);
  if (counted.length === 0) return { state: 'never' };
  if (counted[0].result === 'failed') return { state: 'failed', record: counted[0].id, last: String(counted[0].date).slice(0, 10) };
  const passed = counted.find((r) => VALID_RESULTS.includes(String(r.result)));
  if (!passed) return { state: 'never' };
  const last = String(passed.date).slice(0, 10);
  if (!isDay(passed.nextDue)) return { state: 'overdue', last, record: passed.id };
  const validUntil = passed.nextDue.slice(0, 10);
  const remainingDays = Math.round((Date.parse(validUntil) - Date.parse(day(now.getTime()))) / DAY_MS);
  // Valid through its last day: overdue from the day after.
  const state: CalibrationStateName = remainingDays < 0 ? 'overdue' : remainingDays <= horizonDays ? 'due' : 'valid';
  return { state, last, validUntil, remainingDays, record: passed.id };
}

/** The default next due date of a calibration performed on `date`: that day plus the validity. */
export function defaultNextDue(date: string, validityDays: number): string {
  return day(Date.parse(date.slice(0, 10)) + validityDays * DAY_MS);
}

/** The validity in days of an instrument type: its own in the parameters, else the general one. */
export function validityOf(
  type: unknown,
  values: { calibrationValidityDays: number; calibrationValidity?: { type: number; days: number }[] },
) {
  return values.calibrationValidity?.find((v) => v.type === type)?.days ?? values.calibrationValidityDays;
}
