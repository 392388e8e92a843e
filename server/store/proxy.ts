// A store that hands every call to another: extended by the stores that keep something beside
// the records (the operation log, the access rules' cache).
import type { Condition, ListQuery } from '../../kernel/schema/query';
import type { Group, Grouping, Row, Store, UpdateOptions, UpdateResult } from './types';

/** Passes every call to the store it wraps: the base of stores that add something to some calls. */
export class StoreProxy implements Store {
  constructor(protected inner: Store) {}
  list(resource: string, query: ListQuery) {
    return this.inner.list(resource, query);
  }
  get(resource: string, id: number) {
    return this.inner.get(resource, id);
  }
  insert(resource: string, values: Record<string, unknown>): Promise<Row> {
    return this.inner.insert(resource, values);
  }
  update(
    resource: string,
    id: number,
    values: Record<string, unknown>,
    expectedVersion?: number,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    return this.inner.update(resource, id, values, expectedVersion, options);
  }
  remove(resource: string, ids: number[]) {
    return this.inner.remove(resource, ids);
  }
  count(resource: string, conditions: Condition[]) {
    return this.inner.count(resource, conditions);
  }
  findIds(resource: string, conditions: Condition[]) {
    return this.inner.findIds(resource, conditions);
  }
  aggregate(resource: string, grouping: Grouping, conditions: Condition[]): Promise<Group[]> {
    return this.inner.aggregate(resource, grouping, conditions);
  }
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T> {
    return this.inner.transaction(work);
  }
  remember<T>(key: string, resources: readonly string[], work: () => Promise<T>): Promise<T> {
    return this.inner.remember(key, resources, work);
  }
  close() {
    return this.inner.close();
  }
}
