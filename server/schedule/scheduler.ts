// The scheduler: runs the jobs of every resource with `x-resource.schedule` when their next run
// comes, and at once when a person asks. A due job is claimed in a transaction that moves its next
// run on, so with several server instances on one database each run happens exactly once (on
// PostgreSQL the transaction is serializable: of two instances claiming the same run, one
// retries, finds the job no longer due, and leaves it). The work runs outside the transaction;
// each run is recorded as a record of the job's runs, and its result on the job.
import { SCHEDULE_TIME_ZONE } from '../../kernel/schema/derive';
import type { Registry } from '../../kernel/schema/registry';
import { nextRun } from '../../kernel/schedule/period';
import { periodOf, periodTypeField } from '../../kernel/schedule/record';
import { JOB_FIELDS, RUN_FIELDS, type RunResult, type RunTrigger } from '../../kernel/schedule/names';
import { JOB_WORK, type JobDeps, type JobWork } from './jobs';
import { type Parameters, createParameters } from '../settings/parameters';
import { VISIT_LOG } from '../../kernel/history/visits';
import { OPERATION_LOG } from '../../kernel/history/names';
import { recordPath, viewPaths } from '../../kernel/routes/tree';
import type { NotifyInput } from '../notify/notifications';
import type { Row, Store } from '../store/types';

/** How often the scheduler looks for due jobs. */
export const TICK_MS = 1_000;
/** The longest failure message kept (the field's maxLength). */
const MESSAGE_MAX = 500;

export interface SchedulerDeps {
  registry: Registry;
  store: Store;
  now?: () => Date;
  timeZone?: string;
  sweepUploads?: JobDeps['sweepUploads'];
  pruneSignIns?: JobDeps['pruneSignIns'];
  onError?: (error: unknown) => void;
  /** The system parameters each run works by (retention days); read from `store` when not given. */
  parameters?: Parameters;
  /** Tells people a run failed (the app's notifications: the admins are told). */
  onFailure?: (failure: NotifyInput) => Promise<unknown>;
  /** The work of marks that need the app's services (the daily fleet check), besides those of jobs.ts. */
  work?: Record<string, JobWork>;
}

export interface Scheduler {
  /** Runs every job whose next run has come; answers how many it ran. */
  tick(): Promise<number>;
  /** Runs one job now, for a person; answers the run, or undefined when there is no such job. */
  runNow(resource: string, id: number, by: string): Promise<Row | undefined>;
  /** Ticks every TICK_MS until stopped (the timer never keeps the process alive). */
  start(): void;
  stop(): Promise<void>;
}

interface JobKind {
  resource: string;
  runs: string;
  runParent: string;
  /** The field holding the period's type. */
  typeField: string;
}

export function createScheduler({
  registry,
  store,
  now = () => new Date(),
  timeZone = SCHEDULE_TIME_ZONE,
  sweepUploads,
  pruneSignIns,
  onError = console.error,
  onFailure,
  work: moreWork = {},
  parameters = createParameters({ registry, store }),
}: SchedulerDeps): Scheduler {
  /** The visit log the pruning job trims, when the schemas have it. */
  const visits = registry.resources[VISIT_LOG] ? { resource: VISIT_LOG, at: 'at' } : undefined;
  /** The operation log the pruning job trims, when the schemas have it. */
  const operationLog = registry.resources[OPERATION_LOG] ? { resource: OPERATION_LOG, at: 'at' } : undefined;
  const kinds: JobKind[] = Object.entries(registry.resources).flatMap(([resource, schema]) => {
    const spec = schema['x-resource'].schedule;
    if (!spec) return [];
    return [
      {
        resource,
        runs: spec.runs,
        runParent: registry.resources[spec.runs]['x-resource'].parent!.field,
        typeField: periodTypeField(schema) ?? 'type',
      },
    ];
  });

  /** Takes the job's due run: moves its next run on, in one transaction; false when it is not due (any more). */
  const claim = (kind: JobKind, id: number, at: Date) =>
    store.transaction(async (tx) => {
      const job = await tx.get(kind.resource, id);
      const planned = typeof job?.[JOB_FIELDS.nextRun] === 'string' ? new Date(job[JOB_FIELDS.nextRun] as string) : undefined;
      if (!job || !planned || planned > at) return undefined;
      const period = periodOf(job, kind.typeField);
      // Intervals count from the planned run, so they do not drift; after a pause, from now.
      let next = period ? nextRun(period, planned, timeZone) : undefined;
      if (period && next! <= at) next = nextRun(period, at, timeZone);
      const { id: _id, version: _version, ...fields } = job;
      await tx.update(
        kind.resource,
        id,
        { ...fields, [JOB_FIELDS.lastRun]: at.toISOString(), [JOB_FIELDS.nextRun]: next?.toISOString() },
        undefined,
        { keepVersion: true },
      );
      return job;
    });

  /** Does the job's work and records the run; a failure is recorded, never thrown. */
  async function execute(kind: JobKind, job: Row, trigger: RunTrigger, by: string, startedAt: Date): Promise<Row> {
    let result: RunResult = 'ok';
    let count = 0;
    let message = '';
    try {
      const mark = String(job[JOB_FIELDS.mark]);
      const work = Object.hasOwn(moreWork, mark) ? moreWork[mark] : JOB_WORK[mark];
      if (!work) throw new Error(`no work is written for the mark "${String(job[JOB_FIELDS.mark])}"`);
      count = await work({
        store,
        now: startedAt,
        sweepUploads,
        pruneSignIns,
        runs: { resource: kind.runs, startedAt: RUN_FIELDS.startedAt },
        visits,
        operationLog,
        parameters: await parameters.current(),
      });
    } catch (error) {
      result = 'failed';
      message = (error instanceof Error ? error.message : String(error)).slice(0, MESSAGE_MAX);
    }
    const endedAt = now();
    if (result === 'failed' && onFailure) {
      const job_name = String(job[registry.resources[kind.resource]['x-resource'].recordRepresentation] ?? job.id);
      await onFailure({
        to_role: 'admin',
        kind: 'job_failed',
        title_key: 'notify.job_failed.title',
        text_key: 'notify.job_failed.text',
        params: { job: job_name, at: startedAt.toISOString(), reason: message },
        ...linkTo(kind.resource, job.id),
      }).catch(onError);
    }
    return store.transaction(async (tx) => {
      const run = await tx.insert(kind.runs, {
        [kind.runParent]: job.id,
        [RUN_FIELDS.trigger]: trigger,
        [RUN_FIELDS.startedAt]: startedAt.toISOString(),
        [RUN_FIELDS.endedAt]: endedAt.toISOString(),
        [RUN_FIELDS.result]: result,
        [RUN_FIELDS.count]: count,
        ...(message ? { [RUN_FIELDS.message]: message } : {}),
        [RUN_FIELDS.by]: by,
      });
      const current = await tx.get(kind.resource, job.id as number);
      if (current) {
        const { id: _id, version: _version, ...fields } = current;
        await tx.update(
          kind.resource,
          current.id,
          { ...fields, [JOB_FIELDS.lastResult]: result, [JOB_FIELDS.lastMessage]: message || undefined },
          undefined,
          { keepVersion: true },
        );
      }
      return run;
    });
  }

  const paths = viewPaths(registry.routes);
  /** The console page of a job (its record page, else its list), for the notification of a failed run. */
  const linkTo = (resource: string, id: number) => {
    const views = paths[resource] ?? {};
    const link = views.record ? recordPath(views.record, id) : views.list;
    return link ? { link } : {};
  };

  let ticking: Promise<number> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;

  async function tickOnce(): Promise<number> {
    let ran = 0;
    for (const kind of kinds) {
      const at = now();
      const due = await store.findIds(kind.resource, [{ field: JOB_FIELDS.nextRun, op: 'lte', value: at.toISOString() }]);
      for (const id of due) {
        const job = await claim(kind, id, at);
        if (!job) continue;
        await execute(kind, job, 'schedule', '', at);
        ran++;
      }
    }
    return ran;
  }

  return {
    // One tick at a time: a slow job makes the next tick wait rather than run beside it.
    tick: () => (ticking ??= tickOnce().finally(() => (ticking = undefined))),
    async runNow(resource, id, by) {
      const kind = kinds.find((k) => k.resource === resource);
      const job = kind && (await store.get(resource, id));
      if (!kind || !job) return undefined;
      const at = now();
      await store.transaction(async (tx) => {
        const current = await tx.get(resource, id);
        if (!current) return;
        const { id: _id, version: _version, ...fields } = current;
        await tx.update(resource, id, { ...fields, [JOB_FIELDS.lastRun]: at.toISOString() }, undefined, { keepVersion: true });
      });
      return execute(kind, job, 'manual', by, at);
    },
    start() {
      if (timer || kinds.length === 0) return;
      timer = setInterval(() => void this.tick().catch(onError), TICK_MS);
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await ticking?.catch(() => undefined);
    },
  };
}
