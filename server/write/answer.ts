// A write's outcome as the answer of its call: the wire contract's envelope, refusals with their
// codes and messages, and beside the data the other records the write changed.
import { Code } from '../../kernel/contract/codes';
import { MAX_PROBLEMS_REPORTED } from '../../kernel/contract/limits';
import { type AppContext, fail, ok } from '../context';
import type { Outcome, Refusal } from './service';

/** "There is no <resource> with id <ids>", in the person's language. */
export function notFound(c: AppContext, resource: string, ids: number[] | number) {
  const t = c.get('t');
  const id = Array.isArray(ids) ? ids.join(', ') : ids;
  return fail(c, Code.notFound, t('server.not_found', { resource: t(`resources.${resource}.name`, { smart_count: 1, _: resource }), id }));
}

/** A refusal's answer; `conflictData` shows the stored record as the call answers records. */
export function refusalAnswer(c: AppContext, refusal: Refusal, conflictData: (current: Record<string, unknown>) => unknown = (row) => row) {
  switch (refusal.status) {
    case 'invalid': {
      // Problems gathered from several checks (the record's, its files') are capped once more.
      const errors = refusal.errors.slice(0, MAX_PROBLEMS_REPORTED);
      return fail(c, Code.invalidInput, errors.map((e) => e.message).join('; '), { errors });
    }
    case 'missing':
      return notFound(c, refusal.resource, refusal.ids);
    case 'conflict':
      return fail(c, Code.conflict, c.get('t')('server.conflict'), { data: conflictData(refusal.current) });
    case 'refused':
      return fail(c, refusal.code, refusal.message, {
        ...(refusal.errors ? { errors: refusal.errors } : {}),
        ...(refusal.data === undefined ? {} : { data: refusal.data }),
      });
  }
}

/** The answer of a write: its data (as `data` makes it from the written value) and message, or the refusal. */
export function answerWrite<T>(
  c: AppContext,
  outcome: Outcome<T>,
  data: (value: T) => unknown,
  message: string,
  { conflictData, words }: { conflictData?: (current: Record<string, unknown>) => unknown; words?: Record<string, unknown> } = {},
): Response {
  if (outcome.status !== 'ok') return refusalAnswer(c, outcome, conflictData);
  return ok(c, data(outcome.value), c.get('t')(message, words), outcome.changed);
}
