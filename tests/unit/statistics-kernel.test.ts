// The pure rules of statistics both sides follow: a histogram's ranges, the window of "expiring
// within N days", the last months of a per-month entry and the UTC month of a time, months of
// runs with the gaps filled, which field names a record's owner, and each entry's kind and key.
import { describe, expect, it } from 'vitest';
import {
  binRanges,
  daysUntil,
  endOfDay,
  entryKey,
  entryKind,
  expiryWindow,
  monthMeasure,
  monthSeries,
  monthWindow,
  ownerField,
  round2,
  utcMonth,
} from '../../kernel/schema/statistics';
import type { ResourceSchema } from '../../kernel/schema/types';

describe('histogram ranges', () => {
  it('go from each bound to the next, the last one open', () => {
    expect(binRanges([0, 100, 500])).toEqual([
      { from: 0, to: 100 },
      { from: 100, to: 500 },
      { from: 500, to: null },
    ]);
    expect(binRanges([5])).toEqual([{ from: 5, to: null }]);
  });
});

describe('the expiry window', () => {
  const now = new Date('2025-01-20T23:30:00Z');

  it('runs from today to the day `days` later, as UTC dates, across months and years', () => {
    expect(expiryWindow(now, 30)).toEqual({ from: '2025-01-20', to: '2025-02-19' });
    expect(expiryWindow(new Date('2024-12-15T00:00:00Z'), 30)).toEqual({ from: '2024-12-15', to: '2025-01-14' });
  });

  it('ends after every date-time of its last day and after the date itself, as text compares', () => {
    const end = endOfDay('2025-02-19');
    for (const inside of ['2025-02-19', '2025-02-19T00:00:00.000Z', '2025-02-19T23:59:59.999Z']) expect(inside <= end, inside).toBe(true);
    expect('2025-02-20' <= end).toBe(false);
    expect('2025-02-20T00:00:00.000Z' <= end).toBe(false);
  });

  it('counts whole days to a date or a date-time, negative once past', () => {
    expect(daysUntil('2025-01-20', now)).toBe(0);
    expect(daysUntil('2025-02-19T08:00:00Z', now)).toBe(30);
    expect(daysUntil('2025-01-18', now)).toBe(-2);
  });
});

describe('the months of a per-month entry', () => {
  it('are the last ones up to the current UTC month, oldest first, across years', () => {
    expect(monthWindow(new Date('2025-02-10T08:00:00Z'), 4)).toEqual({
      months: ['2024-11', '2024-12', '2025-01', '2025-02'],
      from: '2024-11-01',
      to: '2025-02-28',
      after: '2024-10-30',
      before: '2025-03-02T23:59:59.999Z',
    });
    // Still the last day of June in UTC, though already July east of Greenwich.
    expect(monthWindow(new Date('2025-06-30T23:30:00Z'), 1)).toMatchObject({ months: ['2025-06'], from: '2025-06-01', to: '2025-06-30' });
    expect(monthWindow(new Date('2024-03-01T00:00:00Z'), 2)).toMatchObject({
      months: ['2024-02', '2024-03'],
      from: '2024-02-01',
      to: '2024-03-31',
    });
  });

  it('take in, by their text, every time whose UTC month is one of them, whatever its offset', () => {
    const { after, before } = monthWindow(new Date('2025-06-10T00:00:00Z'), 1);
    for (const inside of [
      '2025-06-01T15:00:00+14:00',
      '2025-05-31T23:00:00-12:00',
      '2025-06-30T09:00:00-14:00',
      '2025-07-01t01:00:00+08',
      '2025-06-01',
      '2025-06-30',
    ]) {
      expect(utcMonth(inside), inside).toBe('2025-06');
      expect(inside >= after && inside <= before, inside).toBe(true);
    }
  });

  it('put a date in its own month and a date-time in its UTC month, in every form format date-time allows', () => {
    expect(utcMonth('2025-06-01')).toBe('2025-06');
    expect(utcMonth('2025-06-01T01:00:00+08:00')).toBe('2025-05');
    expect(utcMonth('2025-06-30T23:00:00-05:00')).toBe('2025-07');
    expect(utcMonth('2025-04-30T23:30:00.250-02')).toBe('2025-05');
    expect(utcMonth('2025-12-31 23:00:00-0130')).toBe('2026-01');
    expect(utcMonth('2025-04-01t00:00:00z')).toBe('2025-04');
    expect(utcMonth('2025-04-01T00:00:00Z')).toBe('2025-04');
    for (const nothing of ['June', '2025-06', '', 20250601, null, undefined]) expect(utcMonth(nothing), String(nothing)).toBeNull();
  });

  it('measure the sum or the average of a field, or nothing but the count', () => {
    expect(monthMeasure({ date: 'd', months: 1, sum: 'f' })).toEqual({ kind: 'sum', field: 'f' });
    expect(monthMeasure({ date: 'd', months: 1, average: 'g' })).toEqual({ kind: 'average', field: 'g' });
    expect(monthMeasure({ date: 'd', months: 1 })).toBeUndefined();
  });
});

describe('runs month by month', () => {
  it('fills the months between the first and the last with zeros, in order', () => {
    expect(
      monthSeries([
        { month: '2025-02', runs: 1, hours: 3.333 },
        { month: '2024-11', runs: 2, hours: 10 },
      ]),
    ).toEqual({ timeData: ['2024-11', '2024-12', '2025-01', '2025-02'], tangData: [2, 0, 0, 1], hourData: [10, 0, 0, 3.33] });
  });

  it('answers one month as it is, nothing for no runs, and leaves out labels that are no month', () => {
    expect(monthSeries([{ month: '2025-03', runs: 4, hours: 8 }])).toEqual({ timeData: ['2025-03'], tangData: [4], hourData: [8] });
    expect(monthSeries([])).toEqual({ timeData: [], tangData: [], hourData: [] });
    expect(monthSeries([{ month: 'soon', runs: 1, hours: 1 }]).timeData).toEqual([]);
  });

  it('lists only the months with runs when they lie decades apart', () => {
    const series = monthSeries([
      { month: '1990-01', runs: 1, hours: 1 },
      { month: '2025-01', runs: 1, hours: 1 },
    ]);
    expect(series.timeData).toEqual(['1990-01', '2025-01']);
  });

  it('rounds sums to hundredths', () => {
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(1234.5678)).toBe(1234.57);
  });
});

const schema = (id: string, properties: ResourceSchema['properties'], parent?: { resource: string; field: string }): ResourceSchema => ({
  $id: id,
  properties,
  'x-resource': {
    endpoints: {},
    list: { columns: [], sortable: [], sort: { field: 'id', order: 'ASC' }, perPage: 10 },
    filters: [],
    recordRepresentation: 'id',
    parent,
  },
});

describe('the owner of an expiring record', () => {
  it('is its parent field, else its first reference to the owner', () => {
    const cert = schema(
      'cert',
      { holder: { type: 'integer', 'x-ref': 'staff' }, staff: { type: 'integer', 'x-ref': 'staff' } },
      { resource: 'staff', field: 'staff' },
    );
    expect(ownerField(cert, 'staff')).toBe('staff');
    expect(ownerField(schema('cert', { holder: { type: 'integer', 'x-ref': 'staff' } }), 'staff')).toBe('holder');
    expect(ownerField(schema('cert', { crew: { type: 'integer', 'x-ref': 'crew' } }), 'staff')).toBeUndefined();
  });
});

describe('entry kinds', () => {
  it('are told by their keyword, in the schema and in the answer alike', () => {
    expect(entryKind({ groupBy: 'type' })).toBe('groupBy');
    expect(entryKind({ histogram: 'hour', bins: [0] })).toBe('histogram');
    expect(entryKind({ expiring: { resource: 'c', field: 'f', days: 1 } })).toBe('expiring');
    expect(entryKind({ perMonth: { date: 'd', months: 3 } })).toBe('perMonth');
    expect(entryKind({ perMonth: { date: 'd', months: 3 }, total: 0, months: [] })).toBe('perMonth');
  });

  it('have keys that tell apart entries of one field counted, added up, of another resource, or by month', () => {
    const entries = [
      { groupBy: 'crew' },
      { groupBy: 'crew', resource: 'project' },
      { groupBy: 'crew', resource: 'project', sum: 'footage' },
      { histogram: 'hours', bins: [0] },
      { expiring: { resource: 'cert', field: 'expires', days: 30 } },
      { perMonth: { resource: 'trip', date: 'end', months: 12 } },
      { perMonth: { resource: 'trip', date: 'end', months: 12, sum: 'footage' } },
      { perMonth: { resource: 'trip', date: 'end', months: 12, average: 'footage' } },
    ];
    const keys = entries.map(entryKey);
    expect(new Set(keys).size).toBe(entries.length);
    // A plain count keeps the field's name; an answer has its entry's key.
    expect(keys[0]).toBe('crew');
    expect(entryKey({ groupBy: 'crew', resource: 'project', sum: 'footage', total: 0, sumTotal: 0, buckets: [] })).toBe(keys[2]);
  });
});
