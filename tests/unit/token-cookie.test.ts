// @vitest-environment jsdom
// The session token's cookie: sent back to our own site only, and only over HTTPS when the console
// is served over HTTPS.
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken, tokenCookieOptions } from '../../src/api/token';

describe('the token cookie', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is Secure when the page came over HTTPS, and strictly same-site always', () => {
    expect(tokenCookieOptions('https:')).toEqual({ sameSite: 'strict', secure: true });
    expect(tokenCookieOptions('http:')).toEqual({ sameSite: 'strict', secure: false });
  });

  it('is set with the options of the page’s own protocol', () => {
    const set = vi.spyOn(Cookies, 'set');
    setToken('abc');
    expect(set).toHaveBeenCalledWith(expect.any(String), 'abc', tokenCookieOptions(window.location.protocol));
  });
});
