// The console's side of the visit log: each screen opened is queued (its path, its route's title
// key, when) and sent in batches: every 30 s and as soon as 20 are waiting. A page being hidden
// or closed sends nothing (a request that outlives its page is one the
// browser may hold open): what waits is kept (`takeAll`), under the session it was recorded in,
// and the next page of the console sends it (`sendSaved`) with that session's token, so each
// visit stays with the person who made it. Sending never blocks the screen and never shows an
// error: a batch that fails, or one with nobody signed in, is dropped.
import { VISIT_LIMITS, type Visit } from '../../../kernel/history/visits';

export const VISIT_BATCH_SIZE = 20;
export const VISIT_FLUSH_MS = 30_000;
/** Visits kept waiting at most (a server that does not answer must not make the queue grow without end). */
const MAX_QUEUED = 200;

/** Visits waiting to be sent, with the session (token) they were recorded in. */
export interface SavedVisits {
  session: string;
  visits: Visit[];
}

export interface VisitQueueDeps {
  /** Posts one batch under a session's token. Rejections are ignored. */
  send: (visits: Visit[], session: string) => Promise<unknown>;
  /** The session of the person signed in (their token), or undefined when nobody is. */
  session: () => string | undefined;
  now?: () => Date;
  batchSize?: number;
}

export function createVisitQueue({ send, session, now = () => new Date(), batchSize = VISIT_BATCH_SIZE }: VisitQueueDeps) {
  let queue: Visit[] = [];
  /** The path recorded last, and in which session: the same screen rendered again (the layout mounted anew, the routes loaded) is one visit. */
  let last: { path: string; session: string } | undefined;

  /** Sends visits under a session, in batches the server accepts; visits grown too old for it are left out. */
  function sendAll(visits: Visit[], under: string) {
    const oldest = now().getTime() - VISIT_LIMITS.maxAgeMs + VISIT_LIMITS.skewMs;
    const fresh = visits.filter((visit) => new Date(visit.at).getTime() > oldest);
    for (let i = 0; i < fresh.length; i += VISIT_LIMITS.perBatch) {
      void send(fresh.slice(i, i + VISIT_LIMITS.perBatch), under).catch(() => undefined);
    }
  }

  /** Sends what is waiting under the current session. */
  function flush() {
    const waiting = queue;
    queue = [];
    const current = session();
    if (current) sendAll(waiting, current);
  }

  return {
    /** Queues a screen opened now, unless it is the one this session recorded last; sends the queue once it holds a batch. */
    record(path: string, title?: string) {
      const current = session();
      if (!current || (last?.path === path && last.session === current)) return;
      last = { path, session: current };
      queue.push({
        path: path.slice(0, VISIT_LIMITS.path),
        ...(title ? { title: title.slice(0, VISIT_LIMITS.title) } : {}),
        at: now().toISOString(),
      });
      if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED);
      if (queue.length >= batchSize) flush();
    },
    flush,
    /** Empties the queue into what a closing page keeps; undefined when nothing waits or nobody is signed in. */
    takeAll(): SavedVisits | undefined {
      const waiting = queue;
      queue = [];
      const current = session();
      return current && waiting.length > 0 ? { session: current, visits: waiting } : undefined;
    },
    /** Sends visits an earlier page kept, under the session they were recorded in. */
    sendSaved(saved: SavedVisits) {
      sendAll(saved.visits.slice(-MAX_QUEUED), saved.session);
    },
    /** How many visits wait to be sent. */
    get size() {
      return queue.length;
    },
  };
}

export type VisitQueue = ReturnType<typeof createVisitQueue>;
