// Matching a spreadsheet's headers to a resource's fields, for every importable resource of the
// schemas: each field's label in each of the four languages (with or without a unit and a star)
// and its own name find the field; units in headers convert into the field's unit or are refused;
// a mapping chosen by the person wins over the guess. And cells read as values the way people
// write them.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../kernel/i18n/languages';
import { cellBoolean, cellDate, cellDateTime, cellItems } from '../../kernel/import/cells';
import { converter, matchHeaders, normalizeHeader } from '../../kernel/import/headers';
import { loadRegistry } from '../../kernel/schema/load-node';
import { importFields, importable } from '../../server/import/fields';
import { translator } from '../../server/http/messages';

const registry = loadRegistry();
const resources = Object.entries(registry.resources).filter(([, schema]) => importable(schema));

describe('headers', () => {
  it('reads a header’s name and unit however it is written', () => {
    expect(normalizeHeader('井深(m)')).toMatchObject({ name: '井深', unit: 'm' });
    expect(normalizeHeader(' Depth (ft) ')).toMatchObject({ name: 'depth', unit: 'ft' });
    expect(normalizeHeader('*Outer diameter / in')).toMatchObject({ name: 'outerdiameter', unit: 'in' });
    expect(normalizeHeader('温度（℃）')).toMatchObject({ name: '温度', unit: '°c' });
    expect(normalizeHeader('Inclinación [deg]')).toMatchObject({ name: 'inclinacion', unit: '°' });
  });

  it('converts units measuring the same thing, and only those', () => {
    expect(converter('ft', 'm')!(1000)).toBeCloseTo(304.8, 6);
    expect(converter('in', 'mm')!(6.75)).toBeCloseTo(171.45, 6);
    expect(converter('°f', '°C')!(212)).toBeCloseTo(100, 6);
    expect(converter('psi', 'MPa')!(1000)).toBeCloseTo(6.894757, 5);
    expect(converter('m', 'm')!(5)).toBe(5);
    expect(converter('', 'm')!(5)).toBe(5);
    expect(converter('kg', 'mm')).toBeUndefined();
    expect(converter('m', undefined)).toBeUndefined();
  });

  it.each(resources)('finds every field of %s by its label in each language, and by its name', (name, schema) => {
    const fields = importFields(name, schema);
    expect(fields.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      const t = translator(language);
      // Labels two fields share cannot tell them apart: only the unambiguous ones are held to it.
      const labels = fields.map((field) => t(`resources.${name}.fields.${field.path}`));
      const unique = fields.filter((_, i) => labels.indexOf(labels[i]) === labels.lastIndexOf(labels[i]));
      const headers = unique.map((field) => {
        const label = t(`resources.${name}.fields.${field.path}`);
        return field.unit ? `${label} (${field.unit})` : field.required ? `*${label}` : label;
      });
      const matched = matchHeaders(headers, fields);
      expect(
        matched.map((m) => m.path),
        `${name} in ${language}`,
      ).toEqual(unique.map((field) => field.path));
    }
    const byName = matchHeaders(
      fields.map((field) => field.path),
      fields,
    );
    expect(byName.map((m) => m.path)).toEqual(fields.map((field) => field.path));
  });

  it('takes the mapping chosen, leaves out a column chosen to be, and fills each field from one column only', () => {
    const fields = importFields('device', registry.resources.device);
    const matched = matchHeaders(['Kind', '编号', 'num', 'Outer diameter (in)', 'Notes'], fields, { Kind: 'type', Notes: '' });
    expect(matched.map((m) => m.path)).toEqual(['type', 'num', undefined, 'outerDiameter', undefined]);
    const diameter = matched[3];
    expect('convert' in diameter && diameter.convert(1)).toBeCloseTo(25.4, 6);
    const wrong = matchHeaders(['Outer diameter (kg)'], fields)[0];
    expect(wrong).toMatchObject({ path: 'outerDiameter', problem: 'unit', unit: 'kg' });
  });
});

describe('cells', () => {
  it('reads days and times as people write them', () => {
    for (const written of ['2026-03-01', '2026/3/1', '2026.03.01', '2026年3月1日', new Date(Date.UTC(2026, 2, 1))])
      expect(cellDate(written)).toBe('2026-03-01');
    expect(cellDate('2026-02-30')).toBe('notADate');
    expect(cellDate('next week')).toBe('notADate');
    expect(cellDateTime('2026-03-01T08:00:00Z')).toBe('2026-03-01T08:00:00.000Z');
    expect(cellDateTime('2026-03-01 08:00')).toBe(new Date(2026, 2, 1, 8, 0).toISOString());
    expect(cellDateTime('2026-03-01 25:00')).toBe('notATime');
  });

  it('reads yes and no in the four languages, and lists', () => {
    for (const yes of ['yes', '是', 'sí', 'はい', 1, true]) expect(cellBoolean(yes)).toBe(true);
    for (const no of ['No', '否', 'いいえ', 0, false]) expect(cellBoolean(no)).toBe(false);
    expect(cellBoolean('maybe')).toBe('notABoolean');
    expect(cellItems('147, 215.9；311.1、406.4')).toEqual(['147', '215.9', '311.1', '406.4']);
  });
});
