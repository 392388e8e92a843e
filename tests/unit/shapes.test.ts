import { describe, expect, it } from 'vitest';
import { decodeList, encodeList } from '../../kernel/schema/shapes';
import type { ListShape } from '../../kernel/schema/types';

const rows = [{ id: 1 }, { id: 2 }];
const page = { rows, total: 42, page: 3, limit: 2 };

describe('encodeList', () => {
  it('lays out each shape', () => {
    expect(encodeList('total-items', page)).toEqual({ total: 42, items: rows });
    expect(encodeList('list-count', page)).toEqual({ list: rows, count: 42 });
    expect(encodeList('paged', page)).toEqual({ items: rows, total: 42, page: 3, limit: 2 });
    expect(encodeList('items', page)).toEqual({ items: rows });
  });
});

describe('decodeList', () => {
  it('reads each shape', () => {
    expect(decodeList('total-items', { total: 42, items: rows })).toEqual({ rows, total: 42 });
    expect(decodeList('list-count', { list: rows, count: 42 })).toEqual({ rows, total: 42 });
    expect(decodeList('paged', { items: rows, total: 42, page: 3, limit: 2 })).toEqual({ rows, total: 42 });
    expect(decodeList('items', { items: rows })).toEqual({ rows, total: 2 });
  });

  it('does not read the fields of another shape', () => {
    expect(decodeList('list-count', { items: rows, total: 42 })).toEqual({ rows: [], total: 0 });
    expect(decodeList('total-items', { list: rows, count: 42 })).toEqual({ rows: [], total: 0 });
  });

  it('coerces a numeric string total and defaults a missing total to the row count', () => {
    expect(decodeList('total-items', { total: '7', items: rows })).toEqual({ rows, total: 7 });
    expect(decodeList('paged', { items: rows })).toEqual({ rows, total: 2 });
    expect(decodeList('total-items', {})).toEqual({ rows: [], total: 0 });
  });
});

describe('round trip', () => {
  it.each<[ListShape, number]>([
    ['total-items', 42],
    ['list-count', 42],
    ['paged', 42],
    ['items', 2],
  ])('%s gives back the rows and total %i', (shape, total) => {
    expect(decodeList(shape, encodeList(shape, page))).toEqual({ rows, total });
  });
});
