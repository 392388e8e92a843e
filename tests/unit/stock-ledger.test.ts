// What a write does to the stock (kernel/stock/ledger.ts): a repair's parts taken, the difference of
// an edit, a deletion giving them back, rows of one part and base put together, and when a line is low.
import { describe, expect, it } from 'vitest';
import { isLow, stockMoves } from '../../kernel/stock/ledger';
import type { LedgerSpec } from '../../kernel/schema/types';

const ledger: LedgerSpec = {
  part: 'part',
  base: 'base',
  quantity: 'quantity',
  unit: 'unit',
  reorderLevel: 'reorderLevel',
  lowSince: 'lowSince',
  moves: [
    { resource: 'fitrecord', list: 'parts', sign: -1 },
    { resource: 'stockreceipt', sign: 1 },
  ],
};
const [repair, receipt] = ledger.moves;
const parts = (...rows: [number, string, number][]) => ({ parts: rows.map(([part, base, quantity]) => ({ part, base, quantity })) });

describe('stock moves', () => {
  it('a repair takes its parts, rows of one part and base together, named by the first row', () => {
    expect(stockMoves(ledger, repair, undefined, parts([1, 'k', 2], [2, 'k', 1], [1, 'k', 0.5]))).toEqual([
      { part: 1, base: 'k', delta: -2.5, row: 0 },
      { part: 2, base: 'k', delta: -1, row: 1 },
    ]);
  });

  it('an edit moves the difference only; a deletion gives everything back', () => {
    const before = parts([1, 'k', 3], [2, 'k', 1]);
    expect(stockMoves(ledger, repair, before, parts([1, 'k', 1], [2, 'k', 1], [3, 'd', 4]))).toEqual([
      { part: 1, base: 'k', delta: 2, row: 0 },
      { part: 3, base: 'd', delta: -4, row: 2 },
    ]);
    expect(stockMoves(ledger, repair, before, undefined)).toEqual([
      { part: 1, base: 'k', delta: 3 },
      { part: 2, base: 'k', delta: 1 },
    ]);
    expect(stockMoves(ledger, repair, before, before)).toEqual([]);
  });

  it('a receipt adds its own quantity; rows without a part, base or number move nothing', () => {
    expect(stockMoves(ledger, receipt, undefined, { part: 4, base: 'x', quantity: 10.004 })).toEqual([
      { part: 4, base: 'x', delta: 10, row: 0 },
    ]);
    expect(stockMoves(ledger, repair, undefined, { parts: [{ part: 1, base: 'k' }, { base: 'k', quantity: 2 }, 'junk'] })).toEqual([]);
  });

  it('a line is low below a reorder level over 0', () => {
    expect([isLow(3, 4), isLow(4, 4), isLow(undefined, 1), isLow(0, 0), isLow(2, undefined)]).toEqual([true, false, true, false, false]);
  });
});
