// A well that closes (`x-resource.close` of the wells) and assignments that ask for a reason
// (`x-resource.assign.reason` of a well's people), on memory, SQLite and PostgreSQL. Completing a
// well ends its assignments in the same write; while completed it takes no new assignment, trip
// or daily report. A person on leave, or lacking a certificate their position needs until the
// well's planned end, is assigned only with a reason, which the row and the operation log keep.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assignmentCollections, isCurrent } from '../../kernel/schema/assign';
import { DICTIONARY } from '../../kernel/schema/dictionary';
import type { Row, Store } from '../../server/store/types';
import { postgresSkip, storeMatrix } from './stores';
import { makeApi, registry } from './helpers';
import { calibrated } from './fit';

const stores = storeMatrix();
if (postgresSkip) console.warn(`Closing wells is tested on memory and SQLite only: PostgreSQL is not reachable (${postgresSkip})`);

const collectionOf = (member: string) => assignmentCollections(registry).find((c) => c.spec.member === member)!;
const devices = collectionOf('device');
const people = collectionOf('staff');
const endpoints = (resource: string) => registry.resources[resource]['x-resource'].endpoints;
const close = registry.resources.project['x-resource'].close!;
const reason = people.spec.reason!;
const certs = reason.certificates!;

const well = (wellNumber: string, extra: Record<string, unknown> = {}) => ({
  wellNumber,
  wellType: 'horizontal',
  oilArea: 'Changqing',
  clientUnit: 'Changqing Oilfield Co.',
  startDate: '2025-03-01',
  status: 0,
  ...extra,
});
const trip = (wellId: number, tripNumber: number) => ({
  wellId,
  tripNumber,
  startTime: '2025-03-02T08:00:00.000Z',
  endTime: '2025-03-03T08:00:00.000Z',
  startDepth: 1000,
  endDepth: 1200,
});
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(stores)('closing wells and reasons on %s', (_name, makeStore) => {
  let store: Store;
  let call: Awaited<ReturnType<typeof makeApi>>['call'];
  let open: Row;
  let other: Row;
  let tool: Row;
  let person: Row;
  let onLeave: Row;
  let engineer: Row;

  beforeEach(async () => {
    store = await makeStore();
    ({ call } = await makeApi(store, { seed: false }));
    open = await store.insert('project', well('Su53-78H', { endDate: inDays(60) }));
    other = await store.insert('project', well('Ma12-3'));
    tool = await store.insert('device', {
      ...{ numtype: 'T', num: '1234', name: 'T1234', status: 0, type: 1, brand: 1, meth: 1, houring: 10 },
      timestamp: '2025-01-01T00:00:00.000Z',
    });
    await calibrated(store, [tool.id]);
    person = await store.insert('staff', { name: 'Li Wei', mobile: '13800000000', status: 'active' });
    onLeave = await store.insert('staff', { name: 'Wang Fang', mobile: '13800000001', status: 'leave' });
    engineer = await store.insert('staff', { name: 'Zhao Lei', mobile: '13800000002', status: 'active', position: 'mwdEngineer' });
    const positions = await store.insert(DICTIONARY.lists, { code: 'position', name: 'Positions' });
    const list = await store.insert(DICTIONARY.lists, { code: certs.list, name: 'Certificates' });
    const label = { zh: '井控证、MWD 操作证', en: 'Well control, MWD operator', es: 'x', ja: 'x' };
    await store.insert(DICTIONARY.items, { dictionary: positions.id, key: 'mwdEngineer', sort: 1, enabled: true, label });
    const wellTypes = await store.insert(DICTIONARY.lists, { code: 'wellType', name: 'Well types' });
    await store.insert(DICTIONARY.items, { dictionary: wellTypes.id, key: 'horizontal', sort: 1, enabled: true, label });
    await store.insert(DICTIONARY.items, {
      dictionary: list.id,
      key: 'mwdEngineer',
      sort: 1,
      enabled: true,
      value: 'wellControl, mwdOperator',
      label,
    });
    // Well control lasts past the planned end; MWD operator expires in 10 days, before it.
    await store.insert(certs.resource, { staff: engineer.id, kind: 'wellControl', number: 'WC-1', expires: inDays(400) });
    await store.insert(certs.resource, { staff: engineer.id, kind: 'mwdOperator', number: 'MWD-1', expires: inDays(10) });
  });
  afterEach(() => store.close());

  const assign = (collection: typeof devices, parent: Row, ids: number[], extra: Record<string, unknown> = {}) =>
    call('POST', collection.spec.add.path, { body: { id: parent.id, [collection.spec.idsParam]: ids, ...extra } });
  const rows = async (resource: string) =>
    (await store.list(resource, { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 1000 })).rows;
  const setStatus = async (row: Row, status: number, extra: Record<string, unknown> = {}) => {
    const { version: _v, totalFootage: _t, ...fields } = (await store.get('project', row.id))!;
    return call<Row>('POST', endpoints('project').update!.path, { body: { ...fields, status, ...extra } });
  };
  /** Everything completing a well may write. */
  const snapshot = async () => ({
    wells: await rows('project'),
    devices: await rows('device'),
    staff: await rows('staff'),
    assignments: [...(await rows(devices.resource)), ...(await rows(people.resource))],
  });

  it('completing a well ends every current assignment at its end date in the same write, and the members follow', async () => {
    await assign(devices, open, [tool.id]);
    await assign(people, open, [person.id]);
    await assign(people, other, [person.id]);
    // The instrument went to the well in March; the person only today.
    const [sent] = (await rows(devices.resource)).filter((r) => r.project === open.id);
    const { id: sentId, version: sentVersion, ...sentFields } = sent;
    await store.update(devices.resource, sentId, { ...sentFields, assignedAt: '2025-03-02T00:00:00.000Z' }, sentVersion);
    const done = await setStatus(open, close.value as number, { endDate: '2025-06-30' });
    expect(done.code, JSON.stringify(done)).toBe(20000);
    const changed = (done as { changed?: { resource: string; id: number }[] }).changed ?? [];
    expect(changed).toEqual(
      expect.arrayContaining([
        { resource: 'device', id: tool.id },
        { resource: 'staff', id: person.id },
      ]),
    );

    const ended = (await rows(devices.resource)).concat(await rows(people.resource)).filter((r) => r.project === open.id);
    expect(ended).toHaveLength(2);
    // At the end of the end date's day, and never before the assignment began.
    expect(ended.map((row) => row.removedAt)).toEqual(['2025-06-30T23:59:59.999Z', ended[1].assignedAt]);
    expect(await store.get('device', tool.id)).toMatchObject({ status: 0 });
    expect((await store.get('device', tool.id))?.project ?? null).toBeNull();
    // Still on the other well, the person keeps it.
    expect(await store.get('staff', person.id)).toMatchObject({ wells: 'Ma12-3' });
    const onOther = (await rows(people.resource)).filter((r) => r.project === other.id);
    expect(onOther.every((r) => isCurrent(r, people.spec))).toBe(true);
  });

  it('a well completed without an end date ends them now; saving it again completed changes nothing more', async () => {
    await assign(devices, other, [tool.id]);
    const before = Date.now();
    expect((await setStatus(other, 1)).code).toBe(20000);
    const [row] = (await rows(devices.resource)).filter((r) => r.project === other.id);
    expect(Date.parse(row.removedAt as string)).toBeGreaterThanOrEqual(before - 1000);
    const again = await snapshot();
    expect((await setStatus(other, 1, { location: 'Pad 7' })).code).toBe(20000);
    const after = await snapshot();
    expect(after.assignments).toEqual(again.assignments);
    expect(after.devices).toEqual(again.devices);
  });

  it('a refused completion writes nothing: the assignments stay current', async () => {
    await assign(devices, open, [tool.id]);
    const before = await snapshot();
    // The end date before the start date is refused under endDate.
    const refused = await setStatus(open, 1, { endDate: '2024-01-01' });
    expect(refused.code).toBe(40001);
    expect(refused.errors?.map((e) => e.field)).toContain('endDate');
    expect(await snapshot()).toEqual(before);
  });

  it('a completed well refuses new assignments, trips and daily reports, naming the well, and takes them again once back in progress', async () => {
    const firstTrip = await call<Row>('POST', endpoints('trip').add!.path, { body: trip(open.id, 1) });
    expect(firstTrip.code, JSON.stringify(firstTrip)).toBe(20000);
    expect((await setStatus(open, 1)).code).toBe(20000);
    const before = await snapshot();
    const trips = await rows('trip');

    const device = await assign(devices, open, [tool.id]);
    expect(device.code).toBe(40001);
    expect(device.message).toContain('Su53-78H');
    expect(device.errors?.[0].field).toBe('id');
    const staff = await assign(people, open, [person.id], { reason: 'needed on site' });
    expect(staff.code).toBe(40001);
    const newTrip = await call('POST', endpoints('trip').add!.path, { body: trip(open.id, 2) });
    expect(newTrip.code).toBe(40001);
    expect(newTrip.errors?.[0]).toMatchObject({ field: 'wellId', message: expect.stringContaining('Su53-78H') });
    const moved = await call('POST', endpoints('trip').update!.path, { body: { ...trip(other.id, 1), id: firstTrip.data.id } });
    expect(moved.code).toBe(20000);
    const back = await call('POST', endpoints('trip').update!.path, { body: { ...trip(open.id, 1), id: firstTrip.data.id } });
    expect(back.code).toBe(40001);
    const report = await call('POST', endpoints('daily').add!.path, {
      body: { tripNumber: (await rows('trip')).find((t) => t.wellId === other.id)!.id, day: '2025-03-02', status: 'draft' },
    });
    expect(report.code, JSON.stringify(report)).toBe(20000);
    const chinese = await call('POST', endpoints('trip').add!.path, { body: trip(open.id, 3), language: 'zh' });
    expect(chinese.message).toContain('已完井');
    expect((await snapshot()).assignments).toEqual(before.assignments);
    expect((await rows('trip')).length).toBe(trips.length);

    expect((await setStatus(open, 0)).code).toBe(20000);
    expect((await assign(devices, open, [tool.id])).code).toBe(20000);
    expect((await call('POST', endpoints('trip').add!.path, { body: trip(open.id, 2) })).code).toBe(20000);
  });

  it('a daily report of a trip on a completed well is refused; one already written stays editable', async () => {
    const t = await call<Row>('POST', endpoints('trip').add!.path, { body: trip(open.id, 1) });
    const first = await call<Row>('POST', endpoints('daily').add!.path, {
      body: { tripNumber: t.data.id, day: '2025-03-02', status: 'draft' },
    });
    expect(first.code, JSON.stringify(first)).toBe(20000);
    expect((await setStatus(open, 1)).code).toBe(20000);
    const refused = await call('POST', endpoints('daily').add!.path, {
      body: { tripNumber: t.data.id, day: '2025-03-03', status: 'draft' },
    });
    expect(refused.code).toBe(40001);
    expect(refused.errors?.[0]).toMatchObject({ field: 'wellId', message: expect.stringContaining('Su53-78H') });
    const edited = await call('POST', endpoints('daily').update!.path, {
      body: { id: first.data.id, tripNumber: t.data.id, day: '2025-03-02', status: 'draft', workingSummary: 'Circulated' },
    });
    expect(edited.code, JSON.stringify(edited)).toBe(20000);
  });

  it('a person on leave, or whose certificate expires before the planned end, is refused without a reason, naming who and why', async () => {
    const before = await snapshot();
    const answer = await assign(people, open, [person.id, onLeave.id, engineer.id]);
    expect(answer.code).toBe(40001);
    expect(answer.errors?.every((e) => e.field === 'reason')).toBe(true);
    expect(answer.message).toContain('Wang Fang is On leave');
    expect(answer.message).toContain('Zhao Lei');
    expect(answer.message).toContain('MWD operator');
    expect(answer.message).not.toContain('Li Wei');
    expect(answer.message).not.toContain('Well control');
    const reasons = (answer.data as { reasons: { member: number; warnings: { kind: string }[] }[] }).reasons;
    expect(reasons.map((r) => [r.member, r.warnings.map((w) => w.kind)])).toEqual([
      [onLeave.id, ['value']],
      [engineer.id, ['expires']],
    ]);
    expect(await snapshot()).toEqual(before);
    // A blank reason is no reason.
    expect((await assign(people, open, [onLeave.id], { reason: '   ' })).code).toBe(40001);
    expect((await assign(people, open, [onLeave.id], { reason: 'x'.repeat(501) })).errors?.[0].field).toBe('reason');
    expect(await snapshot()).toEqual(before);
  });

  it('a certificate the position needs and the person lacks asks for a reason; without a planned end, today counts', async () => {
    const wellControl = (await rows(certs.resource)).filter((row) => row.kind === 'wellControl');
    await store.transaction((tx) =>
      tx.remove(
        certs.resource,
        wellControl.map((row) => row.id),
      ),
    );
    const answer = await assign(people, other, [engineer.id]);
    expect(answer.code).toBe(40001);
    const reasons = (answer.data as { reasons: { warnings: { kind: string; certificate: string }[] }[] }).reasons;
    // On a well without an end date the certificate lasting 10 more days is enough.
    expect(reasons[0].warnings).toEqual([expect.objectContaining({ kind: 'missing', certificate: 'wellControl' })]);
    // One already expired says so.
    const [mwd] = (await rows(certs.resource)).filter((row) => row.kind === 'mwdOperator');
    const { id, version, ...fields } = mwd;
    await store.update(certs.resource, id, { ...fields, issued: inDays(-800), expires: inDays(-3) }, version);
    const expired = await assign(people, other, [engineer.id]);
    expect(expired.message).toContain(`MWD operator certificate expired on ${inDays(-3)}`);
  });

  it('with a reason it assigns them and keeps the reason on the rows and in the operation log', async () => {
    const answer = await assign(people, open, [person.id, onLeave.id, engineer.id], { reason: '  Only engineer free this week ' });
    expect(answer, JSON.stringify(answer)).toMatchObject({ code: 20000, data: { assigned: 3 } });
    const made = (await rows(people.resource)).filter((r) => r.project === open.id);
    expect(made.map((r) => r[reason.field])).toEqual([
      'Only engineer free this week',
      'Only engineer free this week',
      'Only engineer free this week',
    ]);
    const log = await call<{ list: Row[] }>('GET', endpoints('oplog').list!.path, { query: { limit: 100 } });
    const created = log.data.list.filter((e) => e.resource === people.resource && e.action === 'create');
    expect(created).toHaveLength(3);
    expect(JSON.stringify(created[0].changes)).toContain('Only engineer free this week');
    // The reason is the server's: a client cannot write it through the list's rows.
    expect(registry.resources[people.resource].properties?.[reason.field]?.readOnly).toBe(true);
  });
});
