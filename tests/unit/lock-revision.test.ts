// A closed record keeps the values its lock names: later values go to its revision, which empties
// when they come back; an open record takes them. And what a new survey listing changes by depth.
import { describe, expect, it } from 'vitest';
import type { LockSpec } from '../../kernel/schema/types';
import { compareListings } from '../../kernel/survey/compare';
import { keepClosed } from '../../server/write/lock';

const LOCK: LockSpec = { field: 'status', value: 'sent', roles: ['admin'], reopen: 'draft', keeps: ['g.a', 'g.b'], revision: 'revision' };
const AT = '2026-01-02T03:04:05.000Z';
const LATER = '2026-02-02T03:04:05.000Z';

describe('keepClosed', () => {
  it('writes every value to an open record', () => {
    const changes = { 'g.a': 2, 'g.c': 5 };
    expect(keepClosed(LOCK, { id: 1, status: 'draft', g: { a: 1 } }, changes, AT)).toEqual({ changes, revised: false });
  });

  it('keeps a closed record’s values, revising it with the ones that differ, and empties the revision when they come back', () => {
    const sent = { id: 1, status: 'sent', g: { a: 1, b: 7 } };
    const first = keepClosed(LOCK, sent, { 'g.a': 2, 'g.b': 7, 'g.c': 5 }, AT);
    expect(first).toEqual({ changes: { 'g.c': 5, revision: { at: AT, values: [{ field: 'g.a', value: 2 }] } }, revised: true });

    const revised = { ...sent, revision: first.changes.revision };
    // The same values later: nothing to write, the time of the revision kept.
    expect(keepClosed(LOCK, revised, { 'g.a': 2, 'g.b': 7 }, LATER)).toEqual({ changes: {}, revised: false });
    // A value gone is revised as none.
    expect(keepClosed(LOCK, revised, { 'g.a': 2, 'g.b': null }, LATER).changes.revision).toEqual({
      at: LATER,
      values: [{ field: 'g.a', value: 2 }, { field: 'g.b' }],
    });
    // Back to the kept values: the revision empties.
    expect(keepClosed(LOCK, revised, { 'g.a': 1, 'g.b': 7 }, LATER)).toEqual({ changes: { revision: null }, revised: true });
  });

  it('gives a record closed before any kept value was worked out its values', () => {
    const changes = { 'g.a': 2, 'g.b': 3 };
    expect(keepClosed(LOCK, { id: 1, status: 'sent', g: { c: 1 } }, changes, AT)).toEqual({ changes, revised: false });
  });
});

describe('compareListings', () => {
  it('names the stations added, removed and changed by depth, within a millimetre', () => {
    const before = [
      { md: 100, inc: 1, azi: 10 },
      { md: 200, inc: 2, azi: 20 },
      { md: 300, inc: 3, azi: 30 },
    ];
    const after = [
      { md: 300.0005, inc: 3, azi: 31 },
      { md: 100, inc: 1, azi: 10 },
      { md: 400, inc: 4, azi: 40 },
    ];
    expect(compareListings(before, after)).toEqual({
      added: [{ md: 400, inc: 4, azi: 40 }],
      removed: [{ md: 200, inc: 2, azi: 20 }],
      changed: [{ md: 300.0005, before: before[2], after: after[0] }],
      unchanged: 1,
    });
    expect(compareListings([], after).added).toHaveLength(3);
  });
});
