// An instrument's status lifecycle: which status each event leads to, and which changes are
// impossible and why. Pure, shared by the server (which enforces it on every write: the device
// form, the repair records, the well assignments, the daily calibration check) and its tests.
//
// Statuses (schemas/device.json): 0 in stock, 1 on a well, 2 under repair, 3 awaiting inspection
// or calibration, 4 scrapped. Events move an instrument on their own; a person editing the
// device form may only make the changes no event stands for (scrap it, send it for calibration,
// or take it back from calibration). Scrapped is final.

export const STATUS = { stock: 0, onSite: 1, repair: 2, calibration: 3, scrapped: 4 } as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];
export const STATUSES: readonly Status[] = [0, 1, 2, 3, 4];

/** What happens to an instrument. */
export type LifecycleEvent =
  /** Sent to a well (or moved to another). */
  | 'assign'
  /** Taken back from its well. */
  | 'remove'
  /** A repair record opened: sent to the repair shop. */
  | 'repairOpened'
  /** Its open repair record got its return time: back from the shop. */
  | 'repairReturned'
  /** Its last calibration is past its validity (the daily check). */
  | 'calibrationOverdue'
  /** A passed calibration was filed: its latest calibration is valid. */
  | 'calibrated'
  /** A failed calibration was filed: its latest calibration failed. */
  | 'calibrationFailed';

/**
 * Why a change cannot happen, as a key of `server.lifecycle.*`: scrapped (final), on a well
 * (remove it first), and the statuses an event gives that a person cannot set by hand.
 */
export type Refusal = 'scrapped' | 'onSite' | 'underRepair' | 'byAssignment' | 'byRepair' | 'byReturn';

export type Outcome = { to: Status } | { refused: Refusal } | { unchanged: true };

const isStatus = (value: unknown): value is Status => typeof value === 'number' && (STATUSES as readonly number[]).includes(value);

/**
 * The status an event leads to from `from`. `unchanged` when the event does not concern this
 * status (a repair returned while the instrument is not under repair; a calibration falling due
 * while it is on a well, where it is caught when it comes back). A status the schema does not
 * know is left alone.
 */
export function onEvent(from: unknown, event: LifecycleEvent): Outcome {
  if (!isStatus(from)) return { unchanged: true };
  if (from === STATUS.scrapped)
    return event === 'calibrationOverdue' || event === 'calibrated' || event === 'calibrationFailed' || event === 'remove'
      ? { unchanged: true }
      : { refused: 'scrapped' };
  switch (event) {
    case 'assign':
      // A repair must be returned first (the assignment's own refuse list says the same).
      return from === STATUS.repair ? { refused: 'underRepair' } : { to: STATUS.onSite };
    case 'remove':
      return from === STATUS.onSite ? { to: STATUS.stock } : { unchanged: true };
    case 'repairOpened':
      return from === STATUS.onSite ? { refused: 'onSite' } : { to: STATUS.repair };
    case 'repairReturned':
      return from === STATUS.repair ? { to: STATUS.stock } : { unchanged: true };
    case 'calibrationOverdue':
    case 'calibrationFailed':
      return from === STATUS.stock ? { to: STATUS.calibration } : { unchanged: true };
    case 'calibrated':
      return from === STATUS.calibration ? { to: STATUS.stock } : { unchanged: true };
  }
}

/**
 * The changes a person may make on the device form, from each status: what is not listed is
 * refused. Staying where it is is always allowed (an edit of other fields), except once scrapped.
 */
export const EDITS: Readonly<Record<Status, readonly Status[]>> = {
  0: [STATUS.calibration, STATUS.scrapped],
  1: [],
  2: [STATUS.scrapped],
  3: [STATUS.stock, STATUS.scrapped],
  4: [],
};

/** Whether a person may change the status from `from` to `to` by editing the instrument; why not otherwise. */
export function editOutcome(from: unknown, to: unknown): { allowed: true } | { refused: Refusal } {
  if (!isStatus(from) || !isStatus(to)) return { allowed: true };
  if (from === STATUS.scrapped) return { refused: 'scrapped' };
  if (from === to || EDITS[from].includes(to)) return { allowed: true };
  if (from === STATUS.onSite) return { refused: 'onSite' };
  if (to === STATUS.onSite) return { refused: 'byAssignment' };
  if (to === STATUS.repair) return { refused: 'byRepair' };
  return { refused: 'byReturn' };
}

/** The statuses from which an instrument cannot be sent to a well: what an assignment's refuse list must hold. */
export const notAssignable = (): Status[] => STATUSES.filter((status) => 'refused' in onEvent(status, 'assign'));
