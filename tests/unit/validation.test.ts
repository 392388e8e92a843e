import { describe, expect, it } from 'vitest';
import type { Language } from '../../kernel/i18n/languages';
import { loadRegistry } from '../../kernel/schema/load-node';
import { RecordValidator } from '../../kernel/schema/validation';

const validator = new RecordValidator(loadRegistry());

const labels: Record<string, string> = { 'resources.device.fields.numtype': 'Number type' };
const t = (key: string, options?: Record<string, unknown>): string =>
  labels[key] ?? (typeof options?._ === 'string' ? options._ : key);

const goodDevice = { numtype: 'T', num: 'A-1', type: 1, status: 0, brand: 99, meth: 2 };
const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('RecordValidator.check', () => {
  it('gives no problem for a valid record', () => {
    expect(validator.check('device', goodDevice, 'en', t)).toEqual([]);
    expect(validator.check('crew', { teamNumber: 'A1', leader: { name: 'Li', phone: '+86 138-0000' } }, 'en', t)).toEqual([]);
  });

  it('names the translated field and says what is wrong', () => {
    expect(validator.check('device', { ...goodDevice, numtype: 'X' }, 'en', t)).toEqual([
      { field: 'numtype', message: 'Number type: must be equal to one of the allowed values' },
    ]);
  });

  it('reports each missing required field once', () => {
    expect(validator.check('device', {}, 'en', t)).toEqual(
      ['numtype', 'num', 'type', 'status', 'brand', 'meth'].map((field) => ({
        field,
        message: `${field === 'numtype' ? 'Number type' : field}: validation.required`,
      })),
    );
  });

  it('refuses readOnly and unknown fields, unknown ones even when empty', () => {
    expect(validator.check('device', { ...goodDevice, id: 3, colour: 'red' }, 'en', t)).toEqual([
      { field: 'colour', message: 'colour: validation.unknown_field' },
      { field: 'id', message: 'id: validation.unknown_field' },
    ]);
    expect(validator.check('crew', { teamNumber: 'A1', leader: { name: 'Li', age: null }, colour: '' }, 'en', t)).toEqual([
      { field: 'leader.age', message: 'leader.age: validation.unknown_field' },
      { field: 'colour', message: 'colour: validation.unknown_field' },
    ]);
  });

  it('checks option lists from config', () => {
    expect(validator.check('device', { ...goodDevice, brand: 0 }, 'en', t)).toEqual([
      { field: 'brand', message: 'brand: must be equal to one of the allowed values' },
    ]);
  });

  it('keeps one message a field', () => {
    const problems = validator.check('device', { ...goodDevice, brand: 'x' }, 'en', t);
    expect(problems).toEqual([{ field: 'brand', message: 'brand: must be integer' }]);
  });

  it('names nested fields with dotted paths', () => {
    // An empty group is no group: the leader itself is missing.
    expect(validator.check('crew', { teamNumber: 'A1', leader: {} }, 'en', t)).toEqual([
      { field: 'leader', message: 'leader: validation.required' },
    ]);
    expect(validator.check('crew', { teamNumber: 'A1', leader: { phone: '13800000000' } }, 'en', t)).toEqual([
      { field: 'leader.name', message: 'leader.name: validation.required' },
    ]);
    expect(validator.check('crew', { teamNumber: 'A1', leader: { name: 'Li' }, secretary: { phone: 'ab' } }, 'en', t)).toEqual([
      { field: 'secretary.name', message: 'secretary.name: validation.required' },
      { field: 'secretary.phone', message: 'secretary.phone: must match pattern "^\\+?[0-9][0-9 -]{4,19}$"' },
    ]);
  });

  it('names an array field without its index', () => {
    expect(
      validator.check('article', { title: 'T', type: 'CN', importance: 1, platforms: ['z-platform'] }, 'en', t).map((p) => p.field),
    ).toEqual(['platforms']);
  });

  it('speaks English for en and Chinese for zh', () => {
    const record = { ...goodDevice, numtype: 'X' };
    const [en] = validator.check('device', record, 'en', t);
    const [zh] = validator.check('device', record, 'zh', t);
    expect(en.message).toBe('Number type: must be equal to one of the allowed values');
    expect(CJK.test(en.message)).toBe(false);
    expect(zh.field).toBe('numtype');
    expect(zh.message.startsWith('Number type: ')).toBe(true);
    expect(CJK.test(zh.message)).toBe(true);
    expect(zh.message).toBe('Number type: 应当是预设定的枚举值之一');
  });

  it.each<[Language, boolean]>([
    ['ja', true],
    ['es', false],
  ])('localizes the reason for %s', (language, cjk) => {
    const [problem] = validator.check('device', { ...goodDevice, numtype: 'X' }, language, t);
    expect(CJK.test(problem.message)).toBe(cjk);
    expect(problem.message).not.toBe('Number type: must be equal to one of the allowed values');
  });

  it('does not leak one language into the next call', () => {
    const record = { ...goodDevice, num: 'bad value!' };
    const zh = validator.check('device', record, 'zh', t)[0].message;
    const en = validator.check('device', record, 'en', t)[0].message;
    expect(CJK.test(zh)).toBe(true);
    expect(en).toBe('num: must match pattern "^[0-9A-Za-z-]{1,16}$"');
  });
});
