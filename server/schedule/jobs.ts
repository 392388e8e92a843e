// What each kind of scheduled job does (its `mark`), in this product: harmless housekeeping.
// Each answers how many items it handled; a failure throws, and the scheduler records why.
import { PARAMETER_DEFAULTS, type ParameterValues } from '../settings/parameters';
import type { Store } from '../store/types';

export interface JobDeps {
  store: Store;
  now: Date;
  /** Removes stale unattached uploads (the app's file service), when the app takes uploads. */
  sweepUploads?: () => Promise<{ removed: number }>;
  /** Forgets sign-in attempts made before a time (the accounts' sign-in log). */
  pruneSignIns?: (before: Date) => Promise<number>;
  /** The resource whose records are the runs of jobs, and its time field. */
  runs: { resource: string; startedAt: string };
  /** The operation log's resource and its time field, when the schemas have it. */
  operationLog?: { resource: string; at: string };
  /** The system parameters as the run begins (retention days among them); their defaults when not given. */
  parameters?: ParameterValues;
  /** The visit log's resource and its time field, when the schemas have it. */
  visits?: { resource: string; at: string };
}

export type JobWork = (deps: JobDeps) => Promise<number>;

/** Runs of jobs are kept this many days unless the parameters say otherwise. */
export const RUN_RETENTION_DAYS = PARAMETER_DEFAULTS.runRetentionDays;
/** Sign-in attempts are kept this many days unless the parameters say otherwise. */
export const SIGN_IN_RETENTION_DAYS = PARAMETER_DEFAULTS.signInRetentionDays;
/** Visits (the visit log) are kept this many days unless the parameters say otherwise. */
export const VISIT_LOG_RETENTION_DAYS = PARAMETER_DEFAULTS.visitLogRetentionDays;
const DAY_MS = 86_400_000;
/** Records removed per statement, well under every database's limit on bound values. */
const REMOVE_BATCH = 500;

/** Removes the records of `resource` whose time `field` is at or before `cutoff`; answers how many. */
async function removeUpTo(store: Store, resource: string, field: string, cutoff: Date): Promise<number> {
  const ids = await store.findIds(resource, [{ field, op: 'lte', value: cutoff.toISOString() }]);
  for (let i = 0; i < ids.length; i += REMOVE_BATCH) await store.remove(resource, ids.slice(i, i + REMOVE_BATCH));
  return ids.length;
}

/** The work of each mark a job may name. */
export const JOB_WORK: Record<string, JobWork> = {
  /** Closes stale uploads: files nobody attached to a record within a day. */
  async takeDelivery({ sweepUploads }) {
    return sweepUploads ? (await sweepUploads()).removed : 0;
  },
  /** Prunes old records: the runs of jobs, the sign-in attempts, the visits and the operation log older than their retention (system parameters). */
  async clearPoster({ store, now, runs, pruneSignIns, visits, operationLog, parameters = PARAMETER_DEFAULTS }) {
    const cutoff = new Date(now.getTime() - parameters.runRetentionDays * DAY_MS).toISOString();
    const ids = await store.findIds(runs.resource, [{ field: runs.startedAt, op: 'lte', value: cutoff }]);
    for (let i = 0; i < ids.length; i += REMOVE_BATCH) await store.remove(runs.resource, ids.slice(i, i + REMOVE_BATCH));
    const signIns = pruneSignIns ? await pruneSignIns(new Date(now.getTime() - parameters.signInRetentionDays * DAY_MS)) : 0;
    const visited = visits
      ? await removeUpTo(store, visits.resource, visits.at, new Date(now.getTime() - parameters.visitLogRetentionDays * DAY_MS))
      : 0;
    const operations = operationLog
      ? await removeUpTo(
          store,
          operationLog.resource,
          operationLog.at,
          new Date(now.getTime() - parameters.operationLogRetentionDays * DAY_MS),
        )
      : 0;
    return ids.length + signIns + visited + operations;
  },
};
