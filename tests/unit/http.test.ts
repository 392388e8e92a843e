// @vitest-environment jsdom
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionEnded } from '../../src/api/events';
import {
  API_BASE,
  ApiError,
  REQUEST_TIMEOUT_MS,
  SESSION_CODES,
  SUCCESS_CODE,
  configureHttp,
  decodeEnvelope,
  request,
  requestEarly,
} from '../../src/api/http';
import { getToken, removeToken, setToken } from '../../src/api/token';

const translate = (key: string, options?: Record<string, unknown>) => (options ? `${key}|${JSON.stringify(options)}` : `T:${key}`);

/** What a call threw, checked to be the HttpError react-admin shows. */
function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return error as ApiError;
    throw error;
  }
  throw new Error('expected a throw');
}

async function rejected(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error as ApiError;
    throw error;
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  configureHttp({ translate, language: 'en' });
});

describe('constants', () => {
  it('are the fixed contract', () => {
    expect([API_BASE, REQUEST_TIMEOUT_MS, SUCCESS_CODE, SESSION_CODES]).toEqual(['/dev-api', 5000, 20000, [50008, 50012, 50014]]);
  });
});

describe('decodeEnvelope', () => {
  it('returns data and msg on 20000', () => {
    expect(decodeEnvelope({ code: 20000, data: { token: 'admin-token' }, msg: 'ok' })).toEqual({
      data: { token: 'admin-token' },
      msg: 'ok',
    });
    expect(decodeEnvelope({ code: 20000 })).toEqual({ data: undefined, msg: undefined });
  });

  it('throws the server message first, then msg, then the translated default', () => {
    const withMessage = thrown(() => decodeEnvelope({ code: 60204, message: 'Account and password are incorrect.', msg: 'other' }));
    expect([withMessage.message, withMessage.code, withMessage.status, withMessage.body]).toEqual([
      'Account and password are incorrect.',
      60204,
      200,
      null,
    ]);
    expect(thrown(() => decodeEnvelope({ code: 40000, msg: 'bad input' })).message).toBe('bad input');
    expect(thrown(() => decodeEnvelope({ code: 40000, message: '', msg: 'bad input' })).message).toBe('bad input');
    expect(thrown(() => decodeEnvelope({ code: 40000 })).message).toBe('T:app.http.error');
    expect(thrown(() => decodeEnvelope({ code: 40000 })).code).toBe(40000);
  });

  it('turns the errors list into body.errors keyed by field', () => {
    const error = thrown(() =>
      decodeEnvelope({
        code: 40001,
        message: 'Invalid record',
        errors: [
          { field: 'num', message: 'num: required' },
          { field: 'leader.name', message: 'leader.name: too long' },
        ],
      }),
    );
    expect(error.body).toEqual({ errors: { num: 'num: required', 'leader.name': 'leader.name: too long' } });
    expect(thrown(() => decodeEnvelope({ code: 40001, errors: [] })).body).toBeNull();
  });

  it('signals the end of the session for 50008, 50012 and 50014 only', () => {
    let count = 0;
    const unsubscribe = sessionEnded.subscribe(() => count++);
    try {
      for (const code of [50008, 50012, 50014]) thrown(() => decodeEnvelope({ code, message: 'gone' }));
      expect(count).toBe(3);
      thrown(() => decodeEnvelope({ code: 60204, message: 'wrong password' }));
      thrown(() => decodeEnvelope({ code: 50000 }));
      decodeEnvelope({ code: 20000, data: 1 });
      expect(count).toBe(3);
    } finally {
      unsubscribe();
    }
    thrown(() => decodeEnvelope({ code: 50008 }));
    expect(count).toBe(3);
  });
});

describe('request', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const lastCall = () => {
    const [input, init] = fetchMock.mock.calls[fetchMock.mock.calls.length - 1];
    return { url: String(input), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
  };

  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => json({ code: 20000, data: { ok: true }, msg: 'fine' }));
    vi.stubGlobal('fetch', fetchMock);
    removeToken();
  });

  afterEach(() => {
    removeToken();
    vi.unstubAllGlobals();
  });

  it('builds the /dev-api URL with the query, skipping undefined values', async () => {
    const result = await request('/device/list', { query: { page: 1, limit: '20', sort: '+id', title: 'a b', brand: undefined } });
    expect(result).toEqual({ data: { ok: true }, msg: 'fine' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { url, init } = lastCall();
    expect(url).toBe(`${window.location.origin}/dev-api/device/list?page=1&limit=20&sort=%2Bid&title=a+b`);
    expect(new URL(url).searchParams.get('sort')).toBe('+id');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('sends Accept-Language, and no token or content type when there is neither', async () => {
    configureHttp({ translate, language: 'ja' });
    await request('/config');
    expect(getToken()).toBeUndefined();
    expect(lastCall().headers).toEqual({ 'Accept-Language': 'ja' });
  });

  it('sends X-Token only when the Admin-Token cookie is set', async () => {
    setToken('editor-token');
    await request('/user/info', { query: { token: 'editor-token' } });
    expect(lastCall().headers).toEqual({ 'Accept-Language': 'en', 'X-Token': 'editor-token' });
    removeToken();
    await request('/user/info');
    expect(lastCall().headers).toEqual({ 'Accept-Language': 'en' });
  });

  it('sends a JSON body with its method', async () => {
    await request('/device/create', { method: 'POST', body: { num: '7', numtype: 'T' } });
    const { url, init, headers } = lastCall();
    expect(url).toBe(`${window.location.origin}/dev-api/device/create`);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"num":"7","numtype":"T"}');
    expect(headers).toEqual({ 'Accept-Language': 'en', 'Content-Type': 'application/json' });
  });

  it('passes a timeout signal', async () => {
    await request('/config');
    const { signal } = lastCall().init;
    expect(signal).toBeDefined();
    expect(signal?.aborted).toBe(false);
  });

  it('rejects with the envelope error, which is no failure of the network', async () => {
    fetchMock.mockResolvedValue(json({ code: 60204, message: 'Account and password are incorrect.' }));
    const error = await rejected(request('/user/login', { method: 'POST', body: { username: 'x', password: 'y' } }));
    expect([error.message, error.code, error.kind]).toEqual(['Account and password are incorrect.', 60204, undefined]);
  });

  it('rejects with a translated network message when fetch throws', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejected(request('/config'));
    expect([error.message, error.code, error.kind]).toEqual(['app.http.network|{"message":"Failed to fetch"}', 0, 'network']);
  });

  it('rejects with a translated timeout message on a TimeoutError', async () => {
    fetchMock.mockRejectedValue(new DOMException('The operation timed out.', 'TimeoutError'));
    const error = await rejected(request('/config'));
    expect([error.message, error.code, error.kind]).toEqual(['app.http.timeout|{"seconds":5}', 0, 'timeout']);
  });

  it('calls an AbortError aborted, with the network message', async () => {
    fetchMock.mockRejectedValue(new DOMException('The user aborted a request.', 'AbortError'));
    const error = await rejected(request('/config'));
    expect([error.message, error.code, error.kind]).toEqual(['app.http.network|{"message":"The user aborted a request."}', 0, 'aborted']);
  });

  it('calls any failure aborted once the page is being unloaded, until it is shown again', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    window.dispatchEvent(new Event('pagehide'));
    try {
      expect((await rejected(request('/user/info'))).kind).toBe('aborted');
      fetchMock.mockRejectedValue(new DOMException('The operation timed out.', 'TimeoutError'));
      expect((await rejected(request('/user/info'))).kind).toBe('aborted');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
    expect((await rejected(request('/user/info'))).kind).toBe('timeout');
  });

  it('lets the first GET of a URL asked for early take its answer, once, under the same session', async () => {
    setToken('t-1');
    requestEarly('/device/list', { page: 1, limit: 20 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await request('/device/list', { query: { page: 1, limit: 20 } })).toEqual({ data: { ok: true }, msg: 'fine' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next call goes out.
    await request('/device/list', { query: { page: 1, limit: 20 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Asked for under another session: not taken.
    requestEarly('/config');
    setToken('t-2');
    await request('/config');
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(lastCall().headers['X-Token']).toBe('t-2');
  });

  it('rejects with the HTTP status when the answer is not JSON, as a network failure', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await rejected(request('/config'));
    expect([error.message, error.code, error.kind]).toEqual(['app.http.network|{"message":"HTTP 502"}', 0, 'network']);
  });
});

describe('ApiError', () => {
  it('is an ApiError and an HttpError, with its code', () => {
    const error = new ApiError('nope', 40001, { num: 'bad' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.name).toBe('ApiError');
    expect(error.code).toBe(40001);
    expect(error.body).toEqual({ errors: { num: 'bad' } });
    expect(error.kind).toBeUndefined();
    expect(new ApiError('offline', 0, undefined, 'network').kind).toBe('network');
  });
});
