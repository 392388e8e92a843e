import { describe, expect, it } from 'vitest';
import { loginUrlFor, redirectTarget } from '../../src/auth/redirect';

describe('loginUrlFor', () => {
  it('puts the wanted path in the redirect parameter', () => {
    expect(loginUrlFor('/device/index')).toBe('/login?redirect=%2Fdevice%2Findex');
    expect(loginUrlFor('/device/42', '')).toBe('/login?redirect=%2Fdevice%2F42');
  });

  it('keeps the search of the wanted path', () => {
    expect(loginUrlFor('/device/index', '?page=2&sort=-id')).toBe('/login?redirect=%2Fdevice%2Findex%3Fpage%3D2%26sort%3D-id');
    expect(loginUrlFor('/', '?x=1')).toBe('/login?redirect=%2F%3Fx%3D1');
  });

  it('gives a bare /login for the root', () => {
    expect(loginUrlFor('/')).toBe('/login');
    expect(loginUrlFor('/', '')).toBe('/login');
  });

  it('keeps the search when already on /login', () => {
    expect(loginUrlFor('/login', '?redirect=%2Fcrew%2Findex')).toBe('/login?redirect=%2Fcrew%2Findex');
    expect(loginUrlFor('/login')).toBe('/login');
  });
});

describe('redirectTarget', () => {
  it('gives back a local path', () => {
    expect(redirectTarget('?redirect=%2Fdevice%2Findex%3Fpage%3D2')).toBe('/device/index?page=2');
    expect(redirectTarget('redirect=/crew/index')).toBe('/crew/index');
  });

  it('reverses loginUrlFor', () => {
    const url = loginUrlFor('/device/detail/7', '?tab=a&b=c');
    expect(redirectTarget(url.slice(url.indexOf('?')))).toBe('/device/detail/7?tab=a&b=c');
  });

  it('gives / without a redirect', () => {
    expect(redirectTarget('')).toBe('/');
    expect(redirectTarget('?redirect=')).toBe('/');
    expect(redirectTarget('?other=%2Fx')).toBe('/');
  });

  it('refuses anything but a same-site path', () => {
    expect(redirectTarget('?redirect=%2F%2Fevil.com')).toBe('/');
    expect(redirectTarget('?redirect=//evil.com/x')).toBe('/');
    expect(redirectTarget('?redirect=http%3A%2F%2Fx')).toBe('/');
    expect(redirectTarget('?redirect=https://x')).toBe('/');
    expect(redirectTarget('?redirect=device%2Findex')).toBe('/');
  });
});

describe('redirectTarget against paths browsers read as other sites', () => {
  it.each(['/\\evil.com', '/\t/evil.com', '/ /evil.com', '//evil.com/x'])('refuses %j', (target) => {
    expect(redirectTarget(`?redirect=${encodeURIComponent(target)}`)).toBe('/');
  });
});
