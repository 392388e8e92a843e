// How a statistics entry's buckets become the rows of its chart and table.
import { describe, expect, it } from 'vitest';
import { groupRows, measureOf, monthName, monthRows, rangeRows, shareOf } from '../../src/resources/statistics/rows';

const label = (value: unknown) => (value === null ? 'none' : `v${String(value)}`);

describe('rows of a counting entry', () => {
  it('list every option in its order, counts or not, then other values, then the records without a value', () => {
    const rows = groupRows(
      [
        { value: null, count: 2 },
        { value: 1, count: 5 },
        { value: 7, count: 1 },
        { value: 3, count: 4 },
      ],
      { options: [3, 2, 1], label, color: (value, index) => `${String(value)}@${index}` },
    );
    expect(rows).toEqual([
      { key: '3', label: 'v3', count: 4, color: '3@0' },
      { key: '2', label: 'v2', count: 0, color: '2@1' },
      { key: '1', label: 'v1', count: 5, color: '1@2' },
      { key: '7', label: 'v7', count: 1, color: '7@3' },
      { key: '', label: 'none', count: 2, color: 'null@4' },
    ]);
  });

  it('rank free values largest first, ties in the server order, and leave colours out when none is given', () => {
    expect(
      groupRows(
        [
          { value: 'b', count: 1 },
          { value: 'a', count: 2 },
          { value: 'c', count: 1 },
        ],
        { label },
      ),
    ).toEqual([
      { key: 'a', label: 'va', count: 2, color: undefined },
      { key: 'b', label: 'vb', count: 1, color: undefined },
      { key: 'c', label: 'vc', count: 1, color: undefined },
    ]);
  });

  it("colour free values only in a ring: as more bars than a ring holds, they share the chart's colour", () => {
    const color = (value: unknown) => `c${String(value)}`;
    const few = groupRows(
      [
        { value: 'a', count: 1 },
        { value: null, count: 1 },
      ],
      { label, color },
    );
    expect(few.map((r) => r.color)).toEqual(['ca', 'cnull']);
    const many = groupRows(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((value, i) => ({ value, count: i })),
      { options: ['z'], label, color },
    );
    expect(many.map((r) => [r.key, r.color])).toEqual([['z', 'cz'], ...['f', 'e', 'd', 'c', 'b', 'a'].map((k) => [k, undefined])]);
  });

  it('carry the sums of an entry that adds up a field, ranked by them, options without records at 0', () => {
    const rows = groupRows(
      [
        { value: null, count: 1, sum: 900 },
        { value: 7, count: 3, sum: 120.5 },
        { value: 8, count: 1, sum: 800 },
      ],
      { label },
      true,
    );
    expect(rows.map((r) => [r.key, r.count, r.sum, measureOf(r)])).toEqual([
      ['8', 1, 800, 800],
      ['7', 3, 120.5, 120.5],
      ['', 1, 900, 900],
    ]);
    expect(groupRows([], { options: [1], label }, true)).toEqual([{ key: '1', label: 'v1', count: 0, sum: 0, color: undefined }]);
    expect(measureOf({ key: 'x', label: 'x', count: 4 })).toBe(4);
  });

  it('label ranges in their order and give shares in whole percent', () => {
    expect(
      rangeRows(
        [
          { from: 0, to: 100, count: 3 },
          { from: 100, to: null, count: 1 },
        ],
        (from, to) => `${from}-${to ?? '∞'}`,
      ),
    ).toEqual([
      { key: '0', label: '0-100', count: 3 },
      { key: '100', label: '100-∞', count: 1 },
    ]);
    expect(shareOf(1, 3)).toBe(33);
    expect(shareOf(0, 0)).toBe(0);
  });
});

describe('rows of a per-month entry', () => {
  it("keep every month in order with its count and value, and label months in the reader's language", () => {
    const months = [
      { month: '2024-12', count: 0, value: null },
      { month: '2025-01', count: 2, value: 7.5 },
    ];
    expect(monthRows(months, (m) => `<${m}>`)).toEqual([
      { key: '2024-12', label: '<2024-12>', count: 0, value: null },
      { key: '2025-01', label: '<2025-01>', count: 2, value: 7.5 },
    ]);
    expect(monthRows([{ month: '2025-01', count: 1 }], String)[0]).not.toHaveProperty('value');
    expect(monthName('2025-06', 'en')).toBe('Jun 25');
    expect(monthName('2025-06', 'zh')).toBe('25年6月');
    expect(monthName('2024-12', 'es')).toMatch(/^dic/);
  });
});
