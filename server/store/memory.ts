// The in-memory store: the mock's back-end in the browser and the fastest store for tests.
import { getPath } from '../../kernel/schema/registry';
import type { Condition, ListQuery } from '../../kernel/schema/query';
import type { Row, Store, UpdateResult } from './types';

function matches(row: Row, condition: Condition): boolean {
  const value = getPath(row, condition.field);
  switch (condition.op) {
    case 'eq':
      return value === condition.value;
    case 'in':
      return (condition.value as unknown[]).includes(value);
    case 'contains':
      return String(value ?? '').toLowerCase().includes(String(condition.value).toLowerCase());
    case 'gte':
      return (value as number) >= (condition.value as number);
    case 'lte':
      return (value as number) <= (condition.value as number);
  }
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

export class MemoryStore implements Store {
  private tables = new Map<string, Map<number, Row>>();
  private lastIds = new Map<string, number>();

  private table(resource: string): Map<number, Row> {
    let table = this.tables.get(resource);
    if (!table) {
      table = new Map();
      this.tables.set(resource, table);
    }
    return table;
  }

  async list(resource: string, query: ListQuery) {
    const { field, order } = query.sort;
    const direction = order === 'DESC' ? -1 : 1;
    const rows = [...this.table(resource).values()]
      .filter((row) => query.conditions.every((c) => matches(row, c)))
      .sort((a, b) => direction * (compare(getPath(a, field), getPath(b, field)) || a.id - b.id));
    const start = (query.page - 1) * query.limit;
    return { rows: rows.slice(start, start + query.limit).map((r) => structuredClone(r)), total: rows.length };
  }

  async get(resource: string, id: number) {
    const row = this.table(resource).get(id);
    return row && structuredClone(row);
  }

  async insert(resource: string, values: Record<string, unknown>) {
    const id = (this.lastIds.get(resource) ?? 0) + 1;
    this.lastIds.set(resource, id);
    const row: Row = { ...structuredClone(values), id, version: 1 };
    this.table(resource).set(id, row);
    return structuredClone(row);
  }

  async update(resource: string, id: number, values: Record<string, unknown>, expectedVersion?: number): Promise<UpdateResult> {
    const table = this.table(resource);
    const current = table.get(id);
    if (!current) return { status: 'missing' };
    if (expectedVersion !== undefined && current.version !== expectedVersion) {
      return { status: 'conflict', current: structuredClone(current) };
    }
    const row: Row = { ...structuredClone(values), id, version: current.version + 1 };
    table.set(id, row);
    return { status: 'ok', row: structuredClone(row) };
  }

  async remove(resource: string, ids: number[]) {
    const table = this.table(resource);
    const missing = ids.filter((id) => !table.has(id));
    if (missing.length === 0) for (const id of ids) table.delete(id);
    return { missing };
  }

  async close() {}
}
