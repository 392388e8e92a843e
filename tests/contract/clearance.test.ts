// The anti-collision call on memory, SQLite and PostgreSQL: the ISCWSA reference well and its
// offset 01 imported as survey listings on two wellheads 100 m apart, scanned through the API;
// the separation factors are the published ones, the wells outside the radius and without
// coordinates are left out, a bad radius is refused naming it, and an import changes the answer
// (a store that keeps answers forgets them on a write of stations).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Row, Store } from '../../server/store/types';
import { postgresSkip, storeMatrix } from './stores';
import { makeApi, registry } from './helpers';

const stores = storeMatrix();
if (postgresSkip) console.warn(`Clearance is tested on memory and SQLite only: PostgreSQL is not reachable (${postgresSkip})`);

const spec = registry.resources.project['x-resource'].survey!;
const clearancePath = spec.clearance!.path;
const FIXTURES = join(import.meta.dirname, '../fixtures/iscwsa');
const EXPECTED = join(import.meta.dirname, '../fixtures/iscwsa-clearance');
/** The wells' listings are with the other standard-well tests; the expected results apart. */
const folderOf = (file: string) => (/^(reference-well|offset-\d+)\.csv$/.test(file) ? FIXTURES : EXPECTED);
const csvRows = (file: string) =>
  Papa.parse<Record<string, string>>(readFileSync(join(folderOf(file), file), 'utf8'), { header: true, skipEmptyLines: true }).data;
const listing = (file: string, maxMd = Infinity) =>
  [
    'MD,Inc,Azi',
    ...csvRows(file)
      .filter((r) => +r.MD <= maxMd)
      .map((r) => `${r.MD},${r.Inc},${r.Azi}`),
  ].join('\n');
const expected = csvRows('separation-factors.csv').filter((r) => r.offset === '01');

/** The field values and hole sizes the ISCWSA set assumes (36 in and 24 in holes). */
const ISCWSA_WELL = {
  wellType: 'directional',
  oilArea: 'ISCWSA',
  clientUnit: 'ISCWSA',
  startDate: '2025-01-01',
  status: 0,
  magnetics: { declination: 0, dip: 70, totalField: 50000, convergence: 0 },
};

interface Answer {
  well: number;
  radius: number;
  located: boolean;
  errorModel: { name: string; revision: number; terms: number };
  rule: { k: number; sigmaPa: number; surfaceMargin: number };
  thresholds: { stop: number; caution: number };
  offsets: {
    id: number;
    name: string;
    wellheadDistance: number;
    sidetrack: string | null;
    minimum: { sf: number; md: number; level: string } | null;
    stations: { md: number[]; sf: number[]; refPcr: number[]; offsetPcr: number[]; distance: number[] };
  }[];
}

describe.each(stores)('the anti-collision scan on %s', (_name, makeStore) => {
  let store: Store;
  let call: Awaited<ReturnType<typeof makeApi>>['call'];
  let upload: Awaited<ReturnType<typeof makeApi>>['upload'];
  let reference: Row;
  let offset: Row;
  let far: Row;
  let unlocated: Row;

  beforeEach(async () => {
    store = await makeStore();
    ({ call, upload } = await makeApi(store, { seed: false }));
    // Grid coordinates: X north, Y east (with a zone number in front, as Chinese grids write it).
    reference = await store.insert('project', {
      ...ISCWSA_WELL,
      wellNumber: 'ISCWSA reference',
      xCoord: 4_000_000,
      yCoord: 20_500_000,
      holeDiameter: 914.4,
    });
    offset = await store.insert('project', {
      ...ISCWSA_WELL,
      wellNumber: 'ISCWSA 01',
      xCoord: 4_000_000,
      yCoord: 20_500_100,
      holeDiameter: 609.6,
    });
    far = await store.insert('project', { ...ISCWSA_WELL, wellNumber: 'Far away', xCoord: 4_003_000, yCoord: 20_500_000 });
    unlocated = await store.insert('project', { ...ISCWSA_WELL, wellNumber: 'No coordinates' });
    for (const [well, file] of [
      [reference, 'reference-well.csv'],
      [offset, 'offset-01.csv'],
      [far, 'offset-02.csv'],
      [unlocated, 'offset-03.csv'],
    ] as const) {
      const imported = await upload(spec.import!, { content: listing(file), name: file }, { query: { id: well.id } });
      expect(imported.code, JSON.stringify(imported)).toBe(20000);
    }
  });
  afterEach(() => store.close());

  const scan = (query: Record<string, string | number>) => call<Answer>('GET', clearancePath, { query });

  it('answers the published separation factors of the wells within the radius, with the model and the thresholds', async () => {
    const answer = await scan({ id: reference.id, radius: 500 });
    expect(answer.code, JSON.stringify(answer).slice(0, 500)).toBe(20000);
    const data = answer.data;
    expect(data.errorModel).toEqual({ name: 'ISCWSA MWD', revision: 4, terms: 27 });
    expect(data.rule).toEqual({ k: 3.5, sigmaPa: 0.5, surfaceMargin: 0.3 });
    expect(data.thresholds).toEqual({ stop: 1, caution: 1.5 });
    expect(data.located).toBe(true);
    expect(data.offsets.map((o) => o.name)).toEqual(['ISCWSA 01']);
    const [found] = data.offsets;
    expect(found.wellheadDistance).toBe(100);
    expect(found.stations.md).toEqual(expected.map((r) => +r.ref_md));
    found.stations.sf.forEach((sf, i) => {
      const want = +expected[i].expected_sf;
      // The published tolerance, plus the listing's 0.006 m rounding of positions and the answer's 0.0005.
      const spread = 3.5 * Math.hypot(found.stations.refPcr[i], found.stations.offsetPcr[i], 0.5);
      expect(Math.abs(sf - want), `SF at ${found.stations.md[i]} m`).toBeLessThanOrEqual(
        0.001 + 0.01 * Math.abs(want) + 0.006 / spread + 0.0005,
      );
    });
    // Offset 01's lowest SF is 1.400 at the reference's TD: between stop (1) and caution (1.5).
    expect(found.minimum!.md).toBe(2940);
    expect(found.minimum!.sf).toBeCloseTo(1.4, 2);
    expect(found.minimum!.level).toBe('caution');
  });

  it('takes the radius from the parameters when none is asked, and leaves out wells without coordinates', async () => {
    const answer = await scan({ id: reference.id });
    expect(answer.code).toBe(20000);
    expect(answer.data.radius).toBe(1000);
    expect(answer.data.offsets.map((o) => o.name)).toEqual(['ISCWSA 01']);
    const wide = await scan({ id: reference.id, radius: 5000 });
    expect(wide.data.offsets.map((o) => o.name)).toEqual(['ISCWSA 01', 'Far away']);
    const none = await scan({ id: reference.id, radius: 50 });
    expect(none.data.offsets).toEqual([]);
    const alone = await scan({ id: unlocated.id });
    expect(alone.code).toBe(20000);
    expect(alone.data.located).toBe(false);
    expect(alone.data.offsets).toEqual([]);
  });

  it('refuses a bad radius naming it, and an unknown well', async () => {
    for (const radius of ['abc', '0', '-5', '20001', '1e3']) {
      const refused = await scan({ id: reference.id, radius });
      expect(refused.code, radius).toBe(40001);
      expect((refused as unknown as { errors: { field: string }[] }).errors[0].field).toBe('radius');
      expect(refused.message).toContain(radius);
    }
    expect((await scan({ id: 999_999 })).code).toBe(40004);
    expect((await scan({ id: 'x' })).code).toBe(40001);
  });

  it('tells whoever may see the wells when a new deepest station is below the caution threshold, once', async () => {
    // Imported after the reference well, offset 01's deepest station (2940 m) is at SF 1.4 from it: caution.
    const notices = async () =>
      (
        await store.list('notification', {
          conditions: [{ field: 'kind', op: 'eq', value: 'clearance' }],
          sort: { field: 'id', order: 'ASC' },
          page: 1,
          limit: 100,
        })
      ).rows;
    const told = await notices();
    expect(told.length).toBeGreaterThan(0);
    expect(told.map((n) => n.recipient)).toContain('admin');
    const first = told.find((n) => n.recipient === 'admin')!;
    expect(first.title_key).toBe('notify.clearance_caution.title');
    expect(first.params).toMatchObject({ well: 'ISCWSA 01', offset: 'ISCWSA reference', md: 2940 });
    expect((first.params as { sf: number }).sf).toBeCloseTo(1.4, 1);
    expect(first.link).toBe(`/project/record/${offset.id}`);
    // The same stations again: nothing new to tell.
    const again = await upload(spec.import!, { content: listing('offset-01.csv'), name: 'again.csv' }, { query: { id: offset.id } });
    expect(again.code).toBe(20000);
    expect((await notices()).length).toBe(told.length);
  });

  it('answers anew once a station of a scanned well changes', async () => {
    const before = await scan({ id: reference.id, radius: 500 });
    const again = await scan({ id: reference.id, radius: 500 });
    expect(again.data).toEqual(before.data);
    // The offset now ends at 1500 m: below it, the reference's closest point is its last station.
    const cut = await upload(spec.import!, { content: listing('offset-01.csv', 1500), name: 'cut.csv' }, { query: { id: offset.id } });
    expect(cut.code).toBe(20000);
    const after = await scan({ id: reference.id, radius: 500 });
    expect(after.data.offsets[0].stations.sf).not.toEqual(before.data.offsets[0].stations.sf);
    expect(after.data.offsets[0].minimum!.sf).toBeGreaterThan(before.data.offsets[0].minimum!.sf);
  });
});
