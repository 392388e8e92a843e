// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/http';
import { afterInfoFailure } from '../../src/auth/loadInfo';
import { InfoError, checkInfo, currentAccess, currentInfo, refreshInfo, resetSession } from '../../src/auth/session';
import { setToken } from '../../src/api/token';

function infoError(data: unknown): InfoError {
  try {
    checkInfo(data);
  } catch (error) {
    if (error instanceof InfoError) return error;
    throw error;
  }
  throw new Error('expected an InfoError');
}

describe('checkInfo', () => {
  it.each([null, undefined, '', 0, false, 'admin'])('rejects %j data as a failed verification', (data) => {
    expect(infoError(data).message).toBe('app.guard.verification_failed');
  });

  it.each([
    ['missing', { name: 'A' }],
    ['not an array', { roles: 'admin' }],
    ['an object', { roles: { 0: 'admin' } }],
    ['empty', { roles: [] }],
  ])('rejects roles that are %s', (_label, data) => {
    expect(infoError(data).message).toBe('app.guard.roles_required');
  });

  it('rejects an empty object as missing roles', () => {
    expect(infoError({}).message).toBe('app.guard.roles_required');
  });

  it('returns a good info as is', () => {
    const info = { roles: ['admin'], name: 'Super Admin', avatar: 'a.gif', introduction: 'I am a super administrator' };
    expect(checkInfo(info)).toBe(info);
    expect(checkInfo({ roles: ['editor'] })).toEqual({ roles: ['editor'] });
  });

  it('is an Error subclass', () => {
    expect(infoError(null)).toBeInstanceOf(Error);
  });
});

describe('afterInfoFailure', () => {
  const noAnswer = (kind: 'network' | 'timeout' | 'aborted') => new ApiError('no answer', 0, undefined, kind);

  it.each([50008, 50012, 50014])('signs out when the server refuses the session (%i)', (code) => {
    expect(afterInfoFailure(new ApiError('gone', code), false)).toBe('sign-out');
    expect(afterInfoFailure(new ApiError('gone', code), true)).toBe('sign-out');
  });

  it('signs out when the info has no roles or no data', () => {
    expect(afterInfoFailure(new InfoError('app.guard.roles_required'), false)).toBe('sign-out');
    expect(afterInfoFailure(new InfoError('app.guard.verification_failed'), true)).toBe('sign-out');
  });

  it('stays quiet for a call the browser cut off while unloading the page', () => {
    expect(afterInfoFailure(noAnswer('aborted'), true)).toBe('stay-quiet');
  });

  it('offers a retry, keeping the session, when the server was not reached', () => {
    expect(afterInfoFailure(noAnswer('network'), false)).toBe('offer-retry');
    expect(afterInfoFailure(noAnswer('timeout'), false)).toBe('offer-retry');
    // An abort while the page stays (nothing of ours aborts calls) is a failure like any other.
    expect(afterInfoFailure(noAnswer('aborted'), false)).toBe('offer-retry');
  });

  it('offers a retry for any other failure: only a refusal of the session ends it', () => {
    expect(afterInfoFailure(new ApiError('Internal server error', 50000), false)).toBe('offer-retry');
    expect(afterInfoFailure(new ApiError('Forbidden', 40003), false)).toBe('offer-retry');
    expect(afterInfoFailure(new TypeError('x is undefined'), false)).toBe('offer-retry');
  });
});

describe('checkAuth', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const envelope = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  const INFO = { code: 20000, data: { roles: ['admin'], name: 'Super Admin', avatar: '', introduction: '' } };
  // Fresh modules for each test: the info and the retry wait are module state.
  let modules: {
    auth: typeof import('../../src/auth/authProvider');
    load: typeof import('../../src/auth/loadInfo');
    token: typeof import('../../src/api/token');
  };
  /** 'resolved', { rejected: reason }, or 'pending' when still waiting a moment later. */
  const settled = (promise: Promise<unknown>) =>
    Promise.race([
      promise.then(
        () => 'resolved',
        (reason: unknown) => ({ rejected: reason }),
      ),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 30)),
    ]);

  beforeEach(async () => {
    vi.resetModules();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    const http = await import('../../src/api/http');
    http.configureHttp({ translate: (key, options) => (options ? `${key}|${JSON.stringify(options)}` : key), language: 'en' });
    modules = {
      auth: await import('../../src/auth/authProvider'),
      load: await import('../../src/auth/loadInfo'),
      token: await import('../../src/api/token'),
    };
    modules.token.setToken('a-token');
  });

  afterEach(() => {
    modules.token.removeToken();
    vi.unstubAllGlobals();
  });

  const checkAuth = () => modules.auth.createAuthProvider((key) => `T:${key}`).checkAuth({});

  it('passes with a good info', async () => {
    fetchMock.mockResolvedValue(envelope(INFO));
    expect(await settled(checkAuth())).toBe('resolved');
  });

  it('signs out to /login with the wanted path when the server refuses the token', async () => {
    window.history.replaceState(null, '', '/device/index');
    fetchMock.mockResolvedValue(envelope({ code: 50008, message: 'unable to get user details' }));
    expect(await settled(checkAuth())).toEqual({ rejected: { message: false, redirectTo: '/login?redirect=%2Fdevice%2Findex' } });
    expect(modules.token.getToken()).toBeUndefined();
  });

  it('signs out when the info has no roles', async () => {
    fetchMock.mockResolvedValue(envelope({ code: 20000, data: { roles: [] } }));
    expect(await settled(checkAuth())).toMatchObject({ rejected: { message: false } });
    expect(modules.token.getToken()).toBeUndefined();
  });

  it('keeps the token on a network failure, says why, and passes once a retry reaches the server', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const check = checkAuth();
    expect(await settled(check)).toBe('pending');
    expect(modules.token.getToken()).toBe('a-token');
    expect(modules.load.connectionTrouble.message()).toBe('app.http.network|{"message":"Failed to fetch"}');

    modules.load.connectionTrouble.retry(); // still offline: the message comes back
    expect(await settled(check)).toBe('pending');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(modules.load.connectionTrouble.message()).toBe('app.http.network|{"message":"Failed to fetch"}');

    fetchMock.mockResolvedValue(envelope(INFO));
    modules.load.connectionTrouble.retry();
    expect(await settled(check)).toBe('resolved');
    expect(modules.load.connectionTrouble.message()).toBeUndefined();
    expect(modules.token.getToken()).toBe('a-token');
  });

  it('retries by itself when the browser is back online, and shares one wait between callers', async () => {
    fetchMock.mockRejectedValue(new DOMException('The operation timed out.', 'TimeoutError'));
    const provider = modules.auth.createAuthProvider((key) => key);
    const check = provider.checkAuth({});
    const permissions = provider.getPermissions!({});
    expect(await settled(check)).toBe('pending');
    expect(await settled(permissions)).toBe('pending');
    fetchMock.mockResolvedValue(envelope(INFO));
    window.dispatchEvent(new Event('online'));
    expect(await settled(check)).toBe('resolved');
    expect(await permissions).toEqual(['admin']);
  });

  it('does nothing when the call is cut off by the page unloading', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    window.dispatchEvent(new Event('pagehide'));
    const check = checkAuth();
    expect(await settled(check)).toBe('pending');
    expect(modules.token.getToken()).toBe('a-token');
    expect(modules.load.connectionTrouble.message()).toBeUndefined();
    // Back from the back-forward cache: the check runs again.
    fetchMock.mockResolvedValue(envelope(INFO));
    window.dispatchEvent(new Event('pageshow'));
    expect(await settled(check)).toBe('resolved');
  });
});

describe('the access of the current info', () => {
  const routes = [
    {
      path: '/crew',
      meta: { title: 'Crew', roles: ['admin'] },
      children: [{ path: 'index', name: 'CrewList', meta: { title: 'CrewList' } }],
    },
  ];
  /** The info as the server answers it, loaded again. */
  const answered = (data: Record<string, unknown>) => {
    setToken('t-access');
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 20000, data })));
    return refreshInfo();
  };

  afterEach(() => {
    resetSession();
    vi.unstubAllGlobals();
  });

  it('stays the same object while the roles, routes and password due stay the same, whatever else changes', async () => {
    await answered({ roles: ['admin'], name: '', avatar: '', introduction: '', mustChange: false, routes });
    const first = currentAccess();
    // Another name and avatar, the keys in another order.
    await answered({
      routes: structuredClone(routes),
      mustChange: false,
      introduction: 'Boss',
      avatar: 'a.png',
      name: 'Ada',
      roles: ['admin'],
    });
    expect(currentAccess()).toBe(first);
    expect(currentInfo()?.name).toBe('Ada');
  });

  it.each([
    ['other roles', { roles: ['editor'] }],
    ['another route tree', { routes: [{ ...routes[0], meta: { title: 'Crews', roles: ['admin'] } }] }],
    ['a password due', { mustChange: true }],
  ])('is a new object when the info has %s', async (_label, change) => {
    const base = { roles: ['admin'], name: 'Ada', avatar: '', introduction: '', mustChange: false, routes };
    await answered(base);
    const before = currentAccess();
    await answered({ ...base, ...change });
    expect(currentAccess()).not.toBe(before);
    expect(currentAccess()).toMatchObject(change);
  });

  it('is gone with the session', async () => {
    await answered({ roles: ['admin'], name: '', avatar: '', introduction: '' });
    expect(currentAccess()).toBeDefined();
    resetSession();
    expect([currentInfo(), currentAccess()]).toEqual([undefined, undefined]);
  });
});
