// When an instrument is due for service or calibration. Pure: the server answers it for Home
// (GET /device/due) and the daily job notifies with it; the tests pin it down.
//
// Service: an instrument type is serviced every `intervalHours` hours of use (system parameters,
// per type), counted since its last repair came back (`houring`). It is overdue once those hours
// are used up, and due when what is left would be used within the horizon (14 days) at the rate
// it has been used lately: remaining hours ≤ horizon × average daily use over the last 90 days
// (hours of the runs started in those 90 days, divided by 90). The estimated due date is today
// plus remaining ÷ that rate (in the past once overdue); an instrument not used in 90 days has no estimate and is never
// "due", only overdue once its hours are spent. This is an estimate, and said so: a run typed
// later changes it.
//
// Calibration: the instrument's calibration state (kernel/fleet/calibration.ts), worked out from its
// calibration records: the last day of its latest passed calibration; due within the horizon,
// overdue from the day after; `failed` when its latest calibration failed, `never` when it has
// none (which counts as due). A product without calibration records has none to tell (`unknown`).

import { type CounterDue, type ServiceCounters, type ServiceIntervals, hoursSpentOn, intervalsDue, worstOf } from './service';

export const DUE_HORIZON_DAYS = 14;
/** The window the recent rate of use is measured over. */
export const USAGE_WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;

import type { CalibrationState } from './calibration';

export type DueState = 'ok' | 'due' | 'overdue' | 'unknown';

export interface ServiceDue {
  state: DueState;
  intervalHours?: number;
  /** Hours of use left before the service (negative once overdue). */
  remainingHours?: number;
  /** Average hours of use per day over the window. */
  dailyHours: number;
  /** The date the hours run out (YYYY-MM-DD): estimated from the rate ahead of it, the day they did once overdue. */
  dueDate?: string;
  /** Each interval of its type (hours, days, runs) with its own state. */
  intervals?: CounterDue[];
}

export interface CalibrationDue {
  /** `failed`: its latest calibration failed; `never`: it was never calibrated (counts as due). */
  state: DueState | 'failed' | 'never';
  /** The day its latest passed calibration (or the failed one) was performed (YYYY-MM-DD). */
  last?: string;
  /** The last day that calibration is valid (YYYY-MM-DD). */
  dueDate?: string;
  /** Whole days left until then (negative once overdue). */
  remainingDays?: number;
}

export interface DueInput {
  /** Hours of use since the last repair came back. */
  hoursSinceRepair: number;
  /** The service interval of its type; none: no service is scheduled. */
  intervalHours?: number;
  /** Its runs: start time and hours of use. */
  runs: readonly { start?: unknown; hours?: unknown }[];
  /** Its calibration state; none where the product keeps no calibration records. */
  calibration?: CalibrationState;
  now: Date;
  horizonDays?: number;
  /**
   * Its runs since the last repair came back, all of them: with them an overdue service is dated
   * by the day its hours actually ran out, rather than by the recent rate of use.
   */
  sinceRepair?: readonly { start?: unknown; hours?: unknown }[];
  /** Every service interval of its type; without it, `intervalHours` alone. */
  intervals?: ServiceIntervals;
  /** The counters since the services that reset them (the hours: `hoursSinceRepair` and `sinceRepair`). */
  counters?: Partial<ServiceCounters>;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Average hours of use per day over the window ending now: the runs started within it. */
export function dailyUse(runs: DueInput['runs'], now: Date, windowDays = USAGE_WINDOW_DAYS): number {
  const from = now.getTime() - windowDays * DAY_MS;
  let hours = 0;
  for (const run of runs) {
    const at = typeof run.start === 'string' ? Date.parse(run.start) : NaN;
    if (!Number.isFinite(at) || at < from || at > now.getTime()) continue;
    if (typeof run.hours === 'number' && Number.isFinite(run.hours) && run.hours > 0) hours += run.hours;
  }
  return hours / windowDays;
}

/**
 * The day a service interval ran out: the runs since the last repair came back, in the order they
 * started, reach `intervalHours` during one of them, that many hours after its start less what the
 * runs before it had used. Undefined when they do not reach it.
 */
export const intervalSpentOn = hoursSpentOn;

/** What the service state is worked out from (the calibration's fields left out). */
export type ServiceDueInput = Pick<
  DueInput,
  'hoursSinceRepair' | 'intervalHours' | 'intervals' | 'counters' | 'runs' | 'now' | 'horizonDays' | 'sinceRepair'
>;

/**
 * The service state by every interval of the type (kernel/fleet/service.ts): the most urgent of
 * them, with each one's figures in `intervals`; the hours interval's figures also as before
 * (`intervalHours`, `remainingHours`).
 */
export function serviceDue({
  hoursSinceRepair,
  intervalHours,
  intervals = { hours: intervalHours },
  counters,
  runs,
  now,
  horizonDays = DUE_HORIZON_DAYS,
  sinceRepair,
}: ServiceDueInput): ServiceDue {
  const dailyHours = dailyUse(runs, now);
  const due = intervalsDue({
    intervals,
    counters: { hours: hoursSinceRepair, runs: [], ...(sinceRepair ? { hoursRuns: sinceRepair } : {}), ...counters },
    recent: runs,
    now,
    horizonDays,
    windowDays: USAGE_WINDOW_DAYS,
  });
  if (due.length === 0) return { state: 'unknown', dailyHours: round2(dailyHours) };
  const hours = due.find((d) => d.counter === 'hours');
  return {
    ...worstOf(due),
    ...(hours ? { intervalHours: hours.interval, remainingHours: hours.remaining } : {}),
    dailyHours: round2(dailyHours),
    intervals: due,
  };
}

export function calibrationDue({ calibration }: Pick<DueInput, 'calibration'>): CalibrationDue {
  if (!calibration) return { state: 'unknown' };
  const { state, last, validUntil, remainingDays } = calibration;
  return {
    state: state === 'valid' ? 'ok' : state,
    ...(last ? { last } : {}),
    ...(validUntil ? { dueDate: validUntil } : {}),
    ...(remainingDays !== undefined ? { remainingDays } : {}),
  };
}

export interface DueStatus {
  service: ServiceDue;
  calibration: CalibrationDue;
}

export function dueStatus(input: DueInput): DueStatus {
  return { service: serviceDue(input), calibration: calibrationDue(input) };
}

/** Whether the service is due or overdue. */
export const serviceListed = (state: DueState) => state === 'due' || state === 'overdue';
/** Whether the calibration is due, overdue, failed or was never made. */
export const calibrationListed = (state: CalibrationDue['state']) => state !== 'ok' && state !== 'unknown';
/** Whether either is listed; and whether either is overdue (a failed calibration counts as overdue). */
export const isListed = (status: DueStatus) => serviceListed(status.service.state) || calibrationListed(status.calibration.state);
export const isOverdue = (status: DueStatus) =>
  status.service.state === 'overdue' || status.calibration.state === 'overdue' || status.calibration.state === 'failed';

/** The earliest date among those given (YYYY-MM-DD compare as text); undefined when none. */
export const earliest = (...dates: (string | undefined)[]): string | undefined => dates.filter((d): d is string => !!d).sort()[0];

/** The call listing the instruments due or overdue (under /dev-api). */
export const DUE_PATH = '/device/due';

/** One instrument in the answer of DUE_PATH. */
export interface DueItem {
  id: number;
  name: string;
  type?: number;
  status?: number;
  overdue: boolean;
  /** The earliest date among its reasons (YYYY-MM-DD), when one is known. */
  dueDate?: string;
  /** What is due: service, calibration or both, each with its state and figures. */
  service?: ServiceDue;
  calibration?: CalibrationDue;
}

export interface DueAnswer {
  items: DueItem[];
  horizonDays: number;
  windowDays: number;
}

/**
 * By urgency: the overdue first, overdue longest first (one whose day is unknown first of all: its
 * hours ran out before any run the window holds), then those due, soonest first, then by name.
 */
export function dueOrder(a: DueItem, b: DueItem): number {
  if (a.overdue !== b.overdue) return a.overdue ? -1 : 1;
  const unknown = a.overdue ? '0000' : '9999';
  const [da, db] = [a.dueDate ?? unknown, b.dueDate ?? unknown];
  return da < db ? -1 : da > db ? 1 : a.name.localeCompare(b.name);
}
