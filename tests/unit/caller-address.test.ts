// The caller's address behind proxies: what the trusted proxy saw, never what the caller wrote.
import { describe, expect, it } from 'vitest';
import { callerAddress, trustedHops } from '../../server/http/request';

describe('callerAddress', () => {
  it('is the connection’s address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(callerAddress('1.1.1.1', '10.0.0.9', 0)).toBe('10.0.0.9');
    expect(callerAddress(undefined, '10.0.0.9', 0)).toBe('10.0.0.9');
  });

  it('takes the right-most hop behind one proxy: the address that proxy saw', () => {
    // The caller wrote "6.6.6.6, 7.7.7.7"; the proxy appended the address it saw, 203.0.113.5.
    expect(callerAddress('6.6.6.6, 7.7.7.7, 203.0.113.5', '10.0.0.2', 1)).toBe('203.0.113.5');
    expect(callerAddress('203.0.113.5', '10.0.0.2', 1)).toBe('203.0.113.5');
  });

  it('a caller rotating what it writes keeps one address', () => {
    const seen = new Set(Array.from({ length: 50 }, (_, i) => callerAddress(`192.0.2.${i}, 203.0.113.5`, '10.0.0.2', 1)));
    expect([...seen]).toEqual(['203.0.113.5']);
  });

  it('skips the configured number of hops from the right', () => {
    expect(callerAddress('6.6.6.6, 203.0.113.5, 10.1.0.1', '10.0.0.2', 2)).toBe('203.0.113.5');
    // Fewer entries than hops: the left-most is the nearest to the caller there is.
    expect(callerAddress('203.0.113.5', '10.0.0.2', 3)).toBe('203.0.113.5');
  });

  it('falls back to the connection when the header is missing or empty', () => {
    expect(callerAddress(undefined, '10.0.0.2', 1)).toBe('10.0.0.2');
    expect(callerAddress(' , ', '10.0.0.2', 1)).toBe('10.0.0.2');
  });
});

describe('trustedHops', () => {
  it('reads TRUST_PROXY as a number of proxies, and refuses anything else', () => {
    expect(trustedHops(undefined)).toBe(0);
    expect(trustedHops('')).toBe(0);
    expect(trustedHops('0')).toBe(0);
    expect(trustedHops('1')).toBe(1);
    expect(trustedHops('2')).toBe(2);
    expect(() => trustedHops('yes')).toThrow(/TRUST_PROXY/);
    expect(() => trustedHops('-1')).toThrow(/TRUST_PROXY/);
  });
});
