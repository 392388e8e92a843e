// Fills a store with the demo data set: every resource's fake records, server-derived fields
// included, resource after resource in dependency order. Each resource goes in as one
// transaction, so an interrupted run leaves every resource complete or untouched, and a run
// with a progress that remembers (the SQL database's app_seed) continues where one stopped.
// The resources a named generator makes together (seed.generator: wells, their trips, daily
// reports and assignments) go in as one transaction with the changes they make to records
// already in (an instrument sent to a well is on site).
import { faker } from '@faker-js/faker/locale/en';
import { generatorPlanProblems } from '../schema/check-fake';
import { DICTIONARY, dictionaryCode } from '../schema/dictionary';
import { derive } from '../schema/derive';
import type { Condition } from '../schema/query';
import { type Registry, fields } from '../schema/registry';
import { type FakeRefs, SEED_DATE, checkFake, fakeRecords, readsParents, seedOf } from './fake';
import { finishSet, writeSet } from './finish';
import { addMissingFixed } from './fixed-records';
import { refreshRollups } from '../fleet/hours';
import type { GeneratedSet, SeedGenerator, StoredRecord } from './made';
import { seedOrder } from './order';
import { SEED_GENERATORS } from './seed-generators';

/** What the demo data needs of a store: any store of the server, or the mock's. */
export interface SeedStore {
  insert(resource: string, values: Record<string, unknown>): Promise<{ id: number }>;
  /** Replaces the stored fields of a record with these (a generator's change to an instrument). */
  update(resource: string, id: number, values: Record<string, unknown>): Promise<unknown>;
  get(resource: string, id: number): Promise<Record<string, unknown> | undefined>;
  findIds(resource: string, conditions: Condition[]): Promise<number[]>;
  transaction<T>(work: (store: SeedStore) => Promise<T>): Promise<T>;
}

/** Which resources hold their demo records already, and how one more is added. */
export interface SeedProgress {
  done(): Promise<Set<string>>;
  /**
   * Runs the inserts of one resource (or of the resources one generator makes) as one
   * transaction, which also records them as done. Answers false when it found them done
   * meanwhile (by another instance) and ran nothing.
   */
  complete(resources: readonly string[], work: (store: SeedStore) => Promise<void>): Promise<boolean>;
}

/** In memory nothing outlives the process: nothing is done yet, and each resource is one store transaction. */
export const memoryProgress = (store: SeedStore): SeedProgress => ({
  done: async () => new Set(),
  complete: (_resources, work) => store.transaction(async (tx) => (await work(tx), true)),
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

/**
 * The resources filled together, in order: one resource, or the resources one generator makes,
 * at the place of the last of them (when everything any of them points at is in).
 */
export function seedUnits(registry: Registry): string[][] {
  const order = seededResources(registry);
  const generatorOf = (name: string) => registry.resources[name]['x-resource'].seed?.generator;
  return order.flatMap((name) => {
    const generator = generatorOf(name);
    if (!generator) return [[name]];
    const group = order.filter((other) => generatorOf(other) === generator);
    return name === group[group.length - 1] ? [group] : [];
  });
}

/** Throws on the first broken fake-data hint or generator plan: a schema mistake is reported before a single record is written. */
export function checkDemoData(registry: Registry, generators: Readonly<Record<string, SeedGenerator>> = SEED_GENERATORS): void {
  for (const name of seededResources(registry)) {
    const [problem] = generatorPlanProblems(registry.resources[name], registry.resources, generators);
    if (problem) throw new Error(`Demo data of ${name}: ${problem.message}`);
    checkFake(registry.resources[name], registry.config);
  }
}

/** The enabled keys of a dictionary list, from the store. */
async function dictionaryKeys(store: SeedStore, code: string): Promise<string[]> {
  const [list] = await store.findIds(DICTIONARY.lists, [{ field: 'code', op: 'eq', value: code }]);
  const itemIds = list === undefined ? [] : await store.findIds(DICTIONARY.items, [{ field: 'dictionary', op: 'eq', value: list }]);
  const items = await Promise.all(itemIds.map((id) => store.get(DICTIONARY.items, id)));
  return items.filter((item) => item?.enabled !== false).map((item) => String(item?.key));
}

/** The ids and dictionary keys the records of a resource may point at, and the parent records it reads, from the store. */
async function loadRefs(store: SeedStore, registry: Registry, name: string): Promise<FakeRefs> {
  const ids = new Map<string, number[]>();
  const keys = new Map<string, string[]>();
  const schema = registry.resources[name];
  const parent = schema['x-resource'].parent?.resource;
  if (parent) ids.set(parent, await store.findIds(parent, []));
  const parents = new Map<number, Record<string, unknown>>();
  for (const id of parent && readsParents(schema) ? ids.get(parent)! : []) {
    const row = await store.get(parent!, id);
    if (row) parents.set(id, row);
  }
  for (const { schema } of fields(registry.resources[name])) {
    const target = schema['x-ref'];
    if (target && !ids.has(target)) ids.set(target, await store.findIds(target, []));
    const code = dictionaryCode(schema);
    if (code !== undefined && !keys.has(code)) keys.set(code, await dictionaryKeys(store, code));
  }
  return {
    ids: (resource) => ids.get(resource) ?? [],
    dictionaryKeys: (code) => keys.get(code) ?? [],
    record: (resource, id) => (resource === parent ? parents.get(id) : undefined),
  };
}

/**
 * The records the generator of these resources makes, completed as the server would, with the
 * changes to records already in. The resources it reads, and the members of its assignments,
 * are read from the store.
 */
export async function generatedRecords(
  store: SeedStore,
  registry: Registry,
  resources: readonly string[],
  seed: number,
  generators: Readonly<Record<string, SeedGenerator>> = SEED_GENERATORS,
): Promise<GeneratedSet> {
  const name = registry.resources[resources[0]]['x-resource'].seed!.generator!;
  const generator = generators[name];
  const read = new Set(generator.reads);
  for (const resource of resources) {
    const spec = registry.resources[resource]['x-resource'].assign;
    const member = spec && registry.resources[resource].properties?.[spec.member]?.['x-ref'];
    if (member) read.add(member);
  }
  const existing: Record<string, StoredRecord[]> = {};
  for (const resource of read) {
    const rows = await Promise.all((await store.findIds(resource, [])).map((id) => store.get(resource, id)));
    existing[resource] = rows.filter((row) => row !== undefined) as StoredRecord[];
  }
  const codes = new Set(
    resources.flatMap((resource) =>
      fields(registry.resources[resource])
        .map((f) => dictionaryCode(f.schema))
        .filter((c) => c !== undefined),
    ),
  );
  const keys = new Map<string, string[]>();
  for (const code of codes) keys.set(code, await dictionaryKeys(store, code));
  faker.seed(seedOf(name, seed));
  const plans = Object.fromEntries(resources.map((resource) => [resource, registry.resources[resource]['x-resource'].seed!]));
  const set = generator.generate({
    registry,
    plans,
    existing,
    dictionaryKeys: (code) => keys.get(code) ?? [],
    random: faker,
    seedDate: SEED_DATE,
  });
  return finishSet(registry, set, existing, SEED_DATE);
}

export interface SeedOptions {
  /** The fake-data seed: the same one always gives the same records. */
  seed?: number;
  /** What is done already; by default nothing, as in a new in-memory store. */
  progress?: SeedProgress;
  /** The named generators plans may ask for; by default ours (seed-generators.ts). */
  generators?: Readonly<Record<string, SeedGenerator>>;
}

/**
 * Puts in the demo records of every resource the progress does not count as done, in dependency
 * order, each resource in one transaction. The mock and the tests call it on a new memory store.
 */
export async function seedStore(store: SeedStore, registry: Registry, options: SeedOptions = {}): Promise<SeedResult> {
  const { seed = 1, progress = memoryProgress(store), generators = SEED_GENERATORS } = options;
  checkDemoData(registry, generators);
  const done = await progress.done();
  const result: SeedResult = { inserted: [], skipped: [] };
  for (const unit of seedUnits(registry)) {
    // A generated set is whole or not at all: resources of it that hold records already keep it from being made.
    if (unit.some((name) => done.has(name))) {
      result.skipped.push(...unit);
      continue;
    }
    const [name] = unit;
    const schema = registry.resources[name];
    // Every record is made before the first is written: a generator that throws leaves the store as it was.
    const set: GeneratedSet = schema['x-resource'].seed?.generator
      ? await generatedRecords(store, registry, unit, seed, generators)
      : {
          records: {
            [name]: fakeRecords(schema, registry.config, seed, await loadRefs(store, registry, name)).map((record) =>
              derive(schema, record, undefined, SEED_DATE),
            ),
          },
        };
    let counts: SeedResult['inserted'] = [];
    const ran = await progress.complete(unit, async (tx) => {
      counts = await writeSet(tx, registry, set);
      // Totals over child records put in before their parents' (an instrument's hours, from its runs) follow in the same transaction.
      await refreshRollups(
        tx,
        registry,
        (resource, { id, version: _v, ...fields }, changes) => tx.update(resource, id, { ...fields, ...changes }),
        unit,
      );
    });
    if (ran) result.inserted.push(...counts);
    else result.skipped.push(...unit);
  }
  // Fixed records (data-dictionary lists) that came after the demo data of this database went in.
  const skipped = result.skipped.filter((name) => done.has(name));
  if (skipped.length > 0) result.inserted.push(...(await store.transaction((tx) => addMissingFixed(tx, registry, skipped))));
  return result;
}
