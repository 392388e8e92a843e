import type { Context } from 'hono';
import type { SessionUser } from './auth/accounts';
import { Code, type CodeValue } from '../kernel/contract/codes';
import type { Language, Translate } from './http/messages';

export type AppEnv = {
  Variables: {
    language: Language;
    t: Translate;
    user: SessionUser;
    token: string;
    /** Every header of a JSON answer, when the app is served with headers of its own (see `answer`). */
    jsonHeaders?: Record<string, string>;
  };
};
export type AppContext = Context<AppEnv>;

/** Answers made with every header they go out with (`answer`): nothing is set on them afterwards. */
const complete = new WeakSet<Response>();

/** Whether an answer already has every header it goes out with. */
export const isComplete = (response: Response) => complete.has(response);

/**
 * A JSON answer. When the app's middleware has given the request its full set of JSON headers
 * (app.ts: the type, Cache-Control and the headers of whoever serves the app), the answer is
 * made with them at once, as a plain record: @hono/node-server then writes it as it is, where a
 * header set afterwards would make it copy them into a Headers object and back for every answer.
 */
function answer(c: AppContext, body: Record<string, unknown>): Response {
  const headers = c.get('jsonHeaders');
  if (!headers) return c.json(body);
  const response = new Response(JSON.stringify(body), { status: 200, headers });
  complete.add(response);
  return response;
}

/**
 * The success envelope: `{code: 20000, data}`, with `msg` on writes, and beside them `changed`
 * when a write changed other records than those it answers (a parent's totals, an instrument's
 * hours and status): `[{resource, id}]`, for a client to read them again.
 */
export const ok = (c: AppContext, data: unknown, msg?: string, changed?: readonly { resource: string; id: number }[]) =>
  answer(c, {
    code: Code.ok,
    ...(msg === undefined ? {} : { msg }),
    data,
    ...(changed && changed.length > 0 ? { changed } : {}),
  });

/** A refusal: HTTP 200 with the code and a message a person can act on. */
export const fail = (c: AppContext, code: CodeValue, message: string, extra: Record<string, unknown> = {}) =>
  answer(c, { code, message, ...extra });
