// Instrument hours since repair, due dates and the status lifecycle, as pure functions
// (kernel/fleet): the figures Home and the daily check rely on, and the transitions the server
// enforces.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CalibrationRow, calibrationState, defaultNextDue } from '../../kernel/fleet/calibration';
import { calibrationDue, dailyUse, dueOrder, dueStatus, intervalSpentOn, serviceDue, type DueItem } from '../../kernel/fleet/due';
import { hoursSince, latestTime, rollupsOf, sumAfter } from '../../kernel/fleet/hours';
import { EDITS, STATUS, STATUSES, editOutcome, notAssignable, onEvent } from '../../kernel/fleet/lifecycle';
import { loadRegistry } from '../../kernel/schema/load-node';

const spec = { resource: 'userecord', field: 'usetime', time: 'starttime', since: { resource: 'fitrecord', field: 'returnTime' } };
const run = (starttime: string | undefined, usetime: number) => ({ starttime, usetime });
const repair = (returnTime?: string) => ({ songTime: '2026-01-01T00:00:00Z', returnTime });

describe('hours since the last repair came back', () => {
  it('adds every run when the instrument was never repaired, or its repair is still open', () => {
    const runs = [run('2026-01-02T00:00:00Z', 10.5), run('2026-02-01T00:00:00Z', 20.2), run(undefined, 1)];
    expect(hoursSince(spec, runs, [], 0.1)).toBe(31.7);
    expect(hoursSince(spec, runs, [repair()], 0.1)).toBe(31.7);
  });

  it('adds only the runs started after the latest return time', () => {
    const runs = [run('2026-01-02T00:00:00Z', 10), run('2026-02-01T00:00:00Z', 20), run('2026-03-01T00:00:00Z', 5.5), run(undefined, 7)];
    expect(hoursSince(spec, runs, [repair('2026-01-15T00:00:00Z'), repair('2026-02-15T00:00:00Z'), repair()], 0.1)).toBe(5.5);
    // A run starting at the very moment of the return counts as before it.
    expect(hoursSince(spec, runs, [repair('2026-03-01T00:00:00Z')], 0.1)).toBe(0);
    expect(latestTime([repair('2026-01-15T00:00:00+08:00'), repair('2026-01-14T20:00:00Z')], 'returnTime')).toBe(
      Date.parse('2026-01-14T20:00:00Z'),
    );
  });

  it('is never more than the total and never negative, and ignores runs before the return (property)', () => {
    const time = fc.integer({ min: Date.parse('2020-01-01'), max: Date.parse('2030-01-01') }).map((ms) => new Date(ms).toISOString());
    fc.assert(
      fc.property(
        fc.array(fc.record({ starttime: time, usetime: fc.integer({ min: 0, max: 5000 }).map((n) => n / 10) })),
        fc.array(fc.option(time, { nil: undefined })),
        (runs, returns) => {
          const repairs = returns.map((returnTime) => repair(returnTime));
          const since = hoursSince(spec, runs, repairs, 0.1);
          const total = sumAfter(runs, 'usetime', 'starttime', undefined, 0.1);
          expect(since).toBeGreaterThanOrEqual(0);
          expect(since).toBeLessThanOrEqual(total);
          const latest = latestTime(repairs, 'returnTime');
          const expected = runs
            .filter((r) => latest === undefined || Date.parse(r.starttime) > latest)
            .reduce((sum, r) => sum + r.usetime, 0);
          expect(since).toBeCloseTo(expected, 6);
        },
      ),
    );
  });

  it('is declared on the instrument: its hours a sumOf, its hours since repair a sumSince, both read-only', () => {
    const registry = loadRegistry();
    const device = rollupsOf(registry).filter((r) => r.resource === 'device');
    expect(device.map((r) => [r.field, Object.keys(r.spec)[0], r.prop.readOnly])).toEqual(
      expect.arrayContaining([
        ['houring', 'sumSince', true],
        ['hour', 'sumOf', true],
      ]),
    );
  });
});

const NOW = new Date('2026-06-15T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const base = { now: NOW, runs: [] as { start: string; hours: number }[], hoursSinceRepair: 0 };
/** The state of an instrument calibrated (passed, valid 365 days) that many days before `now`. */
const calibratedAgo = (days: number, now = NOW) =>
  calibrationState([{ id: 1, date: daysAgo(days).slice(0, 10), result: 'passed', nextDue: defaultNextDue(daysAgo(days), 365) }], now, 14);

describe('due dates', () => {
  it('averages the daily use over the runs started in the last 90 days', () => {
    expect(
      dailyUse(
        [
          { start: daysAgo(10), hours: 90 },
          { start: daysAgo(89), hours: 90 },
          { start: daysAgo(91), hours: 500 },
          { start: 'x', hours: 3 },
        ],
        NOW,
      ),
    ).toBe(2);
  });

  it('service: due when the hours left would be used within 14 days at that rate, with the estimated day', () => {
    const runs = [{ start: daysAgo(30), hours: 180 }]; // 2 h a day
    expect(serviceDue({ ...base, runs, intervalHours: 300, hoursSinceRepair: 250 })).toMatchObject({
      state: 'ok',
      remainingHours: 50,
      dailyHours: 2,
      dueDate: '2026-07-10',
    });
    expect(serviceDue({ ...base, runs, intervalHours: 300, hoursSinceRepair: 280 })).toMatchObject({
      state: 'due',
      remainingHours: 20,
      dueDate: '2026-06-25',
    });
    expect(serviceDue({ ...base, runs, intervalHours: 300, hoursSinceRepair: 272 })).toMatchObject({ state: 'due', remainingHours: 28 });
    expect(serviceDue({ ...base, runs, intervalHours: 300, hoursSinceRepair: 271.9 })).toMatchObject({ state: 'ok', remainingHours: 28.1 });
    expect(serviceDue({ ...base, runs, intervalHours: 300, hoursSinceRepair: 300 })).toMatchObject({
      state: 'overdue',
      remainingHours: 0,
      dueDate: '2026-06-15',
    });
    expect(serviceDue({ ...base, runs, intervalHours: 300, hoursSinceRepair: 320.5 })).toMatchObject({
      state: 'overdue',
      remainingHours: -20.5,
      dueDate: '2026-06-05',
    });
  });

  it('service: unused lately, no estimate and never "due", only overdue; no interval for its type, nothing to say', () => {
    expect(serviceDue({ ...base, intervalHours: 300, hoursSinceRepair: 299 })).toEqual({
      state: 'ok',
      intervalHours: 300,
      remainingHours: 1,
      dailyHours: 0,
      intervals: [{ counter: 'hours', state: 'ok', interval: 300, used: 299, remaining: 1 }],
    });
    expect(serviceDue({ ...base, intervalHours: 300, hoursSinceRepair: 301 }).state).toBe('overdue');
    expect(serviceDue({ ...base, hoursSinceRepair: 10_000 }).state).toBe('unknown');
  });

  it('calibration: the state of the latest passed calibration, told as due, overdue, failed or never', () => {
    const passed = (date: string, nextDue?: string) => [{ id: 1, date, result: 'passed', nextDue: nextDue ?? defaultNextDue(date, 365) }];
    const state = (records: CalibrationRow[]) => calibrationState(records, NOW, 14);
    expect(calibrationDue({ calibration: state(passed(daysAgo(300))) })).toMatchObject({ state: 'ok', remainingDays: 65 });
    expect(calibrationDue({ calibration: state(passed(daysAgo(351))) })).toMatchObject({ state: 'due', remainingDays: 14 });
    // Valid through its last day, overdue from the day after.
    expect(calibrationDue({ calibration: state(passed('2025-06-01', '2026-06-15')) })).toMatchObject({
      state: 'due',
      dueDate: '2026-06-15',
      remainingDays: 0,
    });
    expect(calibrationDue({ calibration: state(passed('2025-06-01', '2026-06-14')) })).toMatchObject({
      state: 'overdue',
      remainingDays: -1,
    });
    expect(calibrationDue({ calibration: state([]) })).toEqual({ state: 'never' });
    expect(calibrationDue({})).toEqual({ state: 'unknown' });
  });

  it('the state only worsens as hours are used or days pass (property)', () => {
    const rank = { unknown: 0, ok: 0, due: 1, never: 1, overdue: 2, failed: 2 } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (used, more, interval, daily) => {
          const runs = [{ start: daysAgo(1), hours: daily }];
          const a = dueStatus({ ...base, runs, intervalHours: interval, hoursSinceRepair: used, calibration: calibratedAgo(used % 400) });
          const later = new Date(NOW.getTime() + more * 3_600_000);
          const b = dueStatus({
            ...base,
            now: later,
            runs,
            intervalHours: interval,
            hoursSinceRepair: used + more,
            calibration: calibratedAgo(used % 400, later),
          });
          expect(rank[b.service.state]).toBeGreaterThanOrEqual(rank[a.service.state]);
          expect(rank[b.calibration.state]).toBeGreaterThanOrEqual(rank[a.calibration.state]);
        },
      ),
    );
  });

  it('lists by urgency: overdue longest first (an unknown day first of all), then due soonest first, then by name', () => {
    const item = (name: string, overdue: boolean, dueDate?: string): DueItem => ({ id: name.length, name, overdue, dueDate });
    const sorted = [
      item('C', false, '2026-06-20'),
      item('B', true, '2026-06-01'),
      item('A', false),
      item('D', false, '2026-06-18'),
      item('E', true, '2026-05-01'),
      item('F', true),
    ].sort(dueOrder);
    expect(sorted.map((i) => i.name)).toEqual(['F', 'E', 'B', 'D', 'C', 'A']);
  });

  it('dates an overdue service by the day its runs since the repair used up the interval', () => {
    const runs = [
      { start: '2026-03-10T00:00:00Z', hours: 100 },
      { start: '2026-01-01T00:00:00Z', hours: 250 },
      { start: '2026-05-01T00:00:00Z', hours: 80 },
    ];
    // 250 h from 1 January, then the 50 h left of 300 ran out 50 h into the run of 10 March.
    expect(intervalSpentOn(runs, 300)).toBe('2026-03-12');
    expect(intervalSpentOn(runs, 500)).toBeUndefined();
    const input = { hoursSinceRepair: 430, intervalHours: 300, runs: [], now: NOW };
    expect(serviceDue(input)).toMatchObject({ state: 'overdue', remainingHours: -130 });
    expect(serviceDue(input).dueDate).toBeUndefined(); // unused lately: no rate to date it by
    expect(serviceDue({ ...input, sinceRepair: runs }).dueDate).toBe('2026-03-12');
  });
});

describe('status lifecycle', () => {
  it('follows the events: assigned → on site, removed → in stock, repair opened → under repair, returned → in stock', () => {
    expect(onEvent(STATUS.stock, 'assign')).toEqual({ to: STATUS.onSite });
    expect(onEvent(STATUS.onSite, 'remove')).toEqual({ to: STATUS.stock });
    expect(onEvent(STATUS.stock, 'repairOpened')).toEqual({ to: STATUS.repair });
    expect(onEvent(STATUS.calibration, 'repairOpened')).toEqual({ to: STATUS.repair });
    expect(onEvent(STATUS.repair, 'repairReturned')).toEqual({ to: STATUS.stock });
    expect(onEvent(STATUS.stock, 'calibrationOverdue')).toEqual({ to: STATUS.calibration });
    expect(onEvent(STATUS.calibration, 'calibrated')).toEqual({ to: STATUS.stock });
  });

  it('refuses what cannot happen, saying why', () => {
    for (const event of ['assign', 'repairOpened'] as const) expect(onEvent(STATUS.scrapped, event)).toEqual({ refused: 'scrapped' });
    expect(onEvent(STATUS.onSite, 'repairOpened')).toEqual({ refused: 'onSite' });
    expect(onEvent(STATUS.repair, 'assign')).toEqual({ refused: 'underRepair' });
    expect(editOutcome(STATUS.onSite, STATUS.scrapped)).toEqual({ refused: 'onSite' });
    expect(editOutcome(STATUS.scrapped, STATUS.stock)).toEqual({ refused: 'scrapped' });
    expect(editOutcome(STATUS.scrapped, STATUS.scrapped)).toEqual({ refused: 'scrapped' });
    expect(editOutcome(STATUS.stock, STATUS.onSite)).toEqual({ refused: 'byAssignment' });
    expect(editOutcome(STATUS.stock, STATUS.repair)).toEqual({ refused: 'byRepair' });
    expect(editOutcome(STATUS.repair, STATUS.stock)).toEqual({ refused: 'byReturn' });
  });

  it('leaves alone what an event does not concern', () => {
    expect(onEvent(STATUS.onSite, 'calibrationOverdue')).toEqual({ unchanged: true });
    expect(onEvent(STATUS.stock, 'repairReturned')).toEqual({ unchanged: true });
    expect(onEvent(STATUS.stock, 'calibrated')).toEqual({ unchanged: true });
    expect(onEvent(STATUS.scrapped, 'calibrationOverdue')).toEqual({ unchanged: true });
  });

  it('scrapped is final, and nothing but an edit leads to it (property)', () => {
    const events = ['assign', 'remove', 'repairOpened', 'repairReturned', 'calibrationOverdue', 'calibrated'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...STATUSES),
        fc.array(fc.oneof(fc.constantFrom(...events), fc.constantFrom(...STATUSES))),
        (start, steps) => {
          let status = start;
          for (const step of steps) {
            const before = status;
            if (typeof step === 'string') {
              const outcome = onEvent(status, step);
              if ('to' in outcome) status = outcome.to;
              // No event scraps an instrument.
              if (before !== STATUS.scrapped) expect(status).not.toBe(STATUS.scrapped);
            } else if ('allowed' in editOutcome(status, step)) status = step;
            if (before === STATUS.scrapped) expect(status).toBe(STATUS.scrapped);
          }
        },
      ),
    );
  });

  it('edits allow only the table; staying put is an edit of other fields', () => {
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        const allowed = from !== STATUS.scrapped && (from === to || EDITS[from].includes(to));
        expect('allowed' in editOutcome(from, to), `${from} → ${to}`).toBe(allowed);
      }
    }
  });

  it('the well assignment refuses exactly the statuses the table refuses', () => {
    const registry = loadRegistry();
    const refuse = registry.resources.projectdevice['x-resource'].assign?.refuse?.status;
    expect([...(refuse ?? [])].sort()).toEqual(notAssignable());
    // Sent to a well it is on site, on the well; taken back, in stock and in transit.
    expect(registry.resources.projectdevice['x-resource'].assign?.onAssign).toEqual({ status: STATUS.onSite, location: 'well' });
    expect(registry.resources.projectdevice['x-resource'].assign?.onRemove).toEqual({ status: STATUS.stock, location: 'transit' });
  });
});
