import type { Context } from 'hono';
import type { UserInfo } from './auth/accounts';
import { Code, type CodeValue } from '../kernel/contract/codes';
import type { Language, Translate } from './messages';

export type AppEnv = {
  Variables: { language: Language; t: Translate; user: UserInfo };
};
export type AppContext = Context<AppEnv>;

/** The success envelope: `{code: 20000, data}`, with `msg` on writes. */
export const ok = (c: AppContext, data: unknown, msg?: string) =>
  c.json(msg === undefined ? { code: Code.ok, data } : { code: Code.ok, msg, data });

/** A refusal: HTTP 200 with the code and a message a person can act on. */
export const fail = (c: AppContext, code: CodeValue, message: string, extra: Record<string, unknown> = {}) =>
  c.json({ code, message, ...extra });

/** The JSON body as an object, or undefined when it is not one. */
export async function jsonBody(c: AppContext): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
