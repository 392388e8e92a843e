// Whether an instrument is fit to be sent out, from its calibration and service states, and the
// order the pickers offer instruments in.
import { describe, expect, it } from 'vitest';
import { calibrationState } from '../../kernel/fleet/calibration';
import { readiness, unfitReasons } from '../../kernel/fleet/fitness';

const now = new Date('2026-11-01T08:00:00Z');
const state = (records: { id: number; date: string; result: string; nextDue?: string }[]) => calibrationState(records, now, 14);

describe('unfit reasons', () => {
  it('names each calibration state that stops a tool, and an overdue service, with the day it took effect', () => {
    expect(unfitReasons(state([]), undefined)).toEqual([{ reason: 'calibrationNever' }]);
    expect(unfitReasons(state([{ id: 1, date: '2025-01-01', result: 'passed', nextDue: '2026-01-01' }]), undefined)).toEqual([
      { reason: 'calibrationOverdue', since: '2026-01-01' },
    ]);
    expect(unfitReasons(state([{ id: 1, date: '2026-10-01', result: 'failed' }]), undefined)).toEqual([
      { reason: 'calibrationFailed', since: '2026-10-01' },
    ]);
    const valid = state([{ id: 1, date: '2026-10-01', result: 'passed', nextDue: '2027-10-01' }]);
    expect(unfitReasons(valid, { state: 'ok' })).toEqual([]);
    // Due soon is still fit: it goes without a reason.
    expect(unfitReasons(state([{ id: 1, date: '2025-11-05', result: 'passed', nextDue: '2026-11-05' }]), { state: 'due' })).toEqual([]);
    expect(unfitReasons(valid, { state: 'overdue', dueDate: '2026-10-20' })).toEqual([{ reason: 'serviceOverdue', since: '2026-10-20' }]);
    // Where no calibrations are kept, only the service counts.
    expect(unfitReasons(undefined, undefined)).toEqual([]);
  });

  it('ranks ready before due soon before unfit or waiting before refused', () => {
    const unfit = [{ reason: 'calibrationNever' as const }];
    expect([readiness([], false, false, false), readiness([], true, false, false), readiness(unfit, false, false, false)]).toEqual([
      0, 1, 2,
    ]);
    expect(readiness([], false, true, false)).toBe(2);
    expect(readiness([], false, false, true)).toBe(3);
  });
});
