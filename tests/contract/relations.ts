// Records that belong together, one suite for every store: references, child collections, the
// data dictionary, unique fields and `q` search, on fixture schemas (tests/fixtures/relations:
// makers, their tools, each tool's runs and notes), then on the real schemas by their invariants.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DICTIONARY, DICTIONARY_OPTIONS_PATH } from '../../kernel/schema/dictionary';
import { createRegistry, type Registry } from '../../kernel/schema/registry';
import { parentParam } from '../../kernel/schema/query';
import { type Envelope, makeApi, registry as realRegistry } from './helpers';
import { type StoreName, storeCopy } from './stores';

const FIXTURES = join(import.meta.dirname, '../fixtures/relations');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** The fixture resources, with the dictionary's own two resources from schemas/. */
export const fixtureRegistry: Registry = createRegistry(
  {
    ...Object.fromEntries(
      readdirSync(FIXTURES)
        .filter((f) => f !== 'routes.json')
        .map((f) => [f, read(join(FIXTURES, f))]),
    ),
    dictionary: realRegistry.resources[DICTIONARY.lists],
    dictionaryitem: realRegistry.resources[DICTIONARY.items],
  },
  realRegistry.config,
  read(join(FIXTURES, 'routes.json')),
);

type Api = Awaited<ReturnType<typeof makeApi>>;
type Row = Record<string, unknown> & { id: number };
type List = { total: number; items: Row[] };

/** Each test on a copy of the store seeded with the fixture schemas' demo data. */
export function describeRelations(storeName: StoreName) {
  describe(`records that belong together on the ${storeName} store`, () => {
    let api: Api;
    let call: Api['call'];
    const add = async (resource: string, body: Record<string, unknown>) => {
      const answer = await call<Row>('POST', `/${resource}/add`, { body });
      expect(answer, JSON.stringify(answer)).toMatchObject({ code: 20000 });
      return answer.data;
    };
    const total = async (resource: string) => (await call<List>('GET', `/${resource}/list`)).data.total;

    beforeEach(async () => {
      api = await makeApi(await storeCopy(storeName, { registry: fixtureRegistry, seeded: true }), {
        registry: fixtureRegistry,
        seed: false,
      });
      call = api.call;
    });
    afterEach(async () => {
      await api.store.close();
    });

    describe('references', () => {
      it('refuses an id that does not exist, naming the field, and writes nothing', async () => {
        const answer = await call('POST', '/tool/add', { body: { maker: 999, name: 'Pulser' } });
        expect(answer.code).toBe(40001);
        expect(answer.errors).toEqual([{ field: 'maker', message: expect.stringContaining('999') }]);
        expect(await total('tool')).toBe(0);
      });

      it('refuses to delete a record others refer to, saying by what and how many, in one transaction', async () => {
        const maker = await add('maker', { code: 'TS', name: 'Tensor' });
        const spare = await add('maker', { code: 'AP', name: 'APS' });
        await add('tool', { maker: maker.id, name: 'A' });
        await add('tool', { maker: maker.id, name: 'B' });
        const refused = await call('POST', '/maker/del', { body: { ids: [spare.id, maker.id] } });
        expect(refused.code).toBe(40010);
        expect(refused.message).toMatch(/2 tool/);
        expect(await total('maker')).toBe(2);
        const chinese = await call('POST', '/maker/del', { body: { id: maker.id }, language: 'zh' });
        expect(chinese.message).toMatch(/未删除/);
        expect((await call('POST', '/maker/del', { body: { id: spare.id } })).code).toBe(20000);
      });

      it('filters by a reference and fetches several records by id', async () => {
        const [a, b] = [await add('maker', { code: 'A', name: 'A' }), await add('maker', { code: 'B', name: 'B' })];
        await add('tool', { maker: a.id, name: 'one' });
        await add('tool', { maker: b.id, name: 'two' });
        await add('tool', { maker: b.id, name: 'three' });
        const byMaker = await call<List>('GET', '/tool/list', { query: { maker: b.id } });
        expect(byMaker.data.items.map((t) => t.name).sort()).toEqual(['three', 'two']);
        const some = await call<List>('GET', '/maker/list', { query: { ids: `${b.id},${a.id}` } });
        expect(some.data.items.map((m) => m.id)).toEqual([a.id, b.id]);
        expect((await call('GET', '/maker/list', { query: { ids: '1,x' } })).code).toBe(40002);
      });
    });

    describe('search', () => {
      it('searches the searchable fields case-insensitively, combined with the other filters', async () => {
        const m = await add('maker', { code: 'GD', name: 'Gyrodata' });
        await add('maker', { code: 'SP', name: 'Sperry' });
        await add('tool', { maker: m.id, name: 'Gamma Probe', active: false });
        await add('tool', { maker: m.id, name: 'gamma pulser' });
        const makers = await call<List>('GET', '/maker/list', { query: { q: 'gyro' } });
        expect(makers.data.items.map((x) => x.code)).toEqual(['GD']);
        const tools = await call<List>('GET', '/tool/list', { query: { q: 'GAMMA', active: 'true' } });
        expect(tools.data.items.map((x) => x.name)).toEqual(['gamma pulser']);
        expect((await call('GET', '/tool/list', { query: { active: 'yes' } })).code).toBe(40002);
      });
    });

    describe('child collections', () => {
      it("lists a parent's children by its id, paged, and creates them under it", async () => {
        const maker = await add('maker', { code: 'M', name: 'M' });
        const [t1, t2] = [await add('tool', { maker: maker.id, name: 'T1' }), await add('tool', { maker: maker.id, name: 'T2' })];
        for (const depth of [10, 20, 30]) await add('run', { tool: t1.id, depth });
        await add('run', { tool: t2.id, depth: 5 });
        const page = await call<List>('GET', '/run/list', { query: { id: t1.id, page: 1, limit: 2, sort: '-depth' } });
        expect(page.data.total).toBe(3);
        expect(page.data.items.map((r) => r.depth)).toEqual([30, 20]);
        expect((await call('POST', '/run/add', { body: { tool: 404, depth: 1 } })).code).toBe(40001);
        // A parent parameter named by the schema.
        await add('note', { tool: t2.id, text: 'seal replaced' });
        expect((await call<List>('GET', '/note/list', { query: { tool: t2.id } })).data.total).toBe(1);
      });

      it('refuses to delete a parent that has children, unless they go with it', async () => {
        const maker = await add('maker', { code: 'M', name: 'M' });
        const tool = await add('tool', { maker: maker.id, name: 'T' });
        await add('run', { tool: tool.id, depth: 1 });
        await add('note', { tool: tool.id, text: 'a' });
        const refused = await call('POST', '/tool/del', { body: { id: tool.id } });
        expect(refused.code).toBe(40010);
        expect(refused.message).toMatch(/1 run/);
        expect([await total('run'), await total('note'), await total('tool')]).toEqual([1, 1, 1]);
        const run = (await call<List>('GET', '/run/list')).data.items[0];
        await call('POST', '/run/del', { body: { id: run.id } });
        expect((await call('POST', '/tool/del', { body: { id: tool.id } })).code).toBe(20000);
        expect(await total('note')).toBe(0); // cascaded
      });
    });

    describe('the data dictionary', () => {
      let kinds: Row;
      beforeEach(async () => {
        kinds = await add('setting/dictionary', { code: 'toolKind', name: 'Tool kinds' });
        const item = (key: string, sort: number, enabled = true) =>
          add('setting/dictionary/item', { dictionary: kinds.id, key, sort, enabled, label: { zh: key, en: key, es: key, ja: key } });
        await item('pulser', 2);
        await item('gamma', 1);
        await item('old', 3, false);
      });

      it('serves every list with its items in order, to every signed-in person', async () => {
        const options = await call<Record<string, { key: string; enabled: boolean }[]>>('GET', DICTIONARY_OPTIONS_PATH, {
          token: 'editor-token',
        });
        expect(options.code).toBe(20000);
        expect(options.data.toolKind.map((o) => [o.key, o.enabled])).toEqual([
          ['gamma', true],
          ['pulser', true],
          ['old', false],
        ]);
      });

      it('validates a field against the current items: unknown and disabled keys refused for new values', async () => {
        const maker = await add('maker', { code: 'M', name: 'M' });
        const unknown = await call('POST', '/tool/add', { body: { maker: maker.id, name: 'T', kind: 'laser' } });
        expect(unknown.code).toBe(40001);
        expect(unknown.errors?.[0].field).toBe('kind');
        expect((await call('POST', '/tool/add', { body: { maker: maker.id, name: 'T', kind: 'old' } })).code).toBe(40001);
        const tool = await add('tool', { maker: maker.id, name: 'T', kind: 'gamma' });
        expect(tool.active).toBe(true); // the schema's default
        // An item disabled later stays readable and savable on the records that have it.
        const gamma = (await call<{ list: Row[] }>('GET', '/setting/dictionary/item/list', { query: { id: kinds.id, q: 'gamma' } })).data
          .list[0];
        expect((await call('POST', '/setting/dictionary/item/update', { body: { id: gamma.id, enabled: false } })).code).toBe(20000);
        expect((await call('POST', '/tool/update', { body: { id: tool.id, name: 'T renamed' } })).code).toBe(20000);
        expect((await call('POST', '/tool/add', { body: { maker: maker.id, name: 'U', kind: 'gamma' } })).code).toBe(40001);
      });

      it('refuses to delete items in use, saying how many records hold them; the list goes with its unused items', async () => {
        const maker = await add('maker', { code: 'M', name: 'M' });
        await add('tool', { maker: maker.id, name: 'T', kind: 'pulser' });
        const items = (await call<{ list: Row[] }>('GET', '/setting/dictionary/item/list', { query: { id: kinds.id } })).data.list;
        const pulser = items.find((i) => i.key === 'pulser')!;
        const refused = await call('POST', '/setting/dictionary/item/del', { body: { id: pulser.id } });
        expect(refused.code).toBe(40010);
        expect(refused.message).toMatch(/1 tool/);
        expect((await call('POST', '/setting/dictionary/del', { body: { id: kinds.id } })).code).toBe(40010);
        expect((await call<{ count: number }>('GET', '/setting/dictionary/item/list', { query: { id: kinds.id } })).data.count).toBe(3);
        await call('POST', '/tool/update', { body: { id: (await call<List>('GET', '/tool/list')).data.items[0].id, kind: 'gamma' } });
        expect((await call('POST', '/setting/dictionary/item/del', { body: { id: pulser.id } })).code).toBe(20000);
        expect((await call('POST', '/setting/dictionary/del', { body: { id: kinds.id } })).code).toBe(40010); // gamma is used now
      });

      it('keeps item keys unique within their list, and list codes unique', async () => {
        const again = await call('POST', '/setting/dictionary/item/add', {
          body: { dictionary: kinds.id, key: 'gamma', label: { zh: 'g', en: 'g', es: 'g', ja: 'g' } },
        });
        expect(again.code).toBe(40001);
        expect(again.errors?.[0].field).toBe('key');
        const other = await add('setting/dictionary', { code: 'other', name: 'Other' });
        await add('setting/dictionary/item', { dictionary: other.id, key: 'gamma', label: { zh: 'g', en: 'g', es: 'g', ja: 'g' } });
        expect((await call('POST', '/setting/dictionary/add', { body: { code: 'toolKind', name: 'again' } })).code).toBe(40001);
      });
    });

    describe('permissions', () => {
      it("guards a record page's child collections with the page's roles", async () => {
        expect((await call('GET', '/run/list', { token: 'editor-token' })).code).toBe(40003);
        expect((await call('GET', '/maker/list', { token: 'editor-token' })).code).toBe(20000);
      });
    });
  });

  describeSchemaInvariants(`the real schemas on the ${storeName} store`, realRegistry, storeName);
}

/** What must hold for any set of schemas with references and child collections, on seeded demo data. */
export function describeSchemaInvariants(title: string, schemas: Registry, storeName: StoreName) {
  describe(title, () => {
    let api: Api;
    beforeEach(async () => {
      api = await makeApi(await storeCopy(storeName, { registry: schemas, seeded: true }), { registry: schemas, seed: false });
    });
    afterEach(async () => {
      await api.store.close();
    });

    it('refuse an id that does not exist in every reference field', async () => {
      for (const [name, schema] of Object.entries(schemas.resources)) {
        const { add, list } = schema['x-resource'].endpoints;
        if (!add || !list) continue;
        // A valid record to start from: one of the demo data's, less what the server owns.
        const listed = await api.call<Record<string, unknown>>('GET', list.path, { query: { limit: 1 } });
        const [sample] = ((listed.data.items ?? listed.data.list) as Row[]) ?? [];
        if (!sample) continue;
        const writable = Object.fromEntries(
          Object.entries(sample).filter(([key]) => !schema.properties?.[key]?.readOnly && key !== 'version'),
        );
        for (const [field, prop] of Object.entries(schema.properties ?? {})) {
          // A read-only reference is the server's to fill (a daily report's well, from its trip).
          if (!prop['x-ref'] || prop.readOnly) continue;
          const answer: Envelope = await api.call('POST', add.path, { body: { ...writable, [field]: 999_999_999 } });
          expect(answer.code, `${name}.${field}`).toBe(40001);
          expect(
            answer.errors?.some((e) => e.field === field),
            `${name}.${field}: ${answer.message}`,
          ).toBe(true);
        }
      }
    });

    it("list every child collection by its parent's id, and only that parent's records", async () => {
      for (const [name, schema] of Object.entries(schemas.resources)) {
        const parent = schema['x-resource'].parent;
        const list = schema['x-resource'].endpoints.list;
        if (!parent || !list) continue;
        const all = await api.call<Record<string, unknown>>('GET', list.path, { query: { limit: 1000 } });
        const rows = (all.data.items ?? all.data.list) as Row[];
        const someParent = rows[0]?.[parent.field];
        if (someParent === undefined) continue;
        const mine = await api.call<Record<string, unknown>>('GET', list.path, {
          query: { [parentParam(schema)!]: String(someParent), limit: 1000 },
        });
        const children = (mine.data.items ?? mine.data.list) as Row[];
        expect(children.length, name).toBeGreaterThan(0);
        expect(
          children.every((c) => c[parent.field] === someParent),
          name,
        ).toBe(true);
      }
    });
  });
}
