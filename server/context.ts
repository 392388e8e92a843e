import type { Context } from 'hono';
import type { SessionUser } from './auth/accounts';
import { Code, type CodeValue } from '../kernel/contract/codes';
import type { Language, Translate } from './messages';

export type AppEnv = {
  Variables: { language: Language; t: Translate; user: SessionUser; token: string };
};
export type AppContext = Context<AppEnv>;

/** The success envelope: `{code: 20000, data}`, with `msg` on writes. */
export const ok = (c: AppContext, data: unknown, msg?: string) =>
  c.json(msg === undefined ? { code: Code.ok, data } : { code: Code.ok, msg, data });

/** A refusal: HTTP 200 with the code and a message a person can act on. */
export const fail = (c: AppContext, code: CodeValue, message: string, extra: Record<string, unknown> = {}) =>
  c.json({ code, message, ...extra });

