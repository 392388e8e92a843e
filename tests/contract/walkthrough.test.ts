// The walkthrough of schemas/README.md, followed as a newcomer would: copy the repository's
// schemas into a scratch directory, add the files the walkthrough shows (read from its own code
// blocks, so it cannot rot), then run the schema check and the API on the result.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA_DIR, loadRegistry } from '../../kernel/schema/load-node';
import type { RouteNode } from '../../kernel/schema/types';
import { MemoryStore } from '../../server/store/memory';
import { makeApi } from './helpers';
import { describeSchemaInvariants } from './relations';

/** The README's ```json file=<name>[#<route>] blocks, by name. */
function walkthroughBlocks(): Map<string, unknown> {
  const readme = readFileSync(join(SCHEMA_DIR, 'README.md'), 'utf8');
  const blocks = new Map<string, unknown>();
  for (const match of readme.matchAll(/```json file=(\S+)\n([\s\S]*?)```/g)) blocks.set(match[1], JSON.parse(match[2]));
  return blocks;
}

function scratchSchemas(): string {
  const dir = mkdtempSync(join(tmpdir(), 'walkthrough-'));
  cpSync(SCHEMA_DIR, dir, { recursive: true });
  for (const [name, content] of walkthroughBlocks()) {
    const [file, routePath] = name.split('#');
    if (!routePath) {
      writeFileSync(join(dir, file), JSON.stringify(content, null, 2));
      continue;
    }
    const tree = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { routes: RouteNode[] };
    const parent = tree.routes.find((r) => r.path === routePath);
    if (!parent) throw new Error(`routes.json has no ${routePath}`);
    parent.children = [...(parent.children ?? []), ...(content as RouteNode[])];
    writeFileSync(join(dir, file), JSON.stringify(tree, null, 2));
  }
  return dir;
}

const blocks = walkthroughBlocks();
const schemas = loadRegistry(scratchSchemas());

describe('the walkthrough of schemas/README.md', () => {
  it('shows two schema files and the routes to them', () => {
    expect([...blocks.keys()].filter((k) => k.endsWith('.json')).length).toBeGreaterThanOrEqual(2);
    expect([...blocks.keys()].some((k) => k.startsWith('routes.json#'))).toBe(true);
  });

  describe('followed on the in-memory store', () => {
    let api: Awaited<ReturnType<typeof makeApi>>;
    beforeEach(async () => {
      api = await makeApi(new MemoryStore(), { registry: schemas });
    });
    afterEach(() => api.store.close());

    it('gives a supplier with purchases, each naming an instrument, kept sound both ways', async () => {
      const { call } = api;
      const supplier = await call<{ id: number }>('POST', '/supplier/add', { body: { name: 'Bohai Seals', phone: '+86 22 5555 0101' } });
      expect(supplier.code).toBe(20000);
      const device = await call<{ id: number }>('POST', '/device/create', {
        body: { numtype: 'T', num: '9001', type: 1, status: 0, brand: 1, meth: 1 },
      });
      const purchase = await call('POST', '/supplier/purchase/add', {
        body: { supplier: supplier.data.id, device: device.data.id, part: 'O-ring kit', quantity: 4, price: 12.5 },
      });
      expect(purchase.code).toBe(20000);
      const listed = await call<{ total: number }>('GET', '/supplier/purchase/list', { query: { id: supplier.data.id } });
      expect(listed.data.total).toBe(1);
      expect((await call('POST', '/supplier/del', { body: { id: supplier.data.id } })).code).toBe(40010);
      const deviceRefused = await call('POST', '/device/del', { body: { id: device.data.id } });
      expect(deviceRefused.code).toBe(40010);
      expect(deviceRefused.message).toMatch(/1 purchase/);
      const found = await call<{ items: { name: string }[] }>('GET', '/supplier/list', { query: { q: 'bohai' } });
      expect(found.data.items.map((s) => s.name)).toEqual(['Bohai Seals']);
    });
  });

  describeSchemaInvariants('its schemas on the in-memory store', schemas, 'memory');
  describeSchemaInvariants('its schemas on SQLite', schemas, 'SQLite');
});
