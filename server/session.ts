// Sign-in, user info, sign-out, the /config option lists and the signed-in person's staff card.
import type { Registry } from '../kernel/schema/registry';
import type { Accounts } from './auth/accounts';
import { Code } from '../kernel/contract/codes';
import { MAX_USERNAME_LENGTH } from '../kernel/contract/limits';
import { type AppContext, fail, ok } from './context';
import type { Api } from './endpoints';
import { readJson, refuseBody } from './request';

/** The caller's network address, for rate limiting sign-ins; the Node entry knows it. */
export type AddressOf = (c: AppContext) => string;

const text = { type: 'string' };

export function registerSession(api: Api, registry: Registry, accounts: Accounts, addressOf: AddressOf) {
  api.on(
    {
      method: 'POST',
      path: '/user/login',
      access: 'public',
      doc: {
        tags: ['session'],
        summary: 'Sign in',
        description: `The username is trimmed; one longer than ${MAX_USERNAME_LENGTH} characters is refused without a lookup.`,
        body: { type: 'object', required: ['username', 'password'], properties: { username: { type: 'string', minLength: 1 }, password: { type: 'string', minLength: 1 } } },
        data: { type: 'object', required: ['token'], properties: { token: text } },
        codes: [Code.loginFailed, Code.tooManyAttempts],
      },
    },
    async (c) => {
      const read = await readJson(c);
      if (!('body' in read)) return refuseBody(c, read);
      const username = typeof read.body.username === 'string' ? read.body.username.trim() : '';
      const password = typeof read.body.password === 'string' ? read.body.password : '';
      const t = c.get('t');
      if (username.length > MAX_USERNAME_LENGTH) return fail(c, Code.loginFailed, t('server.username_too_long', { max: MAX_USERNAME_LENGTH }));
      if (!username || !password) return fail(c, Code.loginFailed, t('server.login_failed'));
      const result = await accounts.login(username, password, addressOf(c));
      if ('token' in result) return ok(c, { token: result.token });
      if (result.refused === 'locked') return fail(c, Code.tooManyAttempts, t('server.login_locked', { smart_count: result.minutes, minutes: result.minutes }));
      return fail(c, Code.loginFailed, t('server.login_failed'));
    },
  );

  api.on(
    {
      method: 'GET',
      path: '/user/info',
      access: 'signed-in',
      tokenInQuery: true,
      doc: {
        tags: ['session'],
        summary: 'The signed-in person',
        description: 'The token may also be given as the query parameter `token`, on this call only.',
        parameters: [{ name: 'token', in: 'query', schema: text, description: 'instead of the X-Token header' }],
        data: {
          type: 'object',
          required: ['roles', 'name'],
          properties: { roles: { type: 'array', minItems: 1, items: text }, name: text, avatar: text, introduction: text, mobile: text },
        },
      },
    },
    (c) => ok(c, c.get('user')),
  );

  api.on(
    {
      method: 'POST',
      path: '/user/logout',
      access: 'signed-in',
      tokenInQuery: true,
      doc: {
        tags: ['session'],
        summary: 'Sign out: the session given (X-Token, or `?token=`) stops working at once',
        parameters: [{ name: 'token', in: 'query', schema: text, description: 'instead of the X-Token header' }],
        data: { type: 'string', const: 'success' },
      },
    },
    async (c) => {
      await accounts.logout(c.get('token'));
      return ok(c, 'success');
    },
  );

  const options: Record<string, unknown> = {};
  for (const [name, list] of Object.entries(registry.config)) options[name] = list.items;
  api.on(
    {
      method: 'GET',
      path: '/config',
      access: 'signed-in',
      doc: { tags: ['session'], summary: `Option lists: ${Object.keys(registry.config).join(', ')}`, data: { type: 'object', required: Object.keys(registry.config), additionalProperties: { type: 'array', items: { type: 'object' } } } },
    },
    (c) => ok(c, options),
  );

  api.on(
    {
      method: 'GET',
      path: '/staff/info',
      access: 'signed-in',
      doc: { tags: ['session'], summary: "The signed-in person's staff card", data: { type: 'object', properties: { introduction: text, avatar: text, name: text, mobile: text } } },
    },
    (c) => {
      const { introduction, avatar, name, mobile } = c.get('user');
      return ok(c, { introduction, avatar, name, mobile });
    },
  );
}
