// The kernel of open runs and reliability figures: a run with a start and no end counts its hours up
// to the `now` given (never the clock), what it adds to a stored total, the share since a repair,
// failures per 1,000 h and MTBF, and the Pareto of free-text reasons.
import { describe, expect, it } from 'vitest';
import { hoursTo, isOpenRun, liveHours, openExtra, openExtraOf, openExtraSince, runFieldsOf } from '../../kernel/fleet/open-runs';
import { mergeGroups, paretoOf, reasonKey, reliabilityFigures } from '../../kernel/fleet/reliability';
import { loadRegistry } from '../../kernel/schema/load-node';

const registry = loadRegistry();

const NOW = new Date('2025-06-01T12:00:00Z');
const FIELDS = { start: 'starttime', end: 'endtime', hours: 'usetime' };
const closed = { starttime: '2025-05-01T00:00:00Z', endtime: '2025-05-02T00:00:00Z', usetime: 24 };
const open = { starttime: '2025-05-31T00:00:00Z' };
const openTyped = { starttime: '2025-05-31T00:00:00Z', usetime: 10 };

describe('open runs', () => {
  it('reads the run fields from the hours worked out between two times, and nothing from another field', () => {
    expect(runFieldsOf(registry.resources.userecord, 'usetime')).toEqual(FIELDS);
    expect(runFieldsOf(registry.resources.userecord, 'startcl')).toBeUndefined();
    expect(runFieldsOf(undefined, 'usetime')).toBeUndefined();
  });

  it('is open with a start time and no end time', () => {
    expect(isOpenRun(open, FIELDS)).toBe(true);
    expect(isOpenRun({ ...open, endtime: '' }, FIELDS)).toBe(true);
    expect(isOpenRun(closed, FIELDS)).toBe(false);
    expect(isOpenRun({ usetime: 5 }, FIELDS)).toBe(false);
    expect(isOpenRun({ starttime: 'not a time' }, FIELDS)).toBe(false);
  });

  it('counts hours up to the now given, never below 0', () => {
    expect(hoursTo('2025-05-31T00:00:00Z', NOW)).toBe(36);
    expect(hoursTo('2025-06-02T00:00:00Z', NOW)).toBe(0);
    expect(hoursTo(undefined, NOW)).toBe(0);
  });

  it('counts an open run to now and a closed one by its stored hours', () => {
    expect(liveHours(open, FIELDS, NOW)).toBe(36);
    expect(liveHours(openTyped, FIELDS, NOW)).toBe(36);
    expect(liveHours(closed, FIELDS, NOW)).toBe(24);
    expect(liveHours({ ...closed, usetime: undefined }, FIELDS, NOW)).toBe(0);
  });

  it('adds to a stored total what an open run ran beyond its stored hours, nothing for a closed one', () => {
    expect(openExtra(open, FIELDS, NOW)).toBe(36);
    expect(openExtra(openTyped, FIELDS, NOW)).toBe(26);
    expect(openExtra(closed, FIELDS, NOW)).toBe(0);
    expect(openExtraOf([open, openTyped, closed], FIELDS, NOW)).toBe(62);
  });

  it('adds since a repair only the open runs started after it came back', () => {
    const earlier = { starttime: '2025-04-01T00:00:00Z' };
    const back = Date.parse('2025-05-01T00:00:00Z');
    expect(openExtraSince([open, earlier], FIELDS, back, NOW)).toBe(36);
    expect(openExtraSince([open, earlier], FIELDS, undefined, NOW)).toBe(36 + hoursTo(earlier.starttime, NOW));
    expect(openExtraSince([open], FIELDS, Date.parse(open.starttime), NOW)).toBe(0);
  });
});

describe('reliability figures', () => {
  it('works out failures per 1,000 h and the mean time between failures, on hundredths', () => {
    expect(reliabilityFigures(10, 3, 1234.5678)).toEqual({ runs: 10, failures: 3, hours: 1234.57, perThousandHours: 2.43, mtbf: 411.52 });
  });

  it('has no rate without hours and no MTBF without failures', () => {
    expect(reliabilityFigures(2, 0, 0)).toEqual({ runs: 2, failures: 0, hours: 0, perThousandHours: null, mtbf: null });
    expect(reliabilityFigures(1, 1, 0)).toMatchObject({ perThousandHours: null, mtbf: 0 });
  });

  it('adds up the groups of one value', () => {
    expect(
      mergeGroups([
        { value: 1, runs: 2, failures: 1, hours: 10 },
        { value: null, runs: 1, failures: 0, hours: 5 },
        { value: 1, runs: 0, failures: 0, hours: 2.5 },
      ]),
    ).toEqual([
      { value: 1, runs: 2, failures: 1, hours: 12.5 },
      { value: null, runs: 1, failures: 0, hours: 5 },
    ]);
  });
});

describe('the Pareto of reasons', () => {
  it('puts reasons together whatever their case and spacing, and none for empty text', () => {
    expect(reasonKey('  Pulser   JAMMED\t')).toBe('pulser jammed');
    expect(reasonKey('Ｐulser jammed')).toBe('pulser jammed');
    expect(reasonKey('   ')).toBeNull();
    expect(reasonKey(null)).toBeNull();
  });

  it('counts most first, names each by its most frequent spelling, and gives the cumulative share', () => {
    expect(
      paretoOf([
        { value: 'battery flat', count: 1 },
        { value: 'Battery  flat', count: 2 },
        { value: 'Seal leak', count: 1 },
        { value: null, count: 1 },
        { value: 'pulser jammed', count: 3 },
        { value: ' ', count: 1 },
        { value: 'never', count: 0 },
      ]),
    ).toEqual([
      { value: 'Battery flat', count: 3, cumulative: 33.3 },
      { value: 'pulser jammed', count: 3, cumulative: 66.7 },
      { value: null, count: 2, cumulative: 88.9 },
      { value: 'Seal leak', count: 1, cumulative: 100 },
    ]);
  });

  it('is empty without counts', () => {
    expect(paretoOf([])).toEqual([]);
  });
});
