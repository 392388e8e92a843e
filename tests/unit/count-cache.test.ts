// The count cache's rules, one interleaving at a time: a count worked out while a write was under
// way, or begun before a write that ended before it came back, is never kept.
import { describe, expect, it } from 'vitest';
import { CountCache } from '../../server/store/count-cache';

describe('CountCache', () => {
  it('keeps a count until a write to its resource, and only that resource', () => {
    const cache = new CountCache();
    cache.remember('a', 'k', cache.ticket('a'), 5);
    cache.remember('b', 'k', cache.ticket('b'), 7);
    expect(cache.lookup('a', 'k')).toBe(5);
    cache.begin('a');
    cache.end('a');
    expect(cache.lookup('a', 'k')).toBeUndefined();
    expect(cache.lookup('b', 'k')).toBe(7);
  });

  it('does not keep a count begun before a write that ended before the count came back', () => {
    const cache = new CountCache();
    const ticket = cache.ticket('a');
    cache.begin('a');
    cache.end('a');
    cache.remember('a', 'k', ticket, 5);
    expect(cache.lookup('a', 'k')).toBeUndefined();
  });

  it('neither answers nor keeps counts while a write to the resource is under way', () => {
    const cache = new CountCache();
    cache.remember('a', 'k', cache.ticket('a'), 5);
    cache.begin('a');
    expect(cache.lookup('a', 'k')).toBeUndefined();
    cache.remember('a', 'k', cache.ticket('a'), 6);
    expect(cache.lookup('a', 'k')).toBeUndefined();
    cache.begin('a');
    cache.end('a');
    // One of two writes still under way.
    cache.remember('a', 'k', cache.ticket('a'), 6);
    expect(cache.lookup('a', 'k')).toBeUndefined();
    cache.end('a');
    cache.remember('a', 'k', cache.ticket('a'), 6);
    expect(cache.lookup('a', 'k')).toBe(6);
  });

  it('forgets everything when another process may have written, and counts begun before are not kept', () => {
    let changed = false;
    const cache = new CountCache(() => changed);
    cache.remember('a', 'k', cache.ticket('a'), 5);
    const ticket = cache.ticket('a');
    changed = true;
    expect(cache.lookup('a', 'k')).toBeUndefined();
    changed = false;
    cache.remember('a', 'k', ticket, 5);
    expect(cache.lookup('a', 'k')).toBeUndefined();
  });

  it('keeps nothing while off (a PostgreSQL instance not hearing the others), and starts empty when on', () => {
    const cache = new CountCache(undefined, false);
    cache.remember('a', 'k', cache.ticket('a'), 5);
    expect(cache.lookup('a', 'k')).toBeUndefined();
    const ticket = cache.ticket('a');
    cache.enable(true);
    cache.remember('a', 'k', ticket, 5);
    expect(cache.lookup('a', 'k')).toBeUndefined();
    cache.remember('a', 'k', cache.ticket('a'), 5);
    expect(cache.lookup('a', 'k')).toBe(5);
    cache.enable(false);
    expect(cache.lookup('a', 'k')).toBeUndefined();
  });
});
