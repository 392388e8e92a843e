// What each kind of scheduled job does (its `mark`), in this product: harmless housekeeping.
// Each answers how many items it handled; a failure throws, and the scheduler records why.
import type { Store } from './store/types';

export interface JobDeps {
  store: Store;
  now: Date;
  /** Removes stale unattached uploads (the app's file service), when the app takes uploads. */
  sweepUploads?: () => Promise<{ removed: number }>;
  /** Forgets sign-in attempts made before a time (the accounts' sign-in log). */
  pruneSignIns?: (before: Date) => Promise<number>;
  /** The resource whose records are the runs of jobs, and its time field. */
  runs: { resource: string; startedAt: string };
}

export type JobWork = (deps: JobDeps) => Promise<number>;

/** Runs of jobs are kept this many days. */
export const RUN_RETENTION_DAYS = 30;
/** Sign-in attempts are kept this many days. */
export const SIGN_IN_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;
/** Records removed per statement, well under every database's limit on bound values. */
const REMOVE_BATCH = 500;

/** The work of each mark a job may name. */
export const JOB_WORK: Record<string, JobWork> = {
  /** Closes stale uploads: files nobody attached to a record within a day. */
  async takeDelivery({ sweepUploads }) {
    return sweepUploads ? (await sweepUploads()).removed : 0;
  },
  /** Prunes old records: the runs of jobs and the sign-in attempts older than their retention. */
  async clearPoster({ store, now, runs, pruneSignIns }) {
    const cutoff = new Date(now.getTime() - RUN_RETENTION_DAYS * DAY_MS).toISOString();
    const ids = await store.findIds(runs.resource, [{ field: runs.startedAt, op: 'lte', value: cutoff }]);
    for (let i = 0; i < ids.length; i += REMOVE_BATCH) await store.remove(runs.resource, ids.slice(i, i + REMOVE_BATCH));
    const signIns = pruneSignIns ? await pruneSignIns(new Date(now.getTime() - SIGN_IN_RETENTION_DAYS * DAY_MS)) : 0;
    return ids.length + signIns;
  },
};
