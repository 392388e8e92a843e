// The minimum-curvature module against an outside source — every ISCWSA standard well, each
// station's TVD, north and east within a centimetre of the published listing, the sidetrack from
// its tie-on on the reference well — plus the awkward cases (vertical hole, repeated stations,
// azimuth across north, inclination past 90°, a hole turning back on itself) and properties that
// hold for any valid survey, checked with fast-check.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  azimuthChange,
  checkOrder,
  checkStation,
  computeColumns,
  computeTrajectory,
  doglegAngle,
  mergeStations,
  normaliseAzimuth,
  ratioFactor,
  summarise,
  type SurveyStation,
  type TrajectoryStation,
} from '../../kernel/survey/minimum-curvature';

const REFERENCE = join(import.meta.dirname, '../fixtures/iscwsa');
const TOLERANCE_M = 0.01;

interface ListedStation extends SurveyStation {
  tvd: number;
  north: number;
  east: number;
}

function listing(file: string): ListedStation[] {
  const parsed = Papa.parse<Record<string, string>>(readFileSync(join(REFERENCE, file), 'utf8'), { header: true, skipEmptyLines: true });
  return parsed.data.map((row) => ({ md: +row.MD, inc: +row.Inc, azi: +row.Azi, tvd: +row.TVD, north: +row.North, east: +row.East }));
}

function expectAgrees(computed: TrajectoryStation[], listed: ListedStation[]) {
  expect(computed).toHaveLength(listed.length);
  listed.forEach((station, i) => {
    const at = `MD ${station.md}`;
    expect(computed[i].md, at).toBe(station.md);
    expect(Math.abs(computed[i].tvd - station.tvd), `${at} TVD ${computed[i].tvd} vs ${station.tvd}`).toBeLessThanOrEqual(TOLERANCE_M);
    expect(Math.abs(computed[i].north - station.north), `${at} north ${computed[i].north} vs ${station.north}`).toBeLessThanOrEqual(
      TOLERANCE_M,
    );
    expect(Math.abs(computed[i].east - station.east), `${at} east ${computed[i].east} vs ${station.east}`).toBeLessThanOrEqual(TOLERANCE_M);
  });
}

const finite = (station: TrajectoryStation) => Object.values(station).every((value) => Number.isFinite(value));

describe('the ISCWSA standard wells', () => {
  const files = readdirSync(REFERENCE)
    .filter((file) => file.endsWith('.csv'))
    .sort();

  it('holds twelve wells and 1,065 stations', () => {
    expect(files).toHaveLength(12);
    expect(files.reduce((sum, file) => sum + listing(file).length, 0)).toBe(1065);
  });

  it.each(files)('%s agrees with its listing to the centimetre, from its first station', (file) => {
    const listed = listing(file);
    const [first] = listed;
    const { stations, skippedAboveTieOn } = computeTrajectory(listed, {
      tieOn: { md: first.md, tvd: first.tvd, north: first.north, east: first.east },
    });
    expect(skippedAboveTieOn).toBe(0);
    expectAgrees(stations, listed);
  });

  it('the sidetrack offset-10 agrees when tied on to the reference well computed at its kick-off depth', () => {
    const sidetrack = listing('offset-10.csv');
    const parent = computeTrajectory(listing('reference-well.csv')).stations;
    const kickOff = parent.find((station) => station.md === sidetrack[0].md)!;
    expect(kickOff).toBeDefined();
    const tieOn = { md: kickOff.md, tvd: kickOff.tvd, north: kickOff.north, east: kickOff.east };
    expectAgrees(computeTrajectory(sidetrack, { tieOn }).stations, sidetrack);
    // The parent's stations above the kick-off are left out, the rest computed from the tie-on.
    const withParentAbove = computeTrajectory([...listing('reference-well.csv').filter((s) => s.md < tieOn.md), ...sidetrack], { tieOn });
    expect(withParentAbove.skippedAboveTieOn).toBeGreaterThan(0);
    expectAgrees(withParentAbove.stations, sidetrack);
  });

  it('dogleg severity agrees with the textbook arccos formula where that one is accurate', () => {
    const listed = listing('reference-well.csv');
    const { stations } = computeTrajectory(listed);
    expect(stations[0].dls).toBe(0);
    let checked = 0;
    for (let i = 1; i < listed.length; i++) {
      const [a, b] = [listed[i - 1], listed[i]].map((s) => ({ inc: (s.inc * Math.PI) / 180, azi: (s.azi * Math.PI) / 180 }));
      const cos = Math.cos(b.inc - a.inc) - Math.sin(a.inc) * Math.sin(b.inc) * (1 - Math.cos(b.azi - a.azi));
      const beta = (Math.acos(Math.min(1, Math.max(-1, cos))) * 180) / Math.PI;
      if (beta < 0.5) continue;
      checked++;
      expect(stations[i].dls).toBeCloseTo((beta * 30) / (listed[i].md - listed[i - 1].md), 9);
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('awkward surveys', () => {
  it('a vertical hole: TVD equals MD, no displacement, no NaN', () => {
    const { stations, totals } = computeTrajectory(
      [0, 100, 200, 300].map((md) => ({ md, inc: 0, azi: 0 })),
      { vsAzimuth: 45 },
    );
    stations.forEach((station) => {
      expect(finite(station)).toBe(true);
      expect(station.tvd).toBe(station.md);
      expect([
        station.north,
        station.east,
        station.vs,
        station.closure,
        station.closureAzi,
        station.dls,
        station.build,
        station.turn,
      ]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    });
    expect(totals).toMatchObject({ stations: 4, md: 300, tvd: 300, maxInclination: 0, maxDls: 0, closure: 0 });
  });

  it('identical consecutive stations, and two at the same depth, give no NaN', () => {
    const survey = [
      { md: 0, inc: 0, azi: 0 },
      { md: 500, inc: 30, azi: 120 },
      { md: 600, inc: 30, azi: 120 },
      { md: 600, inc: 30, azi: 120 },
      { md: 700, inc: 30, azi: 120 },
    ];
    const { stations } = computeTrajectory(survey);
    stations.forEach((station) => expect(finite(station), JSON.stringify(station)).toBe(true));
    expect(stations[3]).toEqual(stations[2]);
    expect(stations[2].dls).toBe(0);
    // A straight stretch at 30°: 100 m of MD gives 100·cos 30° of TVD.
    expect(stations[4].tvd - stations[3].tvd).toBeCloseTo(100 * Math.cos(Math.PI / 6), 10);
  });

  it('an azimuth crossing north turns the short way, symmetric about north', () => {
    const { stations } = computeTrajectory(
      [
        { md: 1000, inc: 40, azi: 359 },
        { md: 1030, inc: 40, azi: 1 },
        { md: 1060, inc: 40, azi: 360 },
      ],
      { tieOn: { md: 1000, tvd: 0, north: 0, east: 0 } },
    );
    expect(stations[1].turn).toBeCloseTo(2, 10);
    expect(stations[2].turn).toBeCloseTo(-1, 10);
    expect(stations[2].azi).toBe(0);
    expect(stations[1].east).toBeCloseTo(0, 10); // 359° and 1° balance
    expect(stations[1].north).toBeGreaterThan(0);
    expect(stations[1].dls).toBeCloseTo(doglegAngle({ inc: 40, azi: 359 }, { inc: 40, azi: 1 }), 10);
    expect(stations[1].dls).toBeLessThan(2); // not 358°
    expect(stations[1].closureAzi).toBeCloseTo(0, 6);
  });

  it('inclination past 90° (drilling upwards) follows the circular arc exactly', () => {
    const survey = [
      { md: 2000, inc: 80, azi: 90 },
      { md: 2060, inc: 100, azi: 90 },
      { md: 2120, inc: 120, azi: 90 },
    ];
    const { stations } = computeTrajectory(survey, { tieOn: { md: 2000, tvd: 1500, north: 0, east: 300 } });
    for (let i = 1; i < survey.length; i++) {
      const radius = (survey[i].md - survey[i - 1].md) / ((20 * Math.PI) / 180);
      const [i1, i2] = [survey[i - 1].inc, survey[i].inc].map((d) => (d * Math.PI) / 180);
      expect(stations[i].tvd - stations[i - 1].tvd).toBeCloseTo(radius * (Math.sin(i2) - Math.sin(i1)), 9);
      expect(stations[i].east - stations[i - 1].east).toBeCloseTo(radius * (Math.cos(i1) - Math.cos(i2)), 9);
      expect(stations[i].build).toBeCloseTo(10, 10);
    }
    expect(stations[1].tvd).toBeCloseTo(
      stations[0].tvd + (60 / ((20 * Math.PI) / 180)) * (Math.sin((100 * Math.PI) / 180) - Math.sin((80 * Math.PI) / 180)),
      9,
    );
    expect(stations[2].tvd).toBeLessThan(stations[1].tvd); // going up
  });

  it.each([
    ['straight down to straight up', { inc: 0, azi: 0 }, { inc: 180, azi: 0 }],
    ['north to south, horizontal', { inc: 90, azi: 0 }, { inc: 90, azi: 180 }],
    ['45° north to 135° south', { inc: 45, azi: 10 }, { inc: 135, azi: 190 }],
  ])('a 180° dogleg (%s) adds no displacement and stays finite', (_, from, to) => {
    const { stations } = computeTrajectory(
      [
        { md: 1000, ...from },
        { md: 1030, ...to },
      ],
      { tieOn: { md: 1000, tvd: 900, north: 5, east: 6 } },
    );
    stations.forEach((station) => expect(finite(station), JSON.stringify(station)).toBe(true));
    expect(stations[1].dls).toBeCloseTo(180, 6);
    expect(stations[1].tvd).toBeCloseTo(900, 6);
    expect(stations[1].north).toBeCloseTo(5, 6);
    expect(stations[1].east).toBeCloseTo(6, 6);
  });

  it('a nearly reversed dogleg stays finite and no longer than its arc', () => {
    const { stations } = computeTrajectory(
      [
        { md: 0, inc: 90, azi: 0 },
        { md: 30, inc: 90, azi: 179.999 },
      ],
      { tieOn: { md: 0, tvd: 0, north: 0, east: 0 } },
    );
    stations.forEach((station) => expect(finite(station)).toBe(true));
    expect(Math.hypot(stations[1].north, stations[1].east, stations[1].tvd)).toBeLessThanOrEqual(30);
    expect(Math.hypot(stations[1].north, stations[1].east)).toBeCloseTo((2 * 30) / Math.PI, 3); // a half circle's chord
  });

  it('without a tie-on the hole starts vertical at the wellhead, which becomes the first row', () => {
    const { stations } = computeTrajectory([
      { md: 500, inc: 0, azi: 0 },
      { md: 600, inc: 0, azi: 0 },
    ]);
    expect(stations.map((s) => [s.md, s.tvd])).toEqual([
      [0, 0],
      [500, 500],
      [600, 600],
    ]);
  });

  it("a tie-on above the first station takes the first station's direction unless it has its own", () => {
    const straight = computeTrajectory([{ md: 1100, inc: 30, azi: 90 }], { tieOn: { md: 1000, tvd: 950, north: 10, east: 20 } }).stations;
    expect(straight).toHaveLength(2);
    expect(straight[1].tvd).toBeCloseTo(950 + 100 * Math.cos(Math.PI / 6), 10);
    expect(straight[1].east).toBeCloseTo(20 + 100 * Math.sin(Math.PI / 6), 10);
    expect(straight[1].dls).toBe(0);
    const curved = computeTrajectory([{ md: 1100, inc: 30, azi: 90 }], {
      tieOn: { md: 1000, tvd: 950, north: 10, east: 20, inc: 0, azi: 0 },
    }).stations;
    expect(curved[1].dls).toBeCloseTo(9, 10);
  });

  it('vertical section, closure and its direction', () => {
    const { stations } = computeTrajectory(
      [
        { md: 0, inc: 90, azi: 225 },
        { md: 100, inc: 90, azi: 225 },
      ],
      { vsAzimuth: 45, tieOn: { md: 0, tvd: 0, north: 0, east: 0 } },
    );
    expect(stations[1].closure).toBeCloseTo(100, 10);
    expect(stations[1].closureAzi).toBeCloseTo(225, 10);
    expect(stations[1].vs).toBeCloseTo(-100, 10);
    expect(stations[1].north).toBeCloseTo(-100 / Math.SQRT2, 10);
  });

  it('totals can be taken up to any station', () => {
    const md = Float64Array.from([0, 300, 600, 900]);
    const columns = computeColumns(md, Float64Array.from([0, 10, 40, 20]), Float64Array.from([0, 50, 50, 50]));
    const upTo600 = summarise(columns, 2)!;
    expect(upTo600).toMatchObject({ stations: 3, md: 600, maxInclination: 40, maxInclinationMd: 600 });
    expect(upTo600.maxDls).toBeCloseTo(3, 10);
    expect(summarise(columns)!.stations).toBe(4);
    expect(summarise(computeColumns([], [], []))).toBeUndefined();
  });
});

describe('pieces', () => {
  it('the ratio factor is 1 at no dogleg, continuous where the series hands over, and exact beyond', () => {
    expect(ratioFactor(0)).toBe(1);
    const direct = (beta: number) => (2 / beta) * Math.tan(beta / 2);
    for (const beta of [1e-4, 0.005, 0.0199999, 0.02, 0.1, 1, 3]) expect(ratioFactor(beta)).toBeCloseTo(direct(beta), 12);
    expect(ratioFactor(Math.PI)).toBeGreaterThan(1e15);
    expect(Number.isFinite(ratioFactor(Math.PI))).toBe(true);
  });

  it('azimuths wrap into [0, 360) and change the short way round', () => {
    expect([360, 0, -10, 720, 359.5, -0].map(normaliseAzimuth)).toEqual([0, 0, 350, 0, 359.5, 0]);
    expect(Object.is(normaliseAzimuth(-0), 0)).toBe(true);
    expect([azimuthChange(350, 10), azimuthChange(10, 350), azimuthChange(0, 180), azimuthChange(90, 90)]).toEqual([20, -20, 180, 0]);
  });

  it('checks values: numbers, inclination 0–180, azimuth 0–360, depth not negative', () => {
    expect(checkStation({ md: 10, inc: 180, azi: 360 })).toBeUndefined();
    expect(checkStation({ md: -1, inc: 0, azi: 0 })).toEqual({ field: 'md', reason: 'outOfRange' });
    expect(checkStation({ md: 1, inc: 180.5, azi: 0 })).toEqual({ field: 'inc', reason: 'outOfRange' });
    expect(checkStation({ md: 1, inc: 1, azi: 360.01 })).toEqual({ field: 'azi', reason: 'outOfRange' });
    expect(checkStation({ md: 1, inc: Number.NaN, azi: 0 })).toEqual({ field: 'inc', reason: 'notANumber' });
    expect(checkStation({ md: Infinity, inc: 0, azi: 0 })).toEqual({ field: 'md', reason: 'notANumber' });
  });

  it('checks the order of depths', () => {
    const at = (...mds: number[]) => mds.map((md) => ({ md, inc: 0, azi: 0 }));
    expect(checkOrder(at(0, 10, 20))).toBeUndefined();
    expect(checkOrder(at(0, 10, 5))).toEqual({ index: 2, reason: 'depthNotIncreasing' });
    expect(checkOrder(at(0, 10, 10.0005))).toEqual({ index: 2, reason: 'sameDepth' });
  });

  it('merges two sources, the first winning at the same depth, reporting every station set aside', () => {
    const reports = [
      { md: 1000, inc: 10, azi: 100, source: 'report:7' },
      { md: 1100, inc: 12, azi: 100, source: 'report:8' },
    ];
    const mwd = [
      { md: 950, inc: 9, azi: 360, source: 'mwd:3' },
      { md: 1000.0004, inc: 10.5, azi: 101, source: 'mwd:3' },
      { md: 1200, inc: 13, azi: 101, source: 'mwd:4' },
    ];
    const { stations, warnings } = mergeStations([reports, mwd]);
    expect(stations.map((s) => [s.md, s.source])).toEqual([
      [950, 'mwd:3'],
      [1000, 'report:7'],
      [1100, 'report:8'],
      [1200, 'mwd:4'],
    ]);
    expect(stations[0].azi).toBe(0);
    expect(warnings).toEqual([{ md: 1000, kept: reports[0], dropped: mwd[1], source: 'mwd:3' }]);
    // The other way round the MWD station wins.
    expect(mergeStations([mwd, reports]).warnings).toEqual([{ md: 1000.0004, kept: mwd[1], dropped: reports[0], source: 'report:7' }]);
  });
});

describe('properties of any valid survey', () => {
  /** A survey of 1–40 stations in increasing depth, any inclination and azimuth. */
  const survey = fc
    .array(
      fc.record({
        step: fc.double({ min: 0.01, max: 200, noNaN: true }),
        inc: fc.double({ min: 0, max: 180, noNaN: true }),
        azi: fc.double({ min: 0, max: 360, noNaN: true }),
      }),
      { minLength: 1, maxLength: 40 },
    )
    .map((rows) => {
      let md = 0;
      return rows.map(({ step, inc, azi }) => ({ md: (md += step), inc, azi }));
    });
  const options = fc.record({
    vsAzimuth: fc.double({ min: 0, max: 360, noNaN: true }),
    tieOn: fc.record({
      md: fc.constant(0),
      tvd: fc.double({ min: -100, max: 100, noNaN: true }),
      north: fc.double({ min: -100, max: 100, noNaN: true }),
      east: fc.double({ min: -100, max: 100, noNaN: true }),
    }),
  });

  it('no NaN or Infinity, dls ≥ 0, closure ≥ 0, closure direction in [0, 360)', () => {
    fc.assert(
      fc.property(survey, options, (stations, opts) => {
        for (const station of computeTrajectory(stations, opts).stations) {
          expect(finite(station)).toBe(true);
          expect(station.dls).toBeGreaterThanOrEqual(0);
          expect(station.closure).toBeGreaterThanOrEqual(0);
          expect(station.closureAzi).toBeGreaterThanOrEqual(0);
          expect(station.closureAzi).toBeLessThan(360);
        }
      }),
    );
  });

  it('each interval moves the hole by no more than its length (an arc is longer than its chord), and dls is at most 180° over it', () => {
    fc.assert(
      fc.property(survey, (stations) => {
        const computed = computeTrajectory(stations).stations;
        for (let i = 1; i < computed.length; i++) {
          const length = computed[i].md - computed[i - 1].md;
          const moved = Math.hypot(
            computed[i].tvd - computed[i - 1].tvd,
            computed[i].north - computed[i - 1].north,
            computed[i].east - computed[i - 1].east,
          );
          expect(moved).toBeLessThanOrEqual(length * (1 + 1e-9));
          expect(computed[i].dls * length).toBeLessThanOrEqual(180 * 30 * (1 + 1e-9));
        }
      }),
    );
  });

  it('the ratio factor is at least 1 and the dogleg is symmetric', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: Math.PI, noNaN: true }), (beta) => {
        expect(ratioFactor(beta)).toBeGreaterThanOrEqual(1);
      }),
    );
    const direction = fc.record({ inc: fc.double({ min: 0, max: 180, noNaN: true }), azi: fc.double({ min: 0, max: 360, noNaN: true }) });
    fc.assert(
      fc.property(direction, direction, (a, b) => {
        const angle = doglegAngle(a, b);
        expect(angle).toBeGreaterThanOrEqual(0);
        expect(angle).toBeLessThanOrEqual(180);
        expect(angle).toBeCloseTo(doglegAngle(b, a), 9);
      }),
    );
  });

  it('a straight inclined hole gives exact trigonometry', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 359.99, noNaN: true }),
        fc.array(fc.double({ min: 0.1, max: 500, noNaN: true }), { minLength: 1, maxLength: 20 }),
        (inc, azi, steps) => {
          let md = 0;
          const stations = [{ md: 0, inc, azi }, ...steps.map((step) => ({ md: (md += step), inc, azi }))];
          const computed = computeTrajectory(stations, { tieOn: { md: 0, tvd: 0, north: 0, east: 0 } }).stations;
          const [i, a] = [(inc * Math.PI) / 180, (azi * Math.PI) / 180];
          for (const station of computed) {
            expect(station.tvd).toBeCloseTo(station.md * Math.cos(i), 6);
            expect(station.north).toBeCloseTo(station.md * Math.sin(i) * Math.cos(a), 6);
            expect(station.east).toBeCloseTo(station.md * Math.sin(i) * Math.sin(a), 6);
            expect(station.closure).toBeCloseTo(station.md * Math.sin(i), 6);
            expect(station.dls).toBe(0);
          }
        },
      ),
    );
  });

  it('turning every azimuth by an angle turns the plan by that angle and changes neither TVD nor dls', () => {
    fc.assert(
      fc.property(survey, fc.double({ min: 0, max: 360, noNaN: true }), (stations, turn) => {
        const base = computeTrajectory(stations).stations;
        const turned = computeTrajectory(stations.map((s) => ({ ...s, azi: normaliseAzimuth(s.azi + turn) }))).stations;
        const [c, s] = [Math.cos((turn * Math.PI) / 180), Math.sin((turn * Math.PI) / 180)];
        base.forEach((station, i) => {
          expect(turned[i].tvd).toBeCloseTo(station.tvd, 6);
          expect(turned[i].dls).toBeCloseTo(station.dls, 6);
          expect(turned[i].closure).toBeCloseTo(station.closure, 6);
          expect(turned[i].north).toBeCloseTo(station.north * c - station.east * s, 6);
          expect(turned[i].east).toBeCloseTo(station.north * s + station.east * c, 6);
        });
      }),
    );
  });
});
