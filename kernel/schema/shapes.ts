// The irregular list envelopes of the contract ({total, items}, {list, count}, …), both ways.
import type { ListShape } from './types';

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  limit: number;
}

export function encodeList<T>(shape: ListShape, { rows, total, page, limit }: Page<T>): Record<string, unknown> {
  switch (shape) {
    case 'total-items':
      return { total, items: rows };
    case 'list-count':
      return { list: rows, count: total };
    case 'paged':
      return { items: rows, total, page, limit };
    case 'items':
      return { items: rows };
  }
}

export function decodeList<T>(shape: ListShape, data: Record<string, unknown>): { rows: T[]; total: number } {
  const rows = ((shape === 'list-count' ? data.list : data.items) ?? []) as T[];
  const total = (shape === 'list-count' ? data.count : data.total) ?? rows.length;
  return { rows, total: Number(total) };
}
