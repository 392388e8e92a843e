import { describe, expect, it } from 'vitest';
import { changes } from '../../kernel/history/diff';

describe('changes between two versions of a record', () => {
  it('gives nothing for an unchanged record, whatever order its keys were kept in', () => {
    const record = { name: 'T-7', mudata: { type: 'water', density: 1.2 }, slide: ['/a.png'] };
    expect(changes(record, { slide: ['/a.png'], mudata: { density: 1.2, type: 'water' }, name: 'T-7' })).toEqual([]);
  });

  it('names a changed field of a nested group by its dotted path, with both values', () => {
    const before = { name: 'T-7', mudata: { type: 'water', density: 1.2 } };
    const after = { name: 'T-7', mudata: { type: 'water', density: 1.35 } };
    expect(changes(before, after)).toEqual([{ path: 'mudata.density', before: 1.2, after: 1.35 }]);
  });

  it('reports an added field without a before and a removed one without an after', () => {
    expect(changes({ a: 1, gone: 'x' }, { a: 1, added: true })).toEqual([
      { path: 'added', after: true },
      { path: 'gone', before: 'x' },
    ]);
  });

  it('walks into a group that appears or disappears, field by field', () => {
    expect(changes({}, { leader: { name: 'Li', phone: '123456' } })).toEqual([
      { path: 'leader.name', after: 'Li' },
      { path: 'leader.phone', after: '123456' },
    ]);
    expect(changes({ leader: { name: 'Li' } }, {})).toEqual([{ path: 'leader.name', before: 'Li' }]);
  });

  it('compares a list as one whole value, not by index', () => {
    const before = { spec: [{ name: 'Size' }, { name: 'Thread' }] };
    const after = { spec: [{ name: 'Colour' }, { name: 'Size' }, { name: 'Thread' }] };
    expect(changes(before, after)).toEqual([{ path: 'spec', before: before.spec, after: after.spec }]);
    expect(changes({ spec: ['a', 'b'] }, { spec: ['a', 'b'] })).toEqual([]);
  });

  it('treats null as no value: emptying a field that had none changes nothing', () => {
    expect(changes({ note: null }, {})).toEqual([]);
    expect(changes({ note: 'x' }, { note: null })).toEqual([{ path: 'note', before: 'x' }]);
  });

  it('tells a group replaced by a plain value as one change of the whole', () => {
    expect(changes({ a: { b: 1 } }, { a: 'text' })).toEqual([{ path: 'a', before: { b: 1 }, after: 'text' }]);
  });

  it('lists every field of a new record, and of a deleted one', () => {
    expect(changes(undefined, { name: 'x', n: 0 })).toEqual([
      { path: 'name', after: 'x' },
      { path: 'n', after: 0 },
    ]);
    expect(changes({ name: 'x' }, undefined)).toEqual([{ path: 'name', before: 'x' }]);
  });
});
