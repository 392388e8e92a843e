// Runs made from trips on memory, SQLite and PostgreSQL: a trip's instruments each get one run
// (usage record) holding the trip's well, times and depths, added, changed and deleted with the
// trip in the same write; the instrument's hours follow; a person may change a run's own fields
// but not what the trip decides, nor delete it; a trip with no trip-out time is open, one per well,
// and its end depth comes with its trip-out time. A run typed by hand names its well by id.
import { beforeAll, describe, expect, it } from 'vitest';
import { assignmentCollections } from '../../kernel/schema/assign';
import type { Row, Store } from '../../server/store/types';
import { makeApi, registry } from './helpers';
import { postgresSkip, storeMatrix } from './stores';
import { calibrated } from './fit';

if (postgresSkip) console.warn(`Runs from trips are tested on memory and SQLite only: PostgreSQL is not reachable (${postgresSkip})`);

const path = (resource: string, kind: 'list' | 'add' | 'update' | 'del') =>
  registry.resources[resource]['x-resource'].endpoints[kind]!.path;
const devices = assignmentCollections(registry).find((c) => c.spec.member === 'device')!;
type Answer = { code: number; data: Row; errors?: { field: string; message: string }[]; changed?: { resource: string; id: number }[] };

describe.each(storeMatrix())('runs made from trips on %s', (_name, makeStore) => {
  let store: Store;
  let call: Awaited<ReturnType<typeof makeApi>>['call'];
  let wellCount = 0;

  beforeAll(async () => {
    store = await makeStore();
    ({ call } = await makeApi(store, { seed: false }));
    return () => store.close();
  });

  /** A well of its own for each case, with two instruments sent to it and one that never was. */
  async function site() {
    const n = ++wellCount;
    const well = await store.insert('project', { wellNumber: `Su53-${n}H`, status: 0, startDate: '2025-03-01', totalFootage: 0 });
    const tool = (num: string) =>
      store.insert('device', {
        numtype: 'T',
        num: `${n}${num}`,
        name: `T${n}${num}`,
        status: 1,
        type: 1,
        brand: 1,
        meth: 1,
        houring: 0,
        hour: 0,
      });
    const tools = [await tool('01'), await tool('02'), await tool('03')];
    await calibrated(
      store,
      tools.map((t) => t.id),
    );
    for (const tool of tools.slice(0, 2))
      await store.insert(devices.resource, {
        [devices.parent.field]: well.id,
        [devices.spec.member]: tool.id,
        [devices.spec.since]: '2025-03-01T00:00:00.000Z',
      });
    return { well, tools };
  }
  const trip = (wellId: number, instruments: number[], extra: Record<string, unknown> = {}) => ({
    wellId,
    tripNumber: 1,
    instruments,
    startTime: '2025-03-02T08:00:00.000Z',
    endTime: '2025-03-03T20:00:00.000Z', // 36 h in the hole
    startDepth: 1000,
    endDepth: 1250.5,
    ...extra,
  });
  const post = (resource: string, kind: 'add' | 'update' | 'del', body: unknown) =>
    call('POST', path(resource, kind), { body }) as Promise<Answer>;
  const runsOf = async (tripId: number) => {
    const ids = await store.findIds('userecord', [{ field: 'trip', op: 'eq', value: tripId }]);
    return (await Promise.all(ids.map((id) => store.get('userecord', id)))) as Row[];
  };
  const hours = async (device: Row) => (await store.get('device', device.id))!.hour;

  it("makes one run per instrument with the trip's well, times and depths, and the instrument's hours follow", async () => {
    const { well, tools } = await site();
    const added = await post('trip', 'add', trip(well.id, [tools[0].id]));
    expect(added.code, JSON.stringify(added)).toBe(20000);
    expect(added.data.equipmentNumber).toBe(tools[0].id);
    const [run] = await runsOf(added.data.id as number);
    expect(run).toMatchObject({
      device: tools[0].id,
      project: well.id,
      starttime: '2025-03-02T08:00:00.000Z',
      endtime: '2025-03-03T20:00:00.000Z',
      startcl: 1000,
      endcl: 1250.5,
      usetime: 36,
      status: 1,
    });
    expect(await hours(tools[0])).toBe(36);
    expect(added.changed).toEqual(
      expect.arrayContaining([
        { resource: 'userecord', id: run.id },
        { resource: 'device', id: tools[0].id },
      ]),
    );
  });

  it("changes, adds and deletes runs as the trip's times, depths and instruments change, and deletes them with it", async () => {
    const { well, tools } = await site();
    const added = await post('trip', 'add', trip(well.id, [tools[0].id]));
    const id = added.data.id as number;
    const [first] = await runsOf(id);
    expect((await post('trip', 'update', { id, endTime: '2025-03-03T08:00:00.000Z', endDepth: 1200 })).code).toBe(20000);
    expect(await store.get('userecord', first.id)).toMatchObject({ endtime: '2025-03-03T08:00:00.000Z', endcl: 1200, usetime: 24 });
    expect(await hours(tools[0])).toBe(24);

    const swapped = await post('trip', 'update', { id, instruments: [tools[1].id] });
    expect(swapped.code, JSON.stringify(swapped)).toBe(20000);
    const runs = await runsOf(id);
    expect(runs.map((r) => r.device)).toEqual([tools[1].id]);
    expect(await store.get('userecord', first.id)).toBeUndefined();
    expect([await hours(tools[0]), await hours(tools[1])]).toEqual([0, 24]);
    expect(swapped.data.equipmentNumber).toBe(tools[1].id);

    expect((await post('trip', 'del', { id })).code).toBe(20000);
    expect(await runsOf(id)).toEqual([]);
    expect(await hours(tools[1])).toBe(0);
  });

  it("lets a person change a run's own fields only, and not delete it; nothing is written on a refusal", async () => {
    const { well, tools } = await site();
    const added = await post('trip', 'add', trip(well.id, [tools[0].id]));
    const [run] = await runsOf(added.data.id as number);
    const moved = await post('userecord', 'update', { id: run.id, starttime: '2025-03-01T08:00:00.000Z' });
    expect(moved.code).toBe(40001);
    expect(moved.errors?.map((e) => e.field)).toEqual(['starttime']);
    expect(moved.errors?.[0].message).toMatch(/1/);
    const own = await post('userecord', 'update', { id: run.id, minpl: 28, maxpl: 30 });
    expect(own.code, JSON.stringify(own)).toBe(20000);
    expect(own.data).toMatchObject({ minpl: 28, starttime: '2025-03-02T08:00:00.000Z', trip: added.data.id });
    const gone = await post('userecord', 'del', { id: run.id });
    expect(gone.code).not.toBe(20000);
    expect(await store.get('userecord', run.id)).toMatchObject({ minpl: 28, starttime: '2025-03-02T08:00:00.000Z' });
  });

  it('refuses an instrument never sent to the well, naming the list, and writes no trip or run', async () => {
    const { well, tools } = await site();
    const refused = await post('trip', 'add', trip(well.id, [tools[0].id, tools[2].id]));
    expect(refused.code).toBe(40001);
    expect(refused.errors?.map((e) => e.field)).toEqual(['instruments']);
    expect(refused.errors?.[0].message).toContain(String(tools[2].name));
    expect(await store.count('trip', [{ field: 'wellId', op: 'eq', value: well.id }])).toBe(0);
    expect(await store.count('userecord', [{ field: 'project', op: 'eq', value: well.id }])).toBe(0);
  });

  it('keeps a trip without trip-out time open, one per well, and closes its runs with it', async () => {
    const { well, tools } = await site();
    const open = await post('trip', 'add', trip(well.id, [tools[0].id], { endTime: null, endDepth: null }));
    expect(open.code, JSON.stringify(open)).toBe(20000);
    const [run] = await runsOf(open.data.id as number);
    expect(run.endtime ?? undefined).toBeUndefined();
    const second = await post('trip', 'add', trip(well.id, [tools[1].id], { tripNumber: 2, endTime: null, endDepth: null }));
    expect(second.code).toBe(40001);
    expect(second.errors?.map((e) => e.field)).toEqual(['endTime']);
    const depthAlone = await post('trip', 'update', { id: open.data.id, endDepth: 1300 });
    expect(depthAlone.errors?.map((e) => e.field)).toEqual(['endTime']);
    const closed = await post('trip', 'update', { id: open.data.id, endTime: '2025-03-04T08:00:00.000Z', endDepth: 1300 });
    expect(closed.code, JSON.stringify(closed)).toBe(20000);
    expect(await store.get('userecord', run.id)).toMatchObject({ endtime: '2025-03-04T08:00:00.000Z', endcl: 1300, usetime: 48 });
    expect((await post('trip', 'add', trip(well.id, [tools[1].id], { tripNumber: 2, endTime: null, endDepth: null }))).code).toBe(20000);
  });

  it('takes a run typed by hand with its well picked by id, and refuses a well that does not exist', async () => {
    const { well, tools } = await site();
    const run = {
      device: tools[2].id,
      startcl: 100,
      starttime: '2024-01-01T00:00:00.000Z',
      endtime: '2024-01-02T00:00:00.000Z',
      status: 1,
    };
    const typed = await post('userecord', 'add', { ...run, project: well.id });
    expect(typed.code, JSON.stringify(typed)).toBe(20000);
    expect(typed.data).toMatchObject({ project: well.id, usetime: 24 });
    expect(typed.data.trip ?? undefined).toBeUndefined();
    const nowhere = await post('userecord', 'add', { ...run, project: 999_999 });
    expect(nowhere.errors?.map((e) => e.field)).toEqual(['project']);
    // A hand run is the person's to delete.
    expect((await post('userecord', 'del', { id: typed.data.id })).code).toBe(20000);
  });
});
