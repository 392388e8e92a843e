// Sign-in, user info, sign-out, the /config option lists and the signed-in person's staff card.
import type { Hono } from 'hono';
import type { Registry } from '../kernel/schema/registry';
import type { Accounts } from './auth/accounts';
import { Code } from '../kernel/contract/codes';
import { type AppContext, type AppEnv, fail, jsonBody, ok } from './context';

/** The caller's network address, for rate limiting sign-ins; the Node entry knows it. */
export type AddressOf = (c: AppContext) => string;

export function registerSession(app: Hono<AppEnv>, registry: Registry, accounts: Accounts, addressOf: AddressOf) {
  app.post('/user/login', async (c) => {
    const body = await jsonBody(c);
    const username = typeof body?.username === 'string' ? body.username.trim() : '';
    const password = typeof body?.password === 'string' ? body.password : '';
    if (!username || !password) return fail(c, Code.loginFailed, c.get('t')('server.login_failed'));
    const result = await accounts.login(username, password, addressOf(c));
    if ('token' in result) return ok(c, { token: result.token });
    if (result.refused === 'locked') {
      return fail(c, Code.tooManyAttempts, c.get('t')('server.login_locked', { smart_count: result.minutes, minutes: result.minutes }));
    }
    return fail(c, Code.loginFailed, c.get('t')('server.login_failed'));
  });

  app.get('/user/info', (c) => ok(c, c.get('user')));

  app.post('/user/logout', async (c) => {
    await accounts.logout(c.req.header('X-Token') ?? '');
    return ok(c, 'success');
  });

  app.get('/config', (c) => {
    const data: Record<string, unknown> = {};
    for (const [name, list] of Object.entries(registry.config)) data[name] = list.items;
    return ok(c, data);
  });

  app.get('/staff/info', (c) => {
    const { introduction, avatar, name, mobile } = c.get('user');
    return ok(c, { introduction, avatar, name, mobile });
  });

  // Page-view counts by platform, as the mock has always answered.
  const pvData = [
    { key: 'PC', pv: 1024 },
    { key: 'mobile', pv: 1024 },
    { key: 'ios', pv: 1024 },
    { key: 'android', pv: 1024 },
  ];
  app.get('/article/pv', (c) => ok(c, { pvData }));
  app.get('/device/pv', (c) => ok(c, { pvData }));
}
