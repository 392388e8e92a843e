// The two logs an admin reads under Settings → Logs. The operation log is a resource
// (schemas/oplog.json: its list and info are the generic ones), written by the store this
// returns (recorder.ts); the sign-in log is the accounts' own (GET /setting/log/login/list),
// open to whoever may read the operation log.
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { echo } from '../../kernel/contract/limits';
import { LOGIN_LOG_PATH, LOGIN_REFUSALS, OPERATION_LOG } from '../../kernel/history/names';
import type { Registry } from '../../kernel/schema/registry';
import type { Accounts } from '../auth/accounts';
import { type AppContext, fail, ok } from '../context';
import type { Api } from '../http/endpoints';
import type { Store } from '../store/types';
import { keepHistory } from './recorder';
import type { SignInQuery } from './sign-ins';

/** The largest page of the sign-in log. */
export const MAX_SIGN_IN_LIMIT = 100;
const DEFAULT_SIGN_IN_LIMIT = 20;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const text = { type: 'string' };
const query = (name: string, schema: Record<string, unknown>, description: string) => ({ name, in: 'query', schema, description });

/** The query of a sign-in log call, or the message saying which parameter is wrong. */
function readQuery(c: AppContext): SignInQuery | { problem: string } {
  const t = c.get('t');
  // An empty parameter is given, not absent: `page=` is no page number and is refused as such.
  const get = (name: string) => c.req.query(name);
  const page = get('page') === undefined ? 1 : parseInteger(get('page'));
  if (page === undefined) return { problem: t('server.bad_page', { value: echo(get('page')!) }) };
  const limit = get('limit') === undefined ? DEFAULT_SIGN_IN_LIMIT : parseInteger(get('limit'), { max: MAX_SIGN_IN_LIMIT });
  if (limit === undefined) return { problem: t('server.bad_sign_in_limit', { value: echo(get('limit')!), max: MAX_SIGN_IN_LIMIT }) };
  const success = get('success');
  if (success !== undefined && success !== 'true' && success !== 'false')
    return { problem: t('server.bad_boolean', { param: 'success', value: echo(success) }) };
  for (const param of ['from', 'to']) {
    const day = get(param);
    if (day !== undefined && !DAY.test(day)) return { problem: t('server.bad_day', { param, value: echo(day) }) };
  }
  const user = get('user');
  return {
    user: user ? user.slice(0, 200) : undefined,
    success: success === undefined ? undefined : success === 'true',
    from: get('from'),
    to: get('to'),
    page,
    limit,
  };
}

/**
 * Registers the sign-in log and answers the store that keeps the operation log: the app's
 * endpoints write through it (recorder.ts). Without the operation log's schema, nothing is added.
 */
export function registerHistory(
  api: Api,
  { registry, store, accounts, now }: { registry: Registry; store: Store; accounts: Accounts; now?: () => Date },
): Store {
  if (!registry.resources[OPERATION_LOG]) return store;
  api.on(
    {
      method: 'GET',
      path: LOGIN_LOG_PATH,
      access: { resource: OPERATION_LOG },
      doc: {
        tags: ['log'],
        summary: 'The sign-in log: every attempt, newest first (the refusals of a locked address counted in one entry)',
        description: 'Open to the roles that may read the operation log.',
        parameters: [
          query('user', text, 'the username typed, exactly'),
          query('success', { type: 'string', enum: ['true', 'false'] }, 'only sign-ins that worked, or only refusals'),
          query('from', { type: 'string', format: 'date' }, 'from this day (UTC), included'),
          query('to', { type: 'string', format: 'date' }, 'to this day (UTC), included'),
          query('page', { type: 'integer', minimum: 1 }, 'from 1'),
          query('limit', { type: 'integer', minimum: 1, maximum: MAX_SIGN_IN_LIMIT }, `default ${DEFAULT_SIGN_IN_LIMIT}`),
        ],
        data: {
          type: 'object',
          required: ['list', 'count'],
          properties: {
            count: { type: 'integer', minimum: 0 },
            list: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'user', 'at', 'address', 'success'],
                properties: {
                  id: { type: 'integer' },
                  user: text,
                  at: { type: 'string', format: 'date-time' },
                  address: text,
                  success: { type: 'boolean' },
                  reason: { enum: [...LOGIN_REFUSALS] },
                  repeats: { type: 'integer', minimum: 2, description: 'refusals of a locked address this entry counts (absent for one)' },
                  lastAt: { type: 'string', format: 'date-time', description: 'when the last of those came' },
                },
              },
            },
          },
        },
        codes: [Code.invalidQuery],
      },
    },
    async (c) => {
      const read = readQuery(c);
      if ('problem' in read) return fail(c, Code.invalidQuery, read.problem);
      return ok(c, await accounts.signIns(read));
    },
  );
  return keepHistory(store, registry, now);
}
