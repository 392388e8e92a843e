// Calibration records through the API, on every store (memory, SQLite, PostgreSQL when
// reachable): the default next due date, the instrument's calibration state and kept date, its
// status moved by a passed or failed calibration, the due list, the certificate file and the
// operation log, and calibration reports of before becoming records to complete.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import type { DueAnswer } from '../../kernel/fleet/due';
import type { Row } from '../../server/store/types';
import { registry } from './helpers';
import type { Envelope } from './helpers';
import { PDF, SETUPS, T0, type UploadWorld } from './upload-setups';

const DAY = 86_400_000;
const day = (days: number) => new Date(T0.getTime() + days * DAY).toISOString().slice(0, 10);

describe.each(SETUPS)('calibration records on $name', (setup) => {
  let world: UploadWorld;
  let app: ReturnType<typeof createApp>;
  const clock = { now: T0 };

  async function call<T = Row>(method: string, path: string, body?: unknown, form?: FormData): Promise<Envelope<T>> {
    const init: RequestInit = { method, headers: { 'X-Token': 'editor-token', 'Accept-Language': 'en' } };
    if (form) init.body = form;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }
    return (await (await app.fetch(new Request(`http://localhost/dev-api${path}`, init))).json()) as Envelope<T>;
  }
  const ok = async <T = Row>(method: string, path: string, body?: unknown, form?: FormData) => {
    const answer = await call<T>(method, path, body, form);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };
  const upload = (path: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(PDF)], 'certificate.pdf'));
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return ok<{ id: number; url: string }>('POST', path, undefined, form);
  };
  const device = (id: number) => world.store.get('device', id) as Promise<Row>;
  const newDevice = (num: string, status = 0, type = 2) =>
    ok('POST', '/device/create', { numtype: 'T', num, type, status, brand: 1, meth: 1 });
  const entriesOf = async (resource: string, record: number) =>
    (
      await world.store.list('oplog', {
        conditions: [
          { field: 'resource', op: 'eq', value: resource },
          { field: 'record', op: 'eq', value: record },
        ],
        sort: { field: 'id', order: 'ASC' },
        page: 1,
        limit: 100,
      })
    ).rows;
  const logOf = async (resource: string, record: number) =>
    (await entriesOf(resource, record)).map((r) => [r.user, r.action, r.cause ?? null]);
  /** The value of a field an entry of the log shows after the change. */
  const loggedAfter = (entry: Row, path: string) =>
    (entry.changes as { path: string; after?: string }[]).find((c) => c.path === path)?.after;

  beforeEach(async () => {
    clock.now = T0;
    world = await setup.make(registry, clock);
    app = createApp({ registry, store: world.store, accounts: new MockAccounts(), uploads: world.storage, now: () => clock.now });
  });
  afterEach(() => world.close());

  it('files a calibration with its certificate and values: the next due date defaults, the state and the status follow, all logged', async () => {
    const tool = await newDevice('K1', 3);
    const due = async () => (await ok<DueAnswer>('GET', '/device/due')).items.find((item) => item.id === tool.id);
    // Never calibrated counts as due.
    expect((await due())?.calibration).toEqual({ state: 'never' });

    const file = await upload('/upload');
    const filed = await ok('POST', '/device/calibration/add', {
      device: tool.id,
      date: day(-20),
      result: 'passed',
      certificateNo: 'CAL-2026-001',
      lab: 'Xi’an metrology lab',
      certificate: file.url,
      values: [{ quantity: 'Inclination', unit: '°', reading: 45.02, reference: 45, tolerance: 0.1 }],
    });
    // Type 2 has no validity of its own: 365 days from the date performed; the log's entry of the record has it.
    expect(filed).toMatchObject({ nextDue: day(345), values: [{ quantity: 'Inclination', reading: 45.02 }] });
    expect(loggedAfter((await entriesOf('calibration', filed.id))[0], 'nextDue')).toContain(day(345));
    expect(await device(tool.id)).toMatchObject({ status: 0, calibrationUntil: day(345) });
    expect(await due()).toBeUndefined();
    expect(await app.fleet.calibrationState(tool.id)).toMatchObject({ state: 'valid', validUntil: day(345), last: day(-20) });
    // The certificate is the record's file, listed among the instrument's reports.
    const reports = await ok<{ list: { id: number; url: string }[] }>('GET', `/device/report/list?id=${tool.id}`);
    expect(reports.list.map((r) => r.url)).toEqual([file.url]);

    // The default follows the date while the record holds it.
    const moved = await ok('POST', '/device/calibration/update', { ...filed, date: day(-356) });
    expect(moved.nextDue).toBe(day(9));
    expect((await due())?.calibration).toMatchObject({ state: 'due', dueDate: day(9), remainingDays: 9 });

    // A validity of the type's own in the parameters makes the default of the next one.
    const admin = { 'X-Token': 'admin-token', 'Content-Type': 'application/json' };
    const info = await app.fetch(new Request('http://localhost/dev-api/setting/parameter/info', { headers: admin }));
    const params = ((await info.json()) as Envelope<Row>).data;
    const saved = await app.fetch(
      new Request('http://localhost/dev-api/setting/parameter/update', {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ calibrationValidity: [{ type: 2, days: 180 }], version: params.version }),
      }),
    );
    expect(((await saved.json()) as Envelope).code).toBe(20000);
    const next = await ok('POST', '/device/calibration/add', { device: tool.id, date: day(-100), result: 'limited' });
    expect(next.nextDue).toBe(day(80));
    expect(await device(tool.id)).toMatchObject({ calibrationUntil: day(80) });
    // Only the latest stands for the instrument: the earlier one's next due date no longer expires.
    expect([(await world.store.get('calibration', filed.id))?.superseded, Boolean(next.superseded)]).toEqual([true, false]);

    // A failed calibration filed later: failed, and the instrument waits for a calibration.
    await ok('POST', '/device/calibration/add', { device: tool.id, date: day(-1), result: 'failed', lab: 'Lab B' });
    expect((await due())?.calibration).toMatchObject({ state: 'failed', last: day(-1) });
    expect(await device(tool.id)).toMatchObject({ status: 3 });
    expect((await device(tool.id)).calibrationUntil ?? undefined).toBeUndefined();
    expect((await world.store.get('calibration', next.id))?.superseded).toBe(true);

    // Deleting the certificate through the reports' call clears it from its record, logged.
    await ok('POST', '/device/report/del', { id: reports.list[0].id });
    expect((await world.store.get('calibration', filed.id))?.certificate ?? undefined).toBeUndefined();
    expect(await logOf('calibration', filed.id)).toEqual([
      ['Normal Editor', 'create', null],
      ['Normal Editor', 'update', null],
      ['Normal Editor', 'update', null],
    ]);
    expect((await logOf('device', tool.id)).map(([, , cause]) => cause)).toEqual([null, 'calibrated', 'calibrationFailed']);
    expect(await logOf('calibration', next.id)).toEqual([['Normal Editor', 'create', null]]);
  });

  it('refuses a date in the future, a next due date before it and an unknown result, naming each field, writing nothing', async () => {
    const tool = await newDevice('K2');
    const before = await world.store.count('calibration', []);
    const refused = await call('POST', '/device/calibration/add', { device: tool.id, date: day(3), result: 'maybe', nextDue: day(-400) });
    expect(refused.code).toBe(40001);
    expect(refused.errors?.map((e) => e.field).sort()).toEqual(['date', 'nextDue', 'result']);
    const early = await call('POST', '/device/calibration/add', { device: tool.id, date: day(-3), result: 'passed', nextDue: day(-5) });
    expect(early.errors?.map((e) => e.field)).toEqual(['nextDue']);
    expect(await world.store.count('calibration', [])).toBe(before);
  });

  it('makes each calibration report of before a record with the result "unknown", dated by its upload, listed to complete', async () => {
    const tool = await newDevice('K3', 3);
    // A report attached the old way (as the demo data and older installs have them).
    const files = (await import('../../server/files/service')).createFiles({
      storage: world.storage,
      registry,
      store: world.store,
      permissions: (await import('../../server/access/permissions')).createPermissions(registry),
    });
    clock.now = new Date(T0.getTime() - 30 * DAY);
    const old = await files.accept(new File([new Uint8Array(PDF)], 'old-report.pdf'), {
      owner: { id: 1, name: 'admin' },
      attachment: { resource: 'device', recordId: tool.id, attachedAs: 'report' },
    });
    clock.now = T0;
    expect('refused' in old).toBe(false);
    expect(await app.adoptReports()).toBe(1);
    expect(await app.adoptReports()).toBe(0);
    const listed = await ok<{ items: Row[] }>('GET', '/device/calibration/list?result=unknown');
    expect(listed.items).toMatchObject([{ device: tool.id, date: day(-30), result: 'unknown', notes: 'old-report.pdf' }]);
    expect(listed.items[0].nextDue).toBeUndefined();
    expect(listed.items[0].certificate).toMatch(/^\/dev-api\/upload\/file\//);
    // An unknown result does not count: still never calibrated, and still awaiting calibration.
    expect(await app.fleet.calibrationState(tool.id)).toEqual({ state: 'never' });
    expect(await device(tool.id)).toMatchObject({ status: 3 });

    // A report uploaded through the old call becomes such a record at once, under its uploader's name.
    await upload('/device/report/upload', { id: String(tool.id) });
    const records = await ok<{ items: Row[] }>('GET', `/device/calibration/list?id=${tool.id}&sort=%2Bid`);
    expect(records.items.map((r) => r.result)).toEqual(['unknown', 'unknown']);
    expect(await logOf('calibration', records.items[1].id as number)).toEqual([['Normal Editor', 'create', null]]);
    expect((await ok<{ count: number }>('GET', `/device/report/list?id=${tool.id}`)).count).toBe(2);
  });
});
