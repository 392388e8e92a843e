// The demo data set on the fixture product (tests/fixtures/mechanism: runs point at tools and
// wells, tools at wells; their files come in the opposite order): dependency order, references to
// records that exist, nothing written for a broken hint, and resuming after a crash at any insert.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependencies, seedOrder } from '../../kernel/demo/order';
import { type SeedProgress, type SeedStore, checkDemoData, seedStore } from '../../kernel/demo/seed';
import { type Registry, createRegistry } from '../../kernel/schema/registry';
import { loadRegistry } from '../../kernel/schema/load-node';
import type { ResourceSchema } from '../../kernel/schema/types';
import { MemoryStore } from '../../server/store/memory';

const fixture = loadRegistry(join(import.meta.dirname, '../fixtures/mechanism'));
/** How many records each fixture resource gets: seed.count plus the fixed ones. */
const PLAN = { well: 7, tool: 8, run: 20 };
const TOTAL = PLAN.well + PLAN.tool + PLAN.run;

const stub = (id: string, props: Record<string, unknown> = {}, parent?: string) =>
  ({
    $id: id,
    properties: props,
    'x-resource': { ...(parent ? { parent: { resource: parent, field: parent } } : {}), seed: { count: 1 } },
  }) as unknown as ResourceSchema;

/** A store that fails on its `failAt`-th insert, counted across transactions, as a crash would. */
function crashing(inner: SeedStore, failAt: number, counter = { inserts: 0 }): SeedStore {
  return {
    insert: async (resource, values) => {
      if (++counter.inserts === failAt) throw new Error(`crash at insert ${failAt}`);
      return inner.insert(resource, values);
    },
    get: (resource, id) => inner.get(resource, id),
    findIds: (resource, conditions) => inner.findIds(resource, conditions),
    transaction: (work) => inner.transaction((tx) => work(crashing(tx, failAt, counter))),
  };
}

/**
 * A progress that outlives a run, as app_seed does: a resource is marked at the end of its
 * transaction, so only when all its records went in.
 */
function progressOn(store: SeedStore, marks = new Set<string>()): SeedProgress & { marks: Set<string> } {
  return {
    marks,
    done: async () => new Set(marks),
    complete: (resource, work) =>
      store.transaction(async (tx) => {
        await work(tx);
        marks.add(resource);
        return true;
      }),
  };
}

async function counts(store: SeedStore, registry: Registry = fixture) {
  const out: Record<string, number> = {};
  for (const name of Object.keys(registry.resources)) out[name] = (await store.findIds(name, [])).length;
  return out;
}

/** Every x-ref value of every record names a record that exists. */
async function danglingRefs(store: MemoryStore): Promise<string[]> {
  const bad: string[] = [];
  for (const [name, schema] of Object.entries(fixture.resources)) {
    for (const id of await store.findIds(name, [])) {
      const row = (await store.get(name, id))!;
      for (const [field, prop] of Object.entries(schema.properties ?? {})) {
        const target = prop['x-ref'];
        if (target && row[field] !== undefined && !(await store.get(target, row[field] as number))) bad.push(`${name}#${id}.${field}`);
      }
    }
  }
  return bad;
}

describe('seedOrder', () => {
  it('puts every resource after those it points at, else keeps the registry order', () => {
    expect(Object.keys(fixture.resources)).toEqual(['run', 'tool', 'well']);
    expect(dependencies(fixture.resources.run)).toEqual(['tool', 'well']);
    expect(seedOrder(fixture.resources)).toEqual(['well', 'tool', 'run']);
  });

  it('puts a parent before its children, and ignores a reference to the resource itself', () => {
    const resources = { item: stub('item', { up: { type: 'integer', 'x-ref': 'item' } }, 'list'), list: stub('list') };
    expect(seedOrder(resources)).toEqual(['list', 'item']);
  });

  it('refuses a reference to an unknown resource and resources pointing at one another', () => {
    expect(() => seedOrder({ a: stub('a', { b: { 'x-ref': 'nope' } }) })).toThrow('Demo data: a points at "nope", which is not a resource');
    const circle = { a: stub('a', { b: { 'x-ref': 'b' } }), b: stub('b', { c: { 'x-ref': 'c' } }), c: stub('c', { a: { 'x-ref': 'a' } }) };
    expect(() => seedOrder(circle)).toThrow('Demo data: a → b → c → a point at one another in a circle');
  });

  it('orders the real schemas: every resource after the ones it depends on', () => {
    const resources = loadRegistry().resources;
    const order = seedOrder(resources);
    expect([...order].sort()).toEqual(Object.keys(resources).sort());
    const late = order.flatMap((name, i) => dependencies(resources[name]).filter((d) => order.indexOf(d) > i).map((d) => `${name} before ${d}`));
    expect(late).toEqual([]);
  });
});

describe('seedStore', () => {
  it('fills every resource in dependency order, references pointing at records that exist', async () => {
    const store = new MemoryStore();
    const result = await seedStore(store, fixture);
    expect(result).toEqual({
      inserted: [
        { resource: 'well', count: PLAN.well },
        { resource: 'tool', count: PLAN.tool },
        { resource: 'run', count: PLAN.run },
      ],
      skipped: [],
    });
    expect(await counts(store)).toEqual(PLAN);
    expect(await danglingRefs(store)).toEqual([]);
    const runs = await Promise.all((await store.findIds('run', [])).map((id) => store.get('run', id)));
    expect(new Set(runs.map((r) => r!.tool)).size).toBeGreaterThan(1);
  });

  it('writes nothing at all when a hint is broken, and says which', async () => {
    const broken = structuredClone(fixture);
    broken.resources.run.properties!.meters['x-fake'] = 'decimal:x:y';
    const registry = createRegistry(broken.resources, fixture.config, { routes: [] });
    expect(() => checkDemoData(registry)).toThrow('Demo data of run: field meters (x-fake "decimal:x:y")');
    const store = new MemoryStore();
    await expect(seedStore(store, registry)).rejects.toThrow('Demo data of run: field meters');
    expect(await counts(store)).toEqual({ run: 0, tool: 0, well: 0 });
  });

  it('puts each resource in as one store transaction: a crash inside one leaves it empty', async () => {
    const store = new MemoryStore();
    await expect(seedStore(crashing(store, PLAN.well + 3), fixture)).rejects.toThrow('crash at insert 10');
    expect(await counts(store)).toEqual({ well: PLAN.well, tool: 0, run: 0 });
  });

  it.each([1, PLAN.well, PLAN.well + 1, PLAN.well + 3, PLAN.well + PLAN.tool, PLAN.well + PLAN.tool + 1, TOTAL])(
    'after a crash at insert %i, a second run completes every resource exactly once',
    async (failAt) => {
      const store = new MemoryStore();
      const dying = crashing(store, failAt);
      const marks = new Set<string>();
      await expect(seedStore(dying, fixture, { progress: progressOn(dying, marks) })).rejects.toThrow(`crash at insert ${failAt}`);
      // Resources before the one that crashed are complete and counted; the rest hold nothing.
      const before = await counts(store);
      for (const name of ['well', 'tool', 'run'] as const) expect(before[name]).toBe(marks.has(name) ? PLAN[name] : 0);

      const progress = progressOn(store, marks);
      const again = await seedStore(store, fixture, { progress });
      expect([...again.skipped, ...again.inserted.map((r) => r.resource)]).toEqual(['well', 'tool', 'run']);
      expect(again.skipped).toEqual(['well', 'tool', 'run'].filter((name) => before[name] > 0));
      expect(await counts(store)).toEqual(PLAN);
      expect(await danglingRefs(store)).toEqual([]);
      expect(progress.marks).toEqual(new Set(['well', 'tool', 'run']));

      expect(await seedStore(store, fixture, { progress })).toEqual({ inserted: [], skipped: ['well', 'tool', 'run'] });
      expect(await counts(store)).toEqual(PLAN);
    },
  );
});
