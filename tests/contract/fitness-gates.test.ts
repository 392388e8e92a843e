// The gates on sending an instrument out, on every store: an instrument never calibrated, whose
// calibration is overdue or failed, overdue for service, or awaiting calibration is not sent to a
// well nor put on a trip without a reason; the refusal names the instrument, why, and the field,
// and writes nothing. A reason is taken only from a role allowed to override (admin, or a role
// given the permission), kept on the assignment (or the trip) and in the operation log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import type { Row, Store } from '../../server/store/types';
import { registry } from './helpers';
import type { Envelope } from './helpers';
import { storeMatrix } from './stores';

const T0 = new Date('2026-11-01T08:00:00Z');
const DAY = 86_400_000;
const day = (days: number) => new Date(T0.getTime() + days * DAY).toISOString().slice(0, 10);
const at = (days: number, hours = 0) => new Date(T0.getTime() + days * DAY + hours * 3_600_000).toISOString();

describe.each(storeMatrix())('the gates on sending an instrument out on %s', (_name, makeStore) => {
  let store: Store;
  let app: ReturnType<typeof createApp>;

  async function call<T = Row>(method: string, path: string, body?: unknown, as = 'admin'): Promise<Envelope<T>> {
    const headers: Record<string, string> = { 'X-Token': `${as}-token`, 'Accept-Language': 'en' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    return (await (await app.fetch(new Request(`http://localhost/dev-api${path}`, init))).json()) as Envelope<T>;
  }
  const ok = async <T = Row>(method: string, path: string, body?: unknown, as = 'admin') => {
    const answer = await call<T>(method, path, body, as);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };
  const tool = (num: string, status = 0) => ok('POST', '/device/create', { numtype: 'T', num, type: 2, status, brand: 1, meth: 1 });
  const calibrate = (id: number, days: number, result = 'passed') =>
    ok('POST', '/device/calibration/add', { device: id, date: day(days), result });
  let wells = 0;
  const well = () =>
    ok('POST', '/project/add', {
      wellNumber: `Gate-${++wells}H`,
      wellType: 'horizontal',
      oilArea: 'Sulige',
      clientUnit: 'PetroChina',
      startDate: day(-30),
      status: 0,
    });
  const assign = (wellId: number, ids: number[], extra: Record<string, unknown> = {}, as = 'admin') =>
    call('POST', '/project/device/add', { id: wellId, deviceIds: ids, ...extra }, as);
  /** What a refusal must leave as it was: the assignments, the instruments and the operation log. */
  const snapshot = async () => ({
    rows: await store.count('projectdevice', []),
    devices: (await store.list('device', { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 100 })).rows,
    log: await store.count('oplog', []),
  });

  beforeEach(async () => {
    store = await makeStore();
    app = createApp({ registry, store, accounts: new MockAccounts(), now: () => T0 });
  });
  afterEach(() => store.close());

  it('refuses each unfit instrument at assignment, naming it and why under overrideReason, and writes nothing', async () => {
    const { id: wellId } = await well();
    const never = await tool('9001');
    const overdue = await tool('9002');
    await calibrate(overdue.id, -400);
    const failed = await tool('9003');
    await calibrate(failed.id, -10, 'failed');
    const waiting = await tool('9004');
    await calibrate(waiting.id, -10);
    await ok('POST', '/device/update', { ...(await store.get('device', waiting.id)), status: 3 });
    const worn = await tool('9005');
    await calibrate(worn.id, -10);
    const params = await ok('GET', '/setting/parameter/info');
    await ok('POST', '/setting/parameter/update', { version: params.version, serviceIntervalHours: [{ type: 2, runs: 1 }] });
    await ok('POST', '/device/userecord/add', { device: worn.id, startcl: 100, starttime: at(-3), endtime: at(-3, 5), status: 1 });

    const cases: [Row, RegExp][] = [
      [never, /T9001: never calibrated/],
      [overdue, new RegExp(`T9002: calibration overdue, valid until ${day(-35)}`)],
      [failed, new RegExp(`T9003: its latest calibration failed \\(${day(-10)}\\)`)],
      [waiting, /T9004 is Awaiting inspection/],
      [worn, /T9005: overdue for service since/],
    ];
    for (const [device, why] of cases) {
      const before = await snapshot();
      const refused = await assign(wellId, [device.id]);
      expect(refused.code).toBe(40001);
      expect(new Set(refused.errors?.map((e) => e.field))).toEqual(new Set(['overrideReason']));
      expect(refused.message).toMatch(why);
      expect((refused.data as unknown as { reasons: { memberName: string }[] }).reasons.map((r) => r.memberName)).toEqual([
        `T${device.num}`,
      ]);
      expect(await snapshot()).toEqual(before);
    }
    // A fit instrument goes without a reason.
    const fit = await tool('9006');
    await calibrate(fit.id, -10);
    expect((await assign(wellId, [fit.id])).code).toBe(20000);
  });

  it('takes a reason only from a role allowed to override, keeps it on the assignment and in the log', async () => {
    const { id: wellId } = await well();
    const never = await tool('9101');
    const before = await snapshot();
    // An editor may not override, with or without a reason: refused naming the instrument, nothing written.
    for (const extra of [{}, { overrideReason: 'Client supplied spare' }]) {
      const refused = await assign(wellId, [never.id], extra, 'editor');
      expect(refused.code).toBe(40001);
      expect(refused.errors?.[0].field).toBe('overrideReason');
      expect(refused.message).toMatch(/T9101: never calibrated.*Your role may not/);
      expect(refused.data).toBeUndefined();
    }
    expect(await snapshot()).toEqual(before);
    // A reason that is not a text is refused, naming the field.
    expect((await assign(wellId, [never.id], { overrideReason: 5 })).errors?.[0].field).toBe('overrideReason');

    expect((await assign(wellId, [never.id], { overrideReason: 'Calibrated on site by the client' })).code).toBe(20000);
    const [row] = (await store.list('projectdevice', { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 10 })).rows;
    expect(row).toMatchObject({ device: never.id, overrideReason: 'Calibrated on site by the client' });
    // The instrument's page lists its wells with the reason.
    const history = await ok<{ items: Row[] }>('GET', `/project/device/list?device=${never.id}`);
    expect(history.items[0].overrideReason).toBe('Calibrated on site by the client');
    const logged = await store.list('oplog', {
      conditions: [{ field: 'resource', op: 'eq', value: 'projectdevice' }],
      sort: { field: 'id', order: 'ASC' },
      page: 1,
      limit: 10,
    });
    expect(JSON.stringify(logged.rows[0].changes)).toContain('Calibrated on site by the client');

    // A role given the permission may override too.
    const roles = await ok<{ list: Row[] }>('GET', '/setting/role/list');
    const editor = roles.list.find((role) => role.name === 'editor')!;
    await ok('POST', '/setting/role/update', { ...editor, permissions: ['overrideUnfit'] });
    const other = await tool('9102');
    const { id: second } = await well();
    expect((await assign(second, [other.id], { overrideReason: 'Spare for the backup run' }, 'editor')).code).toBe(20000);
  });

  it('holds a trip to the same gate for each instrument it adds', async () => {
    const { id: wellId } = await well();
    const fit = await tool('9201');
    await calibrate(fit.id, -10);
    const never = await tool('9202');
    expect((await assign(wellId, [fit.id])).code).toBe(20000);
    expect((await assign(wellId, [never.id], { overrideReason: 'Needed now' })).code).toBe(20000);
    const trip = { wellId, tripNumber: 1, startTime: at(-1), startDepth: 1000 };

    const before = { trips: await store.count('trip', []), runs: await store.count('userecord', []), log: await store.count('oplog', []) };
    const refused = await call('POST', '/project/record/create', { ...trip, instruments: [fit.id, never.id] });
    expect(refused.code).toBe(40001);
    expect(refused.errors).toEqual([
      { field: 'instruments', message: expect.stringMatching(/^T9202: never calibrated\. Give a reason in overrideReason/) },
    ]);
    const editor = await call(
      'POST',
      '/project/record/create',
      { ...trip, instruments: [never.id], overrideReason: 'Needed now' },
      'editor',
    );
    expect(editor.errors?.[0]).toMatchObject({ field: 'overrideReason', message: expect.stringMatching(/T9202.*Your role may not/) });
    expect({ trips: await store.count('trip', []), runs: await store.count('userecord', []), log: await store.count('oplog', []) }).toEqual(
      before,
    );

    // A fit instrument needs none; an unfit one goes with the reason, kept on the trip.
    const made = await ok('POST', '/project/record/create', { ...trip, instruments: [fit.id] });
    const added = await ok('POST', '/project/record/update', { ...made, instruments: [fit.id, never.id], overrideReason: 'Needed now' });
    expect(added.overrideReason).toBe('Needed now');
    expect(await store.count('userecord', [{ field: 'trip', op: 'eq', value: made.id }])).toBe(2);
  });
});
