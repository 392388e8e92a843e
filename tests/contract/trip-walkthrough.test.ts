// The job told once, as an operations manager tries it, on memory, SQLite and PostgreSQL: a trip
// opened with an instrument and no trip-out time, a daily report filed with its time log, the
// instrument's hours growing while it is in the hole, the trip closed, the report submitted, the
// survey re-imported (the report marked revised, its submitted values unchanged), the well
// completed and the instrument back in stock. Every step is one call, as the console makes it.
import { beforeAll, describe, expect, it } from 'vitest';
import { assignmentCollections } from '../../kernel/schema/assign';
import { DICTIONARY } from '../../kernel/schema/dictionary';
import type { Row, Store } from '../../server/store/types';
import { type Envelope, makeApi, registry } from './helpers';
import { postgresSkip, storeMatrix } from './stores';
import { calibrated } from './fit';

if (postgresSkip) console.warn(`The trip walkthrough runs on memory and SQLite only: PostgreSQL is not reachable (${postgresSkip})`);

const HOUR_MS = 3_600_000;
const path = (resource: string, kind: 'add' | 'update') => registry.resources[resource]['x-resource'].endpoints[kind]!.path;
const devices = assignmentCollections(registry).find((c) => c.spec.member === 'device')!;
const survey = registry.resources.project['x-resource'].survey!;
const close = registry.resources.project['x-resource'].close!;
const lifecycle = registry.resources.device['x-resource'].lifecycle!;
const csv = (inclination: number) =>
  ['MD,Inc,Azi', ...Array.from({ length: 10 }, (_, i) => `${1000 + i * 30},${Math.min(i * inclination, 40)},45`)].join('\n');

describe.each(storeMatrix())('a trip from the hole to the completed well on %s', (_name, makeStore) => {
  let store: Store;
  let upload: Awaited<ReturnType<typeof makeApi>>['upload'];
  let call: Awaited<ReturnType<typeof makeApi>>['call'];

  beforeAll(async () => {
    store = await makeStore();
    ({ upload, call } = await makeApi(store, { seed: false }));
    const activities = await store.insert(DICTIONARY.lists, { code: 'rigActivity', name: 'Rig activities' });
    for (const [sort, key] of ['rotating', 'sliding', 'circulating', 'tripping', 'waiting'].entries())
      await store.insert(DICTIONARY.items, { dictionary: activities.id, key, sort, label: { en: key }, enabled: true });
    const types = await store.insert(DICTIONARY.lists, { code: 'wellType', name: 'Well types' });
    await store.insert(DICTIONARY.items, { dictionary: types.id, key: 'horizontal', sort: 0, label: { en: 'Horizontal' }, enabled: true });
    return () => store.close();
  });

  const post = <T = Row>(url: string, body: unknown) => call<T>('POST', url, { body }) as Promise<Envelope<T> & { changed?: unknown }>;
  const importSurvey = (wellId: number, content: string) => upload(survey.import, { content }, { query: { id: wellId } });

  it('keeps one truth from the open trip to the completed well', async () => {
    const well = await store.insert('project', {
      wellNumber: 'Walk-1H',
      wellType: 'horizontal',
      oilArea: 'Changqing',
      clientUnit: 'Changqing Oilfield Co.',
      status: 0,
      startDate: '2026-01-01',
      designDepth: 3000,
      totalFootage: 0,
    });
    const tool = await store.insert('device', {
      numtype: 'T',
      num: '9001',
      name: 'T9001',
      status: 0,
      type: 1,
      brand: 1,
      meth: 1,
      houring: 0,
      hour: 0,
    });
    await calibrated(store, [tool.id]);
    expect((await post(devices.spec.add.path, { id: well.id, [devices.spec.idsParam]: [tool.id] })).code).toBe(20000);
    expect((await store.get('device', tool.id))![lifecycle.status]).toBe(1);

    // In the hole since yesterday 06:00 (UTC), no trip-out yet.
    const yesterday = new Date(Date.now() - 24 * HOUR_MS).toISOString().slice(0, 10);
    const tripIn = `${yesterday}T06:00:00.000Z`;
    const trip = await post(path('trip', 'add'), {
      wellId: well.id,
      tripNumber: 1,
      instruments: [tool.id],
      startTime: tripIn,
      startDepth: 1000,
    });
    expect(trip.code, JSON.stringify(trip)).toBe(20000);

    // The day's report with its time log; its hours are worked out from the log.
    const log = [
      { from: '00:00', to: '06:00', activity: 'waiting' },
      { from: '06:00', to: '10:00', activity: 'tripping', depthFrom: 0, depthTo: 1000 },
      { from: '10:00', to: '20:00', activity: 'rotating', depthFrom: 1000, depthTo: 1240 },
      { from: '20:00', to: '24:00', activity: 'circulating' },
    ];
    const report = await post(path('daily', 'add'), {
      tripNumber: trip.data.id,
      day: yesterday,
      status: 'draft',
      timeLog: log,
      drillingParams: { measuredDepth: 1240, inclination: 12, azimuth: 45 },
      efficiency: { currentDepth: 1240 },
    });
    expect(report.code, JSON.stringify(report)).toBe(20000);
    expect(report.data).toMatchObject({ efficiency: { pureDrillingTime: 10, circulatingTime: 4, waitingTime: 6, dailyFootage: 240 } });

    // The instrument's hours grow while it is in the hole: counted up to now.
    const stats = async () => (await call<{ usetime: number }>('GET', `/device/stats?id=${tool.id}`)).data.usetime;
    const inHole = (Date.now() - Date.parse(tripIn)) / HOUR_MS;
    expect(await stats()).toBeGreaterThanOrEqual(Math.floor(inHole) - 1);

    // Closing the trip closes the run at the trip-out time.
    const tripOut = `${yesterday}T22:00:00.000Z`;
    const closed = await post(path('trip', 'update'), { id: trip.data.id, endTime: tripOut, endDepth: 1240 });
    expect(closed.code, JSON.stringify(closed)).toBe(20000);
    expect(await stats()).toBe(16);
    expect((await store.get('device', tool.id))!.hour).toBe(16);

    // Submitted, then the survey re-imported: the report keeps what it was sent with and shows the revision beside it.
    expect((await importSurvey(well.id, csv(3))).code).toBe(20000);
    const sent = await post(path('daily', 'update'), { id: report.data.id, status: 'submitted' });
    expect(sent.code, JSON.stringify(sent)).toBe(20000);
    const submitted = (await store.get('daily', report.data.id))!;
    expect((await importSurvey(well.id, csv(4))).code).toBe(20000);
    const after = (await store.get('daily', report.data.id))!;
    expect(after.drillingParams).toEqual(submitted.drillingParams);
    expect(after.revision).toEqual(expect.objectContaining({ at: expect.any(String) }));

    // Completing the well sends the instrument back to stock in the same write.
    const { version: _v, totalFootage: _t, ...fields } = (await store.get('project', well.id))!;
    const completed = await post(path('project', 'update'), { ...fields, [close.field]: close.value, endDate: yesterday });
    expect(completed.code, JSON.stringify(completed)).toBe(20000);
    expect((await store.get('device', tool.id))![lifecycle.status]).toBe(0);
    const refused = await post(path('trip', 'add'), { wellId: well.id, tripNumber: 2, startTime: tripOut, startDepth: 1240 });
    expect(refused.code).toBe(40001);
    expect(await store.count('trip', [{ field: 'wellId', op: 'eq', value: well.id }])).toBe(1);
  });
});
