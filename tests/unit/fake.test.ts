// The fake-data generator, on the fixture product (tests/fixtures/mechanism), and one invariant of
// the real schemas: their demo records are records the server would accept.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATOR_ARGS, fakeRecords } from '../../kernel/demo/fake';
import { loadRegistry } from '../../kernel/schema/load-node';
import type { ResourceSchema } from '../../kernel/schema/types';
import { RecordValidator } from '../../kernel/schema/validation';
import { stripReadOnly } from '../../kernel/schema/write-schema';

const fixture = loadRegistry(join(import.meta.dirname, '../fixtures/mechanism'));
const { well, tool, run } = fixture.resources;
const ids = (map: Record<string, number[]>) => ({ ids: (resource: string) => map[resource] ?? [] });

/** The schema with one property changed. */
function withField(schema: ResourceSchema, name: string, change: Record<string, unknown>): ResourceSchema {
  const copy = structuredClone(schema);
  copy.properties![name] = { ...copy.properties![name], ...change };
  return copy;
}

describe('fakeRecords', () => {
  it('makes seed.count records, then the fixed ones as written', () => {
    const records = fakeRecords(well, fixture.config);
    expect(records).toHaveLength(7);
    expect(records[6]).toEqual({ name: 'Fixed-1H', depth: 1000, active: false });
  });

  it('gives the same records for the same seed, others for another', () => {
    expect(fakeRecords(tool, fixture.config, 1, ids({ well: [1, 2] }))).toEqual(
      fakeRecords(tool, fixture.config, 1, ids({ well: [1, 2] })),
    );
    expect(fakeRecords(tool, fixture.config, 2, ids({ well: [1, 2] }))).not.toEqual(
      fakeRecords(tool, fixture.config, 1, ids({ well: [1, 2] })),
    );
  });

  it('makes decimal:min:max numbers with two decimals in range, on the field step when it is coarser', () => {
    const depths = fakeRecords(well, fixture.config)
      .slice(0, 6)
      .map((w) => w.depth as number);
    for (const depth of depths) {
      expect(depth).toBeGreaterThanOrEqual(100);
      expect(depth).toBeLessThanOrEqual(5000);
      expect(Math.round(depth * 100) / 100).toBe(depth);
    }
    expect(depths.some((d) => Math.round(d * 10) / 10 !== d)).toBe(true); // two decimals, not one
    const meters = fakeRecords(run, fixture.config, 1, ids({ tool: [1], well: [1] })).map((r) => r.meters as number);
    expect(meters.every((m) => m >= 0 && m <= 3000 && Number.isInteger(m * 2))).toBe(true);
  });

  it('still varies a boolean that has a default', () => {
    const active = new Set(
      fakeRecords(well, fixture.config)
        .slice(0, 6)
        .map((w) => w.active),
    );
    expect(active).toEqual(new Set([true, false]));
  });

  it('points an x-ref field at one of the ids it is given', () => {
    const runs = fakeRecords(run, fixture.config, 1, ids({ tool: [11, 12, 13], well: [5] }));
    expect(runs).toHaveLength(20);
    expect(runs.every((r) => [11, 12, 13].includes(r.tool as number) && r.well === 5)).toBe(true);
    expect(new Set(runs.map((r) => r.tool)).size).toBeGreaterThan(1);
  });

  it('deals a spread reference so that every record is pointed at before any twice', () => {
    const spread = withField(run, 'well', { 'x-fake': 'spread' });
    const wells = [1, 2, 3, 4, 5, 6, 7];
    const runs = fakeRecords(spread, fixture.config, 1, ids({ tool: [11, 12, 13], well: wells }));
    const counts = wells.map((id) => runs.filter((r) => r.well === id).length);
    expect(Math.min(...counts), counts.join(' ')).toBeGreaterThanOrEqual(Math.floor(runs.length / wells.length));
    expect(Math.max(...counts), counts.join(' ')).toBeLessThanOrEqual(Math.ceil(runs.length / wells.length));
  });

  it('leaves out an optional reference with nothing to point at, and refuses a required one', () => {
    expect(fakeRecords(tool, fixture.config).every((t) => !('well' in t))).toBe(true);
    expect(() => fakeRecords(run, fixture.config, 1, ids({ well: [1] }))).toThrow(
      'Demo data of run: field tool is required, but there are no records of tool to point at',
    );
  });

  it('picks a dictionary field among the keys of its list', () => {
    const kinds = withField(tool, 'kind', { type: 'string', 'x-options': 'dict:toolKind' });
    const keys = (code: string) => (code === 'toolKind' ? ['mwd', 'lwd'] : []);
    expect(new Set(fakeRecords(kinds, fixture.config, 1, { dictionaryKeys: keys }).map((t) => t.kind))).toEqual(new Set(['mwd', 'lwd']));
  });

  it.each(Object.entries(GENERATOR_ARGS))('has the generator %s the schema check knows, taking %i arguments', (name, count) => {
    const hint = [name, ...['1', '5'].slice(0, count)].join(':');
    const [record] = fakeRecords(withField(well, 'depth', { type: undefined, multipleOf: undefined, 'x-fake': hint }), fixture.config);
    expect(record.depth).toBeDefined();
  });

  it.each([
    ['decimal:9:1', 'needs two numbers, min:max (got "9:1")'],
    ['decimal:1', 'needs two numbers, min:max (got "1")'],
    ['int:a:b', 'needs two numbers, min:max (got "a:b")'],
    ['person.nobody', 'no generator "person.nobody"'],
    ['nothing:1:2', 'no generator "nothing" taking arguments'],
  ])('refuses x-fake "%s", naming the resource and the field', (hint, reason) => {
    expect(() => fakeRecords(withField(well, 'depth', { 'x-fake': hint }), fixture.config)).toThrow(
      `Demo data of well: field depth (x-fake "${hint}"): ${reason}`,
    );
  });
});

describe('the demo records of the real schemas', () => {
  const registry = loadRegistry();
  const validator = new RecordValidator(registry);
  const t = (key: string, options?: Record<string, unknown>) => (typeof options?._ === 'string' ? options._ : key);
  const standIn = { ids: () => [1], dictionaryKeys: () => ['key'] };

  it.each(Object.keys(registry.resources))('of %s pass the validation of a write', (name) => {
    const schema = registry.resources[name];
    const problems = fakeRecords(schema, registry.config, 1, standIn).flatMap((record) =>
      validator.check(name, stripReadOnly(schema, record), 'en', t).map((p) => `${JSON.stringify(record)}: ${p.message}`),
    );
    expect(problems.slice(0, 3)).toEqual([]);
  });
});
