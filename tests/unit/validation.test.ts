import { describe, expect, it } from 'vitest';
import type { Language } from '../../kernel/i18n/languages';
import { loadRegistry } from '../../kernel/schema/load-node';
import { RecordValidator } from '../../kernel/schema/validation';
import { translator } from '../../server/http/messages';

const registry = loadRegistry();
const validator = new RecordValidator(registry);
/** The option lists as fixed lists, not kept in the data dictionary (whose values the server checks against the database). */
const fixedLists = new RecordValidator({
  ...registry,
  config: Object.fromEntries(Object.entries(registry.config).map(([name, { dictionary: _d, ...list }]) => [name, list])),
});

const labels: Record<string, string> = { 'resources.device.fields.numtype': 'Number type', 'resources.device.fields.ownership': 'Owner' };
const english = translator('en');
const chinese = translator('zh');
/** Field labels stay keys (so the tests can name them); reasons come from the real catalogues. */
const withLabels =
  (base: typeof english) =>
  (key: string, options?: Record<string, unknown>): string =>
    key.startsWith('resources.') ? (labels[key] ?? (typeof options?._ === 'string' ? options._ : key)) : base(key, options);
const t = withLabels(english);

const goodDevice = { numtype: 'T', num: 'A-1', type: 1, status: 0, brand: 99, meth: 2 };
const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('a dictionary item', () => {
  const item = { dictionary: 1, key: 'slant' };

  it('takes a label in one language alone: the languages a company does not use may stay empty', () => {
    expect(validator.check('dictionaryitem', { ...item, label: { zh: '斜直井' } }, 'en', t)).toEqual([]);
    expect(validator.check('dictionaryitem', { ...item, label: { es: 'Inclinado', en: '' } }, 'en', t)).toEqual([]);
  });

  it('needs a label in one language at least, and says so', () => {
    const none = validator.check('dictionaryitem', { ...item, label: { zh: '', en: '', es: '', ja: '' } }, 'en', t);
    expect(none.map((p) => p.field)).toEqual(['label']);
    expect(none[0].message).toContain(english('validation.custom.one_label'));
  });
});

describe('RecordValidator.check', () => {
  it('gives no problem for a valid record', () => {
    expect(validator.check('device', goodDevice, 'en', t)).toEqual([]);
    expect(validator.check('crew', { teamNumber: 'A1', leader: { name: 'Li', phone: '+86 138-0000' } }, 'en', t)).toEqual([]);
  });

  it('names the translated field and lists what is allowed', () => {
    expect(validator.check('device', { ...goodDevice, ownership: 'X' }, 'en', t)).toEqual([
      { field: 'ownership', message: 'Owner: must be one of: own, rented, client' },
    ]);
  });

  it('reports each missing required field once', () => {
    expect(validator.check('device', {}, 'en', t)).toEqual(
      ['numtype', 'num', 'type', 'status', 'brand', 'meth'].map((field) => ({
        field,
        message: `${field === 'numtype' ? 'Number type' : field}: is required`,
      })),
    );
  });

  it('refuses readOnly and unknown fields, unknown ones even when empty', () => {
    expect(validator.check('device', { ...goodDevice, id: 3, colour: 'red' }, 'en', t)).toEqual([
      { field: 'colour', message: 'colour: is not a field of this record' },
      { field: 'id', message: 'id: is not a field of this record' },
    ]);
    expect(validator.check('crew', { teamNumber: 'A1', leader: { name: 'Li', age: null }, colour: '' }, 'en', t)).toEqual([
      { field: 'leader.age', message: 'leader.age: is not a field of this record' },
      { field: 'colour', message: 'colour: is not a field of this record' },
    ]);
  });

  it('names the options of a /config list by their labels', () => {
    const [problem] = fixedLists.check('device', { ...goodDevice, brand: 0 }, 'en', t);
    expect(problem.field).toBe('brand');
    expect(problem.message).toBe('brand: must be one of: Tensor, APS, Sperry, Weatherford, Gyrodata, Other');
  });

  it('keeps one message a field, and says which kind of value is wanted', () => {
    expect(validator.check('device', { ...goodDevice, brand: 'x' }, 'en', t)).toEqual([
      { field: 'brand', message: 'brand: must be a whole number' },
    ]);
  });

  it('gives the range and the unit of a number', () => {
    // A run's hours in use (an instrument's own hours are the server's, read-only).
    const run = { device: 1, startcl: 10, starttime: '2026-01-01T00:00:00Z', status: 1 };
    expect(validator.check('userecord', { ...run, usetime: -1 }, 'en', t)).toEqual([
      { field: 'usetime', message: 'usetime: must be from 0 to 100,000 h' },
    ]);
    expect(validator.check('userecord', { ...run, usetime: -1 }, 'es', withLabels(translator('es')))[0].message).toBe(
      'usetime: debe estar entre 0 y 100.000 h',
    );
  });

  it('says a pattern in words, never as a regular expression', () => {
    for (const language of ['en', 'zh', 'es', 'ja'] as Language[]) {
      const [problem] = validator.check('device', { ...goodDevice, num: 'bad value!' }, language, withLabels(translator(language)));
      expect(problem.field).toBe('num');
      expect(problem.message).not.toMatch(/[\\^$[\]{}]/);
    }
    expect(validator.check('device', { ...goodDevice, num: 'bad value!' }, 'en', t)[0].message).toBe(
      'num: may contain only letters, digits and - (1 to 16 characters)',
    );
  });

  it('names nested fields with dotted paths', () => {
    // An empty group is no group: the leader itself is missing.
    expect(validator.check('crew', { teamNumber: 'A1', leader: {} }, 'en', t)).toEqual([
      { field: 'leader', message: 'leader: is required' },
    ]);
    expect(validator.check('crew', { teamNumber: 'A1', leader: { phone: '13800000000' } }, 'en', t)).toEqual([
      { field: 'leader.name', message: 'leader.name: is required' },
    ]);
    expect(validator.check('crew', { teamNumber: 'A1', leader: { name: 'Li' }, secretary: { phone: 'ab' } }, 'en', t)).toEqual([
      { field: 'secretary.name', message: 'secretary.name: is required' },
      {
        field: 'secretary.phone',
        message: 'secretary.phone: must be a phone number: digits, spaces or -, optionally starting with + (5 to 20 characters)',
      },
    ]);
  });

  it('names an array field without its index', () => {
    expect(
      validator.check('article', { title: 'T', type: 'CN', importance: 1, platforms: ['z-platform'] }, 'en', t).map((p) => p.field),
    ).toEqual(['platforms']);
  });

  it('speaks English for en and Chinese for zh, without leaking one into the next call', () => {
    const record = { ...goodDevice, ownership: 'X' };
    const [zh] = validator.check('device', record, 'zh', withLabels(chinese));
    const [en] = validator.check('device', record, 'en', t);
    expect(en.message).toBe('Owner: must be one of: own, rented, client');
    expect(zh.field).toBe('ownership');
    expect(zh.message).toBe('Owner: 必须是以下之一：own, rented, client');
    expect(CJK.test(zh.message)).toBe(true);
  });

  it('accepts every value that is a whole number of decimal steps, and refuses the others', () => {
    // Ten thousand two-decimal values, as a person types them: 0.00 to 99.99.
    const refused: number[] = [];
    for (let cents = 0; cents < 10_000; cents++) {
      const value = Number(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
      if (validator.check('userecord', { device: 1, startcl: value, starttime: '2026-01-01T00:00:00Z', status: 1 }, 'en', t).length > 0)
        refused.push(value);
    }
    expect(refused).toEqual([]);
    const [third] = validator.check('userecord', { device: 1, startcl: 8.451, starttime: '2026-01-01T00:00:00Z', status: 1 }, 'en', t);
    expect(third).toEqual({ field: 'startcl', message: 'startcl: may have at most 2 decimals' });
  });

  it('accepts two-decimal grid coordinates of eight digits, and refuses a third decimal there too', () => {
    const well = {
      wellNumber: 'W-1',
      wellType: 'vertical',
      oilArea: 'Changqing',
      clientUnit: 'Client',
      startDate: '2026-01-01',
      status: 0,
    };
    const refused: number[] = [];
    for (let i = 0; i < 2_000; i++) {
      const value = Number(`${19_840_000 + i * 7}.${String((i * 37) % 100).padStart(2, '0')}`);
      if (validator.check('project', { ...well, xCoord: value }, 'en', t).some((e) => e.field === 'xCoord')) refused.push(value);
    }
    expect(refused).toEqual([]);
    expect(validator.check('project', { ...well, xCoord: 19_840_756.475 }, 'en', t).map((e) => e.field)).toContain('xCoord');
  });
});
