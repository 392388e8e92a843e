// A well's survey as its schema declares it: the schema check of `x-resource.survey` on a small
// fixture (a well, its runs carrying stations, its imported listing), and the pure working-out of
// a well's trajectory from records: merge order, tie-on, vertical-section azimuth, totals, and
// each record's derived values (TVD at its station, largest dogleg severity since the record before).
import { describe, expect, it } from 'vitest';
import { checkSchemas, formatProblem } from '../../kernel/schema/check';
import type { SurveySpec } from '../../kernel/schema/types';
import { computeTrajectory } from '../../kernel/survey/minimum-curvature';
import { derivedOf, totalsOf, wellStations, wellTrajectory } from '../../kernel/survey/wells';
import { type Fixture, soundFixture } from '../fixtures/schemas';

/** The fixture with a survey: runs carry a station and a derived TVD; a listing resource per well. */
function surveyed(): Fixture {
  const f = soundFixture();
  const run = f.files['run.json'];
  Object.assign(run.properties, {
    md: { type: 'number', minimum: 0, maximum: 9000 },
    inc: { type: 'number', minimum: 0, maximum: 180 },
    azi: { type: 'number', minimum: 0, maximum: 360 },
    tvd: { type: 'number', readOnly: true, minimum: 0, maximum: 9000 },
  });
  f.files['listing.json'] = {
    $id: 'listing',
    type: 'object',
    additionalProperties: false,
    required: ['well', 'stations'],
    properties: {
      id: { type: 'integer', readOnly: true },
      well: { type: 'integer', 'x-ref': 'well' },
      stations: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: { md: { type: 'number' }, inc: { type: 'number' }, azi: { type: 'number' } },
        },
      },
    },
    'x-resource': {
      endpoints: { list: { method: 'GET', path: '/listing/list', shape: 'total-items' } },
      parent: { resource: 'well', field: 'well', onParentDelete: 'cascade' },
      list: { columns: ['id'], sortable: ['id'], sort: { field: 'id', order: 'ASC' }, perPage: 10 },
      filters: [],
      recordRepresentation: 'id',
    },
  };
  const well = f.files['well.json'];
  well.properties.maxInc = { type: 'number', readOnly: true, minimum: 0, maximum: 180 };
  well.properties.vsAzi = { type: 'number', minimum: 0, maximum: 360 };
  well['x-resource'].survey = {
    trajectory: '/well/trajectory',
    import: '/well/survey/import',
    listing: { resource: 'listing', well: 'well', stations: 'stations' },
    verticalSectionAzimuth: 'vsAzi',
    sources: [{ resource: 'run', well: 'well', stations: [{ md: 'md', inc: 'inc', azi: 'azi' }], derived: { tvd: 'tvd' } }],
    totals: { maxInc: 'maxInclination' },
  };
  return f;
}

const problems = (breakIt: (f: Fixture) => void) => {
  const f = surveyed();
  breakIt(f);
  return checkSchemas(f.files, f.config, f.routes, f.known).map(formatProblem);
};
const survey = (f: Fixture) => f.files['well.json']['x-resource'].survey;

describe('the schema check of x-resource.survey', () => {
  it('accepts a sound survey', () => expect(problems(() => undefined)).toEqual([]));

  it('refuses a derived field a person could type, and a total that is not read-only', () => {
    expect(
      problems((f) => {
        delete f.files['run.json'].properties.tvd.readOnly;
        delete f.files['well.json'].properties.maxInc.readOnly;
      }),
    ).toEqual([
      'schemas/well.json#/x-resource/survey/sources/0/derived: "tvd" of run is set by the server from the trajectory: it must be readOnly',
      'schemas/well.json#/x-resource/survey/totals: "maxInc" of well is set by the server from the trajectory: it must be readOnly',
    ]);
  });

  it('refuses a station field that is no number, and a source that does not name the well', () => {
    expect(
      problems((f) => {
        survey(f).sources[0].stations[0].inc = 'done';
        survey(f).sources[0].well = 'start';
      }),
    ).toEqual([
      'schemas/well.json#/x-resource/survey/sources/0/well: "start" of run must refer to well (x-ref), or say which field of well it holds (wellBy)',
      'schemas/well.json#/x-resource/survey/sources/0/stations/0/inc: "done" of run is of type boolean: a survey value is a number',
    ]);
  });

  it('refuses a listing that is not a child collection of the well, and an unknown resource', () => {
    expect(
      problems((f) => {
        delete f.files['listing.json']['x-resource'].parent;
        survey(f).sources[0].resource = 'nothing';
      }),
    ).toEqual([
      'schemas/well.json#/x-resource/survey/listing/well: listing must be a child collection of well through "well" (its x-resource.parent)',
      'schemas/well.json#/x-resource/survey/sources/0/resource: no resource "nothing" (no schemas/nothing.json)',
    ]);
  });
});

const spec: SurveySpec = {
  trajectory: '/well/trajectory',
  import: '/well/survey/import',
  listing: { resource: 'listing', well: 'well', stations: 'stations' },
  verticalSectionAzimuth: 'vsAzi',
  tieOn: 'tie',
  sources: [
    {
      resource: 'run',
      well: 'well',
      stations: [{ md: 'p.md', inc: 'p.inc', azi: 'p.azi' }],
      derived: { 'p.tvd': 'tvd', 'p.dls': 'intervalMaxDls' },
    },
  ],
  totals: { maxInc: 'maxInclination', reach: 'closure' },
};
const run = (id: number, md: number, inc: number, azi: number) => ({ id, well: 1, p: { md, inc, azi } });

describe('a well’s trajectory from its records', () => {
  const listing = { id: 9, well: 1, stations: [0, 100, 200, 300].map((md, i) => ({ md, inc: i * 5, azi: 90 })) };
  const runs = [run(1, 300, 17, 91), run(2, 400, 20, 90), run(3, 500, 20, 90), run(4, 500, 20, 90), { id: 5, well: 1, p: {} }];

  it('puts the listing first, then the sources, reporting each station set aside', () => {
    const trajectory = wellTrajectory(spec, { well: { id: 1 }, listing, sources: [runs] });
    const stations = wellStations(trajectory);
    expect(stations.map((s) => [s.md, s.source, s.ref])).toEqual([
      [0, 'listing', 9],
      [100, 'listing', 9],
      [200, 'listing', 9],
      [300, 'listing', 9],
      [400, 'run', 2],
      [500, 'run', 3],
    ]);
    expect(trajectory.warnings.map((w) => [w.md, w.kept.source, w.dropped.source, w.dropped.ref])).toEqual([
      [300, 'listing', 'run', 1],
      [500, 'run', 'run', 4],
    ]);
  });

  it('runs the section along the closure direction unless the well gives one, and starts at its tie-on', () => {
    const records = { well: { id: 1 }, listing, sources: [[]] };
    const along = wellTrajectory(spec, records);
    expect(along.vsAzimuth).toBeCloseTo(90, 9);
    along.columns.vs.forEach((vs, i) => expect(vs).toBeCloseTo(along.columns.closure[i], 9));
    const across = wellTrajectory(spec, { ...records, well: { id: 1, vsAzi: 0 } });
    across.columns.vs.forEach((vs) => expect(Math.abs(vs)).toBeLessThan(1e-9));

    const tied = wellTrajectory(spec, { ...records, well: { id: 1, tie: { md: 150, tvd: 149, north: 5, east: 6 } } });
    const stations = wellStations(tied);
    expect(stations[0]).toMatchObject({ md: 150, tvd: 149, north: 5, east: 6, source: 'tieOn' });
    expect(stations.slice(1).map((s) => s.md)).toEqual([200, 300]);
  });

  it('derives each record’s values at its own depth, and the largest dogleg severity since the record before it', () => {
    const trajectory = wellTrajectory(spec, { well: { id: 1 }, listing, sources: [runs] });
    const expected = computeTrajectory([...listing.stations, { md: 400, inc: 20, azi: 90 }, { md: 500, inc: 20, azi: 90 }]);
    const derived = derivedOf(spec.sources[0], runs, trajectory);
    const at = (md: number) => expected.stations.find((s) => s.md === md)!;
    // Run 1 sits at 300 m (the listing's station kept there); nothing of the source is above it.
    expect(derived.get(1)).toEqual({ 'p.tvd': round(at(300).tvd), 'p.dls': round(Math.max(at(100).dls, at(200).dls, at(300).dls)) });
    expect(derived.get(2)).toEqual({ 'p.tvd': round(at(400).tvd), 'p.dls': round(at(400).dls) });
    // Two records at one depth share the interval that ends there.
    expect(derived.get(3)).toEqual(derived.get(4));
    expect(derived.get(3)!['p.dls']).toBe(round(at(500).dls));
    // A record without a station has none of the values.
    expect(derived.get(5)).toEqual({ 'p.tvd': null, 'p.dls': null });
  });

  it('gives the well’s totals, or none without a station', () => {
    const trajectory = wellTrajectory(spec, { well: { id: 1 }, listing, sources: [runs] });
    expect(totalsOf(spec, trajectory)).toEqual({ maxInc: 20, reach: round(trajectory.totals!.closure) });
    expect(totalsOf(spec, wellTrajectory(spec, { well: { id: 1 }, sources: [[]] }))).toEqual({ maxInc: null, reach: null });
  });
});

function round(value: number) {
  return Math.round(value * 100) / 100;
}
