// Choices from a data-dictionary list: labels in the person's language, in sort order; disabled
// items readable everywhere but offered in a form only as the record's current value.
import { describe, expect, it } from 'vitest';
import { type DictionaryOption, labelIn } from '../../kernel/schema/dictionary';
import { dictionaryChoices, formChoices, itemLabel } from '../../src/resources/generic/dictionaryChoices';

const items: DictionaryOption[] = [
  { key: 'horizontal', sort: 3, enabled: true, label: { zh: '水平井', en: 'Horizontal', es: 'Horizontal', ja: '水平井' } },
  { key: 'vertical', sort: 1, enabled: true, label: { zh: '直井', en: 'Vertical', es: 'Vertical', ja: '垂直井' } },
  { key: 'cluster', sort: 2, enabled: false, label: { zh: '丛式井', en: 'Cluster', es: 'Racimo', ja: '' } },
];

describe('dictionary choices', () => {
  it('are labelled in the chosen language, in sort order, disabled ones flagged', () => {
    expect(dictionaryChoices(items, 'zh')).toEqual([
      { id: 'vertical', name: '直井' },
      { id: 'cluster', name: '丛式井', inactive: true },
      { id: 'horizontal', name: '水平井' },
    ]);
  });

  it('read an item labelled only in the languages a company uses in any other: in English, else the first given', () => {
    const chineseOnly = { key: 'slant', sort: 0, enabled: true, label: { zh: '斜直井' } };
    expect(itemLabel(chineseOnly, 'en')).toBe('斜直井');
    expect(labelIn({ zh: '斜直井', en: '', es: 'Inclinado' }, 'ja')).toBe('斜直井');
    expect(labelIn({ ja: '傾斜井', es: 'Inclinado' }, 'zh')).toBe('Inclinado');
    expect(labelIn({ zh: '', en: ' ' }, 'en')).toBeUndefined();
  });

  it('fall back to English, then to the key', () => {
    expect(itemLabel(items[2], 'ja')).toBe('Cluster');
    expect(itemLabel({ key: 'odd', sort: 0, enabled: true, label: {} }, 'es')).toBe('odd');
    expect(dictionaryChoices(undefined, 'en')).toEqual([]);
  });

  it('offer in a form only enabled items, plus a current disabled value, greyed and marked', () => {
    const choices = dictionaryChoices(items, 'en');
    const mark = (name: string) => `${name} (disabled)`;
    expect(formChoices(choices, undefined, mark).map((c) => c.id)).toEqual(['vertical', 'horizontal']);
    expect(formChoices(choices, 'cluster', mark)).toEqual([
      { id: 'vertical', name: 'Vertical' },
      { id: 'cluster', name: 'Cluster (disabled)', inactive: true, disabled: true },
      { id: 'horizontal', name: 'Horizontal' },
    ]);
    expect(formChoices(choices, ['cluster', 'vertical'], mark).map((c) => c.id)).toEqual(['vertical', 'cluster', 'horizontal']);
  });
});
