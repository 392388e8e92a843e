// Whether an instrument is fit to be sent out (to a well, or on a trip), from its calibration
// state (calibration.ts) and its service state (service.ts): pure, so that the server's gates, the
// pickers' state and the tests read it the same way. Unfit: its calibration is overdue, its latest
// calibration failed, it was never calibrated, or it is overdue for service. Whatever its status
// (awaiting calibration: the assignment's `when` values) is read beside this, by the caller.
import type { CalibrationState } from './calibration';
import type { IntervalState } from './service';

export const UNFIT_REASONS = ['calibrationOverdue', 'calibrationFailed', 'calibrationNever', 'serviceOverdue'] as const;
export type UnfitReason = (typeof UNFIT_REASONS)[number];

/** One reason an instrument is unfit, with the day it took effect when there is one (YYYY-MM-DD). */
export interface Unfit {
  reason: UnfitReason;
  since?: string;
}

/** What the gate reads of the service state. */
export interface ServiceFacts {
  state: IntervalState;
  dueDate?: string;
}

/** Why an instrument is unfit, calibration first; empty when it is fit. */
export function unfitReasons(calibration: CalibrationState | undefined, service: ServiceFacts | undefined): Unfit[] {
  const out: Unfit[] = [];
  if (calibration?.state === 'overdue')
    out.push({ reason: 'calibrationOverdue', ...(calibration.validUntil ? { since: calibration.validUntil } : {}) });
  else if (calibration?.state === 'failed')
    out.push({ reason: 'calibrationFailed', ...(calibration.last ? { since: calibration.last } : {}) });
  else if (calibration?.state === 'never') out.push({ reason: 'calibrationNever' });
  if (service?.state === 'overdue') out.push({ reason: 'serviceOverdue', ...(service.dueDate ? { since: service.dueDate } : {}) });
  return out;
}

/**
 * How ready an instrument is, for a picker to offer the ready ones first: 0 fit and in a status
 * it may go from, 1 fit but due soon (calibration or service within the horizon), 2 unfit or not
 * ready (it may go only with a reason), 3 refused outright.
 */
export function readiness(unfit: readonly Unfit[], due: boolean, notReady: boolean, refused: boolean): 0 | 1 | 2 | 3 {
  if (refused) return 3;
  if (unfit.length > 0 || notReady) return 2;
  return due ? 1 : 0;
}

/** The call answering several instruments' fitness (under /dev-api, `?ids=1,2,3`), for the pickers. */
export const FITNESS_PATH = '/device/fitness';
/** How many instruments one call answers at most. */
export const FITNESS_MAX_IDS = 100;

/** One instrument's fitness as the call answers it. */
export interface FitnessItem {
  id: number;
  calibration?: { state: CalibrationState['state']; validUntil?: string; last?: string };
  service?: ServiceFacts;
  /** Why it may not go without a reason; empty when it is fit. */
  unfit: Unfit[];
}
