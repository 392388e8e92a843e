// The daily report as the rig's time log, on memory, SQLite and PostgreSQL: the log's refusals
// (each under its row's field, nothing written), the hours worked out from it, a report held to
// its trip's days and to the depth of the day before, the footage following the depths in the
// same write, the repair an NPT interval opens on its instrument once, and the well's figures.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assignmentCollections } from '../../kernel/schema/assign';
import { DICTIONARY } from '../../kernel/schema/dictionary';
import type { Row, Store } from '../../server/store/types';
import { DAILY_CHARTS_PATH } from '../../kernel/daily/names';
import { postgresSkip, storeMatrix } from './stores';
import { makeApi, registry } from './helpers';

if (postgresSkip) console.warn(`The daily log is tested on memory and SQLite only: PostgreSQL is not reachable (${postgresSkip})`);

const endpoint = (resource: string, kind: 'add' | 'update' | 'del') => registry.resources[resource]['x-resource'].endpoints[kind]!.path;

type LogRow = Record<string, unknown>;
const row = (from: string, to: string, activity: string, extra: LogRow = {}): LogRow => ({ from, to, activity, ...extra });
/** A whole day: 14 h rotating, 2 h circulating, 8 h tripping. */
const wholeDay = [row('00:00', '08:00', 'tripping'), row('08:00', '22:00', 'rotating'), row('22:00', '24:00', 'circulating')];

describe.each(storeMatrix())('the daily time log on %s', (_name, makeStore) => {
  let store: Store;
  let call: Awaited<ReturnType<typeof makeApi>>['call'];
  let tripId: number;
  let wellId: number;
  let device: Row;

  beforeEach(async () => {
    store = await makeStore();
    ({ call } = await makeApi(store, { seed: false }));
    const activities = await store.insert(DICTIONARY.lists, { code: 'rigActivity', name: 'Rig activities' });
    for (const [sort, key] of ['rotating', 'sliding', 'circulating', 'tripping', 'waiting', 'repair'].entries())
      await store.insert(DICTIONARY.items, { dictionary: activities.id, key, sort, label: { en: key }, enabled: true });
    const categories = await store.insert(DICTIONARY.lists, { code: 'nptCategory', name: 'NPT' });
    await store.insert(DICTIONARY.items, {
      dictionary: categories.id,
      key: 'downholeTool',
      sort: 0,
      label: { en: 'Downhole tool failure', zh: '井下仪器故障' },
      enabled: true,
    });
    const well = await store.insert('project', { wellNumber: 'Su53-78H', status: 0, designDepth: 3000, totalFootage: 0 });
    wellId = well.id;
    const trip = await store.insert('trip', {
      wellId,
      tripNumber: 1,
      startTime: '2025-03-02T08:00:00.000Z',
      endTime: '2025-03-05T20:00:00.000Z',
      startDepth: 1000,
      endDepth: 1300,
    });
    tripId = trip.id;
    device = await store.insert('device', { numtype: 'T', num: '77', name: 'T77', status: 0, type: 1, brand: 1, meth: 1, houring: 0 });
  });
  afterEach(() => store.close());

  const add = (body: Record<string, unknown>, language = 'en') =>
    call<Row>('POST', endpoint('daily', 'add'), { body: { tripNumber: tripId, status: 'draft', ...body }, language });
  const update = (id: number, body: Record<string, unknown>) => call<Row>('POST', endpoint('daily', 'update'), { body: { id, ...body } });
  const reports = () => store.count('daily', []);

  it('refuses a log that does not hold together, under the row and field at fault, writing nothing', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ timeLog: [row('08:00', '07:00', 'rotating')] }, ['timeLog.0.to']],
      [{ timeLog: [row('00:00', '10:00', 'rotating'), row('09:00', '12:00', 'tripping')] }, ['timeLog.1.from']],
      [{ timeLog: [row('00:00', '10:00', 'rotating'), row('11:00', '24:00', 'tripping')], status: 'submitted' }, ['timeLog.1.from']],
      [{ timeLog: [row('00:00', '23:00', 'rotating')], status: 'submitted' }, ['timeLog.0.to']],
      [{ timeLog: [row('00:00', '25:00', 'rotating')] }, ['timeLog.0.to']],
      [{ timeLog: [row('00:00', '02:00', 'rotating', { depthFrom: 1010, depthTo: 1005 })] }, ['timeLog.0.depthTo']],
      [{ timeLog: [row('00:00', '02:00', 'repair', { npt: true })] }, ['timeLog.0.nptCategory', 'timeLog.0.nptCause']],
      [{ timeLog: [row('00:00', '02:00', 'dancing')] }, ['timeLog.0.activity']],
      [{ timeLog: [row('00:00', '02:00', 'repair', { device: 99999 })] }, ['timeLog.0.device']],
    ];
    for (const [body, fields] of cases) {
      const refused = await add({ day: '2025-03-03', ...body });
      expect(refused.code, JSON.stringify(body)).toBe(40001);
      expect(refused.errors?.map((e) => e.field).sort()).toEqual(fields);
    }
    expect(await reports()).toBe(0);
    // A submitted day logged from 00:00 to 24:00 is taken.
    expect((await add({ day: '2025-03-03', status: 'submitted', timeLog: wholeDay })).code).toBe(20000);
  });

  it('says what is wrong with the log in each language, naming the row', async () => {
    const body = { day: '2025-03-03', timeLog: [row('00:00', '10:00', 'rotating'), row('09:00', '12:00', 'tripping')] };
    const messages = await Promise.all(['zh', 'en', 'es', 'ja'].map(async (language) => (await add(body, language)).errors![0].message));
    expect(messages[1]).toBe('Time log, row 2, From: overlaps row 1');
    expect(new Set(messages).size).toBe(4);
    for (const message of messages) expect(message).not.toMatch(/time_log|timeLog|validation\./);
  });

  it('works out the hours from the log on every write, whatever the client sends', async () => {
    const log = [
      // A form sends the fields a row leaves empty as empty values: not given.
      row('00:00', '06:00', 'rotating', { npt: false, nptCategory: '', nptCause: '', device: null, depthFrom: null, comment: '' }),
      row('06:00', '09:30', 'sliding'),
      row('09:30', '12:00', 'circulating'),
      row('12:00', '13:00', 'waiting', { npt: true, nptCategory: 'downholeTool', nptCause: 'operator' }),
      row('13:00', '24:00', 'tripping'),
    ];
    const made = await add({ day: '2025-03-03', timeLog: log });
    expect(made.code, JSON.stringify(made)).toBe(20000);
    expect(made.data.efficiency).toMatchObject({ pureDrillingTime: 9.5, circulatingTime: 2.5, waitingTime: 1, nptTime: 1 });
    // A value a client sends for them is not taken: the log decides.
    const typed = await update(made.data.id, { efficiency: { pureDrillingTime: 20, currentDepth: 1050 } });
    expect(typed.code, JSON.stringify(typed)).toBe(20000);
    expect(typed.data.efficiency).toMatchObject({ pureDrillingTime: 9.5, currentDepth: 1050 });
  });

  it("holds a report to its trip's days and to the depth of the day before", async () => {
    for (const day of ['2025-03-01', '2025-03-06']) {
      const refused = await add({ day });
      expect(refused.errors?.map((e) => e.field)).toEqual(['day']);
    }
    expect((await add({ day: '2025-03-02', efficiency: { currentDepth: 1100 } })).code).toBe(20000);
    const shallower = await add({ day: '2025-03-03', efficiency: { currentDepth: 1090 } });
    expect(shallower.errors).toEqual([{ field: 'efficiency.currentDepth', message: expect.stringMatching(/correct that report/) }]);
    const directional = await add({ day: '2025-03-03', efficiency: { currentDepth: 1150, directionalFootage: 60 } });
    expect(directional.errors?.map((e) => e.field)).toEqual(['efficiency.directionalFootage']);
    expect(await reports()).toBe(1);
  });

  it("keeps each day's footage from the depths, the next day's following an earlier day's change in the same write", async () => {
    const first = await add({ day: '2025-03-02', efficiency: { currentDepth: 1100 } });
    const second = await add({ day: '2025-03-03', efficiency: { currentDepth: 1180.5 } });
    expect(first.data.efficiency).toMatchObject({ dailyFootage: 100 });
    expect(second.data.efficiency).toMatchObject({ dailyFootage: 80.5 });
    const changed = await update(first.data.id, { efficiency: { currentDepth: 1120 } });
    expect(changed.code, JSON.stringify(changed)).toBe(20000);
    expect(changed.data.efficiency).toMatchObject({ dailyFootage: 120 });
    expect((changed as { changed?: { resource: string; id: number }[] }).changed).toContainEqual({ resource: 'daily', id: second.data.id });
    const next = (await store.get('daily', second.data.id))!;
    expect(next.efficiency).toMatchObject({ dailyFootage: 60.5 });
    expect(next.version).toBe(second.data.version); // kept, not edited
    await call('POST', endpoint('daily', 'del'), { body: { id: first.data.id } });
    expect((await store.get('daily', second.data.id))!.efficiency).toMatchObject({ dailyFootage: 180.5 });
  });

  it('opens a repair on the instrument an NPT interval names, once, and moves its status', async () => {
    const failure = row('08:00', '10:00', 'repair', {
      npt: true,
      nptCategory: 'downholeTool',
      nptCause: 'ours',
      device: device.id,
      comment: 'Pulser lost signal',
    });
    const made = await add({ day: '2025-03-03', timeLog: [row('00:00', '08:00', 'rotating'), failure] }, 'en');
    expect(made.code, JSON.stringify(made)).toBe(20000);
    const repairs = async () =>
      (await store.list('fitrecord', { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 10 })).rows;
    const [repair] = await repairs();
    expect(repair).toMatchObject({ device: device.id, dailyReport: made.data.id, songReason: 'Downhole tool failure: Pulser lost signal' });
    expect(new Date(repair.songTime as string).getHours()).toBe(8);
    expect((await store.get('device', device.id))!.status).toBe(2);
    expect((made as { changed?: { resource: string }[] }).changed?.map((c) => c.resource)).toEqual(
      expect.arrayContaining(['fitrecord', 'device']),
    );
    expect((await update(made.data.id, { workingSummary: 'Pulled out, pulser sent to the shop' })).code).toBe(20000);
    expect(await repairs()).toHaveLength(1);
  });

  it("takes an instrument that failed on the report's well off the well, and opens its repair in the same write", async () => {
    const sent = assignmentCollections(registry).find((c) => c.spec.member === 'device' && c.parent.resource === 'project')!;
    await store.update('device', device.id, { ...device, status: 1 });
    const assignment = await store.insert(sent.resource, {
      [sent.parent.field]: wellId,
      [sent.spec.member]: device.id,
      [sent.spec.since]: '2025-03-01T00:00:00.000Z',
    });
    const failure = row('08:00', '10:00', 'repair', { npt: true, nptCategory: 'downholeTool', nptCause: 'ours', device: device.id });
    const made = await add({ day: '2025-03-03', timeLog: [row('00:00', '08:00', 'rotating'), failure] });
    expect(made.code, JSON.stringify(made)).toBe(20000);
    expect((await store.get(sent.resource, assignment.id))![sent.spec.until]).toEqual(expect.any(String));
    expect((await store.get('device', device.id))!.status).toBe(2);
    expect(await store.count('fitrecord', [{ field: 'dailyReport', op: 'eq', value: made.data.id }])).toBe(1);
  });

  it('refuses an interval naming an instrument still on another well, under the row, writing nothing', async () => {
    await store.update('device', device.id, { ...device, status: 1 });
    const failure = row('08:00', '10:00', 'repair', { npt: true, nptCategory: 'downholeTool', nptCause: 'ours', device: device.id });
    const refused = await add({ day: '2025-03-03', timeLog: [failure] });
    expect(refused.code).toBe(40001);
    expect(refused.errors?.map((e) => e.field)).toEqual(['timeLog.0.device']);
    expect(await reports()).toBe(0);
    expect(await store.count('fitrecord', [])).toBe(0);
  });

  it("answers a well's NPT by category and cause and its depth by day against the planned depth", async () => {
    const npt = (from: string, to: string, cause: string) =>
      row(from, to, 'waiting', { npt: true, nptCategory: 'downholeTool', nptCause: cause });
    await add({ day: '2025-03-02', efficiency: { currentDepth: 1100 }, timeLog: [npt('00:00', '01:30', 'operator')] });
    await add({
      day: '2025-03-03',
      efficiency: { currentDepth: 1200 },
      timeLog: [npt('02:00', '03:00', 'rig'), row('03:00', '05:00', 'rotating')],
    });
    const answer = await call<Record<string, unknown>>('GET', DAILY_CHARTS_PATH, { query: { id: wellId } });
    expect(answer.data).toEqual({
      designDepth: 3000,
      depth: [
        { day: '2025-03-02', depth: 1100 },
        { day: '2025-03-03', depth: 1200 },
      ],
      nptHours: 2.5,
      byCategory: [{ key: 'downholeTool', hours: 2.5 }],
      byCause: [
        { key: 'operator', hours: 1.5 },
        { key: 'rig', hours: 1 },
      ],
    });
    expect((await call('GET', DAILY_CHARTS_PATH, { query: { id: 99999 } })).code).toBe(40004);
  });
});
