// The period of a scheduled job (kernel/schedule/period): the fields each type uses, the problems
// of a period, the period in words in the four languages, and the next run — intervals counted
// from the previous run, calendar periods on the wall clock across month ends, leap years and
// daylight-saving changes.
import fc from 'fast-check';
import Polyglot from 'node-polyglot';
import { describe, expect, it } from 'vitest';
import {
  nextRun,
  PERIOD_TYPES,
  periodFields,
  periodProblems,
  periodText,
  type Period,
  type PeriodType,
} from '../../kernel/schedule/period';
import { ourMessages, type MessageLanguage } from '../messages';

const LANGUAGES: MessageLanguage[] = ['en', 'es', 'ja', 'zh'];
function translator(language: MessageLanguage) {
  const polyglot = new Polyglot({ phrases: ourMessages(language), locale: language, allowMissing: true });
  return (key: string, options?: Record<string, unknown>) => polyglot.t(key, options);
}
const english = translator('en');
const spanish = translator('es');
const japanese = translator('ja');

const NEW_YORK = 'America/New_York';
const MADRID = 'Europe/Madrid';
const ZONES = ['UTC', NEW_YORK, MADRID, 'Asia/Shanghai', 'Australia/Sydney', 'Australia/Lord_Howe', 'America/Santiago'];

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();
const daily = (hour: number, minute: number, second: number): Period => ({ type: 5, hour, minute, second });
const monthly = (day: number, hour = 23, minute = 0, second = 0): Period => ({ type: 7, day, hour, minute, second });

/** The runs after `after`, one after the other. */
function runs(period: Period, after: Date, timeZone: string, count: number): Date[] {
  const out: Date[] = [];
  let previous = after;
  for (let i = 0; i < count; i++) out.push((previous = nextRun(period, previous, timeZone)));
  return out;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The wall clock of an instant in a zone; weekday 1 Monday … 7 Sunday. */
function wall(date: Date, timeZone: string): WallTime {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    weekday: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const part = Object.fromEntries(format.formatToParts(date).map(({ type, value }) => [type, value]));
  return {
    year: Number(part.year),
    month: Number(part.month),
    day: Number(part.day),
    hour: Number(part.hour),
    minute: Number(part.minute),
    second: Number(part.second),
    weekday: WEEKDAYS.indexOf(part.weekday) + 1,
  };
}

const localIso = (date: Date, timeZone: string) => {
  const w = wall(date, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
};

/** Whether a wall-clock time occurs on a date in a zone (it does not inside a spring-forward gap). */
function wallTimeExists(year: number, month: number, day: number, hour: number, minute: number, second: number, timeZone: string): boolean {
  const naive = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetAt = (instant: number) => {
    const w = wall(new Date(instant), timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
  };
  return [naive - offsetAt(naive - 86_400_000), naive - offsetAt(naive + 86_400_000)].some((candidate) => {
    const w = wall(new Date(candidate), timeZone);
    return w.year === year && w.month === month && w.day === day && w.hour === hour && w.minute === minute && w.second === second;
  });
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const validPeriod = (types: readonly PeriodType[] = PERIOD_TYPES): fc.Arbitrary<Period> =>
  fc
    .constantFrom(...types)
    .chain((type) =>
      fc
        .record(Object.fromEntries(periodFields(type).map(({ field, min, max }) => [field, fc.integer({ min, max })])))
        .map((fields) => ({ type, ...fields }) as Period),
    );
const instant = fc.date({ min: at('2000-01-01T00:00:00Z'), max: at('2040-12-31T00:00:00Z'), noInvalidDate: true });

describe('periodFields', () => {
  it('gives each interval its one count, from 1', () => {
    expect(periodFields(1)).toEqual([{ field: 'second', min: 1, max: 59 }]);
    expect(periodFields(2)).toEqual([{ field: 'minute', min: 1, max: 59 }]);
    expect(periodFields(3)).toEqual([{ field: 'hour', min: 1, max: 23 }]);
    expect(periodFields(4)).toEqual([{ field: 'day', min: 1, max: 31 }]);
  });

  it('gives calendar periods their day or weekday first, then the time of day from 0', () => {
    const timeOfDay = [
      { field: 'hour', min: 0, max: 23 },
      { field: 'minute', min: 0, max: 59 },
      { field: 'second', min: 0, max: 59 },
    ];
    expect(periodFields(5)).toEqual(timeOfDay);
    expect(periodFields(6)).toEqual([{ field: 'week', min: 1, max: 7 }, ...timeOfDay]);
    expect(periodFields(7)).toEqual([{ field: 'day', min: 1, max: 31 }, ...timeOfDay]);
  });

  it('hands out a copy a caller may change', () => {
    periodFields(6)[0].max = 99;
    periodFields(6).pop();
    expect(periodFields(6)[0]).toEqual({ field: 'week', min: 1, max: 7 });
    expect(periodFields(6)).toHaveLength(4);
  });
});

describe('periodProblems', () => {
  it('finds nothing wrong with any period whose used fields are in range', () => {
    fc.assert(
      fc.property(validPeriod(), (period) => {
        expect(periodProblems(period)).toEqual([]);
      }),
    );
  });

  it('accepts both ends of every range and refuses one past each', () => {
    for (const type of PERIOD_TYPES) {
      const fields = periodFields(type);
      const lowest = Object.fromEntries(fields.map(({ field, min }) => [field, min]));
      const highest = Object.fromEntries(fields.map(({ field, max }) => [field, max]));
      expect(periodProblems({ type, ...lowest })).toEqual([]);
      expect(periodProblems({ type, ...highest })).toEqual([]);
      for (const { field, min, max } of fields) {
        expect(periodProblems({ type, ...lowest, [field]: min - 1 })).toEqual([{ field, reason: 'outOfRange', min, max }]);
        expect(periodProblems({ type, ...highest, [field]: max + 1 })).toEqual([{ field, reason: 'outOfRange', min, max }]);
      }
    }
  });

  it('refuses a missing or unknown type, and then says nothing of the fields', () => {
    expect(periodProblems({ minute: 5 })).toEqual([{ field: 'type', reason: 'required' }]);
    expect(periodProblems({ type: null, minute: 5 })).toEqual([{ field: 'type', reason: 'required' }]);
    for (const type of [0, 8, -1, 2.5, '2', 'daily', true]) {
      expect(periodProblems({ type, minute: 5 })).toEqual([{ field: 'type', reason: 'unknownType' }]);
    }
  });

  it('names each used field that is missing, fractional or not a number, in form order', () => {
    expect(periodProblems({ type: 6, week: 1, hour: 8 })).toEqual([
      { field: 'minute', reason: 'required' },
      { field: 'second', reason: 'required' },
    ]);
    expect(periodProblems({ type: 5, hour: null, minute: '', second: 0 })).toEqual([
      { field: 'hour', reason: 'required' },
      { field: 'minute', reason: 'required' },
    ]);
    expect(periodProblems({ type: 7, day: 1.5, hour: '8', minute: Number.NaN, second: Infinity })).toEqual([
      { field: 'day', reason: 'notWholeNumber' },
      { field: 'hour', reason: 'notWholeNumber' },
      { field: 'minute', reason: 'notWholeNumber' },
      { field: 'second', reason: 'notWholeNumber' },
    ]);
    expect(periodProblems({ type: 2, minute: 0 })).toEqual([{ field: 'minute', reason: 'outOfRange', min: 1, max: 59 }]);
    expect(periodProblems({ type: 5, hour: 24, minute: 0, second: 60 })).toEqual([
      { field: 'hour', reason: 'outOfRange', min: 0, max: 23 },
      { field: 'second', reason: 'outOfRange', min: 0, max: 59 },
    ]);
  });

  it('ignores the fields a type does not use, whatever they hold', () => {
    expect(periodProblems({ type: 1, second: 10, week: 99, day: 'x', hour: -4, minute: 2.5 })).toEqual([]);
    expect(periodProblems({ type: 6, week: 7, hour: 0, minute: 0, second: 0, day: 400 })).toEqual([]);
    expect(periodProblems({ type: 4, day: 31, hour: 99, minute: null })).toEqual([]);
  });

  it('gives reasons every language translates, with the range in the words', () => {
    const reasons = new Set(['required', 'unknownType', 'notWholeNumber', 'outOfRange']);
    const found = [...periodProblems({}), ...periodProblems({ type: 9 }), ...periodProblems({ type: 5, hour: 1.5, minute: 99 })].map(
      (problem) => problem.reason,
    );
    expect(new Set(found)).toEqual(reasons);
    for (const language of LANGUAGES) {
      const t = translator(language);
      for (const reason of reasons) expect(t(`schedule.problems.${reason}`), language).not.toContain('schedule.');
      const range = t('schedule.problems.outOfRange', { min: 0, max: 23 });
      expect(range, language).toContain('0');
      expect(range, language).toContain('23');
    }
  });
});

describe('periodText', () => {
  it('says every type in English', () => {
    expect(periodText({ type: 1, second: 1 }, english)).toBe('Every second');
    expect(periodText({ type: 1, second: 30 }, english)).toBe('Every 30 seconds');
    expect(periodText({ type: 2, minute: 5 }, english)).toBe('Every 5 minutes');
    expect(periodText({ type: 3, hour: 1 }, english)).toBe('Every hour');
    expect(periodText({ type: 3, hour: 12 }, english)).toBe('Every 12 hours');
    expect(periodText({ type: 4, day: 3 }, english)).toBe('Every 3 days');
    expect(periodText(daily(0, 30, 0), english)).toBe('Daily at 00:30:00');
    expect(periodText({ type: 6, week: 1, hour: 8, minute: 0, second: 0 }, english)).toBe('Weekly on Monday at 08:00:00');
    expect(periodText({ type: 6, week: 7, hour: 17, minute: 5, second: 9 }, english)).toBe('Weekly on Sunday at 17:05:09');
    expect(periodText(monthly(15, 9, 5, 7), english)).toBe('Monthly on day 15 at 09:05:07');
    expect(periodText(monthly(28), english)).toBe('Monthly on day 28 at 23:00:00');
    expect(periodText(monthly(29), english)).toBe('Monthly on day 29 at 23:00:00 (the last day in shorter months)');
    expect(periodText(monthly(31), english)).toBe('Monthly on day 31 at 23:00:00 (the last day in shorter months)');
  });

  it('says every type in Spanish and Japanese', () => {
    expect(periodText({ type: 1, second: 1 }, spanish)).toBe('Cada segundo');
    expect(periodText({ type: 1, second: 15 }, spanish)).toBe('Cada 15 segundos');
    expect(periodText({ type: 2, minute: 5 }, spanish)).toBe('Cada 5 minutos');
    expect(periodText({ type: 3, hour: 2 }, spanish)).toBe('Cada 2 horas');
    expect(periodText({ type: 4, day: 1 }, spanish)).toBe('Cada día');
    expect(periodText(daily(0, 30, 0), spanish)).toBe('Todos los días a las 00:30:00');
    expect(periodText({ type: 6, week: 3, hour: 8, minute: 0, second: 0 }, spanish)).toBe('Cada semana, el miércoles a las 08:00:00');
    expect(periodText(monthly(31), spanish)).toBe('Cada mes, el día 31 a las 23:00:00 (el último día en los meses más cortos)');
    expect(periodText(monthly(1, 6), spanish)).toBe('Cada mes, el día 1 a las 06:00:00');
    expect(periodText({ type: 2, minute: 5 }, japanese)).toBe('5 分ごと');
    expect(periodText({ type: 6, week: 5, hour: 8, minute: 0, second: 0 }, japanese)).toBe('毎週金曜日 08:00:00');
  });

  it('leaves no message untranslated in any language, for any period', () => {
    for (const language of LANGUAGES) {
      const t = translator(language);
      fc.assert(
        fc.property(validPeriod(), (period) => {
          const text = periodText(period, t);
          expect(text).not.toMatch(/schedule\.|%\{/);
          const counted = periodFields(period.type).map(({ field }) => period[field]);
          if (period.type <= 4 && counted[0]! > 1) expect(text).toContain(String(counted[0]));
        }),
        { numRuns: 50 },
      );
    }
  });

  it('uses the same placeholders in every language', () => {
    const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();
    const schedule = (language: MessageLanguage) => Object.entries(ourMessages(language)).filter(([key]) => key.startsWith('schedule.'));
    const reference = new Map(schedule('en').map(([key, text]) => [key, placeholders(text)]));
    expect(reference.size).toBeGreaterThan(20);
    for (const language of LANGUAGES) {
      const entries = schedule(language);
      expect(entries.map(([key]) => key).sort(), language).toEqual([...reference.keys()].sort());
      for (const [key, text] of entries) expect(placeholders(text), `${language} ${key}`).toEqual(reference.get(key));
    }
  });

  it('refuses a period that has problems', () => {
    expect(() => periodText({ type: 2 }, english)).toThrow(/minute/);
    expect(() => periodText({ type: 6, week: 8, hour: 0, minute: 0, second: 0 }, english)).toThrow(/week/);
  });
});

describe('nextRun of an interval', () => {
  const after = at('2026-03-08T06:59:59.250Z');

  it('counts N seconds, minutes, hours or days from the previous run, whatever the zone', () => {
    expect(iso(nextRun({ type: 1, second: 5 }, after, NEW_YORK))).toBe('2026-03-08T07:00:04.250Z');
    expect(iso(nextRun({ type: 2, minute: 5 }, after, NEW_YORK))).toBe('2026-03-08T07:04:59.250Z');
    expect(iso(nextRun({ type: 3, hour: 2 }, after, NEW_YORK))).toBe('2026-03-08T08:59:59.250Z');
    expect(iso(nextRun({ type: 4, day: 3 }, after, NEW_YORK))).toBe('2026-03-11T06:59:59.250Z');
    expect(iso(nextRun({ type: 4, day: 3 }, after, 'UTC'))).toBe('2026-03-11T06:59:59.250Z');
  });

  it('keeps consecutive runs exactly N units apart, so they never drift', () => {
    const unitMs: Record<number, number> = { 1: 1_000, 2: 60_000, 3: 3_600_000, 4: 86_400_000 };
    fc.assert(
      fc.property(validPeriod([1, 2, 3, 4]), instant, fc.constantFrom(...ZONES), (period, start, zone) => {
        const count = periodFields(period.type).map(({ field }) => period[field]!)[0];
        const times = [start, ...runs(period, start, zone, 4)].map((date) => date.getTime());
        for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBe(count * unitMs[period.type]);
      }),
    );
  });
});

describe('nextRun of a calendar period', () => {
  it('runs daily at the time, the same day when it is still to come, else the next', () => {
    expect(iso(nextRun(daily(0, 30, 0), at('2026-05-10T00:29:59Z'), 'UTC'))).toBe('2026-05-10T00:30:00.000Z');
    expect(iso(nextRun(daily(0, 30, 0), at('2026-05-10T00:30:00Z'), 'UTC'))).toBe('2026-05-11T00:30:00.000Z');
    expect(iso(nextRun(daily(0, 30, 0), at('2026-05-10T00:29:59.999Z'), 'UTC'))).toBe('2026-05-10T00:30:00.000Z');
    expect(iso(nextRun(daily(0, 30, 0), at('2026-05-10T12:00:00Z'), 'Asia/Shanghai'))).toBe('2026-05-10T16:30:00.000Z');
  });

  it('runs weekly on the weekday, Monday 1 to Sunday 7, across a month end', () => {
    // 31 March 2026 is a Tuesday.
    const weekly = (week: number): Period => ({ type: 6, week, hour: 8, minute: 0, second: 0 });
    expect(iso(nextRun(weekly(1), at('2026-03-31T12:00:00Z'), 'UTC'))).toBe('2026-04-06T08:00:00.000Z');
    expect(iso(nextRun(weekly(2), at('2026-03-31T12:00:00Z'), 'UTC'))).toBe('2026-04-07T08:00:00.000Z');
    expect(iso(nextRun(weekly(2), at('2026-03-31T07:00:00Z'), 'UTC'))).toBe('2026-03-31T08:00:00.000Z');
    expect(iso(nextRun(weekly(5), at('2026-03-31T12:00:00Z'), 'UTC'))).toBe('2026-04-03T08:00:00.000Z');
    expect(iso(nextRun(weekly(7), at('2026-03-31T12:00:00Z'), 'UTC'))).toBe('2026-04-05T08:00:00.000Z');
    expect(iso(nextRun(weekly(7), at('2026-03-31T12:00:00Z'), NEW_YORK))).toBe('2026-04-05T12:00:00.000Z');
  });

  it('runs a day past the month end on the last day: 30 April, 28 February, 29 in a leap year', () => {
    expect(runs(monthly(31), at('2026-01-31T23:00:00Z'), 'UTC', 12).map(iso)).toEqual([
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T23:00:00.000Z',
      '2026-04-30T23:00:00.000Z',
      '2026-05-31T23:00:00.000Z',
      '2026-06-30T23:00:00.000Z',
      '2026-07-31T23:00:00.000Z',
      '2026-08-31T23:00:00.000Z',
      '2026-09-30T23:00:00.000Z',
      '2026-10-31T23:00:00.000Z',
      '2026-11-30T23:00:00.000Z',
      '2026-12-31T23:00:00.000Z',
      '2027-01-31T23:00:00.000Z',
    ]);
    expect(runs(monthly(30), at('2028-01-15T00:00:00Z'), 'UTC', 3).map(iso)).toEqual([
      '2028-01-30T23:00:00.000Z',
      '2028-02-29T23:00:00.000Z',
      '2028-03-30T23:00:00.000Z',
    ]);
    expect(runs(monthly(29), at('2027-01-30T00:00:00Z'), 'UTC', 2).map(iso)).toEqual([
      '2027-02-28T23:00:00.000Z',
      '2027-03-29T23:00:00.000Z',
    ]);
    expect(runs(monthly(29), at('2028-01-30T00:00:00Z'), 'UTC', 2).map(iso)).toEqual([
      '2028-02-29T23:00:00.000Z',
      '2028-03-29T23:00:00.000Z',
    ]);
    expect(runs(monthly(28), at('2028-01-30T00:00:00Z'), 'UTC', 2).map(iso)).toEqual([
      '2028-02-28T23:00:00.000Z',
      '2028-03-28T23:00:00.000Z',
    ]);
    expect(runs(monthly(1, 0), at('2026-02-15T00:00:00Z'), 'UTC', 2).map(iso)).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-04-01T00:00:00.000Z',
    ]);
  });

  it('goes over the year end', () => {
    expect(iso(nextRun(daily(0, 0, 0), at('2026-12-31T00:00:00.001Z'), 'UTC'))).toBe('2027-01-01T00:00:00.000Z');
    expect(iso(nextRun({ type: 6, week: 5, hour: 9, minute: 0, second: 0 }, at('2026-12-30T00:00:00Z'), 'UTC'))).toBe(
      '2027-01-01T09:00:00.000Z',
    );
    expect(iso(nextRun(monthly(31), at('2026-12-31T23:00:00Z'), 'UTC'))).toBe('2027-01-31T23:00:00.000Z');
    expect(iso(nextRun(monthly(1, 0, 0, 0), at('2026-12-31T12:00:00Z'), MADRID))).toBe('2026-12-31T23:00:00.000Z');
  });

  it('in New York, runs 02:30:00 at 03:00:00 on the spring-forward day and once on the fall-back day', () => {
    const times = runs(daily(2, 30, 0), at('2026-03-06T12:00:00Z'), NEW_YORK, 3).map((date) => localIso(date, NEW_YORK));
    expect(times).toEqual(['2026-03-07 02:30:00', '2026-03-08 03:00:00', '2026-03-09 02:30:00']);
    expect(iso(nextRun(daily(2, 30, 0), at('2026-03-08T06:00:00Z'), NEW_YORK))).toBe('2026-03-08T07:00:00.000Z');
    expect(runs(daily(2, 30, 0), at('2026-10-31T12:00:00Z'), NEW_YORK, 2).map(iso)).toEqual([
      '2026-11-01T07:30:00.000Z',
      '2026-11-02T07:30:00.000Z',
    ]);
  });

  it('in New York, runs 01:30:00 as usual in spring and only at its first pass on the fall-back day', () => {
    expect(runs(daily(1, 30, 0), at('2026-03-07T12:00:00Z'), NEW_YORK, 2).map(iso)).toEqual([
      '2026-03-08T06:30:00.000Z',
      '2026-03-09T05:30:00.000Z',
    ]);
    // 01:30 comes at 05:30 UTC (daylight time), and again at 06:30 UTC (standard time): one run.
    expect(runs(daily(1, 30, 0), at('2026-10-31T12:00:00Z'), NEW_YORK, 2).map(iso)).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-02T06:30:00.000Z',
    ]);
    expect(iso(nextRun(daily(1, 30, 0), at('2026-11-01T05:30:00Z'), NEW_YORK))).toBe('2026-11-02T06:30:00.000Z');
  });

  it('in Madrid, runs 02:30:00 at 03:00:00 on 29 March 2026 and once on 25 October 2026', () => {
    expect(runs(daily(2, 30, 0), at('2026-03-28T12:00:00Z'), MADRID, 2).map(iso)).toEqual([
      '2026-03-29T01:00:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
    expect(runs(daily(2, 30, 0), at('2026-10-24T12:00:00Z'), MADRID, 2).map(iso)).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
  });

  it('runs a weekly Sunday job at the end of the gap on the spring-forward Sunday', () => {
    const sunday = { type: 6, week: 7, hour: 2, minute: 15, second: 0 } as const;
    expect(runs(sunday, at('2026-03-02T00:00:00Z'), NEW_YORK, 2).map((date) => localIso(date, NEW_YORK))).toEqual([
      '2026-03-08 03:00:00',
      '2026-03-15 02:15:00',
    ]);
  });

  it('always lands on the asked day and wall-clock time, or at the end of a gap that swallowed it', () => {
    fc.assert(
      fc.property(validPeriod([5, 6, 7]), instant, fc.constantFrom(...ZONES), (period, after, zone) => {
        const run = nextRun(period, after, zone);
        const local = wall(run, zone);
        if (period.type === 6) expect(local.weekday).toBe(period.week);
        if (period.type === 7) expect(local.day).toBe(Math.min(period.day!, daysInMonth(local.year, local.month)));
        const asked = [period.hour!, period.minute!, period.second!] as const;
        if (local.hour !== asked[0] || local.minute !== asked[1] || local.second !== asked[2]) {
          expect(wallTimeExists(local.year, local.month, local.day, ...asked, zone)).toBe(false);
          // The first instant after the gap: a second earlier the clock still showed an earlier time.
          const before = wall(new Date(run.getTime() - 1000), zone);
          const clockMs = (w: Omit<WallTime, 'weekday'>) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
          const askedMs = clockMs({ ...local, hour: asked[0], minute: asked[1], second: asked[2] });
          expect(clockMs(before)).toBeLessThan(askedMs);
          expect(clockMs(local)).toBeGreaterThan(askedMs);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('runs a daily job once on each local day and a monthly job once in each month, in zones with clock changes', () => {
    fc.assert(
      fc.property(validPeriod([5]), instant, fc.constantFrom(...ZONES), (period, start, zone) => {
        const days = runs(period, start, zone, 8)
          .map((date) => wall(date, zone))
          .map(({ year, month, day }) => Date.UTC(year, month - 1, day));
        for (let i = 1; i < days.length; i++) expect(days[i] - days[i - 1]).toBe(86_400_000);
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(validPeriod([7]), instant, fc.constantFrom(...ZONES), (period, start, zone) => {
        const months = runs(period, start, zone, 14)
          .map((date) => wall(date, zone))
          .map(({ year, month }) => year * 12 + month);
        for (let i = 1; i < months.length; i++) expect(months[i] - months[i - 1]).toBe(1);
      }),
      { numRuns: 50 },
    );
  });

  it('runs in New York across the clock changes of 2026 exactly as often as the days', () => {
    const year = runs(daily(1, 30, 0), at('2026-01-01T00:00:00Z'), NEW_YORK, 365).map((date) => localIso(date, NEW_YORK));
    expect(year[0]).toBe('2026-01-01 01:30:00');
    expect(year[364]).toBe('2026-12-31 01:30:00');
    expect(year.every((text) => text.endsWith(' 01:30:00'))).toBe(true);
  });
});

describe('nextRun of any period', () => {
  it('is strictly after the given instant', () => {
    fc.assert(
      fc.property(validPeriod(), instant, fc.constantFrom(...ZONES), (period, after, zone) => {
        expect(nextRun(period, after, zone).getTime()).toBeGreaterThan(after.getTime());
      }),
      { numRuns: 500 },
    );
  });

  it('is strictly after a run it is handed, and no later than one full period away', () => {
    const longest: Record<PeriodType, number> = {
      1: 59_000,
      2: 3_540_000,
      3: 82_800_000,
      4: 31 * 86_400_000,
      5: 25 * 3_600_000,
      6: 7 * 86_400_000 + 3_600_000,
      7: 32 * 86_400_000,
    };
    fc.assert(
      fc.property(validPeriod(), instant, fc.constantFrom(...ZONES), (period, after, zone) => {
        const first = nextRun(period, after, zone);
        const second = nextRun(period, first, zone);
        expect(second.getTime()).toBeGreaterThan(first.getTime());
        expect(second.getTime() - first.getTime()).toBeLessThanOrEqual(longest[period.type]);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a period that has problems', () => {
    expect(() => nextRun({ type: 5, hour: 24, minute: 0, second: 0 }, at('2026-01-01T00:00:00Z'), 'UTC')).toThrow(/hour/);
    expect(() => nextRun({ type: 9 } as unknown as Period, at('2026-01-01T00:00:00Z'), 'UTC')).toThrow(/type/);
  });
});
