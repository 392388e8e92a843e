// Service intervals through the API, on every store (memory, SQLite, PostgreSQL when reachable):
// a type's hours, days and runs intervals (system parameters) each fall due on their own; a repair
// resets the counters it names (all by default); GET /device/service answers each interval, GET
// /device/due lists the instrument as soon as one is due, and the daily job tells each once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import type { DueAnswer, ServiceDue } from '../../kernel/fleet/due';
import type { Row, Store } from '../../server/store/types';
import { type Envelope, registry } from './helpers';
import { postgresSkip, storeCopy, storeNames } from './stores';

const DAY = 86_400_000;
const T0 = new Date('2026-06-30T12:00:00.000Z');
const at = (days: number, hours = 0) => new Date(T0.getTime() + days * DAY + hours * 3_600_000).toISOString();

if (postgresSkip) {
  describe('service intervals on PostgreSQL', () => {
    it.skip(`skipped: PostgreSQL is not reachable (${postgresSkip})`, () => undefined);
  });
}

describe.each(storeNames())('service intervals on %s', (name) => {
  let store: Store;
  let app: ReturnType<typeof createApp>;
  const clock = { now: T0 };
  const ids: Record<string, number> = {};

  async function call<T = Row>(path: string, body?: unknown): Promise<Envelope<T>> {
    const init: RequestInit = {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'X-Token': 'admin-token', 'Accept-Language': 'en', 'Content-Type': 'application/json' },
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    return (await (await app.fetch(new Request(`http://localhost/dev-api${path}`, init))).json()) as Envelope<T>;
  }
  const ok = async <T = Row>(path: string, body?: unknown) => {
    const answer = await call<T>(path, body);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };
  const service = (id: number) => ok<ServiceDue>(`/device/service?id=${id}`);
  const byCounter = (state: ServiceDue) => Object.fromEntries((state.intervals ?? []).map((d) => [d.counter, [d.state, d.used]]));

  // Seeded once for the file: the intervals, and instruments with their runs and repairs.
  beforeAll(async () => {
    store = await storeCopy(name);
    app = createApp({ registry, store, accounts: new MockAccounts(), now: () => clock.now });
    const params = await ok<Row>('/setting/parameter/info');
    await ok('/setting/parameter/update', {
      version: params.version,
      // Pulsers: 300 h, 90 days and 5 runs; gamma modules: hours alone (an existing setting keeps its meaning).
      serviceIntervalHours: [
        { type: 1, hours: 300, days: 90, runs: 5 },
        { type: 3, hours: 500 },
      ],
    });
    const device = async (num: string, type: number) =>
      (await ok('/device/create', { numtype: 'T', num, type, status: 0, brand: 1, meth: 1 })).id;
    const run = (id: number, days: number, hours: number) =>
      ok('/device/userecord/add', { device: id, startcl: 100, starttime: at(days), endtime: at(days, hours), status: 1 });
    ids.runs = await device('R1', 1);
    for (const day of [-50, -40, -30, -20, -10]) await run(ids.runs, day, 10);
    ids.days = await device('D1', 1);
    // Serviced 100 days ago, hours and runs only: its days still count from when it came.
    ids.reset = await device('S1', 1);
    await ok('/device/fitrecord/add', { device: ids.days, songTime: at(-95), songReason: 'Service', returnTime: at(-85) });
    await run(ids.reset, -60, 5);
    await ok('/device/fitrecord/add', { device: ids.reset, songTime: at(-12), songReason: 'Seal', returnTime: at(-10), resets: ['runs'] });
    ids.gamma = await device('G1', 3);
    await run(ids.gamma, -5, 20);
  });
  afterAll(async () => {
    await (store as { close?: () => Promise<void> }).close?.();
  });

  it('answers each interval of the type with its own state; the instrument takes the most urgent', async () => {
    // 5 runs of 5: overdue since the fifth started; its hours and days are far from theirs.
    const runs = await service(ids.runs);
    expect(byCounter(runs)).toEqual({ hours: ['ok', 50], days: ['ok', 0], runs: ['overdue', 5] });
    expect(runs).toMatchObject({ state: 'overdue', dueDate: at(-10).slice(0, 10), intervalHours: 300, remainingHours: 250 });
    // Returned 85 days ago against 90 days: due in 5 days.
    const days = await service(ids.days);
    expect(byCounter(days)).toMatchObject({ days: ['due', 85], runs: ['ok', 0] });
    expect(days.dueDate).toBe(at(5).slice(0, 10));
    // Hours alone for the gamma module, as the setting always meant.
    expect(byCounter(await service(ids.gamma))).toEqual({ hours: ['ok', 20] });
  });

  it('a repair resets only the counters it names', async () => {
    const state = await service(ids.reset);
    // Hours still count from before the repair (5 h); runs start again; days count from when it came (today).
    expect(byCounter(state)).toEqual({ hours: ['ok', 5], days: ['ok', 0], runs: ['ok', 0] });
    const repair = (
      await store.list('fitrecord', {
        conditions: [{ field: 'device', op: 'eq', value: ids.reset }],
        sort: { field: 'id', order: 'ASC' },
        page: 1,
        limit: 1,
      })
    ).rows[0];
    const { version: _v, ...fields } = repair;
    await ok('/device/fitrecord/update', { ...fields, resets: ['hours', 'runs'] });
    expect(byCounter(await service(ids.reset))).toMatchObject({ hours: ['ok', 0] });
    expect((await call('/device/service?id=999999')).code).toBe(40004);
  });

  it('lists an instrument on Home as soon as one interval is due, and the daily job tells each interval once', async () => {
    const due = await ok<DueAnswer>('/device/due');
    // Listed for their service (instruments never calibrated are listed for that too).
    const listed = Object.fromEntries(
      due.items
        .map((item) => [item.id, item.service?.intervals?.filter((d) => d.state !== 'ok').map((d) => d.counter) ?? []] as const)
        .filter(([, counters]) => counters.length > 0),
    );
    expect(listed).toEqual({ [ids.runs]: ['runs'], [ids.days]: ['days'] });
    const job = await store.insert('crontab', {
      name: 'Instruments due',
      mark: 'fleetDue',
      type: 5,
      hour: 6,
      minute: 0,
      second: 0,
      is_open: 1,
    });
    await app.scheduler.runNow('crontab', job.id, 'admin');
    await app.scheduler.runNow('crontab', job.id, 'admin');
    const digests = (
      await store.list('notification', {
        conditions: [{ field: 'kind', op: 'eq', value: 'device_due' }],
        sort: { field: 'id', order: 'ASC' },
        page: 1,
        limit: 100,
      })
    ).rows.filter((n) => n.recipient === 'admin');
    // One digest: the second run told nothing again.
    expect(digests).toHaveLength(1);
    const notes = (digests[0].params as { lines: { text_key: string }[] }).lines.filter((line) =>
      line.text_key.startsWith('notify.device_due.service'),
    );
    expect(notes.map((n) => n.text_key).sort()).toEqual([
      'notify.device_due.service_days_due_text',
      'notify.device_due.service_runs_overdue_text',
    ]);
  });
});
