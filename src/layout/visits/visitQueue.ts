// The console's side of the visit log: each screen opened is queued (its path, its route's title
// key, when) and sent in batches: every 30 s, as soon as 20 are waiting, and when the page is
// hidden or closed (a `keepalive` call, which outlives the page). Sending never blocks the screen
// and never shows an error: a batch that fails, or one with nobody signed in, is dropped.
import { VISIT_LIMITS, type Visit } from '../../../kernel/history/visits';

export const VISIT_BATCH_SIZE = 20;
export const VISIT_FLUSH_MS = 30_000;
/** Visits kept waiting at most (a server that does not answer must not make the queue grow without end). */
const MAX_QUEUED = 200;

export interface VisitQueueDeps {
  /** Posts one batch; `keepalive` when the page is going away. Rejections are ignored. */
  send: (visits: Visit[], keepalive: boolean) => Promise<unknown>;
  /** The session of the person signed in (their token), or undefined when nobody is. */
  session: () => string | undefined;
  now?: () => Date;
  batchSize?: number;
}

export function createVisitQueue({ send, session, now = () => new Date(), batchSize = VISIT_BATCH_SIZE }: VisitQueueDeps) {
  let queue: Visit[] = [];
  /** The path recorded last, and in which session: the same screen rendered again (the layout mounted anew, the routes loaded) is one visit. */
  let last: { path: string; session: string } | undefined;

  /** Sends what is waiting, in batches the server accepts; visits grown too old for it are left out. */
  function flush(keepalive = false) {
    const waiting = queue;
    queue = [];
    if (!session()) return;
    const oldest = now().getTime() - VISIT_LIMITS.maxAgeMs + VISIT_LIMITS.skewMs;
    const fresh = waiting.filter((visit) => new Date(visit.at).getTime() > oldest);
    for (let i = 0; i < fresh.length; i += VISIT_LIMITS.perBatch) {
      void send(fresh.slice(i, i + VISIT_LIMITS.perBatch), keepalive).catch(() => undefined);
    }
  }

  return {
    /** Queues a screen opened now, unless it is the one this session recorded last; sends the queue once it holds a batch. */
    record(path: string, title?: string) {
      const current = session();
      if (!current || (last?.path === path && last.session === current)) return;
      last = { path, session: current };
      queue.push({ path: path.slice(0, VISIT_LIMITS.path), ...(title ? { title: title.slice(0, VISIT_LIMITS.title) } : {}), at: now().toISOString() });
      if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED);
      if (queue.length >= batchSize) flush();
    },
    flush,
    /** How many visits wait to be sent. */
    get size() {
      return queue.length;
    },
  };
}

export type VisitQueue = ReturnType<typeof createVisitQueue>;
