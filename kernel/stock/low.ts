// The spare parts below their reorder level: the call Home reads (under /dev-api) and its answer.

export const STOCK_LOW_PATH = '/device/stock/low';

export interface StockLowItem {
  /** The stock line. */
  id: number;
  part: number;
  partName: string;
  /** The base's key (data dictionary) and its label in the reader's language. */
  base: string;
  baseLabel: string;
  quantity: number;
  unit: string;
  reorderLevel: number;
  /** When it fell below the level. */
  lowSince?: string;
}

export interface StockLowAnswer {
  items: StockLowItem[];
}
