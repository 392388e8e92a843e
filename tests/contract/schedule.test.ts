// Scheduled jobs (`x-resource.schedule`), on memory, SQLite and PostgreSQL: the kinds of work by
// name, a job saved with its period and its next run worked out, a period that cannot run refused
// under the part at fault, switched off and on (no next run while off), run at once and recorded;
// the scheduler running due jobs on a clock of the test's own; and two server instances on one
// PostgreSQL database running a job due every second for ten seconds exactly ten times in all.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { properties } from '../../kernel/schema/registry';
import { JOB_FIELDS, RUN_FIELDS } from '../../kernel/schedule/names';
import { periodTypeField } from '../../kernel/schedule/record';
import { decodeList } from '../../kernel/schema/shapes';
import { openSqlStore } from '../../server/db/open';
import { createScheduler } from '../../server/schedule/scheduler';
import type { Row, Store } from '../../server/store/types';
import { postgresCopies, postgresSkip, storeMatrix } from './stores';
import { makeApi, registry } from './helpers';

const unavailable = postgresSkip;
const stores = storeMatrix();
if (unavailable) console.warn(`Scheduled jobs are tested on memory and SQLite only: PostgreSQL is not reachable (${unavailable})`);

const found = Object.entries(registry.resources).find(([, schema]) => schema['x-resource'].schedule);
if (!found) throw new Error('no resource is a scheduled job (x-resource.schedule)');
const [name, schema] = found;
const meta = schema['x-resource'];
const spec = meta.schedule!;
const toggle = meta.switch!;
const save = meta.endpoints.add!;
const marks = properties(schema)[JOB_FIELDS.mark].enum!.map(String);
const [on, off] = properties(schema)[toggle.field].enum!;
const runsList = registry.resources[spec.runs]['x-resource'].endpoints.list!;
const typeField = periodTypeField(schema)!;

/** A job of the first kind of work: daily at 00:30:00 unless told otherwise. */
const job = (period: Record<string, unknown> = { [typeField]: 5, hour: 0, minute: 30, second: 0 }) => ({
  name: 'Nightly tidy',
  [JOB_FIELDS.mark]: marks[0],
  [toggle.field]: on,
  ...period,
});

type Call = Awaited<ReturnType<typeof makeApi>>['call'];

describe.each(stores)(`${name}, scheduled jobs, on %s`, (_store, makeStore) => {
  let store: Store;
  let call: Call;
  let app: Awaited<ReturnType<typeof makeApi>>['app'];

  beforeEach(async () => {
    store = await makeStore();
    ({ call, app } = await makeApi(store, { seed: false }));
  });
  afterEach(() => store.close());

  const runsOf = async (id: number) =>
    decodeList<Row>(
      runsList.shape ?? 'total-items',
      (await call<Record<string, unknown>>(runsList.method, runsList.path, { query: { id } })).data,
    ).rows;
  const saved = async (body: Record<string, unknown>) => {
    const answer = await call<Row>(save.method, save.path, { body });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };

  it('names every kind of work in the language asked for', async () => {
    const answer = await call<Record<string, string>>('GET', spec.marks, { language: 'zh' });
    expect(answer.code).toBe(20000);
    expect(Object.keys(answer.data).sort()).toEqual([...marks].sort());
    for (const mark of marks) expect(answer.data[mark]).not.toBe(mark);
  });

  it('saves a job with its next run worked out, and edits it through the same call', async () => {
    const before = Date.now();
    const made = await saved(job());
    const next = new Date(String(made[JOB_FIELDS.nextRun]));
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime() - before).toBeLessThanOrEqual(86_400_000 + 3_600_000);
    const edited = await saved({ ...job({ [typeField]: 2, minute: 5 }), id: made.id, version: made.version });
    expect(edited.id).toBe(made.id);
    const gap = new Date(String(edited[JOB_FIELDS.nextRun])).getTime() - Date.now();
    expect(gap).toBeGreaterThan(4 * 60_000);
    expect(gap).toBeLessThanOrEqual(5 * 60_000);
  });

  it('refuses a period that cannot run, under the part at fault, and writes nothing', async () => {
    const answer = await call(save.method, save.path, { body: job({ [typeField]: 2, minute: 0 }) });
    expect(answer.code).toBe(40001);
    expect(answer.errors?.map((e) => e.field)).toEqual(['minute']);
    const weekly = await call(save.method, save.path, { body: job({ [typeField]: 6, hour: 8, minute: 0, second: 0 }) });
    expect(weekly.code).toBe(40001);
    expect(weekly.errors?.map((e) => e.field)).toEqual(['week']);
    expect(await store.count(name, [])).toBe(0);
  });

  it('has no next run while switched off, and a new one when switched on again', async () => {
    const made = await saved(job());
    const offAnswer = await call<Row>(
      toggle.method ?? 'POST',
      toggle.path,
      toggle.method === 'GET' ? { query: { id: made.id, [toggle.field]: String(off) } } : { body: { id: made.id, [toggle.field]: off } },
    );
    expect(offAnswer.code, JSON.stringify(offAnswer)).toBe(20000);
    expect((await store.get(name, made.id))?.[JOB_FIELDS.nextRun] ?? null).toBeNull();
    const onAnswer = await call<Row>(
      toggle.method ?? 'POST',
      toggle.path,
      toggle.method === 'GET' ? { query: { id: made.id, [toggle.field]: String(on) } } : { body: { id: made.id, [toggle.field]: on } },
    );
    expect(onAnswer.code).toBe(20000);
    expect(typeof (await store.get(name, made.id))?.[JOB_FIELDS.nextRun]).toBe('string');
    const bad = await call(
      toggle.method ?? 'POST',
      toggle.path,
      toggle.method === 'GET' ? { query: { id: made.id, [toggle.field]: '7' } } : { body: { id: made.id, [toggle.field]: 7 } },
    );
    expect(bad.code).toBe(40001);
  });

  it('runs a job at once for a person and records the run and its result on the job', async () => {
    const made = await saved(job());
    const answer = await call<Row>('POST', spec.run, { query: { id: made.id } });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    expect(answer.data).toMatchObject({ [RUN_FIELDS.result]: 'ok', [RUN_FIELDS.trigger]: 'manual' });
    const [run] = await runsOf(made.id);
    expect(run).toMatchObject({ id: answer.data.id, [RUN_FIELDS.result]: 'ok' });
    expect(run[RUN_FIELDS.by]).toBeTruthy();
    const after = (await store.get(name, made.id))!;
    expect(after[JOB_FIELDS.lastResult]).toBe('ok');
    expect(after[JOB_FIELDS.lastRun]).toBe(run[RUN_FIELDS.startedAt]);
    expect(after[JOB_FIELDS.nextRun]).toBe(made[JOB_FIELDS.nextRun]); // running it now leaves its schedule
    expect((await call('POST', spec.run, { query: { id: 999_999 } })).code).toBe(40004);
    expect((await call('POST', spec.run, { query: { id: 'x' } })).code).toBe(40001);
  });

  it('runs every due job on its clock, each once, moving its next run on; a job switched off never runs', async () => {
    const made = await saved(job({ [typeField]: 1, second: 10 }));
    const stopped = await saved({ ...job({ [typeField]: 1, second: 10 }), [toggle.field]: off });
    let clock = new Date(String(made[JOB_FIELDS.nextRun]));
    const scheduler = createScheduler({ registry, store, now: () => clock });
    expect(await scheduler.tick()).toBe(1);
    expect(await scheduler.tick()).toBe(0); // not due again yet
    clock = new Date(clock.getTime() + 10_000);
    expect(await scheduler.tick()).toBe(1);
    const runs = await runsOf(made.id);
    expect(runs.map((r) => r[RUN_FIELDS.trigger])).toEqual(['schedule', 'schedule']);
    expect(new Date(String((await store.get(name, made.id))![JOB_FIELDS.nextRun])).getTime()).toBe(clock.getTime() + 10_000);
    expect(await runsOf(stopped.id)).toEqual([]);
    // After a long pause, one run, and the next counted from now: no burst of missed runs.
    clock = new Date(clock.getTime() + 3_600_000);
    expect(await scheduler.tick()).toBe(1);
    expect(new Date(String((await store.get(name, made.id))![JOB_FIELDS.nextRun])).getTime()).toBe(clock.getTime() + 10_000);
    expect(app.scheduler).toBeDefined();
  });
});

describe.skipIf(Boolean(unavailable))(`${name}, two server instances on one PostgreSQL database`, () => {
  it('run a job due every second for ten seconds exactly ten times in all', async () => {
    const [a, b] = await postgresCopies(2);
    const [storeA, storeB] = [await openSqlStore(a, registry), await openSqlStore(b, registry)];
    try {
      const { call } = await makeApi(storeA, { seed: false });
      const answer = await call<Row>(save.method, save.path, { body: job({ [typeField]: 1, second: 1 }) });
      expect(answer.code, JSON.stringify(answer)).toBe(20000);
      const start = new Date(String(answer.data[JOB_FIELDS.nextRun]));
      let clock = start;
      const instances = [storeA, storeB].map((store) => createScheduler({ registry, store, now: () => clock }));
      let ran = 0;
      for (let second = 0; second < 10; second++) {
        clock = new Date(start.getTime() + second * 1000);
        const counts = await Promise.all(instances.map((s) => s.tick()));
        ran += counts.reduce((x, y) => x + y, 0);
      }
      expect(ran).toBe(10);
      expect(await storeA.count(spec.runs, [])).toBe(10);
    } finally {
      await storeA.close();
      await storeB.close();
    }
  });
});
