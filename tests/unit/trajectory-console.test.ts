// @vitest-environment jsdom
// The well's trajectory screen, without a browser: what the trajectory call's answer becomes in
// the charts (plan view from the wellhead with its closure line and equal axes, the vertical
// section with depth growing downwards, the 3D path with y up), the station table and its export
// (translated headers with units, sources by name, numbers kept numbers), and the lines a refused
// import shows under its message.
import Papa from 'papaparse';
import Polyglot from 'node-polyglot';
import { readSheet } from 'read-excel-file/universal';
import { describe, expect, it } from 'vitest';
import type { TrajectoryAnswer, TrajectoryAnswerStation } from '../../kernel/survey/names';
import { BOM, toCsv, toXlsx } from '../../src/resources/list/serialize';
import { refusalDetails } from '../../src/resources/record/panels/trajectory/refusal';
import {
  againstDepth,
  equalDomains,
  pathPoints,
  planSeries,
  sectionSeries,
  stationNames,
  stationTable,
} from '../../src/resources/record/panels/trajectory/series';
import { type MessageLanguage, messages } from '../messages';

const translator = (language: MessageLanguage) => {
  const polyglot = new Polyglot({
    phrases: messages(language),
    locale: language,
    allowMissing: false,
    onMissingKey: (key: string) => `MISSING ${key}`,
  });
  return (key: string, options?: Record<string, unknown>) => polyglot.t(key, options);
};

const station = (s: Partial<TrajectoryAnswerStation> & Pick<TrajectoryAnswerStation, 'md'>): TrajectoryAnswerStation => ({
  inc: 0,
  azi: 0,
  tvd: s.md,
  north: 0,
  east: 0,
  vs: 0,
  closure: 0,
  closureAzi: 0,
  dls: 0,
  build: 0,
  turn: 0,
  source: 'survey',
  ref: 1,
  ...s,
});

/** A well kicking off to the north-east: a vertical first station, then building. */
const answer: TrajectoryAnswer = {
  well: 7,
  vsAzimuth: 45,
  tieOn: null,
  stations: [
    station({ md: 100, tvd: 100 }),
    station({
      md: 400,
      inc: 10.123,
      azi: 45,
      tvd: 398.48,
      north: 18.47,
      east: 18.47,
      vs: 26.12,
      closure: 26.12,
      closureAzi: 45,
      dls: 1.0123,
      source: 'daily',
      ref: 3,
    }),
    station({
      md: 800,
      inc: 30,
      azi: 50,
      tvd: 768.9,
      north: 110.2,
      east: 125.66,
      vs: 166.78,
      closure: 167.13,
      closureAzi: 48.75,
      dls: 1.5,
      source: 'userecord',
      ref: 9,
    }),
  ],
  totals: null,
  warnings: [],
};

describe('the plan view', () => {
  it('starts at the wellhead and draws the closure line from it to the last station only', () => {
    const plan = planSeries(answer);
    expect(plan.east).toEqual([0, 0, 18.47, 125.66]);
    expect(plan.path).toEqual([0, 0, 18.47, 110.2]);
    expect(plan.closure).toEqual([0, null, null, 110.2]);
  });

  it('gives both axes the same span, each around what it shows', () => {
    const { eastDomain, northDomain } = planSeries(answer);
    const span = (d: [number, number]) => d[1] - d[0];
    expect(span(eastDomain)).toBeCloseTo(span(northDomain), 9);
    expect(span(eastDomain)).toBeGreaterThan(125.66);
    expect(eastDomain[0]).toBeLessThan(0);
    expect(eastDomain[1]).toBeGreaterThan(125.66);
    expect(northDomain[0]).toBeLessThan(0);
    expect(northDomain[1]).toBeGreaterThan(110.2);
    // A vertical hole still gets axes a few metres wide.
    const flat = equalDomains([0, 0], [0, 0]);
    expect(flat.x[1] - flat.x[0]).toBeGreaterThan(0);
  });

  it('starts the path at a tie-on, not the wellhead, but still measures closure from the wellhead', () => {
    const sidetrack = { ...answer, tieOn: { md: 100, tvd: 100, north: 0, east: 0 } };
    const plan = planSeries(sidetrack);
    expect(plan.path[0]).toBeNull();
    expect(plan.closure[0]).toBe(0);
    expect(plan.closure.at(-1)).toBe(110.2);
  });
});

describe('the vertical section', () => {
  it('goes from the wellhead down, VS along x and TVD along a reversed y', () => {
    const section = sectionSeries(answer);
    expect(section.reverse).toBe(true);
    expect(section.vs).toEqual([0, 0, 26.12, 166.78]);
    expect(section.tvd).toEqual([0, 100, 398.48, 768.9]);
  });

  it('starts at the first station when the hole starts at a tie-on', () => {
    const section = sectionSeries({ ...answer, tieOn: { md: 100, tvd: 100, north: 0, east: 0 } });
    expect(section.tvd[0]).toBe(100);
    expect(section.tvd).toHaveLength(3);
  });
});

describe('inclination and dogleg severity against depth', () => {
  it('take every station', () => {
    expect(againstDepth(answer.stations, 'inc')).toEqual({ md: [100, 400, 800], value: [0, 10.123, 30] });
    expect(againstDepth(answer.stations, 'dls').value).toEqual([0, 1.0123, 1.5]);
  });
});

describe('the 3D path', () => {
  it('is x east, y up (−TVD), z south (−north), from the wellhead', () => {
    const points = Array.from(pathPoints(answer));
    expect(points).toHaveLength(4 * 3);
    expect(points.slice(0, 3)).toEqual([0, 0, 0]);
    const last = points.slice(-3);
    expect(last[0]).toBeCloseTo(125.66, 3);
    expect(last[1]).toBeCloseTo(-768.9, 3);
    expect(last[2]).toBeCloseTo(-110.2, 3);
  });
});

describe('the station table', () => {
  it('has translated headers with units and sources by name, numbers rounded and kept numbers', () => {
    const table = stationTable(answer.stations, stationNames(translator('en')));
    expect(table.headers).toEqual([
      'MD (m)',
      'Inc (°)',
      'Azi (°)',
      'TVD (m)',
      'N (m)',
      'E (m)',
      'VS (m)',
      'Closure (m)',
      'Closure azimuth (°)',
      'DLS (°/30 m)',
      'Source',
    ]);
    expect(table.rows[1]).toEqual([400, 10.12, 45, 398.48, 18.47, 18.47, 26.12, 26.12, 45, 1.01, 'Daily report']);
    expect(table.rows.map((r) => r.at(-1))).toEqual(['Imported survey', 'Daily report', 'Usage record (MWD)']);
  });

  it('is written in the reader’s language', () => {
    const table = stationTable(answer.stations, stationNames(translator('zh')));
    expect(table.headers[0]).toBe('测深 (m)');
    expect(table.headers.join()).not.toMatch(/MISSING/);
    expect(table.rows[2].at(-1)).toBe('使用记录（MWD）');
  });

  it('exports as CSV with a byte-order mark and as Excel, numbers as numbers', async () => {
    const table = stationTable(answer.stations, stationNames(translator('zh')));
    const csv = await toCsv(table);
    expect(csv.startsWith(BOM)).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(table.headers);
    expect(parsed[3]).toEqual(['800', '30', '50', '768.9', '110.2', '125.66', '166.78', '167.13', '48.75', '1.5', '使用记录（MWD）']);
    const sheet = await readSheet(await toXlsx(table, 'Survey'));
    expect(sheet[0]).toEqual(table.headers);
    expect(sheet[2][0]).toBe(400);
  });
});

describe('a refused import', () => {
  const t = translator('en');
  it('names the line, the column by position and header, and the value', () => {
    expect(refusalDetails({ reason: 'notANumber', line: 5, column: 'inc', columnNumber: 2, header: 'Inc', value: 'abc' }, t)).toEqual([
      'Line 5',
      'Column 2 (Inc)',
      'Value: “abc”',
    ]);
  });

  it('names a column by its meaning when the file has no header for it', () => {
    expect(refusalDetails({ reason: 'missingColumn', column: 'azi' }, t)).toEqual(['Column: Azi']);
    expect(refusalDetails({ reason: 'emptyFile' }, t)).toEqual([]);
  });
});
