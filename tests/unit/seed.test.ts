// The demo data set on the fixture product (tests/fixtures/mechanism: runs point at tools and
// wells, tools at wells; their files come in the opposite order): dependency order, references to
// records that exist, nothing written for a broken hint, and resuming after a crash at any insert;
// and, on tests/fixtures/generated, the resources a named generator makes together.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependencies, seedOrder } from '../../kernel/demo/order';
import { fakeRecords } from '../../kernel/demo/fake';
import { type GeneratedSet, Made, type SeedGenerator, type StoredRecord } from '../../kernel/demo/made';
import { type SeedProgress, type SeedStore, checkDemoData, seedStore, seedUnits } from '../../kernel/demo/seed';
import { generatorPlanProblems } from '../../kernel/schema/check-fake';
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
    update: (resource, id, values) => inner.update(resource, id, values),
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
    complete: (resources, work) =>
      store.transaction(async (tx) => {
        await work(tx);
        for (const resource of resources) marks.add(resource);
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
    const late = order.flatMap((name, i) =>
      dependencies(resources[name])
        .filter((d) => order.indexOf(d) > i)
        .map((d) => `${name} before ${d}`),
    );
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

/**
 * The generator of the generated fixture: three sites, two visits each (given at 1000 + 100·i
 * metres), the first tool that may be assigned on the first site now, the next on the second
 * site in the past. `change` alters what it gives, to make it wrong.
 */
function sitesGenerator(change: (set: GeneratedSet, tools: StoredRecord[]) => void = () => {}): SeedGenerator {
  return {
    makes: ['site', 'visit', 'sitetool'],
    reads: ['tool'],
    generate: ({ existing, plans }) => {
      const tools = existing.tool;
      const usable = tools.filter((tool) => tool.status !== 2);
      const site = (i: number) => new Made('site', i);
      const set: GeneratedSet = {
        records: {
          site: Array.from({ length: plans.site.count }, (_, i) => ({ name: `Site-${i}` })),
          visit: [0, 1, 2].flatMap((i) =>
            [0, 1].map((k) => ({
              site: site(i),
              metres: 1000 + 100 * (2 * i + k),
              from: '2026-01-01T00:00:00.000Z',
              to: '2026-01-01T06:30:00.000Z',
            })),
          ),
          sitetool: [
            { site: site(0), tool: usable[0].id, since: '2026-01-01T00:00:00.000Z' },
            { site: site(1), tool: usable[1].id, since: '2025-01-01T00:00:00.000Z', until: '2025-02-01T00:00:00.000Z' },
          ],
        },
      };
      change(set, tools);
      return set;
    },
  };
}

describe('resources a named generator makes together (seed.generator)', () => {
  const generated = loadRegistry(join(import.meta.dirname, '../fixtures/generated'));
  const rowsOf = async (store: SeedStore, name: string) =>
    Promise.all((await store.findIds(name, [])).map(async (id) => (await store.get(name, id))!));

  it('writes them as one unit after what they read, its references pointing at the records made', async () => {
    const units = seedUnits(generated);
    expect(units.map((unit) => [...unit].sort())).toEqual([['tool'], ['site', 'sitetool', 'visit']]);
    const store = new MemoryStore();
    const result = await seedStore(store, generated, { generators: { sites: sitesGenerator() } });
    const made = { tool: 6, site: 3, visit: 6, sitetool: 2 };
    expect(result.inserted).toEqual(units.flat().map((resource) => ({ resource, count: made[resource as keyof typeof made] })));
    const visits = await rowsOf(store, 'visit');
    expect(visits.map((v) => v.site)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('completes them as the server would: computed hours, the parent’s name, the sums over the children', async () => {
    const store = new MemoryStore();
    await seedStore(store, generated, { generators: { sites: sitesGenerator() } });
    expect((await rowsOf(store, 'site')).map((s) => s.metres)).toEqual([2100, 2500, 2900]);
    const visits = await rowsOf(store, 'visit');
    expect(visits.every((v) => v.hours === 6.5)).toBe(true);
    expect(visits.map((v) => v.siteName)).toEqual(['Site-0', 'Site-0', 'Site-1', 'Site-1', 'Site-2', 'Site-2']);
  });

  it('puts an assigned member on site naming its parent, and returns to stock any other left on site', async () => {
    const store = new MemoryStore();
    // The tools as made, before the generator's assignments changed them.
    const before = fakeRecords(generated.resources.tool, generated.config);
    await seedStore(store, generated, { generators: { sites: sitesGenerator() } });
    const tools = await rowsOf(store, 'tool');
    const [assigned, past] = tools.filter((_, i) => before[i].status !== 2);
    expect(assigned).toMatchObject({ status: 1, holder: 'Site-0' });
    expect(past.holder).toBeUndefined();
    for (const tool of tools.filter((t) => t.id !== assigned.id)) {
      expect(tool.holder).toBeUndefined();
      expect(tool.status).not.toBe(1);
    }
    expect(tools.some((tool, i) => before[i].status === 1 && tool.id !== assigned.id && tool.status === 0)).toBe(true);
    expect(tools.some((tool) => tool.status === 2)).toBe(true);
  });

  it.each([
    [
      'assigns a member whose value refuses it',
      (set: GeneratedSet, tools: StoredRecord[]) =>
        set.records.sitetool.push({ site: new Made('site', 2), tool: tools.find((t) => t.status === 2)!.id }),
      'cannot be assigned: its status is 2',
    ],
    [
      'puts a member on two parents of an exclusive assignment',
      (set: GeneratedSet) => set.records.sitetool.push({ ...set.records.sitetool[0], site: new Made('site', 2) }),
      'is assigned to Site-0 and Site-2 at once',
    ],
    [
      'points at a record it did not make',
      (set: GeneratedSet) => set.records.visit.push({ site: new Made('site', 9), metres: 1 }),
      'site names site record 9, which was not made before it',
    ],
  ])('writes nothing of the unit when the generator %s', async (_what, change, message) => {
    const store = new MemoryStore();
    await expect(seedStore(store, generated, { generators: { sites: sitesGenerator(change) } })).rejects.toThrow(message);
    expect(await counts(store, generated)).toEqual({ site: 0, visit: 0, sitetool: 0, tool: 6 });
  });

  it('after a crash inside the unit, a second run makes it whole, once', async () => {
    const store = new MemoryStore();
    const marks = new Set<string>();
    const generators = { sites: sitesGenerator() };
    const dying = crashing(store, 6 + 5);
    await expect(seedStore(dying, generated, { generators, progress: progressOn(dying, marks) })).rejects.toThrow('crash at insert 11');
    expect(await counts(store, generated)).toEqual({ site: 0, visit: 0, sitetool: 0, tool: 6 });
    expect(marks).toEqual(new Set(['tool']));
    const again = await seedStore(store, generated, { generators, progress: progressOn(store, marks) });
    expect(again.skipped).toEqual(['tool']);
    expect(await counts(store, generated)).toEqual({ site: 3, visit: 6, sitetool: 2, tool: 6 });
    expect(marks).toEqual(new Set(['tool', 'site', 'visit', 'sitetool']));
  });

  it('refuses an unknown generator, or one that does not make the resource, before writing anything', async () => {
    expect(generatorPlanProblems(generated.resources.site, generated.resources, {})).toEqual([
      { pointer: '/x-resource/seed/generator', message: 'no generator "sites": ours are ' },
    ]);
    const other = { sites: { ...sitesGenerator(), makes: ['site', 'visit'] } };
    expect(generatorPlanProblems(generated.resources.sitetool, generated.resources, other)).toEqual([
      { pointer: '/x-resource/seed/generator', message: 'the generator sites makes site, visit, not sitetool' },
    ]);
    const store = new MemoryStore();
    await expect(seedStore(store, generated)).rejects.toThrow('Demo data of site: no generator "sites": ours are wells');
    expect(await counts(store, generated)).toEqual({ site: 0, visit: 0, sitetool: 0, tool: 0 });
  });

  it('accepts the real plans that name a generator, and makes no record of them field by field', () => {
    const registry = loadRegistry();
    const named = Object.values(registry.resources).filter((schema) => schema['x-resource'].seed?.generator);
    expect(named.length).toBeGreaterThan(0);
    for (const schema of named) {
      expect(generatorPlanProblems(schema, registry.resources)).toEqual([]);
      expect(fakeRecords(schema, registry.config)).toEqual([]);
    }
  });
});
