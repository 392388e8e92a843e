// Scheduled jobs as records, on the timers fixture (tests/fixtures/timers): the period rule the
// console and the server share (each part the type uses, in its range, under its own field), the
// next run worked out on every write while the job is on, and the scheduler's record of a run
// whose work fails, and the work of the demo jobs. The maths of periods are tested in schedule.test.ts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSchemas, formatProblem } from '../../kernel/schema/check';
import { derive } from '../../kernel/schema/derive';
import { loadRegistry, readSchemaFiles } from '../../kernel/schema/load-node';
import { pageNames } from '../../src/pages/registry';
import { panelNames } from '../../src/resources/record/panels';
import { materialIconComponents } from '../../kernel/schema/icons-node';
import { RecordValidator } from '../../kernel/schema/validation';
import { exampleRecord } from '../../kernel/demo/fake';
import { periodOf } from '../../kernel/schedule/record';
import { createScheduler } from '../../server/schedule/scheduler';
import { JOB_WORK, RUN_RETENTION_DAYS, SIGN_IN_RETENTION_DAYS } from '../../server/schedule/jobs';
import { MemoryStore } from '../../server/store/memory';
import { translator } from '../../server/http/messages';

const DIR = join(import.meta.dirname, '../fixtures/timers');
const timers = loadRegistry(DIR);
const validator = new RecordValidator(timers);
const t = translator('en');
const schema = timers.resources.timer;
const check = (record: Record<string, unknown>) => validator.check('timer', record, 'en', t);
const NOW = new Date('2026-05-04T10:00:00Z');

describe('the timers fixture', () => {
  it('is sound', () => {
    expect(
      checkSchemas(readSchemaFiles(DIR), timers.config, timers.routes, {
        pages: pageNames(),
        panels: panelNames(),
        icons: materialIconComponents(),
      }).map(formatProblem),
    ).toEqual([]);
  });
});

describe('the period rule', () => {
  it('accepts a period that runs, whatever the parts its type does not use hold', () => {
    expect(check({ mark: 'takeDelivery', kind: 2, running: 1, minute: 5 })).toEqual([]);
    expect(check({ mark: 'takeDelivery', kind: 5, running: 1, hour: 0, minute: 30, second: 0, week: 3, day: 9 })).toEqual([]);
  });

  it('refuses each part the type uses that is missing or out of its range, under that part', () => {
    const everyZero = check({ mark: 'takeDelivery', kind: 2, running: 1, minute: 0 });
    expect(everyZero.map((e) => e.field)).toEqual(['minute']);
    expect(everyZero[0].message).toMatch(/1.*59/);
    const weekly = check({ mark: 'takeDelivery', kind: 6, running: 1, hour: 8 });
    expect(weekly.map((e) => e.field).sort()).toEqual(['minute', 'second', 'week']);
  });

  it('leaves a part the schema already refused to its own message', () => {
    const refused = check({ mark: 'takeDelivery', kind: 5, running: 1, hour: 30, minute: 0, second: 0 });
    expect(refused.filter((e) => e.field === 'hour')).toHaveLength(1);
  });

  it('lets the demo data make only jobs that can run', () => {
    for (let attempt = 1; attempt <= 40; attempt++) {
      const record = exampleRecord(schema, timers.config, () => [], attempt);
      expect(check(record), JSON.stringify(record)).toEqual([]);
      expect(periodOf(record, 'kind')).toBeDefined();
    }
  });
});

describe('the next run, worked out on every write', () => {
  it('follows the period from the time of the write while the job is on', () => {
    const saved = derive(schema, { mark: 'takeDelivery', kind: 2, running: 1, minute: 5 }, undefined, NOW);
    expect(saved.next_execution_time).toBe('2026-05-04T10:05:00.000Z');
    const later = new Date(NOW.getTime() + 60_000);
    expect(derive(schema, saved, saved, later).next_execution_time).toBe('2026-05-04T10:06:00.000Z');
  });

  it('is empty while the job is off or its period cannot run', () => {
    expect(derive(schema, { mark: 'takeDelivery', kind: 2, running: 0, minute: 5 }, undefined, NOW).next_execution_time).toBeUndefined();
    expect(derive(schema, { mark: 'takeDelivery', kind: 2, running: 1, minute: 0 }, undefined, NOW).next_execution_time).toBeUndefined();
  });
});

describe('a run whose work fails', () => {
  it('is recorded as failed with the reason, on the run and on the job, the admins are told, and the next run still moves on', async () => {
    const store = new MemoryStore();
    const job = await store.insert('timer', derive(schema, { mark: 'nothingWritten', kind: 1, running: 1, second: 30 }, undefined, NOW));
    let clock = new Date(String(job.next_execution_time));
    const told: unknown[] = [];
    const scheduler = createScheduler({ registry: timers, store, now: () => clock, onFailure: async (failure) => told.push(failure) });
    expect(await scheduler.tick()).toBe(1);
    expect(told).toEqual([
      expect.objectContaining({
        to_role: 'admin',
        kind: 'job_failed',
        link: `/timer/${job.id}`,
        params: expect.objectContaining({ job: 'nothingWritten' }),
      }),
    ]);
    const [run] = (await store.list('timerrun', { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 10 })).rows;
    expect(run).toMatchObject({ timer: job.id, result: 'failed', trigger: 'schedule' });
    expect(String(run.message)).toMatch(/nothingWritten/);
    const after = (await store.get('timer', job.id))!;
    expect(after).toMatchObject({ last_result: 'failed', last_execution_time: clock.toISOString() });
    expect(after.next_execution_time).toBe(new Date(clock.getTime() + 30_000).toISOString());
    expect(after.version).toBe(job.version); // the scheduler's writes never make an open form conflict
    clock = new Date(clock.getTime() + 1000);
    expect(await scheduler.tick()).toBe(0);
  });
});

describe('the work of the demo jobs', () => {
  it('prunes the runs older than their retention and the old sign-ins, and counts what it removed', async () => {
    const store = new MemoryStore();
    const job = await store.insert('timer', { mark: 'clearPoster', kind: 5, running: 0, hour: 0, minute: 30, second: 0 });
    const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
    for (const started of [daysAgo(RUN_RETENTION_DAYS + 1), daysAgo(RUN_RETENTION_DAYS + 40), daysAgo(RUN_RETENTION_DAYS - 1)]) {
      await store.insert('timerrun', { timer: job.id, started_at: started, result: 'ok' });
    }
    const cutoffs: Date[] = [];
    const removed = await JOB_WORK.clearPoster({
      store,
      now: NOW,
      runs: { resource: 'timerrun', startedAt: 'started_at' },
      pruneSignIns: async (before) => (cutoffs.push(before), 5),
    });
    expect(removed).toBe(2 + 5);
    expect(await store.count('timerrun', [])).toBe(1);
    expect(cutoffs).toEqual([new Date(NOW.getTime() - SIGN_IN_RETENTION_DAYS * 86_400_000)]);
  });

  it('close stale uploads through the file service, when the app takes uploads', async () => {
    const deps = { store: new MemoryStore(), now: NOW, runs: { resource: 'timerrun', startedAt: 'started_at' } };
    expect(await JOB_WORK.takeDelivery({ ...deps, sweepUploads: async () => ({ removed: 3 }) })).toBe(3);
    expect(await JOB_WORK.takeDelivery(deps)).toBe(0);
  });
});
