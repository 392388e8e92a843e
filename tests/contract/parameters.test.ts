// The system parameters (schemas/parameter.json, a singleton), on memory, SQLite and PostgreSQL:
// their info answers the schema's defaults until something is saved, an update is stored and read
// back, a value out of range or a stale version is refused, only admins may call them, and a saved
// value is what the server then works by (the pruning job keeps task runs for the days saved; a
// second instance on the same database sees a change once its few seconds of cache run out; on
// SQLite and PostgreSQL, a session started after a change gets the lifetime saved, and an account
// locks after the number of failed sign-ins saved).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { properties } from '../../kernel/schema/registry';
import { JOB_FIELDS, RUN_FIELDS } from '../../kernel/schedule/names';
import { openSqlStore } from '../../server/db/open';
import { PARAMETER_DEFAULTS, PARAMETER_RESOURCE, accountLimitsOf, createParameters } from '../../server/settings/parameters';
import { createApp } from '../../server/app';
import { ensureFirstAccounts } from '../../server/auth/bootstrap';
import { SqlAccounts } from '../../server/auth/sql-accounts';
import type { Row, Store } from '../../server/store/types';
import { databaseMatrix, postgresSkip, storeMatrix } from './stores';
import { type Envelope, makeApi, registry } from './helpers';

const unavailable = postgresSkip;
const stores = storeMatrix();
if (unavailable) console.warn(`The parameters are tested on memory and SQLite only: PostgreSQL is not reachable (${unavailable})`);

const schema = registry.resources[PARAMETER_RESOURCE];
const { info, update } = schema['x-resource'].endpoints;
const fields = properties(schema);
/** The schema's own defaults, field by field, as the info of a fresh database should answer them. */
const schemaDefaults = Object.fromEntries(
  Object.entries(fields).flatMap(([name, prop]) => (prop.default === undefined ? [] : [[name, prop.default]])),
);

const [, jobSchema] = Object.entries(registry.resources).find(([, s]) => s['x-resource'].schedule)!;
const jobSpec = jobSchema['x-resource'].schedule!;
const saveJob = jobSchema['x-resource'].endpoints.add!;
const runParent = registry.resources[jobSpec.runs]['x-resource'].parent!.field;
const DAY_MS = 86_400_000;

type Call = Awaited<ReturnType<typeof makeApi>>['call'];

describe.each(stores)(`${PARAMETER_RESOURCE}, on %s`, (_store, makeStore) => {
  let store: Store;
  let call: Call;

  beforeEach(async () => {
    store = await makeStore();
    ({ call } = await makeApi(store, { seed: false }));
  });
  afterEach(() => store.close());

  const read = async () => {
    const answer = await call<Row>(info!.method, info!.path);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };
  const save = (body: Record<string, unknown>, token?: string) => call<Row>(update!.method, update!.path, { body, token });

  it('answers every parameter at its default before anything is saved', async () => {
    expect(Object.keys(schemaDefaults).length).toBeGreaterThan(5);
    const values = await read();
    expect(values).toMatchObject(schemaDefaults);
    expect(values.version).toBe(0);
    // The defaults the server works by are the schema's.
    expect(PARAMETER_DEFAULTS).toMatchObject(schemaDefaults);
  });

  it('stores an update, answers it next time, and keeps the fields not sent', async () => {
    const first = await save({ sessionHours: 8, version: 0 });
    expect(first.code, JSON.stringify(first)).toBe(20000);
    expect(first.data.sessionHours).toBe(8);
    const intervals = [
      { type: 1, hours: 250 },
      { type: 3, hours: 600 },
    ];
    const second = await save({ lockWindowMinutes: 30, serviceIntervalHours: intervals, version: first.data.version });
    expect(second.code, JSON.stringify(second)).toBe(20000);
    const values = await read();
    expect(values).toMatchObject({
      sessionHours: 8,
      lockWindowMinutes: 30,
      serviceIntervalHours: intervals,
      runRetentionDays: schemaDefaults.runRetentionDays,
    });
    expect(values.version).toBe(second.data.version);
    expect(values.version).toBeGreaterThan(first.data.version);
  });

  it('refuses a stale version, before and after the first save', async () => {
    const saved = await save({ sessionHours: 6, version: 0 });
    expect(saved.code).toBe(20000);
    // Another admin read the defaults (version 0) before that save.
    const stale = await save({ sessionHours: 48, version: 0 });
    expect(stale.code).toBe(40009);
    expect(stale.data).toMatchObject({ sessionHours: 6 });
    expect((await read()).sessionHours).toBe(6);
  });

  it('refuses a value out of range, naming the field, and stores nothing', async () => {
    const tooLong = await save({ sessionHours: 721 });
    expect(tooLong.code).toBe(40001);
    expect(tooLong.errors?.map((e) => e.field)).toEqual(['sessionHours']);
    expect(tooLong.message).toContain('720');
    const zero = await save({ runRetentionDays: 0 });
    expect(zero.code).toBe(40001);
    expect(zero.errors?.[0].field).toBe('runRetentionDays');
    const twice = await save({
      serviceIntervalHours: [
        { type: 2, hours: 100 },
        { type: 2, hours: 200 },
      ],
    });
    expect(twice.code).toBe(40001);
    expect(twice.errors?.[0].field).toMatch(/^serviceIntervalHours\.1/);
    const cleared = await save({ sessionHours: null });
    expect(cleared.code).toBe(40001);
    expect(cleared.errors?.[0].field).toBe('sessionHours');
    // The one record has no id to choose.
    expect((await save({ id: 2, sessionHours: 5 })).code).toBe(40001);
    expect(await read()).toMatchObject(schemaDefaults);
  });

  it('is for admins only', async () => {
    expect((await call(info!.method, info!.path, { token: 'editor-token' })).code).toBe(40003);
    expect((await save({ sessionHours: 2 }, 'editor-token')).code).toBe(40003);
    expect((await call(info!.method, info!.path, { token: null })).code).toBe(50008);
  });

  it('is what the pruning job works by: task runs are kept for the days saved', async () => {
    const job = await call<Row>(saveJob.method, saveJob.path, {
      body: { name: 'Prune', [JOB_FIELDS.mark]: 'clearPoster', type: 5, hour: 0, minute: 30, second: 0, is_open: 0 },
    });
    expect(job.code, JSON.stringify(job)).toBe(20000);
    const oldRun = (daysAgo: number) =>
      store.insert(jobSpec.runs, {
        [runParent]: job.data.id,
        [RUN_FIELDS.trigger]: 'schedule',
        [RUN_FIELDS.startedAt]: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
        [RUN_FIELDS.endedAt]: new Date(Date.now() - daysAgo * DAY_MS + 1000).toISOString(),
        [RUN_FIELDS.result]: 'ok',
        [RUN_FIELDS.count]: 0,
        [RUN_FIELDS.by]: '',
      });
    const fiveDaysOld = await oldRun(5);
    const runNow = async () => expect((await call('POST', jobSpec.run, { query: { id: job.data.id } })).code).toBe(20000);
    // Kept 30 days by default: a run five days old stays.
    await runNow();
    expect(await store.get(jobSpec.runs, fiveDaysOld.id)).toBeDefined();
    expect((await save({ runRetentionDays: 2 })).code).toBe(20000);
    await runNow();
    expect(await store.get(jobSpec.runs, fiveDaysOld.id)).toBeUndefined();
    expect(await store.count(jobSpec.runs, [])).toBeGreaterThan(0); // the runs just made stay
  });

  it('reaches another instance on the same database once its cache runs out', async () => {
    let clock = 1_000_000;
    const other = createParameters({ registry, store, maxAgeMs: 3_000, clock: () => clock });
    expect((await other.current()).failuresPerAccount).toBe(schemaDefaults.failuresPerAccount);
    expect((await save({ failuresPerAccount: 9 })).code).toBe(20000);
    clock += 1_000;
    expect((await other.current()).failuresPerAccount).toBe(schemaDefaults.failuresPerAccount);
    clock += 2_500;
    expect((await other.current()).failuresPerAccount).toBe(9);
  });
});

describe(`${PARAMETER_RESOURCE} in the published document`, () => {
  it('declares the two calls without ids, and no list, add or del', async () => {
    const { app } = await makeApi(undefined, { seed: false });
    const document = (await (await app.fetch(new Request('http://localhost/dev-api/openapi.json'))).json()) as {
      paths: Record<string, Record<string, { parameters?: unknown[]; 'x-access'?: string[] }>>;
    };
    const infoOp = document.paths[info!.path]?.[info!.method.toLowerCase()];
    expect(infoOp).toBeDefined();
    expect(infoOp.parameters ?? []).toEqual([]);
    expect(infoOp['x-access']).toEqual(['admin']);
    expect(document.paths[update!.path]?.[update!.method.toLowerCase()]).toBeDefined();
    expect(Object.keys(document.paths).filter((path) => path.startsWith(info!.path.replace(/\/info$/, '/')))).toHaveLength(2);
  });
});

/** Databases migrated and seeded with the demo data. */
const databases = databaseMatrix({ seeded: true });

describe.each(databases)('sessions and sign-in locks by the parameters, on %s', (_name, connect) => {
  const PASSWORD = 'correct horse battery';
  let store: Store;
  let clock: Date;
  let app: ReturnType<typeof createApp>;

  beforeEach(async () => {
    const connection = await connect();
    store = await openSqlStore(connection, registry);
    clock = new Date('2026-11-21T08:00:00Z');
    // As the Node entry wires them: the accounts read their limits from the parameters when they use them.
    const parameters = createParameters({ registry, store });
    const accounts = new SqlAccounts(
      connection.db,
      async () => accountLimitsOf(await parameters.current()),
      () => clock,
    );
    await ensureFirstAccounts(accounts, { ADMIN_PASSWORD: PASSWORD, EDITOR_PASSWORD: PASSWORD });
    app = createApp({ registry, store, accounts, parameters, now: () => clock });
  });
  afterEach(() => store.close());

  const call = async <T = unknown>(method: string, path: string, body?: unknown, token?: string) => {
    const response = await app.fetch(
      new Request(`http://localhost/dev-api${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Token': token } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return (await response.json()) as Envelope<T>;
  };
  const login = (username: string, password = PASSWORD) => call<{ token: string }>('POST', '/user/login', { username, password });
  const hoursLater = (hours: number) => (clock = new Date(clock.getTime() + hours * 3_600_000));

  it('gives a session started after a change of the session lifetime the new lifetime', async () => {
    const before = (await login('admin')).data.token;
    expect((await call(update!.method, update!.path, { sessionHours: 2 }, before)).code).toBe(20000);
    const after = (await login('admin')).data.token;
    hoursLater(3);
    expect((await call(info!.method, info!.path, undefined, after)).code).toBe(50014);
    // Started before the change: still the lifetime it was given (12 h by default).
    expect((await call(info!.method, info!.path, undefined, before)).code).toBe(20000);
  });

  it('locks an account after the number of failed sign-ins saved', async () => {
    const token = (await login('admin')).data.token;
    expect((await call(update!.method, update!.path, { failuresPerAccount: 2 }, token)).code).toBe(20000);
    expect((await login('editor', 'wrong one')).code).toBe(60204);
    expect((await login('editor', 'wrong two')).code).toBe(60204);
    expect((await login('editor')).code).toBe(42900);
  });
});
