// The visit log, as the console that sends it and the server that keeps it both see it: the
// resource's name, the call the console posts its batches to, the limits a batch must keep, and
// the one check of a batch (the server refuses what breaks it; the console never sends it).

/** The resource (schemas/visitlog.json) that keeps the visit log. */
export const VISIT_LOG = 'visitlog';
/** The call the console posts batches of visits to, under /dev-api (any signed-in person). */
export const VISIT_ADD_PATH = '/setting/log/visit/add';

export const VISIT_LIMITS = {
  /** Visits in one batch at most. */
  perBatch: 50,
  /** Characters of a path at most. */
  path: 255,
  /** Characters of a route's title key at most. */
  title: 64,
  /** How old a visit may be when it arrives (a day). */
  maxAgeMs: 86_400_000,
  /** How far ahead of the server's clock a visit may be stamped (the console's clock may run fast). */
  skewMs: 60_000,
} as const;

/** One screen opened: its path, the route's title key when it has one, and when (ISO time). */
export interface Visit {
  path: string;
  title?: string;
  at: string;
}

/** What is wrong with one part of a batch: the message key, its values, and the dotted field. */
export interface VisitProblem {
  field: string;
  key: string;
  values?: Record<string, unknown>;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;
const VISIT_KEYS = new Set(['path', 'title', 'at']);

/** The problems of one visit of a batch, at `index`. */
function visitProblems(item: unknown, index: number, now: Date): VisitProblem[] {
  const at = (name: string) => `visits.${index}.${name}`;
  if (!item || typeof item !== 'object' || Array.isArray(item)) return [{ field: `visits.${index}`, key: 'server.visit_not_object' }];
  const visit = item as Record<string, unknown>;
  const out: VisitProblem[] = [];
  for (const key of Object.keys(visit)) if (!VISIT_KEYS.has(key)) out.push({ field: at(key), key: 'server.visit_unknown_field' });
  const { path, title, at: time } = visit;
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > VISIT_LIMITS.path) {
    out.push({ field: at('path'), key: 'server.visit_bad_path', values: { max: VISIT_LIMITS.path } });
  }
  if (title !== undefined && title !== null && (typeof title !== 'string' || title.length > VISIT_LIMITS.title)) {
    out.push({ field: at('title'), key: 'server.visit_bad_title', values: { max: VISIT_LIMITS.title } });
  }
  const moment = typeof time === 'string' && ISO_TIME.test(time) ? new Date(time) : undefined;
  if (!moment || Number.isNaN(moment.getTime())) out.push({ field: at('at'), key: 'server.visit_bad_time' });
  else if (moment.getTime() > now.getTime() + VISIT_LIMITS.skewMs) out.push({ field: at('at'), key: 'server.visit_in_future' });
  else if (moment.getTime() < now.getTime() - VISIT_LIMITS.maxAgeMs)
    out.push({ field: at('at'), key: 'server.visit_too_old', values: { hours: VISIT_LIMITS.maxAgeMs / 3_600_000 } });
  return out;
}

/**
 * The visits of a batch `{visits: [{path, title?, at}]}`, or every problem it has: a batch is
 * stored whole or not at all.
 */
export function readVisitBatch(body: Record<string, unknown>, now: Date): { visits: Visit[] } | { problems: VisitProblem[] } {
  const extra = Object.keys(body).filter((key) => key !== 'visits');
  if (extra.length) return { problems: extra.map((field) => ({ field, key: 'server.visit_unknown_field' })) };
  const { visits } = body;
  if (!Array.isArray(visits) || visits.length === 0)
    return { problems: [{ field: 'visits', key: 'server.visits_not_list', values: { max: VISIT_LIMITS.perBatch } }] };
  if (visits.length > VISIT_LIMITS.perBatch)
    return { problems: [{ field: 'visits', key: 'server.visits_too_many', values: { count: visits.length, max: VISIT_LIMITS.perBatch } }] };
  const problems = visits.flatMap((item, index) => visitProblems(item, index, now));
  if (problems.length) return { problems };
  return {
    visits: visits.map((item: Record<string, unknown>) => ({
      path: item.path as string,
      ...(typeof item.title === 'string' && item.title ? { title: item.title } : {}),
      at: new Date(item.at as string).toISOString(),
    })),
  };
}
