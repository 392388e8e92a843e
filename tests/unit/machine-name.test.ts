// Machine names made from titles (a designer's fields, a template's code), and the designer's
// rule of when a new title renames a field.
import fc from 'fast-check';
import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import { FIELD_NAME_PATTERN } from '../../kernel/forms/definitions';
import { machineName, unusedName } from '../../kernel/forms/machine-name';
import { copyName, nameFollowsTitle, nameFromTitle } from '../../src/forms/designer/fieldList';

const latinize = (text: string) => pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join(' ');

describe('a machine name made from a title', () => {
  it('keeps letters and digits, drops accents, joins words with underscores', () => {
    expect(machineName('Tool face (°)')).toBe('tool_face');
    expect(machineName('Presión de bomba')).toBe('presion_de_bomba');
    expect(machineName('  Pre-job  check 2 ')).toBe('pre_job_check_2');
    expect(machineName('2nd run')).toBe('nd_run');
  });

  it('writes Chinese in pinyin, and gives none for what cannot be written in letters', () => {
    expect(machineName('井斜角', latinize)).toBe('jing_xie_jiao');
    expect(machineName('MWD 探管编号', latinize)).toBe('mwd_tan_guan_bian_hao');
    expect(machineName('カタカナ')).toBeUndefined();
    expect(machineName('—')).toBeUndefined();
  });

  it('is always a valid field name, whatever the title (fixed seed)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (title) => {
        const name = machineName(title, latinize);
        if (name !== undefined) expect(name).toMatch(FIELD_NAME_PATTERN);
      }),
      { seed: 20261127, numRuns: 500 },
    );
  });

  it('is numbered where another holds it, within 32 characters', () => {
    expect(unusedName('depth', new Set(['depth', 'depth_2']))).toBe('depth_3');
    const long = 'a'.repeat(32);
    expect(unusedName(long, new Set([long]))).toBe(`${'a'.repeat(30)}_2`);
    expect(
      copyName('depth_2', [
        { name: 'depth', title: '', type: 'input' },
        { name: 'depth_2', title: '', type: 'input' },
      ]),
    ).toBe('depth_3');
  });
});

describe("the designer's field names", () => {
  const field = (name: string, title: string) => ({ name, title, type: 'input' as const });

  it('follow the title while the name is a fresh one or was made from the title', () => {
    expect(nameFollowsTitle(field('field3', ''))).toBe(true);
    expect(nameFollowsTitle(field('tool_face', 'Tool face'))).toBe(true);
    expect(nameFollowsTitle(field('tool_face_2', 'Tool face'))).toBe(true);
    expect(nameFollowsTitle(field('jing_shen', '井深'), latinize)).toBe(true);
    expect(nameFollowsTitle(field('tf', 'Tool face'))).toBe(false);
  });

  it('take a number where another field holds the name', () => {
    const list = [field('tool_face', 'Tool face'), field('field2', '')];
    expect(nameFromTitle('Tool face', list, 1)).toBe('tool_face_2');
    expect(nameFromTitle('Tool face', list, 0)).toBe('tool_face');
    expect(nameFromTitle('——', list, 1)).toBeUndefined();
  });
});
