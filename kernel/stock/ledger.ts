// How records move the stock of spare parts (`x-resource.ledger`, schemas/README.md): each record
// of a move, or each row of its list, names a part, a base and a quantity, taken or added. Pure:
// the server works out what a write changes (server/stock/ledger.ts); the tests pin it down.
import type { LedgerSpec } from '../schema/types';

type Row = Record<string, unknown>;

/** What one write does to one part at one base: `delta` added (negative: taken). */
export interface StockMove {
  part: number;
  base: string;
  delta: number;
  /** The row of the record as written that names it (its index in the list), for a refusal's field. */
  row?: number;
}

export const stockKey = (part: unknown, base: unknown) => `${String(part)}|${String(base)}`;

/** Quantities are kept to 0.01. */
export const onHundredths = (n: number) => Math.round(n * 100) / 100;

/** The rows of a record that move stock: the record itself, or the rows of its list. */
function rowsOf(record: Row | undefined, move: LedgerSpec['moves'][number]): Row[] {
  if (!record) return [];
  if (!move.list) return [record];
  const list = record[move.list];
  return Array.isArray(list) ? list.filter((r): r is Row => !!r && typeof r === 'object') : [];
}

/**
 * What writing `after` over `before` (either absent: a record added or deleted) does to the
 * stock, by part and base, those it leaves as they were left out.
 */
export function stockMoves(
  ledger: LedgerSpec,
  move: LedgerSpec['moves'][number],
  before: Row | undefined,
  after: Row | undefined,
): StockMove[] {
  const out = new Map<string, StockMove>();
  const add = (record: Row | undefined, sign: number, named: boolean) =>
    rowsOf(record, move).forEach((row, index) => {
      const [part, base, quantity] = [row[ledger.part], row[ledger.base], row[ledger.quantity]];
      if (typeof part !== 'number' || typeof base !== 'string' || typeof quantity !== 'number' || !Number.isFinite(quantity)) return;
      const key = stockKey(part, base);
      const now = out.get(key) ?? { part, base, delta: 0 };
      now.delta = onHundredths(now.delta + sign * move.sign * quantity);
      if (named && now.row === undefined) now.row = index;
      out.set(key, now);
    });
  add(before, -1, false);
  add(after, 1, true);
  return [...out.values()].filter((m) => m.delta !== 0);
}

/** Whether a quantity is below its reorder level (a level of 0 or none: never). */
export const isLow = (quantity: unknown, level: unknown) =>
  typeof level === 'number' && level > 0 && (typeof quantity === 'number' ? quantity : 0) < level;
