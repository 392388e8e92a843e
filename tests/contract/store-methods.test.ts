// The store methods the list endpoint does not reach on its own: count, findIds, transaction,
// and search over nested fields, on memory, SQLite and PostgreSQL alike.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Condition } from '../../kernel/schema/query';
import type { Row, Store } from '../../server/store/types';
import { postgresSkip, storeMatrix } from './stores';

const unavailable = postgresSkip;
const stores = storeMatrix();
if (unavailable) {
  describe('store methods on PostgreSQL', () => {
    it.skip(`skipped: PostgreSQL is not reachable (${unavailable})`, () => undefined);
  });
  console.warn(`Skipping the store methods on PostgreSQL: ${unavailable}`);
}

const crews = [
  { teamNumber: 'ZJ-01', leader: { name: 'Li Wei', phone: '+86 138 0000' } },
  { teamNumber: 'ZJ-02', leader: { name: 'Émile Zola' }, secretary: { name: 'LI NA' } },
  { teamNumber: '100%_sure', leader: { name: 'a\\b' } },
  { teamNumber: 'XJ-7', leader: { name: '王伟', phone: '+86 139 5555' } },
];

describe.each(stores)('store methods on %s', (_name, makeStore) => {
  let store: Store;
  let rows: Row[];
  beforeEach(async () => {
    store = await makeStore();
    rows = [];
    for (const crew of crews) rows.push(await store.insert('crew', crew));
  });
  afterEach(() => store.close());

  const ids = (...indexes: number[]) => indexes.map((i) => rows[i].id);
  const everything = async () =>
    (await store.list('crew', { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 100 })).rows;

  it('counts and finds the ids of the records meeting every condition, ascending', async () => {
    const zj: Condition = { field: 'teamNumber', op: 'contains', value: 'zj' };
    expect(await store.count('crew', [])).toBe(4);
    expect(await store.count('crew', [zj])).toBe(2);
    expect(await store.findIds('crew', [zj])).toEqual(ids(0, 1));
    expect(await store.findIds('crew', [{ field: 'id', op: 'in', value: ids(3, 0, 2) }])).toEqual(ids(0, 2, 3));
    expect(await store.findIds('crew', [zj, { field: 'teamNumber', op: 'eq', value: 'ZJ-02' }])).toEqual(ids(1));
    expect(await store.findIds('crew', [{ field: 'id', op: 'in', value: [] }])).toEqual([]);
    expect(await store.count('crew', [{ field: 'teamNumber', op: 'gte', value: 'ZJ' }])).toBe(2);
    await store.remove('crew', ids(0));
    expect(await store.findIds('crew', [])).toEqual(ids(1, 2, 3));
  });

  it('searches nested fields, ignoring ASCII case, any field matching', async () => {
    const search = async (value: string) =>
      store.findIds('crew', [{ op: 'search', fields: ['teamNumber', 'leader.name', 'leader.phone', 'secretary.name'], value }]);
    expect(await search('li')).toEqual(ids(0, 1));
    expect(await search('émile')).toEqual([]); // case folds for A-Z only
    expect(await search('Émile')).toEqual(ids(1));
    expect(await search('139')).toEqual(ids(3));
    expect(await search('王')).toEqual(ids(3));
    expect(await search('zj-0')).toEqual(ids(0, 1));
    expect(await store.count('crew', [{ op: 'search', fields: [], value: 'li' }])).toBe(0);
  });

  it('takes %, _ and \\ in a search literally', async () => {
    const search = async (value: string) => store.findIds('crew', [{ op: 'search', fields: ['teamNumber', 'leader.name'], value }]);
    expect(await search('%')).toEqual(ids(2));
    expect(await search('0%_')).toEqual(ids(2));
    expect(await search('_')).toEqual(ids(2));
    expect(await search('\\')).toEqual(ids(2));
    expect(await search('a\\b')).toEqual(ids(2));
    expect(await search('Z_-')).toEqual([]);
    expect(await store.findIds('crew', [{ field: 'teamNumber', op: 'contains', value: 'J%' }])).toEqual([]);
  });

  it('commits a transaction: everything it wrote lands, and it answers what the work answers', async () => {
    const answer = await store.transaction(async (tx) => {
      const added = await tx.insert('crew', { teamNumber: 'NEW', leader: { name: 'N' } });
      await tx.update('crew', rows[0].id, { ...crews[0], teamNumber: 'ZJ-01b' });
      await tx.remove('crew', ids(3));
      // Inside, the transaction sees its own writes.
      expect(await tx.count('crew', [])).toBe(4);
      return added.id;
    });
    expect(await store.get('crew', answer)).toMatchObject({ teamNumber: 'NEW', version: 1 });
    expect(await store.get('crew', rows[0].id)).toMatchObject({ teamNumber: 'ZJ-01b', version: 2 });
    expect(await store.get('crew', rows[3].id)).toBeUndefined();
  });

  it('rolls a transaction back when its work throws: inserts, updates and removes alike', async () => {
    const before = await everything();
    const failure = new Error('changed my mind');
    await expect(
      store.transaction(async (tx) => {
        await tx.insert('crew', { teamNumber: 'GONE', leader: { name: 'G' } });
        expect(await tx.update('crew', rows[1].id, { ...crews[1], teamNumber: 'ZJ-02b' }, 1)).toMatchObject({ status: 'ok' });
        expect(await tx.remove('crew', ids(0, 2))).toEqual({ missing: [] });
        await tx.insert('device', { name: 'D', status: 1 });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await everything()).toEqual(before);
    expect(await store.count('device', [])).toBe(0);
    // The store still works, and a rolled-back update left the version as it was.
    expect(await store.update('crew', rows[1].id, crews[1], 1)).toMatchObject({ status: 'ok', row: { version: 2 } });
  });

  it('runs a nested transaction inside the outer one: a throw anywhere undoes both', async () => {
    const before = await everything();
    await expect(
      store.transaction(async (tx) => {
        await tx.transaction(async (inner) => inner.insert('crew', { teamNumber: 'INNER', leader: { name: 'I' } }));
        expect(await tx.count('crew', [{ field: 'teamNumber', op: 'eq', value: 'INNER' }])).toBe(1);
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await everything()).toEqual(before);
  });

  it('keeps transactions that check, then write, from interleaving', async () => {
    // Each adds a crew only when there is none named ONCE: run together, only one may add it.
    const once: Condition[] = [{ field: 'teamNumber', op: 'eq', value: 'ONCE' }];
    const addOnce = () =>
      store.transaction(async (tx) => {
        if ((await tx.count('crew', once)) > 0) return false;
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.insert('crew', { teamNumber: 'ONCE', leader: { name: 'O' } });
        return true;
      });
    const added = await Promise.all([addOnce(), addOnce(), addOnce()]);
    expect(added.filter(Boolean)).toHaveLength(1);
    expect(await store.count('crew', once)).toBe(1);
  });

  // SQLite reads a record or a list page straight from its one connection when nothing holds it
  // (server/db/prepared.ts): never while a transaction does, whose writes are not committed yet.
  it.runIf(_name !== 'memory')(
    'answers a read made during a transaction without what the transaction has not committed (SQL stores; skipped on memory, which reads no connection of its own)',
    async () => {
      let wrote!: (row: Row) => void;
      const written = new Promise<Row>((resolve) => (wrote = resolve));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const work = store.transaction(async (tx) => {
        wrote(await tx.insert('crew', { teamNumber: 'TX-1' }));
        await tx.update('crew', rows[0].id, { ...rows[0], teamNumber: 'ZJ-01b' });
        await held;
        throw new Error('rolled back');
      });
      const inserted = await written;
      const outside = Promise.all([store.get('crew', inserted.id), store.get('crew', rows[0].id), everything()]);
      release();
      await expect(work).rejects.toThrow('rolled back');
      const [record, first, all] = await outside;
      expect(record).toBeUndefined();
      expect(first?.teamNumber).toBe('ZJ-01');
      expect(all.map((row) => row.teamNumber)).toEqual(crews.map((crew) => crew.teamNumber));
    },
  );
});
