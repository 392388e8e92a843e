// Instrument hours, due dates and the status lifecycle through the API, on every store (memory,
// SQLite, PostgreSQL when reachable): hours worked out from the runs and repairs as they are
// written and deleted, GET /device/due, the transitions the server refuses with nothing written,
// the operation log's causes, and the daily check notifying once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import type { DueAnswer } from '../../kernel/fleet/due';
import type { Row } from '../../server/store/types';
import { registry } from './helpers';
import type { Envelope } from './helpers';
import { SETUPS, T0, type UploadWorld } from './upload-setups';
import { calibrated } from './fit';

const DAY = 86_400_000;
const at = (days: number, hours = 0) => new Date(T0.getTime() + days * DAY + hours * 3_600_000).toISOString();

describe.each(SETUPS)('instrument hours and lifecycle on $name', (setup) => {
  let world: UploadWorld;
  let app: ReturnType<typeof createApp>;
  const clock = { now: T0 };

  async function call<T = Row>(method: string, path: string, body?: unknown, as = 'admin'): Promise<Envelope<T>> {
    const init: RequestInit = {
      method,
      headers: { 'X-Token': `${as}-token`, 'Accept-Language': 'en', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    return (await (await app.fetch(new Request(`http://localhost/dev-api${path}`, init))).json()) as Envelope<T>;
  }
  const ok = async <T = Row>(method: string, path: string, body?: unknown) => {
    const answer = await call<T>(method, path, body);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };
  const device = (id: number) => world.store.get('device', id) as Promise<Row>;
  const newDevice = (num: string, status = 0, type = 1) =>
    ok('POST', '/device/create', { numtype: 'T', num, type, status, brand: 1, meth: 1 });
  /** A run of `hours` hours starting `days` days from T0. */
  const addRun = (deviceId: number, days: number, hours: number) =>
    ok('POST', '/device/userecord/add', { device: deviceId, startcl: 100, starttime: at(days), endtime: at(days, hours), status: 1 });
  /** A passed calibration performed `days` days from T0 (valid 365 days by default). */
  const calibrate = (deviceId: number, days: number) =>
    ok('POST', '/device/calibration/add', { device: deviceId, date: at(days).slice(0, 10), result: 'passed' });
  const causes = async (record: number) =>
    (
      await world.store.list('oplog', {
        conditions: [
          { field: 'resource', op: 'eq', value: 'device' },
          { field: 'record', op: 'eq', value: record },
        ],
        sort: { field: 'id', order: 'ASC' },
        page: 1,
        limit: 100,
      })
    ).rows.map((r) => [r.user, r.cause ?? null]);

  beforeEach(async () => {
    clock.now = T0;
    world = await setup.make(registry, clock);
    app = createApp({ registry, store: world.store, accounts: new MockAccounts(), uploads: world.storage, now: () => clock.now });
  });
  afterEach(() => world.close());

  it('works out hours and hours since repair from the runs and repairs as they are written and deleted, without moving the version', async () => {
    const made = await newDevice('H1');
    const first = await addRun(made.id, -40, 10.5);
    await addRun(made.id, -20, 20);
    expect(await device(made.id)).toMatchObject({ hour: 30.5, houring: 30.5, version: made.version });

    const repair = await ok('POST', '/device/fitrecord/add', {
      device: made.id,
      songTime: at(-35),
      songReason: 'Pulser',
      returnTime: at(-30),
    });
    expect(await device(made.id)).toMatchObject({ hour: 30.5, houring: 20, status: 0 });
    const late = await addRun(made.id, -10, 4.2);
    expect(await device(made.id)).toMatchObject({ hour: 34.7, houring: 24.2 });

    // The return moved after the second run: only the third counts.
    await ok('POST', '/device/fitrecord/update', { ...repair, returnTime: at(-15) });
    expect((await device(made.id)).houring).toBe(4.2);
    await ok('POST', '/device/userecord/del', { id: late.id });
    expect(await device(made.id)).toMatchObject({ hour: 30.5, houring: 0 });
    await ok('POST', '/device/fitrecord/del', { id: repair.id });
    expect(await device(made.id)).toMatchObject({ hour: 30.5, houring: 30.5 });
    await ok('POST', '/device/userecord/del', { id: first.id });
    expect(await device(made.id)).toMatchObject({ hour: 20, houring: 20 });

    // Typed values are not taken: both are read-only.
    const current = await device(made.id);
    const edited = await ok('POST', '/device/update', { id: made.id, version: current.version, hour: 999, houring: 999 });
    expect(edited).toMatchObject({ hour: 20, houring: 20 });
  });

  it('moves the status with repairs, logging each change with its cause', async () => {
    const made = await newDevice('R1');
    const repair = await ok('POST', '/device/fitrecord/add', { device: made.id, songTime: at(-2), songReason: 'Pulser' });
    expect((await device(made.id)).status).toBe(2);
    await ok('POST', '/device/fitrecord/update', { ...repair, returnTime: at(-1) });
    expect((await device(made.id)).status).toBe(0);
    expect(await causes(made.id)).toEqual([
      ['Super Admin', null],
      ['Super Admin', 'repairOpened'],
      ['Super Admin', 'repairReturned'],
    ]);
  });

  it("refuses a repair's return time later than now, naming the field, and writes nothing", async () => {
    const made = await newDevice('F1');
    const refused = await call('POST', '/device/fitrecord/add', {
      device: made.id,
      songTime: at(-2),
      songReason: 'Pulser',
      returnTime: at(0, 2),
    });
    expect(refused.code).toBe(40001);
    expect(refused.errors).toEqual([{ field: 'returnTime', message: 'Returned: must not be in the future' }]);
    expect(await world.store.count('fitrecord', [{ field: 'device', op: 'eq', value: made.id }])).toBe(0);
    // Now, by the server's clock, is not yet the future; and an open repair returned later is refused the same.
    const repair = await ok('POST', '/device/fitrecord/add', { device: made.id, songTime: at(-2), songReason: 'Pulser' });
    expect((await call('POST', '/device/fitrecord/update', { ...repair, returnTime: at(1) })).code).toBe(40001);
    expect((await device(made.id)).status).toBe(2);
    await ok('POST', '/device/fitrecord/update', { ...repair, returnTime: at(0) });
    expect((await device(made.id)).status).toBe(0);
  });

  it('refuses impossible transitions, saying why, and writes nothing', async () => {
    const scrapped = await newDevice('S1', 0);
    const gone = await ok('POST', '/device/update', { ...scrapped, status: 4 });
    const repairsBefore = await world.store.count('fitrecord', []);

    const edit = await call('POST', '/device/update', { ...gone, status: 0 });
    expect(edit.code).toBe(40001);
    expect(edit.errors).toEqual([{ field: 'status', message: expect.stringContaining('scrapped') }]);
    const repair = await call('POST', '/device/fitrecord/add', { device: gone.id, songTime: at(-1), songReason: 'x' });
    expect(repair.code).toBe(40001);
    expect(repair.errors?.[0].message).toContain('scrapped');

    const well = await world.store.insert('project', {
      wellNumber: 'Zz-1',
      wellType: 'x',
      oilArea: 'x',
      clientUnit: 'x',
      startDate: '2026-01-01',
      status: 0,
    });
    const assign = await call('POST', '/project/device/add', { id: well.id, deviceIds: [gone.id] });
    expect(assign.code).toBe(40001);
    expect(await device(gone.id)).toMatchObject({ status: 4, version: gone.version });

    // On a well: it cannot be scrapped or sent to repair until removed.
    const onSite = await newDevice('W1', 0);
    await calibrated(world.store, [onSite.id]);
    await ok('POST', '/project/device/add', { id: well.id, deviceIds: [onSite.id] });
    const sent = await device(onSite.id);
    expect(sent.status).toBe(1);
    const scrap = await call('POST', '/device/update', { ...sent, status: 4 });
    expect(scrap.code).toBe(40001);
    expect(scrap.errors?.[0]).toEqual({ field: 'status', message: expect.stringContaining('remove it from the well first') });
    const toRepair = await call('POST', '/device/fitrecord/add', { device: onSite.id, songTime: at(-1), songReason: 'x' });
    expect(toRepair.code).toBe(40001);
    expect(await device(onSite.id)).toMatchObject({ status: 1, version: sent.version });
    expect(await world.store.count('fitrecord', [])).toBe(repairsBefore);

    // A status an event gives is not typed by hand.
    const stock = await newDevice('E1', 0);
    expect((await call('POST', '/device/update', { ...stock, status: 2 })).errors?.[0].message).toContain('repair record');
    await ok('POST', '/project/device/remove', { id: well.id, deviceIds: [onSite.id] });
    expect(await causes(onSite.id)).toEqual([
      ['Super Admin', null],
      ['Super Admin', 'assigned'],
      ['Super Admin', 'removed'],
    ]);
  });

  it('lists the instruments due or overdue, overdue first, with their reasons', async () => {
    const busy = await newDevice('D1', 0, 1); // type 1: 300 h between services by default
    for (let day = -80; day < 0; day += 10) await addRun(busy.id, day, 35); // 280 h in 90 days
    const idle = await newDevice('D2', 0, 1);
    await addRun(idle.id, -200, 10);
    for (const id of [busy.id, idle.id]) await calibrate(id, -30);
    const old = await newDevice('D3', 0, 2);
    // A calibration performed 370 days ago (valid 365 days): overdue.
    await calibrate(old.id, -370);

    const due = await ok<DueAnswer>('GET', '/device/due');
    expect(due.horizonDays).toBe(14);
    expect(due.items.map((item) => item.name)).toEqual(['TD3', 'TD1']);
    expect(due.items[0]).toMatchObject({ overdue: true, calibration: { state: 'overdue', remainingDays: -5 } });
    expect(due.items[1]).toMatchObject({ overdue: false, service: { state: 'due', remainingHours: 20, intervalHours: 300 } });
    expect(due.items[1].service!.dueDate).toBe(at(6.43).slice(0, 10));
    expect(due.items[1].calibration).toBeUndefined();
  });

  it('the daily check sets overdue instruments awaiting calibration and tells once per instrument and due date', async () => {
    const old = await newDevice('C1', 0, 2);
    await calibrate(old.id, -370);
    const job = await world.store.insert('crontab', {
      name: 'Instruments due',
      mark: 'fleetDue',
      type: 5,
      hour: 6,
      minute: 0,
      second: 0,
      is_open: 1,
    });
    const run = await app.scheduler.runNow('crontab', job.id, 'admin');
    expect(run).toMatchObject({ result: 'ok' });
    const notes = await world.store.list('notification', {
      conditions: [{ field: 'kind', op: 'eq', value: 'device_due' }],
      sort: { field: 'id', order: 'ASC' },
      page: 1,
      limit: 100,
    });
    // Both standard accounts may use the instruments: each is told once, in one digest whose line links to it.
    expect(notes.rows.map((n) => n.recipient).sort()).toEqual(['admin', 'editor']);
    expect(notes.rows[0]).toMatchObject({ title_key: 'notify.device_due.digest_title', params: { smart_count: 1 } });
    expect((notes.rows[0].params as { lines: unknown[] }).lines).toEqual([
      expect.objectContaining({
        text_key: 'notify.device_due.calibration_text',
        link: `/device/record/${old.id}`,
        params: expect.objectContaining({ device: 'TC1' }),
      }),
    ]);
    // The person reads it in their language, each line with its instrument's page.
    const box = await call<{ list: { title: string; lines?: { text: string; link?: string }[] }[] }>(
      'GET',
      '/notification/list?page=1&limit=10',
    );
    expect(box.data.list[0].title).toBe('1 instrument fell due');
    expect(box.data.list[0].lines).toEqual([{ text: expect.stringContaining('TC1'), link: `/device/record/${old.id}` }]);
    expect(await device(old.id)).toMatchObject({ status: 3 });
    expect((await causes(old.id)).at(-1)).toEqual(['scheduler', 'calibrationOverdue']);

    await app.scheduler.runNow('crontab', job.id, 'admin');
    clock.now = new Date(T0.getTime() + DAY);
    await app.scheduler.runNow('crontab', job.id, 'admin');
    expect(await world.store.count('notification', [{ field: 'kind', op: 'eq', value: 'device_due' }])).toBe(2);

    // A passed calibration filed brings it back to stock.
    await calibrate(old.id, 0);
    expect(await device(old.id)).toMatchObject({ status: 0 });
    expect((await causes(old.id)).at(-1)).toEqual(['Super Admin', 'calibrated']);
  });
});

describe('an install whose instrument hours were typed by hand', () => {
  it('gets them worked out once by a migration step, recorded like the others', async () => {
    const { freshSqlite } = await import('./databases');
    const { migrate } = await import('../../server/db/migrate');
    const { SqlStore } = await import('../../server/store/sql');
    const connection = freshSqlite();
    await migrate(connection, registry);
    const store = new SqlStore(connection, registry);
    const typed = await store.insert('device', {
      numtype: 'T',
      num: '1',
      name: 'T1',
      type: 1,
      status: 0,
      brand: 1,
      meth: 1,
      hour: 999,
      houring: 888,
    });
    await store.insert('userecord', { device: typed.id, startcl: 1, starttime: at(-10), endtime: at(-10, 12), usetime: 12, status: 1 });
    await store.insert('userecord', { device: typed.id, startcl: 1, starttime: at(-3), endtime: at(-3, 5), usetime: 5, status: 1 });
    await store.insert('fitrecord', { device: typed.id, songTime: at(-6), songReason: 'x', returnTime: at(-5) });
    // As before this release: the steps had not run.
    await connection.db.deleteFrom('app_migrations').where('name', 'like', 'derive device.%').execute();
    const steps = await migrate(connection, registry);
    expect(steps.filter((s) => s.startsWith('derive device.')).length).toBe(2);
    expect(await store.get('device', typed.id)).toMatchObject({ hour: 17, houring: 5, version: typed.version });
    expect(await migrate(connection, registry)).toEqual([]);
    await connection.db.destroy();
  });
});
