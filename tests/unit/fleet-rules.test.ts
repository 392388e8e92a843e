// Checks across fields (`x-rules`) and lists whose items may not repeat a key (`x-unique-by`),
// run by the one validator the console and the server share, on the fleet fixture
// (tests/fixtures/fleet: rigs, their jobs, kits of parts). Each problem names both fields, in the
// person's language, and is attached to the field a form shows it under.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../kernel/schema/load-node';
import { RecordValidator } from '../../kernel/schema/validation';
import { translator } from '../../server/http/messages';

const fleet = loadRegistry(join(import.meta.dirname, '../fixtures/fleet'));
const validator = new RecordValidator(fleet);

/** Field labels stay their paths unless given here (so the tests can name them); reasons come from the real catalogues. */
const withLabels =
  (base: ReturnType<typeof translator>, labels: Record<string, string> = {}) =>
  (key: string, options?: Record<string, unknown>): string =>
    key.startsWith('resources.') ? (labels[key] ?? (typeof options?._ === 'string' ? options._ : key)) : base(key, options);
const t = withLabels(translator('en'));

const job = {
  rig: 1,
  top: 1200,
  bottom: 1500,
  from: '2026-03-01T08:00:00Z',
  to: '2026-03-03T20:30:00Z',
  ok: 1,
  survey: { start: 10, end: 12 },
};
const check = (record: Record<string, unknown>, resource = 'job') => validator.check(resource, record, 'en', t);

describe('x-rules comparing two fields', () => {
  it('accepts a record that keeps every rule', () => {
    expect(check(job)).toEqual([]);
    expect(check({ ...job, bottom: 1200 })).toEqual([]); // gte: equal is enough
  });

  it('refuses a number below the one it must reach, naming both fields and the value', () => {
    expect(check({ ...job, bottom: 1199.9 })).toEqual([{ field: 'bottom', message: 'bottom: must be at least top (1,200 m)' }]);
  });

  it('says "after" for times, and refuses the same time where it must be later', () => {
    expect(check({ ...job, to: '2026-02-28T08:00:00Z' })).toEqual([{ field: 'to', message: 'to: must be after from' }]);
    expect(check({ ...job, to: job.from })).toEqual([{ field: 'to', message: 'to: must be after from' }]);
  });

  it('compares fields inside a group, attaching the problem to the dotted path', () => {
    expect(check({ ...job, survey: { start: 14, end: 12 } })).toEqual([
      { field: 'survey.start', message: 'survey.start: must be at most survey.end (12)' },
    ]);
  });

  it('checks nothing while either field is missing or empty', () => {
    expect(check({ ...job, bottom: undefined })).toEqual([]);
    expect(check({ ...job, top: null, to: '' })).toEqual([]);
  });

  it('leaves a field its own check refused, and the fields compared with it, to that one message', () => {
    expect(check({ ...job, bottom: 'deep' })).toEqual([{ field: 'bottom', message: 'bottom: must be a number' }]);
    expect(check({ ...job, bottom: 6000 })).toEqual([{ field: 'bottom', message: 'bottom: must be from 0 to 5,000 m' }]);
    // Nor is a field compared with one that was refused: the refused one is the problem.
    expect(check({ ...job, top: 5000.5 })).toEqual([{ field: 'top', message: 'top: must be from 0 to 5,000 m' }]);
  });

  it('speaks the person’s language, with both fields’ labels', () => {
    const zh = withLabels(translator('zh'), { 'resources.job.fields.bottom': '底深', 'resources.job.fields.top': '顶深' });
    expect(validator.check('job', { ...job, bottom: 1000 }, 'zh', zh)).toEqual([
      { field: 'bottom', message: '底深: 不能小于顶深（1,200 m）' },
    ]);
    const es = withLabels(translator('es'), { 'resources.job.fields.to': 'Fin', 'resources.job.fields.from': 'Inicio' });
    expect(validator.check('job', { ...job, to: '2026-01-01T00:00:00Z' }, 'es', es)).toEqual([
      { field: 'to', message: 'Fin: debe ser posterior a Inicio' },
    ]);
  });
});

describe('x-rules requiring a field while others hold a value', () => {
  it('requires the reason of a failed job only, naming the condition by its label', () => {
    expect(check({ ...job, ok: 0 })).toEqual([{ field: 'why', message: 'why: is required when ok is 0' }]);
    expect(check({ ...job, ok: 0, why: '' })).toEqual([{ field: 'why', message: 'why: is required when ok is 0' }]);
    expect(check({ ...job, ok: 0, why: 'Pulser stuck' })).toEqual([]);
    expect(check({ ...job, ok: 1 })).toEqual([]);
    expect(check({ ...job, ok: undefined })).toEqual([]);
  });

  it('labels the value as the enum does', () => {
    const labelled = withLabels(translator('en'), {
      'resources.job.fields.ok': 'Result',
      'resources.job.enums.ok.0': 'Failed',
      'resources.job.fields.why': 'Reason',
    });
    expect(validator.check('job', { ...job, ok: 0 }, 'en', labelled)).toEqual([
      { field: 'why', message: 'Reason: is required when Result is Failed' },
    ]);
  });
});

describe('lists of objects', () => {
  const kit = (parts: unknown) => check({ name: 'Seal kit', parts }, 'kit');

  it('accepts items with different keys', () => {
    expect(
      kit([
        { name: 'Size', options: ['147 mm'] },
        { name: 'Material', options: ['Viton', 'HNBR'] },
      ]),
    ).toEqual([]);
  });

  it('refuses a key an earlier item has, trimmed and ignoring case, at the repeated item, saying where the first is', () => {
    const parts = [
      { name: 'Size', options: ['147 mm'] },
      { name: 'Material', options: ['Viton'] },
      { name: ' size ', options: ['215.9 mm'] },
    ];
    expect(kit(parts)).toEqual([{ field: 'parts.2.name', message: 'parts, row 3, parts.name: " size " is already in row 1' }]);
  });

  it('names an item’s own problems by the list, the row and the item’s field', () => {
    expect(kit([{ name: 'Size', options: [] }, { options: ['x'] }])).toEqual([
      { field: 'parts.0.options', message: 'parts, row 1, parts.options: must have at least 1 item' },
      { field: 'parts.1.name', message: 'parts, row 2, parts.name: is required' },
    ]);
    expect(kit([])).toEqual([{ field: 'parts', message: 'parts: must have at least 1 item' }]);
  });

  it('words the row in the person’s language', () => {
    const zh = withLabels(translator('zh'), { 'resources.kit.fields.parts': '规格', 'resources.kit.fields.parts.name': '规格名称' });
    const [problem] = validator.check(
      'kit',
      {
        name: 'K',
        parts: [
          { name: 'A', options: ['1'] },
          { name: 'a', options: ['2'] },
        ],
      },
      'zh',
      zh,
    );
    expect(problem).toEqual({ field: 'parts.1.name', message: '规格第 2 行的规格名称: “a”已在第 1 行出现' });
  });
});

describe('the real schemas', () => {
  it('every rule names two fields a person gives, or one and a condition', () => {
    const real = loadRegistry();
    const rules = Object.values(real.resources).flatMap((schema) => schema['x-rules'] ?? []);
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect(Object.keys(rule)).toHaveLength(2);
  });
});
