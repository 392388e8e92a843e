// The time log's mechanism on small fixtures: clock times, the checks of a `timeLog` rule, the
// hours of a `logHours` value, rules about a list's rows, the footage of a well's reports, the
// days of a trip (an open one runs to today) and a well's figures; then the real daily report
// schema by what must hold of it.
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../kernel/schema/load-node';
import { clockMinutes, logHours, timeLogProblems } from '../../kernel/schema/time-log';
import { withComputed } from '../../kernel/schema/derive';
import { RecordValidator } from '../../kernel/schema/validation';
import type { ResourceSchema } from '../../kernel/schema/types';
import { createRegistry } from '../../kernel/schema/registry';
import { footages, tripDays } from '../../server/daily/time-log';
import { chartsOf } from '../../server/daily/charts';

const t = (key: string, options?: Record<string, unknown>) =>
  `${key}${
    options
      ? `(${Object.entries(options)
          .filter(([k]) => k !== '_')
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(',')})`
      : ''
  }`;
const rule = { from: 'from', to: 'to', coverWhen: { status: 'submitted' } };
const log = (...rows: [string, string, Record<string, unknown>?][]) => rows.map(([from, to, rest]) => ({ from, to, ...rest }));

describe('clock times', () => {
  it('reads HH:MM from 00:00 to 24:00 as minutes, and nothing else', () => {
    expect(['00:00', '07:30', '23:59', '24:00'].map(clockMinutes)).toEqual([0, 450, 1439, 1440]);
    expect(['24:01', '7:30', '12:60', '', 12, undefined].map(clockMinutes)).toEqual(Array(6).fill(undefined));
  });
});

describe('a timeLog rule', () => {
  it('finds a row ending before it starts, and a row overlapping an earlier one', () => {
    const data = { timeLog: log(['10:00', '09:00'], ['00:00', '06:00'], ['05:00', '08:00']) };
    expect(timeLogProblems(data, 'timeLog', rule)).toEqual([
      { reason: 'notAfter', index: 0, part: 'to' },
      { reason: 'overlaps', index: 2, part: 'from', other: 1 },
    ]);
  });

  it('asks a submitted day to run from 00:00 to 24:00 without a gap, and a draft not', () => {
    const timeLog = log(['01:00', '05:00'], ['06:00', '23:00']);
    expect(timeLogProblems({ timeLog, status: 'draft' }, 'timeLog', rule)).toEqual([]);
    expect(timeLogProblems({ timeLog, status: 'submitted' }, 'timeLog', rule).map((p) => p.reason)).toEqual([
      'startsLate',
      'gap',
      'endsEarly',
    ]);
    expect(timeLogProblems({ timeLog: [], status: 'submitted' }, 'timeLog', rule)).toEqual([{ reason: 'empty' }]);
    // A record written before it had a log is not held to one.
    expect(timeLogProblems({ status: 'submitted' }, 'timeLog', rule)).toEqual([]);
    const day = log(['12:00', '24:00'], ['00:00', '12:00']);
    expect(timeLogProblems({ timeLog: day, status: 'submitted' }, 'timeLog', rule)).toEqual([]);
  });
});

describe('logHours', () => {
  const spec = { list: 'timeLog', from: 'from', to: 'to', where: { activity: ['sliding', 'rotating'] } };
  it('adds up the hours of the matching rows on the step, and has none without a log', () => {
    const timeLog = log(
      ['00:00', '01:20', { activity: 'sliding' }],
      ['01:20', '03:00', { activity: 'rotating' }],
      ['03:00', '05:00', { activity: 'waiting' }],
    );
    expect(logHours({ timeLog }, spec, 0.1)).toBe(3);
    expect(logHours({ timeLog: log(['00:00', '00:20', { activity: 'sliding' }]) }, spec, 0.1)).toBe(0.3);
    expect(logHours({}, spec, 0.1)).toBeUndefined();
  });
});

const fixture: ResourceSchema = {
  $id: 'shift',
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['draft', 'submitted'] },
    log: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          from: { type: 'string' },
          to: { type: 'string' },
          kind: { type: 'string' },
          bad: { type: 'boolean' },
          why: { type: 'string' },
          low: { type: 'number' },
          high: { type: 'number' },
        },
      },
    },
    totals: {
      type: 'object',
      properties: {
        badHours: {
          type: 'number',
          readOnly: true,
          multipleOf: 0.1,
          'x-computed': { logHours: { list: 'log', from: 'from', to: 'to', where: { bad: [true] } } },
        },
      },
    },
  },
  'x-rules': [
    { field: 'log', timeLog: { from: 'from', to: 'to' } },
    { field: 'log.*.high', gte: 'log.*.low' },
    { field: 'log.*.why', requiredWhen: { 'log.*.bad': true } },
  ],
  'x-resource': {
    endpoints: {},
    list: { columns: ['id'], sortable: [], sort: { field: 'id', order: 'ASC' }, perPage: 10 },
    filters: [],
    recordRepresentation: 'id',
  },
};

describe('rules about the rows of a list', () => {
  const validator = new RecordValidator(createRegistry({ shift: fixture }, {}, { routes: [] }));
  it('checks each row on its own, under that row’s field', () => {
    const rows = [
      { from: '00:00', to: '02:00', low: 5, high: 3, bad: true },
      { from: '02:00', to: '03:00', low: 1, high: 2, bad: true, why: 'rain' },
      { from: '02:30', to: '04:00' },
    ];
    const problems = validator.check('shift', { log: rows }, 'en', t);
    expect(problems.map((p) => p.field)).toEqual(['log.2.from', 'log.0.high', 'log.0.why']);
    expect(problems[0].message).toContain('validation.time_log.overlaps(');
    expect(problems[0].message).toContain('other=2');
  });

  it('works out hours standing in a group', () => {
    const record = withComputed(fixture, { log: log(['00:00', '01:30', { bad: true }], ['01:30', '02:00']) });
    expect(record.totals).toEqual({ badHours: 1.5 });
  });
});

describe("a well's reports", () => {
  const report = (id: number, day: string, depth?: number, trip = 1) => ({
    id,
    version: 1,
    day,
    tripNumber: trip,
    efficiency: depth === undefined ? {} : { currentDepth: depth },
  });
  it('take their footage from the last depth before them, the first from its trip’s start depth', () => {
    const rows = [report(1, '2025-03-01', 1100), report(2, '2025-03-02'), report(3, '2025-03-03', 1180.25, 2)];
    const start = (trip: number) => (trip === 1 ? 1000 : 5000);
    expect([...footages(rows, start)]).toEqual([
      [1, 100],
      [2, undefined],
      [3, 80.25],
    ]);
  });

  it('fall on their trip’s days, an open trip’s running to today', () => {
    const trip = { id: 1, version: 1, startTime: '2025-03-02T08:00:00.000Z', endTime: '2025-03-05T20:00:00.000Z' };
    expect(tripDays(trip, '2026-01-01')).toMatchObject({ first: '2025-03-02', last: '2025-03-05' });
    expect(tripDays({ ...trip, endTime: '' }, '2026-01-01').last).toBe('2026-01-01');
    expect(tripDays({ ...trip, endTime: null }, '2026-01-01').last).toBe('2026-01-01');
  });

  it('give the well its NPT by category and cause, and its depth by day', () => {
    const npt = (from: string, to: string, nptCategory: string, nptCause: string) => ({ from, to, npt: true, nptCategory, nptCause });
    const rows = [
      {
        ...report(1, '2025-03-01', 1100),
        timeLog: [npt('00:00', '02:00', 'weather', 'thirdParty'), { from: '02:00', to: '05:00', npt: false }],
      },
      {
        ...report(2, '2025-03-02', 1200),
        timeLog: [npt('01:00', '01:30', 'weather', 'operator'), npt('03:00', '04:00', 'holeProblem', 'operator')],
      },
    ];
    expect(chartsOf({ id: 9, version: 1, designDepth: 2500 }, rows)).toEqual({
      designDepth: 2500,
      depth: [
        { day: '2025-03-01', depth: 1100 },
        { day: '2025-03-02', depth: 1200 },
      ],
      nptHours: 3.5,
      byCategory: [
        { key: 'weather', hours: 2.5 },
        { key: 'holeProblem', hours: 1 },
      ],
      byCause: [
        { key: 'thirdParty', hours: 2 },
        { key: 'operator', hours: 1.5 },
      ],
    });
  });
});

describe('the daily report schema', () => {
  const daily = loadRegistry().resources.daily;
  const efficiency = daily.properties!.efficiency.properties!;
  it('works out every hour figure from its time log, none typed', () => {
    for (const name of ['pureDrillingTime', 'circulatingTime', 'waitingTime', 'nptTime']) {
      expect(efficiency[name].readOnly).toBe(true);
      expect(efficiency[name]['x-computed']).toHaveProperty('logHours.list', 'timeLog');
    }
    expect(efficiency.dailyFootage.readOnly).toBe(true);
    expect((daily['x-rules'] ?? []).some((r) => r.sumAtMost)).toBe(false);
  });
});
