// The wells' records on memory, SQLite and PostgreSQL: a trip's computed footage and rate, its
// instrument that must have been sent to its well, the well's total footage kept as trips come,
// change and go (without counting as an edit of the well), a daily report's well taken from its
// trip, a submitted report closed to all but an admin, and a well that cannot be deleted while
// instruments are still assigned to it. Records are put straight into the store; assignment rows
// too, so these cases do not depend on the assign calls.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assignmentCollections } from '../../kernel/schema/assign';
import { DICTIONARY } from '../../kernel/schema/dictionary';
import type { Row, Store } from '../../server/store/types';
import { postgresSkip, storeMatrix } from './stores';
import { makeApi, registry } from './helpers';
import { calibrated } from './fit';

const unavailable = postgresSkip;
const stores = storeMatrix();
if (unavailable) console.warn(`Wells records are tested on memory and SQLite only: PostgreSQL is not reachable (${unavailable})`);

const endpoint = (resource: string, kind: 'list' | 'add' | 'update' | 'del') =>
  registry.resources[resource]['x-resource'].endpoints[kind]!.path;
const devices = assignmentCollections(registry).find((c) => c.spec.member === 'device')!;

const well = (wellNumber: string) => ({
  wellNumber,
  wellType: 'horizontal',
  oilArea: 'Changqing',
  clientUnit: 'Changqing Oilfield Co.',
  startDate: '2025-03-01',
  status: 0,
  totalFootage: 0,
});
const instrument = (num: string) => ({
  numtype: 'T',
  num,
  name: `T${num}`,
  status: 1,
  type: 1,
  brand: 1,
  meth: 1,
  houring: 10,
  timestamp: '2025-01-01T00:00:00.000Z',
});
const trip = (wellId: number, device: number, tripNumber: number, from: number, to: number) => ({
  wellId,
  tripNumber,
  instruments: [device],
  startTime: '2025-03-02T08:00:00.000Z',
  endTime: '2025-03-03T20:00:00.000Z', // 36 h in the hole
  startDepth: from,
  endDepth: to,
  totalPumpTime: 30,
  totalDrillingTime: 24,
});

describe.each(stores)('wells records on %s', (_name, makeStore) => {
  let store: Store;
  let call: Awaited<ReturnType<typeof makeApi>>['call'];
  let wells: Row[];
  let tools: Row[];

  beforeEach(async () => {
    store = await makeStore();
    ({ call } = await makeApi(store, { seed: false }));
    const types = await store.insert(DICTIONARY.lists, { code: 'wellType', name: 'Well types' });
    await store.insert(DICTIONARY.items, { dictionary: types.id, key: 'horizontal', sort: 0, label: { en: 'Horizontal' }, enabled: true });
    wells = [await store.insert('project', well('Su53-78H')), await store.insert('project', well('Ma12-3'))];
    tools = [await store.insert('device', instrument('1234')), await store.insert('device', instrument('5678'))];
    await calibrated(
      store,
      tools.map((t) => t.id),
    );
    const sent = (project: number, device: number, removedAt?: string) =>
      store.insert(devices.resource, {
        [devices.parent.field]: project,
        [devices.spec.member]: device,
        [devices.spec.since]: '2025-03-01T00:00:00.000Z',
        [devices.spec.until]: removedAt,
      });
    await sent(wells[0].id, tools[0].id);
    await sent(wells[1].id, tools[0].id, '2025-03-01T12:00:00.000Z'); // was there, taken back
  });
  afterEach(() => store.close());

  const addTrip = (body: Record<string, unknown>, token?: string) => call<Row>('POST', endpoint('trip', 'add'), { body, token });
  const project = async (i: number) => (await store.get('project', wells[i].id))!;

  it('computes footage, time in hole and rate of penetration, in dependency order', async () => {
    const added = await addTrip(trip(wells[0].id, tools[0].id, 1, 1000, 1250.5));
    expect(added.code, JSON.stringify(added)).toBe(20000);
    expect(added.data).toMatchObject({ footageThisTrip: 250.5, totalTimeInHole: 36, footagePerHour: 10.44 });
    const noDrilling = await call<Row>('POST', endpoint('trip', 'update'), { body: { id: added.data.id, totalDrillingTime: 0 } });
    expect(noDrilling.code).toBe(20000);
    expect(noDrilling.data.footagePerHour ?? undefined).toBeUndefined();
  });

  it('checks a rule against the computed time in hole, naming it', async () => {
    const refused = await addTrip({ ...trip(wells[0].id, tools[0].id, 1, 1000, 1100), totalPumpTime: 40 });
    expect(refused.code).toBe(40001);
    expect(refused.errors?.map((e) => e.field)).toEqual(['totalPumpTime']);
    expect(refused.errors?.[0].message).toContain('36');
  });

  it('refuses an instrument never sent to the well, naming both; one sent there before is taken', async () => {
    const never = await addTrip(trip(wells[0].id, tools[1].id, 1, 1000, 1100));
    expect(never.code).toBe(40001);
    expect(never.errors?.map((e) => e.field)).toEqual(['instruments']);
    expect(never.errors?.[0].message).toMatch(/T5678.*Su53-78H/);
    expect((await addTrip(trip(wells[1].id, tools[0].id, 1, 500, 600))).code).toBe(20000);
    expect(await store.count('trip', []), 'nothing written on refusal').toBe(1);
  });

  it("keeps the well's total footage as trips come, change, move and go, without a new version", async () => {
    const before = (await project(0)).version;
    const first = await addTrip(trip(wells[0].id, tools[0].id, 1, 1000, 1100.25));
    const second = await addTrip(trip(wells[0].id, tools[0].id, 2, 1100.25, 1300));
    expect(second.code).toBe(20000);
    expect(await project(0)).toMatchObject({ totalFootage: 300, version: before });
    await call('POST', endpoint('trip', 'update'), { body: { id: first.data.id, endDepth: 1050 } });
    expect((await project(0)).totalFootage).toBe(249.75);
    // An edit of the well opened before still lands: the totals did not count as edits.
    const edited = await call<Row>('POST', endpoint('project', 'update'), { body: { id: wells[0].id, version: before, region: 'Ordos' } });
    expect(edited.code, JSON.stringify(edited)).toBe(20000);
    expect(edited.data.totalFootage).toBe(249.75);
    const moved = await call('POST', endpoint('trip', 'update'), { body: { id: second.data.id, wellId: wells[1].id } });
    expect(moved.code, JSON.stringify(moved)).toBe(20000);
    expect([(await project(0)).totalFootage, (await project(1)).totalFootage]).toEqual([50, 199.75]);
    expect((await call('POST', endpoint('trip', 'del'), { body: { id: first.data.id } })).code).toBe(20000);
    expect((await project(0)).totalFootage).toBe(0);
  });

  it("takes a daily report's well from its trip, and follows the trip to another well", async () => {
    const made = await addTrip(trip(wells[0].id, tools[0].id, 1, 1000, 1100));
    const daily = await call<Row>('POST', endpoint('daily', 'add'), {
      body: { tripNumber: made.data.id, day: '2025-03-02', status: 'draft', wellId: wells[1].id },
    });
    expect(daily.code, JSON.stringify(daily)).toBe(20000);
    expect(daily.data.wellId).toBe(wells[0].id);
    await call('POST', endpoint('trip', 'update'), { body: { id: made.data.id, wellId: wells[1].id } });
    const after = (await store.get('daily', daily.data.id))!;
    expect(after).toMatchObject({ wellId: wells[1].id, version: daily.data.version });
  });

  it('closes a submitted report: only an admin reopens it, nobody deletes it until then', async () => {
    const made = await addTrip(trip(wells[0].id, tools[0].id, 1, 1000, 1100));
    const daily = await call<Row>('POST', endpoint('daily', 'add'), {
      body: { tripNumber: made.data.id, day: '2025-03-02', status: 'submitted' },
    });
    const id = daily.data.id;
    const update = (body: Record<string, unknown>, token?: string) =>
      call<Row>('POST', endpoint('daily', 'update'), { body: { id, ...body }, token });
    // The record's state refuses, not the editor's access: an invalid write, under the closing field.
    for (const body of [{ workingSummary: 'x' }, { status: 'draft' }]) {
      const refused = await update(body, 'editor-token');
      expect(refused.code).toBe(40001);
      expect(refused.errors?.map((e) => e.field)).toEqual(['status']);
      expect(refused.message).toContain('your role may not change it');
    }
    const stillClosed = await update({ workingSummary: 'x' });
    expect(stillClosed.code).toBe(40001);
    expect(stillClosed.errors?.map((e) => e.field)).toEqual(['status']);
    const removed = await call('POST', endpoint('daily', 'del'), { body: { id } });
    expect(removed.code).toBe(40010);
    expect(await store.get('daily', id)).toMatchObject({ status: 'submitted', version: daily.data.version });
    const reopened = await update({ status: 'draft', workingSummary: 'corrected' });
    expect(reopened.code).toBe(20000);
    expect((await update({ workingSummary: 'by the editor' }, 'editor-token')).code).toBe(20000);
    expect((await call('POST', endpoint('daily', 'del'), { body: { id } })).code).toBe(20000);
  });

  it('refuses to delete a well with instruments still assigned or with trips; one with only past assignments goes with them', async () => {
    const kept = await call('POST', endpoint('project', 'del'), { body: { id: wells[0].id } });
    expect(kept.code).toBe(40010);
    expect(kept.message ?? kept.msg).toMatch(/1/);
    const made = await addTrip(trip(wells[1].id, tools[0].id, 1, 500, 600));
    expect((await call('POST', endpoint('project', 'del'), { body: { id: wells[1].id } })).code).toBe(40010);
    await call('POST', endpoint('trip', 'del'), { body: { id: made.data.id } });
    expect((await call('POST', endpoint('project', 'del'), { body: { id: wells[1].id } })).code).toBe(20000);
    expect(await store.count(devices.resource, [{ field: devices.parent.field, op: 'eq', value: wells[1].id }])).toBe(0);
    expect(await store.count(devices.resource, [])).toBe(1);
  });
});
