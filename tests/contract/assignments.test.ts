// The calls of assignment collections (`x-resource.assign`): a well's people and instruments,
// on memory, SQLite and PostgreSQL. Paths come from the schemas; the records are put straight
// into the store so each case starts from a known state.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_IDS } from '../../kernel/contract/limits';
import { assignmentCollections, isCurrent } from '../../kernel/schema/assign';
import { createAssignments } from '../../server/assign/assignments';
import type { Row, Store } from '../../server/store/types';
import { postgresSkip, storeMatrix } from './stores';
import { makeApi, registry } from './helpers';
import { calibrated } from './fit';

const unavailable = postgresSkip;
const stores = storeMatrix();
if (unavailable) console.warn(`Assignments are tested on memory and SQLite only: PostgreSQL is not reachable (${unavailable})`);

const collectionOf = (member: string) => {
  const found = assignmentCollections(registry).find((c) => c.spec.member === member);
  if (!found) throw new Error(`no assignment collection of ${member}`);
  return found;
};
const devices = collectionOf('device');
const people = collectionOf('staff');
const listPath = (resource: string) => registry.resources[resource]['x-resource'].endpoints.list!.path;

const well = (wellNumber: string) => ({
  wellNumber,
  wellType: 'horizontal',
  oilArea: 'Changqing',
  clientUnit: 'Changqing Oilfield Co.',
  startDate: '2025-03-01',
  status: 0,
});
const instrument = (numtype: string, num: string, status: number) => ({
  numtype,
  num,
  name: `${numtype}${num}`,
  status,
  type: 1,
  brand: 1,
  meth: 1,
  houring: 10,
  timestamp: '2025-01-01T00:00:00.000Z',
});

type Envelope = Awaited<ReturnType<Awaited<ReturnType<typeof makeApi>>['call']>>;

describe.each(stores)('assignments on %s', (_name, makeStore) => {
  let store: Store;
  let call: Awaited<ReturnType<typeof makeApi>>['call'];
  let wells: Row[];
  let tools: Record<'free' | 'spare' | 'scrapped' | 'repair', Row>;
  let staff: Row[];

  beforeEach(async () => {
    store = await makeStore();
    ({ call } = await makeApi(store, { seed: false }));
    wells = [await store.insert('project', well('Su53-78H')), await store.insert('project', well('Ma12-3'))];
    tools = {
      free: await store.insert('device', instrument('T', '1234', 0)),
      spare: await store.insert('device', instrument('M', '0801', 3)),
      scrapped: await store.insert('device', instrument('T', '9001', 4)),
      repair: await store.insert('device', instrument('JQ', '77', 2)),
    };
    await calibrated(store, [tools.free.id, tools.spare.id]);
    staff = [
      await store.insert('staff', { name: 'Li Wei', status: 'active' }),
      await store.insert('staff', { name: 'Wang Fang', status: 'active' }),
    ];
  });
  afterEach(() => store.close());

  const assign = (collection: typeof devices, body: Record<string, unknown>, token?: string) =>
    call('POST', collection.spec.add.path, { body, token });
  const unassign = (collection: typeof devices, body: Record<string, unknown>, token?: string) =>
    call('POST', collection.spec.remove.path, { body, token });
  const device = (row: Row) => store.get('device', row.id) as Promise<Row>;
  const rowsOf = async (resource: string, query: Record<string, string | number>) =>
    (await call<{ total: number; items: Row[] }>('GET', listPath(resource), { query: { limit: 100, ...query } })).data.items;
  /** Everything the calls may write, to show a refusal wrote nothing. */
  const snapshot = async () => ({
    devices: await Promise.all(Object.values(tools).map(device)),
    staff: await Promise.all(staff.map((s) => store.get('staff', s.id))),
    rows: [...(await rowsOf(devices.resource, {})), ...(await rowsOf(people.resource, {}))],
  });
  const expectRefused = async (answer: Envelope, code: number, before: Awaited<ReturnType<typeof snapshot>>) => {
    expect(answer.code, JSON.stringify(answer)).toBe(code);
    expect(await snapshot()).toEqual(before);
  };

  it('assigns two people and an instrument: the instrument goes on site, names follow, the rows list by well and by instrument', async () => {
    const people2 = await assign(people, { id: wells[0].id, [people.spec.idsParam]: staff.map((s) => s.id) });
    expect(people2).toMatchObject({ code: 20000, data: { assigned: 2 } });
    expect(people2.msg).toBeTruthy();
    const tool = await assign(devices, { id: wells[0].id, [devices.spec.idsParam]: [tools.free.id] });
    expect(tool).toMatchObject({ code: 20000, data: { assigned: 1 } });

    const sent = await device(tools.free);
    expect(sent).toMatchObject({ status: 1, project: 'Su53-78H', version: tools.free.version + 1, num: '1234', houring: 10 });
    for (const person of staff) expect(await store.get('staff', person.id)).toMatchObject({ wells: 'Su53-78H', version: 2 });

    const onWell = await rowsOf(people.resource, { id: wells[0].id });
    expect(onWell.map((r) => r.staff).sort()).toEqual(staff.map((s) => s.id).sort());
    const history = await rowsOf(devices.resource, { device: tools.free.id });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ project: wells[0].id, device: tools.free.id });
    expect(Date.parse(history[0].assignedAt as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(history[0].removedAt ?? null).toBeNull();
    expect(await rowsOf(devices.resource, { id: wells[1].id })).toEqual([]);
  });

  it('leaves members already assigned as they are (no new row, no new version)', async () => {
    await assign(devices, { id: wells[0].id, [devices.spec.idsParam]: [tools.free.id] });
    const before = await snapshot();
    expect(await assign(devices, { id: wells[0].id, [devices.spec.idsParam]: [tools.free.id] })).toMatchObject({
      code: 20000,
      data: { assigned: 0 },
    });
    expect(await snapshot()).toEqual(before);
    // The spare awaits inspection: it goes with a reason.
    const mixed = await assign(devices, {
      id: wells[0].id,
      [devices.spec.idsParam]: [tools.free.id, tools.spare.id],
      overrideReason: 'Inspected on site',
    });
    expect(mixed).toMatchObject({ code: 20000, data: { assigned: 1 } });
    expect(await rowsOf(devices.resource, { id: wells[0].id })).toHaveLength(2);
  });

  it('keeps a person on several wells, naming them all in order', async () => {
    await assign(people, { id: wells[0].id, [people.spec.idsParam]: [staff[0].id] });
    await assign(people, { id: wells[1].id, [people.spec.idsParam]: [staff[0].id] });
    expect(await store.get('staff', staff[0].id)).toMatchObject({ wells: 'Ma12-3, Su53-78H' });
    expect(await unassign(people, { id: wells[1].id, [people.spec.idsParam]: [staff[0].id] })).toMatchObject({
      code: 20000,
      data: { removed: 1 },
    });
    expect(await store.get('staff', staff[0].id)).toMatchObject({ wells: 'Su53-78H' });
    await unassign(people, { id: wells[0].id, [people.spec.idsParam]: [staff[0].id] });
    expect((await store.get('staff', staff[0].id))?.wells).toBeUndefined();
  });

  it("refuses a scrapped or under-repair instrument, saying why in the reader's language, and writes nothing", async () => {
    const before = await snapshot();
    const answer = await assign(devices, { id: wells[0].id, [devices.spec.idsParam]: [tools.free.id, tools.scrapped.id, tools.repair.id] });
    await expectRefused(answer, 40001, before);
    expect(answer.message).toContain('T9001 is Scrapped');
    expect(answer.message).toContain('JQ77 is Under repair');
    expect(answer.message).toContain('Su53-78H');
    expect(answer.message).not.toContain('T1234');
    expect(answer.errors?.map((e) => e.field)).toEqual([devices.spec.idsParam, devices.spec.idsParam]);
    const chinese = await call('POST', devices.spec.add.path, {
      body: { id: wells[0].id, [devices.spec.idsParam]: [tools.scrapped.id] },
      language: 'zh',
    });
    expect(chinese.message).toContain('T9001');
    expect(chinese.message).not.toContain('Scrapped');
  });

  it('refuses an instrument on another well, naming it, with its own code; move: true moves it', async () => {
    await assign(devices, { id: wells[0].id, [devices.spec.idsParam]: [tools.free.id] });
    const before = await snapshot();
    const answer = await assign(devices, {
      id: wells[1].id,
      [devices.spec.idsParam]: [tools.free.id, tools.spare.id],
      overrideReason: 'Inspected on site',
    });
    await expectRefused(answer, 40011, before);
    expect(answer.message).toContain('T1234 is on');
    expect(answer.message).toContain('Su53-78H');
    expect(answer.data).toEqual([{ member: tools.free.id, memberName: 'T1234', parent: { id: wells[0].id, name: 'Su53-78H' } }]);

    const moved = await assign(devices, {
      id: wells[1].id,
      [devices.spec.idsParam]: [tools.free.id, tools.spare.id],
      move: true,
      overrideReason: 'Inspected on site',
    });
    expect(moved).toMatchObject({ code: 20000, data: { assigned: 2 } });
    const history = await rowsOf(devices.resource, { device: tools.free.id });
    expect(history.filter((r) => isCurrent(r, devices.spec)).map((r) => r.project)).toEqual([wells[1].id]);
    expect(history.find((r) => r.project === wells[0].id)?.removedAt).toEqual(expect.any(String));
    expect(await device(tools.free)).toMatchObject({ status: 1, project: 'Ma12-3' });
    expect(await device(tools.spare)).toMatchObject({ status: 1, project: 'Ma12-3' });
  });

  it('takes an instrument back to stock, keeping the history; refuses one not on the well, all or nothing', async () => {
    await assign(devices, { id: wells[0].id, [devices.spec.idsParam]: [tools.free.id] });
    const stray = await unassign(devices, { id: wells[0].id, [devices.spec.idsParam]: [tools.free.id, tools.spare.id] });
    expect(stray.message).toContain('M0801');
    expect(stray.message).not.toContain('T1234');
    const before = await snapshot();
    await expectRefused(await unassign(devices, { id: wells[1].id, [devices.spec.idsParam]: [tools.free.id] }), 40001, before);
    expect(before.devices[0]).toMatchObject({ status: 1, project: 'Su53-78H' });

    expect(await unassign(devices, { id: wells[0].id, [devices.spec.idsParam]: [tools.free.id] })).toMatchObject({
      code: 20000,
      data: { removed: 1 },
    });
    const back = await device(tools.free);
    expect(back.status).toBe(0);
    expect(back.project).toBeUndefined();
    const history = await rowsOf(devices.resource, { device: tools.free.id });
    expect(history).toHaveLength(1);
    expect(history[0].removedAt).toEqual(expect.any(String));
    expect(await unassign(devices, { id: wells[0].id, [devices.spec.idsParam]: [tools.free.id] })).toMatchObject({ code: 40001 });
  });

  it('refuses malformed calls before reading anything, and unknown wells or members', async () => {
    const before = await snapshot();
    const ids = devices.spec.idsParam;
    const w = wells[0].id;
    const malformed: Record<string, unknown>[] = [
      {},
      { id: w },
      { [ids]: [tools.free.id] },
      { id: String(w), [ids]: [tools.free.id] },
      { id: w, [ids]: [] },
      { id: w, [ids]: tools.free.id },
      { id: w, [ids]: [tools.free.id, tools.free.id] },
      { id: w, [ids]: [0] },
      { id: w, [ids]: [-1] },
      { id: w, [ids]: [1.5] },
      { id: w, [ids]: [String(tools.free.id)] },
      { id: w, [ids]: Array.from({ length: MAX_IDS + 1 }, (_, i) => i + 1) },
      { id: w, [ids]: [tools.free.id], move: 'yes' },
      { id: w, [ids]: [tools.free.id], status: 1 },
      { id: w, [ids]: [tools.free.id], [people.spec.idsParam]: [staff[0].id] },
    ];
    for (const body of malformed) await expectRefused(await assign(devices, body), 40001, before);
    const unknown = await assign(devices, { id: w, [ids]: [tools.free.id], since: '2020-01-01' });
    expect(unknown.message).toContain('since');
    expect(unknown.errors?.[0].field).toBe('since');
    // Only an exclusive collection moves; taking off never does.
    await expectRefused(await assign(people, { id: w, [people.spec.idsParam]: [staff[0].id], move: true }), 40001, before);
    await expectRefused(await unassign(devices, { id: w, [ids]: [tools.free.id], move: true }), 40001, before);
    expect((await assign(devices, { id: w, [ids]: Array.from({ length: MAX_IDS }, (_, i) => i + 1) })).code).not.toBe(40001);

    const noWell = await assign(devices, { id: 999_999, [ids]: [tools.free.id] });
    await expectRefused(noWell, 40004, before);
    expect(noWell.message).toContain('999999');
    const noTool = await assign(devices, { id: w, [ids]: [tools.free.id, 888_888] });
    await expectRefused(noTool, 40004, before);
    expect(noTool.message).toContain('888888');
    await expectRefused(await unassign(devices, { id: w, [ids]: [777_777] }), 40004, before);
  });

  it('lets an editor assign, and nobody without a session', async () => {
    const before = await snapshot();
    const body = { id: wells[0].id, [devices.spec.idsParam]: [tools.free.id] };
    await expectRefused(await assign(devices, body, ''), 50008, before);
    await expectRefused(await assign(devices, body, 'guest-token'), 50008, before);
    expect(await assign(devices, body, 'editor-token')).toMatchObject({ code: 20000, data: { assigned: 1 } });
    expect(await unassign(devices, body, 'editor-token')).toMatchObject({ code: 20000, data: { removed: 1 } });
  });

  it("does not take a member field from a client, and keeps it through an edit: it is the server's", async () => {
    const update = registry.resources.device['x-resource'].endpoints.update!.path;
    const { version: _v, id, ...fields } = await device(tools.free);
    const edited = await call<Row>('POST', update, { body: { id, ...fields, project: 'Forged-1' } });
    expect(edited.code, JSON.stringify(edited)).toBe(20000);
    expect(edited.data.project).toBeUndefined();
    await assign(devices, { id: wells[0].id, [devices.spec.idsParam]: [id] });
    const renamed = await call<Row>('POST', update, { body: { id, num: '1235', project: 'Forged-1' } });
    expect(renamed.code, JSON.stringify(renamed)).toBe(20000);
    expect(renamed.data).toMatchObject({ name: 'T1235', project: 'Su53-78H', status: 1 });
  });

  it('renames the wells members show when a well is renamed', async () => {
    await assign(devices, { id: wells[0].id, [devices.spec.idsParam]: [tools.free.id] });
    await assign(people, { id: wells[0].id, [people.spec.idsParam]: [staff[0].id] });
    await assign(people, { id: wells[1].id, [people.spec.idsParam]: [staff[0].id] });
    const { id, version, ...fields } = wells[0];
    await store.update('project', id, { ...fields, wellNumber: 'Zz-1' }, version);
    const assignments = createAssignments(registry);
    await store.transaction((tx) => assignments.refreshMemberFields(tx, 'project', id));
    expect(await device(tools.free)).toMatchObject({ project: 'Zz-1', status: 1 });
    expect(await store.get('staff', staff[0].id)).toMatchObject({ wells: 'Ma12-3, Zz-1' });
    const versions = (await snapshot()).devices.map((d) => d.version);
    await store.transaction((tx) => assignments.refreshMemberFields(tx, 'project', id));
    expect((await snapshot()).devices.map((d) => d.version)).toEqual(versions);
  });

  it('keeps each instrument on at most one well, its status and well agreeing, after any sequence of calls', async () => {
    const tool = fc.constantFrom(...(['free', 'spare', 'scrapped', 'repair'] as const));
    const step = fc.record({
      kind: fc.constantFrom('add' as const, 'remove' as const),
      well: fc.constantFrom(0, 1),
      tools: fc.uniqueArray(tool, { minLength: 1, maxLength: 3 }),
      move: fc.boolean(),
    });
    // One store for the whole run: each sequence starts where the last one left off.
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const s of steps) {
          const body = {
            id: wells[s.well].id,
            [devices.spec.idsParam]: s.tools.map((t) => tools[t].id),
            ...(s.kind === 'add' && s.move ? { move: true } : {}),
            ...(s.kind === 'add' ? { overrideReason: 'Inspected on site' } : {}),
          };
          const answer = s.kind === 'add' ? await assign(devices, body) : await unassign(devices, body);
          expect([20000, 40001, 40011]).toContain(answer.code);
        }
        const rows = await rowsOf(devices.resource, {});
        for (const [key, row] of Object.entries(tools)) {
          const current = rows.filter((r) => r.device === row.id && isCurrent(r, devices.spec));
          const now = await device(row);
          expect(current.length).toBeLessThanOrEqual(1);
          if (key === 'scrapped' || key === 'repair') expect(current).toEqual([]);
          const on = current[0] && wells.find((w) => w.id === current[0].project);
          expect(now.project ?? null).toBe(on ? on.wellNumber : null);
          if (on) expect(now.status).toBe(1);
          else expect(now.status).not.toBe(1);
        }
      }),
      { numRuns: 15 },
    );
  }, 60_000);
});
