// Fills a store with the demo data set: every resource's fake records, server-derived fields
// included, resource after resource in dependency order. Each resource goes in as one
// transaction, so an interrupted run leaves every resource complete or untouched, and a run
// with a progress that remembers (the SQL database's app_seed) continues where one stopped.
import { DICTIONARY, dictionaryCode } from '../schema/dictionary';
import { derive } from '../schema/derive';
import type { Condition } from '../schema/query';
import { type Registry, fields } from '../schema/registry';
import { type FakeRefs, SEED_DATE, checkFake, fakeRecords } from './fake';
import { seedOrder } from './order';

/** What the demo data needs of a store: any store of the server, or the mock's. */
export interface SeedStore {
  insert(resource: string, values: Record<string, unknown>): Promise<{ id: number }>;
  get(resource: string, id: number): Promise<Record<string, unknown> | undefined>;
  findIds(resource: string, conditions: Condition[]): Promise<number[]>;
  transaction<T>(work: (store: SeedStore) => Promise<T>): Promise<T>;
}

/** Which resources hold their demo records already, and how one more is added. */
export interface SeedProgress {
  done(): Promise<Set<string>>;
  /**
   * Runs one resource's inserts as one transaction, which also records the resource as done.
   * Answers false when it found the resource done meanwhile (by another instance) and ran nothing.
   */
  complete(resource: string, work: (store: SeedStore) => Promise<void>): Promise<boolean>;
}

/** In memory nothing outlives the process: nothing is done yet, and each resource is one store transaction. */
export const memoryProgress = (store: SeedStore): SeedProgress => ({
  done: async () => new Set(),
  complete: (_resource, work) => store.transaction(async (tx) => (await work(tx), true)),
});

export interface SeedResult {
  /** The resources filled by this run, in order, with how many records each got. */
  inserted: { resource: string; count: number }[];
  /** The resources that had their demo records already. */
  skipped: string[];
}

/** The resources that have demo data (a `seed` plan), in the order they are filled. */
export const seededResources = (registry: Registry): string[] =>
  seedOrder(registry.resources).filter((name) => registry.resources[name]['x-resource'].seed);

/** Throws on the first broken fake-data hint: a schema mistake is reported before a single record is written. */
export function checkDemoData(registry: Registry): void {
  for (const name of seededResources(registry)) checkFake(registry.resources[name], registry.config);
}

/** The ids and dictionary keys the records of a resource may point at, read from the store. */
async function loadRefs(store: SeedStore, registry: Registry, name: string): Promise<FakeRefs> {
  const ids = new Map<string, number[]>();
  const keys = new Map<string, string[]>();
  for (const { schema } of fields(registry.resources[name])) {
    const target = schema['x-ref'];
    if (target && !ids.has(target)) ids.set(target, await store.findIds(target, []));
    const code = dictionaryCode(schema);
    if (code !== undefined && !keys.has(code)) {
      const [list] = await store.findIds(DICTIONARY.lists, [{ field: 'code', op: 'eq', value: code }]);
      const itemIds = list === undefined ? [] : await store.findIds(DICTIONARY.items, [{ field: 'dictionary', op: 'eq', value: list }]);
      const items = await Promise.all(itemIds.map((id) => store.get(DICTIONARY.items, id)));
      keys.set(code, items.filter((item) => item?.enabled !== false).map((item) => String(item?.key)));
    }
  }
  return { ids: (resource) => ids.get(resource) ?? [], dictionaryKeys: (code) => keys.get(code) ?? [] };
}

export interface SeedOptions {
  /** The fake-data seed: the same one always gives the same records. */
  seed?: number;
  /** What is done already; by default nothing, as in a new in-memory store. */
  progress?: SeedProgress;
}

/**
 * Puts in the demo records of every resource the progress does not count as done, in dependency
 * order, each resource in one transaction. The mock and the tests call it on a new memory store.
 */
export async function seedStore(store: SeedStore, registry: Registry, options: SeedOptions = {}): Promise<SeedResult> {
  const { seed = 1, progress = memoryProgress(store) } = options;
  checkDemoData(registry);
  const done = await progress.done();
  const result: SeedResult = { inserted: [], skipped: [] };
  for (const name of seededResources(registry)) {
    if (done.has(name)) {
      result.skipped.push(name);
      continue;
    }
    const schema = registry.resources[name];
    // Every record is made before the first is written: a generator that throws leaves the store as it was.
    const records = fakeRecords(schema, registry.config, seed, await loadRefs(store, registry, name)).map((record) =>
      derive(schema, record, undefined, SEED_DATE),
    );
    const ran = await progress.complete(name, async (tx) => {
      for (const record of records) await tx.insert(name, record);
    });
    if (ran) result.inserted.push({ resource: name, count: records.length });
    else result.skipped.push(name);
  }
  return result;
}
