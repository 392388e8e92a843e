// A well's survey on memory, SQLite and PostgreSQL: stations from daily reports, from usage
// records' MWD stations (matched by well name) and from an imported listing, merged by depth with
// a warning for each station set aside; the trajectory call; derived values (a daily report's TVD,
// displacement and dogleg severity, the well's maximum inclination and displacement) kept as
// stations come, change and go; an import refused with its line and column, storing nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computeTrajectory } from '../../kernel/survey/minimum-curvature';
import type { Row, Store } from '../../server/store/types';
import { postgresSkip, storeMatrix } from './stores';
import { type Envelope, makeApi, registry } from './helpers';

const unavailable = postgresSkip;
const stores = storeMatrix();
if (unavailable) console.warn(`Surveys are tested on memory and SQLite only: PostgreSQL is not reachable (${unavailable})`);

const spec = registry.resources.project['x-resource'].survey!;
const dailyAdd = registry.resources.daily['x-resource'].endpoints.add!.path;
const dailyUpdate = registry.resources.daily['x-resource'].endpoints.update!.path;
const dailyDel = registry.resources.daily['x-resource'].endpoints.del!.path;
const projectUpdate = registry.resources.project['x-resource'].endpoints.update!.path;
const projectDel = registry.resources.project['x-resource'].endpoints.del!.path;

const WELL = {
  wellNumber: 'Su53-78H',
  wellType: 'horizontal',
  oilArea: 'Changqing',
  clientUnit: 'Changqing Oilfield Co.',
  startDate: '2025-03-01',
  status: 0,
};
/** A build from vertical to 30° at 3°/30 m heading 45°, below a kick-off at 500 m. */
const LISTING = Array.from({ length: 13 }, (_, i) => ({ md: 500 + i * 30, inc: Math.min(i * 3, 30), azi: 45 }));
const csv = (rows: { md: number; inc: number; azi: number }[], header = 'MD,Inc,Azi') =>
  [header, ...rows.map((r) => `${r.md},${r.inc},${r.azi}`)].join('\n');

interface Trajectory {
  stations: {
    md: number;
    inc: number;
    azi: number;
    tvd: number;
    north: number;
    east: number;
    vs: number;
    closure: number;
    dls: number;
    source: string;
    ref?: number;
  }[];
  totals: { maxInclination: number; closure: number } | null;
  warnings: { md: number; source: string; kept: { source: string }; dropped: { source: string } }[];
  vsAzimuth: number;
}

describe.each(stores)('a well’s survey on %s', (_name, makeStore) => {
  let store: Store;
  let upload: Awaited<ReturnType<typeof makeApi>>['upload'];
  let call: Awaited<ReturnType<typeof makeApi>>['call'];
  let well: Row;
  let trip: Row;

  beforeEach(async () => {
    store = await makeStore();
    ({ upload, call } = await makeApi(store, { seed: false }));
    const types = await store.insert('dictionary', { code: 'wellType', name: 'Well types' });
    await store.insert('dictionaryitem', { dictionary: types.id, key: 'horizontal', sort: 0, label: { en: 'Horizontal' }, enabled: true });
    well = await store.insert('project', WELL);
    trip = await store.insert('trip', {
      wellId: well.id,
      tripNumber: 1,
      startTime: '2025-03-02T08:00:00.000Z',
      endTime: '2025-03-09T08:00:00.000Z',
      startDepth: 0,
      endDepth: 900,
    });
  });
  afterEach(() => store.close());

  const trajectory = () => call<Trajectory>('GET', spec.trajectory, { query: { id: well.id } });
  const importFile = (content: string | Uint8Array<ArrayBuffer>, name = 'survey.csv', id: number | string = well.id) =>
    upload<{ kept: number; warnings: unknown[] }>(spec.import, { content, name }, { query: { id } }) as Promise<
      Envelope<{ kept: number; warnings: unknown[] }> & { refusal?: Record<string, unknown> }
    >;
  const daily = (day: string, md: number, inc: number, azi: number) =>
    call<Row>('POST', dailyAdd, {
      body: {
        tripNumber: trip.id,
        day,
        status: 'draft',
        drillingParams: { measuredDepth: md, inc: undefined, inclination: inc, azimuth: azi },
      },
    });

  it('keeps a daily report’s TVD, displacement and dogleg severity, and the well’s totals, as reports come, change and go', async () => {
    const first = await daily('2025-03-03', 600, 10, 45);
    expect(first.code, JSON.stringify(first)).toBe(20000);
    const second = await daily('2025-03-04', 690, 19, 45);
    expect(second.code, JSON.stringify(second)).toBe(20000);
    const expected = computeTrajectory([
      { md: 600, inc: 10, azi: 45 },
      { md: 690, inc: 19, azi: 45 },
    ]);
    const stored = (await store.get('daily', second.data.id))!;
    const params = stored.drillingParams as Record<string, number>;
    // Row 0 is the wellhead, where the computation starts.
    expect(params.verticalDepth).toBeCloseTo(expected.stations[2].tvd, 2);
    expect(params.horizontalDisplacement).toBeCloseTo(expected.stations[2].closure, 2);
    expect(params.maxDoglegSeverity).toBeCloseTo(expected.stations[2].dls, 2);
    // The derived values are the server's: the version of the report did not move for them.
    expect(stored.version).toBe(second.data.version);
    // An edit of something else keeps them.
    const summary = await call<Row>('POST', dailyUpdate, { body: { id: second.data.id, workingSummary: 'Drilled ahead.' } });
    expect(summary.code, JSON.stringify(summary)).toBe(20000);
    expect(((await store.get('daily', second.data.id))!.drillingParams as Record<string, number>).verticalDepth).toBeCloseTo(
      expected.stations[2].tvd,
      2,
    );
    // So does an edit of the well.
    expect((await call('POST', projectUpdate, { body: { id: well.id, oilArea: 'Ordos' } })).code).toBe(20000);
    expect((await store.get('project', well.id))!.maxInclination).toBe(19);
    let project = (await store.get('project', well.id))!;
    expect(project.maxInclination).toBe(19);
    expect(project.horizontalDisplacement).toBeCloseTo(expected.totals!.closure, 2);

    // A report's station changed: the later report's values follow.
    const changed = await call<Row>('POST', dailyUpdate, {
      body: { id: first.data.id, drillingParams: { measuredDepth: 600, inclination: 0, azimuth: 0 } },
    });
    expect(changed.code, JSON.stringify(changed)).toBe(20000);
    const after = computeTrajectory([
      { md: 600, inc: 0, azi: 0 },
      { md: 690, inc: 19, azi: 45 },
    ]);
    expect(((await store.get('daily', second.data.id))!.drillingParams as Record<string, number>).verticalDepth).toBeCloseTo(
      after.stations[2].tvd,
      2,
    );

    // The last report gone: the well's totals are the first one's.
    expect((await call('POST', dailyDel, { body: { id: second.data.id } })).code).toBe(20000);
    project = (await store.get('project', well.id))!;
    expect(project.maxInclination).toBe(0);
  });

  it('imports a listing, merges it with the reports with a warning, and answers the trajectory in depth order', async () => {
    await daily('2025-03-03', 620, 12.5, 44); // the listing has a station at 620 m too: the listing wins
    const imported = await importFile(csv(LISTING));
    expect(imported.code, JSON.stringify(imported)).toBe(20000);
    expect(imported.data.kept).toBe(LISTING.length);
    expect(imported.data.warnings).toHaveLength(1);

    const answer = await trajectory();
    expect(answer.code).toBe(20000);
    const { warnings, totals } = answer.data;
    // The first row is the wellhead, where the computation starts.
    expect(answer.data.stations[0]).toMatchObject({ md: 0, tvd: 0, north: 0, east: 0, source: 'tieOn' });
    const stations = answer.data.stations.slice(1);
    const expected = { stations: computeTrajectory(LISTING, { vsAzimuth: answer.data.vsAzimuth }).stations.slice(1) };
    expect(stations.map((s) => s.md)).toEqual(LISTING.map((s) => s.md));
    stations.forEach((station, i) => {
      expect(station.tvd).toBeCloseTo(expected.stations[i].tvd, 2);
      expect(station.north).toBeCloseTo(expected.stations[i].north, 2);
      expect(station.east).toBeCloseTo(expected.stations[i].east, 2);
      expect(station.vs).toBeCloseTo(expected.stations[i].vs, 2);
      expect(station.source).toBe('survey');
    });
    expect(warnings).toEqual([
      expect.objectContaining({
        md: 620,
        source: 'daily',
        kept: expect.objectContaining({ source: 'survey' }),
        dropped: expect.objectContaining({ source: 'daily' }),
      }),
    ]);
    expect(totals!.maxInclination).toBe(30);
    // Without an azimuth of its own the section runs along the closure direction: 45° here.
    expect(answer.data.vsAzimuth).toBeCloseTo(45, 6);
    // The daily report's derived values come from the station kept at its depth (the listing's).
    const report = (await store.list('daily', { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 10 })).rows[0];
    expect((report.drillingParams as Record<string, number>).verticalDepth).toBeCloseTo(stations.find((s) => s.md === 620)!.tvd, 2);

    // A second import replaces the first.
    const again = await importFile(csv(LISTING.slice(0, 4))); // 500–590 m
    expect(again.data.kept).toBe(4);
    const replaced = (await trajectory()).data;
    expect(replaced.stations.filter((s) => s.source === 'survey')).toHaveLength(4);
    // The report's station at 620 m is no longer set aside.
    expect(replaced.warnings).toEqual([]);
    expect(replaced.stations.at(-1)).toMatchObject({ md: 620, source: 'daily' });
  });

  it('answers every figure rounded once, to 0.01: the totals, the last station and the well say the same', async () => {
    const imported = await importFile(csv(LISTING));
    expect(imported.code, JSON.stringify(imported)).toBe(20000);
    const { stations, totals, vsAzimuth } = (await trajectory()).data;
    const hundredths = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
    for (const station of stations) {
      for (const key of ['md', 'inc', 'azi', 'tvd', 'north', 'east', 'vs', 'closure', 'dls'] as const)
        expect(hundredths(station[key])).toBe(true);
    }
    expect(Object.values(totals!).every((value) => hundredths(value))).toBe(true);
    expect(hundredths(vsAzimuth)).toBe(true);
    const last = stations.at(-1)!;
    const project = (await store.get('project', well.id))!;
    expect(totals!.closure).toBe(last.closure);
    expect(project.horizontalDisplacement).toBe(totals!.closure);
    expect(project.maxInclination).toBe(totals!.maxInclination);
  });

  it('follows the well’s vertical-section azimuth and tie-on', async () => {
    await importFile(csv(LISTING));
    const updated = await call('POST', projectUpdate, { body: { id: well.id, vsAzimuth: 135 } });
    expect(updated.code, JSON.stringify(updated)).toBe(20000);
    const crosswise = (await trajectory()).data;
    expect(crosswise.vsAzimuth).toBe(135);
    // At right angles to the well's direction, the section shows nothing of it.
    for (const station of crosswise.stations) expect(Math.abs(station.vs)).toBeLessThan(0.001);

    const tied = await call('POST', projectUpdate, { body: { id: well.id, tieOn: { md: 560, tvd: 555, north: 10, east: 20 } } });
    expect(tied.code, JSON.stringify(tied)).toBe(20000);
    const sidetrack = (await trajectory()).data;
    expect(sidetrack.stations[0]).toMatchObject({ md: 560, tvd: 555, north: 10, east: 20 });
    expect(sidetrack.stations.every((s) => s.md >= 560)).toBe(true);
  });

  it('takes the MWD stations of the usage records that name the well', async () => {
    const tool = await store.insert('device', {
      numtype: 'T',
      num: '1234',
      name: 'T1234',
      status: 0,
      type: 1,
      brand: 1,
      meth: 1,
      timestamp: '2025-01-01T00:00:00.000Z',
    });
    const add = registry.resources.userecord['x-resource'].endpoints.add!.path;
    const run = await call('POST', add, {
      body: {
        device: tool.id,
        project: well.id,
        startcl: 700,
        endcl: 800,
        starttime: '2025-03-05T08:00:00.000Z',
        status: 1,
        mwd: { smd: 700, sinc: 20, sazi: 46, emd: 800, einc: 25, eazi: 47 },
      },
    });
    expect(run.code, JSON.stringify(run)).toBe(20000);
    const { stations } = (await trajectory()).data;
    expect(stations.map((s) => [s.md, s.source])).toEqual([
      [0, 'tieOn'],
      [700, 'userecord'],
      [800, 'userecord'],
    ]);
    expect((await store.get('project', well.id))!.maxInclination).toBe(25);
  });

  it('refuses a bad file naming its line and column, and stores nothing', async () => {
    await importFile(csv(LISTING));
    const before = (await trajectory()).data;
    const broken = csv(LISTING).split('\n');
    broken[4] = '590,abc,45';
    const refused = await importFile(broken.join('\n'));
    expect(refused.code).toBe(40001);
    expect(refused.refusal).toMatchObject({ reason: 'notANumber', line: 5, column: 'inc', value: 'abc' });
    expect(refused.message).toContain('5');
    expect(refused.message).toContain('abc');
    expect((await trajectory()).data).toEqual(before);

    const noColumn = await importFile('Depth,Angle\n1,2\n');
    expect(noColumn.code).toBe(40001);
    expect(noColumn.refusal).toMatchObject({ reason: 'missingColumn' });
    const missing = await importFile(csv(LISTING), 'survey.csv', 999_999);
    expect(missing.code).toBe(40004);
  });

  it('goes with its well', async () => {
    await importFile(csv(LISTING));
    expect(await store.count('survey', [])).toBe(1);
    const { code, message } = await call('POST', projectDel, { body: { id: well.id } });
    // The trip keeps the well; once it goes too, the listing goes with the well.
    if (code !== 20000) {
      expect(message).toBeTruthy();
      await store.remove('trip', [trip.id]);
      expect((await call('POST', projectDel, { body: { id: well.id } })).code).toBe(20000);
    }
    expect(await store.count('survey', [])).toBe(0);
  });
});
