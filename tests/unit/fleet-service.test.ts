// The service intervals of a type (kernel/fleet/service.ts): hours, days and runs since the last
// service, each due on its own, the instrument due as soon as one is; and which counters a repair resets.
import { describe, expect, it } from 'vitest';
import { intervalsDue, resetsOf, worstOf, type ServiceInput } from '../../kernel/fleet/service';

const now = new Date('2026-06-30T12:00:00Z');
const daysAgo = (days: number, hour = 8) => new Date(Date.UTC(2026, 5, 30 - days, hour)).toISOString();
/** A run every `every` days over the last `count` runs, `hours` each. */
const runsEvery = (every: number, count: number, hours = 10) =>
  Array.from({ length: count }, (_, i) => ({ start: daysAgo((count - i) * every), hours }));

const input = (over: Partial<ServiceInput>): ServiceInput => ({
  intervals: {},
  counters: { hours: 0, runs: [] },
  recent: [],
  now,
  horizonDays: 14,
  windowDays: 90,
  ...over,
});

describe('service intervals', () => {
  it('a type without intervals has nothing due', () => {
    expect(intervalsDue(input({}))).toEqual([]);
    expect(worstOf([])).toEqual({ state: 'unknown' });
  });

  it('days: due within the horizon of the day the interval ends, overdue from it, counted from the last service', () => {
    const days = (from: string) => intervalsDue(input({ intervals: { days: 180 }, counters: { hours: 0, runs: [], daysFrom: from } }))[0];
    expect(days(daysAgo(100))).toMatchObject({ counter: 'days', state: 'ok', used: 100, remaining: 80, dueDate: '2026-09-18' });
    expect(days(daysAgo(166))).toMatchObject({ state: 'due', remaining: 14 });
    expect(days(daysAgo(165))).toMatchObject({ state: 'ok', remaining: 15 });
    expect(days(daysAgo(181))).toMatchObject({ state: 'overdue', remaining: -1, dueDate: '2026-06-29' });
    // Nothing to count from: not known, never listed.
    expect(intervalsDue(input({ intervals: { days: 180 } }))[0]).toMatchObject({ state: 'unknown' });
  });

  it('runs: overdue once that many runs started since the service, dated by the run that used it up; due at the recent rate', () => {
    const recent = runsEvery(3, 30); // a run every 3 days: 30 runs in 90 days
    const since = recent.slice(-12);
    const [runs] = intervalsDue(input({ intervals: { runs: 12 }, counters: { hours: 0, runs: since }, recent }));
    expect(runs).toMatchObject({ counter: 'runs', state: 'overdue', used: 12, remaining: 0, dueDate: since[11].start.slice(0, 10) });
    const [soon] = intervalsDue(input({ intervals: { runs: 16 }, counters: { hours: 0, runs: since }, recent }));
    // 4 runs left at 1 run per 3 days: 12 days, within 14.
    expect(soon).toMatchObject({ state: 'due', remaining: 4, dueDate: '2026-07-12' });
    const [later] = intervalsDue(input({ intervals: { runs: 20 }, counters: { hours: 0, runs: since }, recent }));
    expect(later).toMatchObject({ state: 'ok', remaining: 8 });
  });

  it('each interval falls due on its own; the instrument takes the most urgent, dated by the earliest of them', () => {
    const recent = runsEvery(3, 30, 4);
    const due = intervalsDue(
      input({
        intervals: { hours: 500, days: 30, runs: 100 },
        counters: { hours: 120, runs: recent.slice(-20), daysFrom: daysAgo(40) },
        recent,
      }),
    );
    expect(due.map((d) => [d.counter, d.state])).toEqual([
      ['hours', 'ok'],
      ['days', 'overdue'],
      ['runs', 'ok'],
    ]);
    expect(worstOf(due)).toEqual({ state: 'overdue', dueDate: '2026-06-20' });
    const twoDue = [
      { counter: 'hours' as const, state: 'due' as const, interval: 1, used: 0, remaining: 1, dueDate: '2026-07-09' },
      { counter: 'runs' as const, state: 'due' as const, interval: 1, used: 0, remaining: 1, dueDate: '2026-07-03' },
      { counter: 'days' as const, state: 'ok' as const, interval: 1, used: 0, remaining: 1, dueDate: '2026-07-01' },
    ];
    expect(worstOf(twoDue)).toEqual({ state: 'due', dueDate: '2026-07-03' });
  });

  it('a repair resets the counters it names; one from before the list resets them all', () => {
    expect(resetsOf(undefined)).toEqual(['hours', 'days', 'runs']);
    expect(resetsOf(['runs', 'hours'])).toEqual(['hours', 'runs']);
    expect(resetsOf([])).toEqual([]);
  });
});
