// Values worked out from a record's own fields (`difference`, `ratio`, `hoursBetween`), in the
// order they depend on each other, and the checks across fields that read them or add fields up
// (`sumAtMost`), run by the one validator the console and the server share, on the wells fixture
// (tests/fixtures/wells: pads and their bores).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSchemas } from '../../kernel/schema/check';
import { computedOrder, derive, withComputed } from '../../kernel/schema/derive';
import { loadRegistry, readSchemaFiles } from '../../kernel/schema/load-node';
import { RecordValidator } from '../../kernel/schema/validation';
import { translator } from '../../server/http/messages';

const dir = join(import.meta.dirname, '../fixtures/wells');
const wells = loadRegistry(dir);
const validator = new RecordValidator(wells);
const bore = wells.resources.bore;

const labels: Record<string, string> = {
  'resources.bore.fields.drilling': 'Drilling',
  'resources.bore.fields.tripping': 'Tripping',
  'resources.bore.fields.waiting': 'Waiting',
  'resources.bore.fields.pumping': 'Pumping',
  'resources.bore.fields.hours': 'Hours',
};
/** Field labels from the table above (else their paths); reasons from the real catalogues. */
const withLabels =
  (base: ReturnType<typeof translator>) =>
  (key: string, options?: Record<string, unknown>): string =>
    key.startsWith('resources.') ? (labels[key] ?? (typeof options?._ === 'string' ? options._ : key)) : base(key, options);

const good = { pad: 1, top: 1000, bottom: 1250.55, from: '2026-03-01T08:00:00Z', to: '2026-03-02T20:00:00Z', pumping: 30, drilling: 10 };
const check = (record: Record<string, unknown>, language: 'en' | 'zh' = 'en') =>
  validator.check('bore', record, language, withLabels(translator(language)));

describe('computed values', () => {
  it('are computed after the values they are made from, whatever the order of the fields', () => {
    expect(Object.keys(bore.properties!).indexOf('rate')).toBeLessThan(Object.keys(bore.properties!).indexOf('length'));
    expect(computedOrder(bore)).toEqual(['length', 'rate', 'hours']);
  });

  it('give a difference on the field step and a ratio on two decimals', () => {
    expect(withComputed(bore, good)).toMatchObject({ length: 250.6, rate: 25.06, hours: 36 });
  });

  it('leave a ratio by zero, or a difference of a missing value, absent', () => {
    const none = withComputed(bore, { ...good, drilling: 0, length: 5, rate: 9 });
    expect(none.rate).toBeUndefined();
    const noBottom = withComputed(bore, { pad: 1, top: 1000, length: 5, rate: 9 });
    expect([noBottom.length, noBottom.rate]).toEqual([undefined, undefined]);
  });

  it('keep a total the store keeps: 0 on a new parent, the stored one on an edit', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(derive(wells.resources.pad, { name: 'P1' }, undefined, now).length).toBe(0);
    expect(derive(wells.resources.pad, { name: 'P1' }, { id: 1, name: 'P0', length: 812.5 }, now).length).toBe(812.5);
  });
});

describe('read-only fields the server keeps by other means', () => {
  it('keep their stored values through an edit, inside groups too', () => {
    const stored = { id: 1, name: 'P0', crew: 'C-7', site: { code: 'A', elevation: 1250 }, length: 3 };
    const edited = derive(wells.resources.pad, { name: 'P1', site: { code: 'B' } }, stored, new Date());
    expect(edited).toEqual({ name: 'P1', crew: 'C-7', site: { code: 'B', elevation: 1250 }, length: 3 });
    expect(stored.site).toEqual({ code: 'A', elevation: 1250 });
  });
});

describe('rules reading computed values', () => {
  it('accept a record within them', () => {
    expect(check(good)).toEqual([]);
  });

  it('compare a typed value with the computed one, naming it and its value', () => {
    expect(check({ ...good, pumping: 40 })).toEqual([{ field: 'pumping', message: 'Pumping: must be at most Hours (36 h)' }]);
  });

  it('say nothing when a value they read was refused on its own', () => {
    expect(check({ ...good, pumping: 40, to: 'soon' }).map((p) => p.field)).toEqual(['to']);
  });
});

describe('sumAtMost', () => {
  it('refuses fields adding up to more than the maximum, naming them all and the maximum with its unit', () => {
    expect(check({ ...good, drilling: 12, tripping: 8, waiting: 5 })).toEqual([
      { field: 'waiting', message: 'Drilling, Tripping, and Waiting together must be at most 24 h (now 25 h)' },
    ]);
  });

  it('adds the fields given, and accepts exactly the maximum without a floating-point tail', () => {
    expect(check({ ...good, drilling: 12.1, waiting: 11.9 })).toEqual([]);
    expect(check({ ...good, drilling: 0.1, tripping: 23.7, waiting: 0.2 })).toEqual([]);
  });

  it('speaks the person’s language', () => {
    const [problem] = check({ ...good, drilling: 20, waiting: 5 }, 'zh');
    expect(problem.field).toBe('waiting');
    expect(problem.message).toMatch(/24/);
    expect(problem.message).not.toMatch(/together/);
  });
});

describe('the fixture', () => {
  it('is sound', () => {
    expect(checkSchemas(readSchemaFiles(dir), wells.config, wells.routes, { pages: [], panels: [], icons: new Set(['Build']) })).toEqual(
      [],
    );
  });
});
