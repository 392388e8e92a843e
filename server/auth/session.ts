// Sign-in, user info, sign-out and the signed-in person's staff card (GET /config: resources/config-options.ts).
import type { Accounts } from './accounts';
import { Code } from '../../kernel/contract/codes';
import { MAX_USERNAME_LENGTH } from '../../kernel/contract/limits';
import { type AppContext, fail, ok } from '../context';
import type { Api } from '../http/endpoints';
import { readJson, refuseBody } from '../http/request';
import type { Access } from '../access/access';
import { PASSWORD_LIMITS } from '../../kernel/contract/limits';

/** The caller's network address, for rate limiting sign-ins; the Node entry knows it. */
export type AddressOf = (c: AppContext) => string;

const text = { type: 'string' };

export function registerSession(
  api: Api,
  accounts: Accounts,
  addressOf: AddressOf,
  access: Pick<Access, 'routesFor'>,
  /** Told of each sign-out once its session is revoked (its event streams end then). */
  signedOut: (token: string) => void = () => {},
) {
  api.on(
    {
      method: 'POST',
      path: '/user/login',
      access: 'public',
      doc: {
        tags: ['session'],
        summary: 'Sign in',
        description: `The username is trimmed; one longer than ${MAX_USERNAME_LENGTH} characters is refused without a lookup.`,
        body: {
          type: 'object',
          required: ['username', 'password'],
          properties: { username: { type: 'string', minLength: 1 }, password: { type: 'string', minLength: 1 } },
        },
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
      if (username.length > MAX_USERNAME_LENGTH)
        return fail(c, Code.loginFailed, t('server.username_too_long', { max: MAX_USERNAME_LENGTH }));
      if (!username || !password) return fail(c, Code.loginFailed, t('server.login_failed'));
      const result = await accounts.login(username, password, addressOf(c));
      if ('token' in result) return ok(c, { token: result.token });
      if (result.refused === 'locked')
        return fail(c, Code.tooManyAttempts, t('server.login_locked', { smart_count: result.minutes, minutes: result.minutes }));
      return fail(c, Code.loginFailed, t('server.login_failed'));
    },
  );

  api.on(
    {
      method: 'GET',
      path: '/user/info',
      access: 'signed-in',
      tokenInQuery: true,
      beforePasswordChange: true,
      doc: {
        tags: ['session'],
        summary: 'The signed-in person, and the route tree they may see',
        description:
          "The token may also be given as the query parameter `token`, on this call only. `routes` is the menu and route tree of the stored menu, filtered for the person's roles; `mustChange` says they must choose a new password (POST /user/password) before any other call.",
        parameters: [{ name: 'token', in: 'query', schema: text, description: 'instead of the X-Token header' }],
        data: {
          type: 'object',
          required: ['roles', 'name', 'username', 'mustChange', 'routes'],
          properties: {
            roles: { type: 'array', minItems: 1, items: text },
            name: text,
            avatar: text,
            introduction: text,
            mobile: text,
            username: text,
            id: { type: 'integer', description: "the account's id (what the person's uploads belong to)" },
            mustChange: { type: 'boolean' },
            routes: { type: 'array', items: { type: 'object' } },
          },
        },
      },
    },
    async (c) => {
      const user = c.get('user');
      return ok(c, { ...user, routes: await access.routesFor(user.roles) });
    },
  );

  api.on(
    {
      method: 'POST',
      path: '/user/password',
      access: 'signed-in',
      beforePasswordChange: true,
      doc: {
        tags: ['session'],
        summary: 'Change my password: the other sessions of the account end, this one stays',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['old', 'new'],
          properties: {
            old: { type: 'string', minLength: 1, maxLength: PASSWORD_LIMITS.max },
            new: { type: 'string', minLength: PASSWORD_LIMITS.min, maxLength: PASSWORD_LIMITS.max },
          },
        },
        data: { type: 'string', const: 'success' },
      },
    },
    async (c) => {
      const read = await readJson(c);
      if (!('body' in read)) return refuseBody(c, read);
      const t = c.get('t');
      const { old: current, new: next, ...extra } = read.body;
      const errors: { field: string; message: string }[] = [];
      const unknown = Object.keys(extra);
      if (unknown.length > 0) return fail(c, Code.invalidInput, t('server.only_fields', { fields: 'old, new' }));
      if (typeof current !== 'string' || current.length === 0 || current.length > PASSWORD_LIMITS.max)
        errors.push({ field: 'old', message: t('server.password_old_required') });
      if (typeof next !== 'string' || next.length < PASSWORD_LIMITS.min || next.length > PASSWORD_LIMITS.max)
        errors.push({ field: 'new', message: t('server.password_length', PASSWORD_LIMITS) });
      else if (next === current) errors.push({ field: 'new', message: t('server.password_same') });
      if (errors.length === 0 && !(await accounts.passwordMatches(c.get('user').username, current as string)))
        errors.push({ field: 'old', message: t('server.password_old_wrong') });
      if (errors.length > 0) return fail(c, Code.invalidInput, errors.map((e) => e.message).join('; '), { errors });
      const id = (await accounts.list()).find((account) => account.username === c.get('user').username)?.id;
      if (id === undefined) return fail(c, Code.tokenInvalid, t('server.token_invalid'));
      await accounts.setPassword(id, next as string, false, c.get('token'));
      return ok(c, 'success', t('server.password_changed'));
    },
  );

  api.on(
    {
      method: 'POST',
      path: '/user/logout',
      access: 'signed-in',
      tokenInQuery: true,
      beforePasswordChange: true,
      doc: {
        tags: ['session'],
        summary: 'Sign out: the session given (X-Token, or `?token=`) stops working at once',
        parameters: [{ name: 'token', in: 'query', schema: text, description: 'instead of the X-Token header' }],
        data: { type: 'string', const: 'success' },
      },
    },
    async (c) => {
      await accounts.logout(c.get('token'));
      signedOut(c.get('token'));
      return ok(c, 'success');
    },
  );

  api.on(
    {
      method: 'GET',
      path: '/staff/info',
      access: 'signed-in',
      doc: {
        tags: ['session'],
        summary: "The signed-in person's staff card",
        data: { type: 'object', properties: { introduction: text, avatar: text, name: text, mobile: text } },
      },
    },
    (c) => {
      const { introduction, avatar, name, mobile } = c.get('user');
      return ok(c, { introduction, avatar, name, mobile });
    },
  );
}
