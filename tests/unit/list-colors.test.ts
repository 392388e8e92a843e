// The colours of option chips: `x-ui.colors` where a colour means something, checked by the
// schema check on the check's fixture (well.json: an option list `colour`, a dictionary field
// `kind`, a free field `name`); a stable neutral colour by option order otherwise.
import { describe, expect, it } from 'vitest';
import metaSchema from '../../schemas/meta-schema.json';
import { CHIP_COLORS } from '../../kernel/schema/check-colors';
import { checkSchemas, formatProblem } from '../../kernel/schema/check';
import { loadRegistry } from '../../kernel/schema/load-node';
import { fields } from '../../kernel/schema/registry';
import type { FieldSchema } from '../../kernel/schema/types';
import { chipTone, toneColor } from '../../src/resources/list/chipColors';
import { type Fixture, soundFixture } from '../fixtures/schemas';

function problems(breakIt: (f: Fixture) => void): string[] {
  const f = soundFixture();
  breakIt(f);
  return checkSchemas(f.files, f.config, f.routes, f.known).map(formatProblem);
}
const props = (f: Fixture) => f.files['well.json'].properties;

describe('x-ui.colors in the schema check', () => {
  it('accepts colours for the values of an enum, an option list, a list of options and any key of a dictionary', () => {
    expect(
      problems((f) => {
        props(f).colour['x-ui'] = { colors: { '1': 'error', '2': 'success' } };
        props(f).state = { type: 'integer', enum: [0, 1], 'x-ui': { colors: { '0': 'default', '1': 'warning' } } };
        props(f).tags = { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, 'x-ui': { colors: { a: 'info' } } };
        props(f).kind['x-ui'] = { colors: { anything: 'primary' } };
      }),
    ).toEqual([]);
  });

  it('names a key that is not a value of the field, with the values it has', () => {
    expect(
      problems((f) => {
        props(f).colour['x-ui'] = { colors: { '1': 'error', '7': 'success' } };
        props(f).state = { type: 'integer', enum: [0, 1], 'x-ui': { colors: { '2': 'warning' } } };
      }),
    ).toEqual([
      'schemas/well.json#/properties/colour/x-ui/colors/7: "7" is not a value of the field (1, 2)',
      'schemas/well.json#/properties/state/x-ui/colors/2: "2" is not a value of the field (0, 1)',
    ]);
  });

  it('refuses an unknown colour, saying which there are', () => {
    expect(problems((f) => (props(f).colour['x-ui'] = { colors: { '1': 'red' } }))).toEqual([
      'schemas/well.json#/properties/colour/x-ui/colors/1: must be one of "default", "primary", "secondary", "error", "warning", "info", "success"',
    ]);
  });

  it('refuses colours on a field without options', () => {
    expect(problems((f) => (props(f).name['x-ui'] = { colors: { a: 'info' } }))).toEqual([
      'schemas/well.json#/properties/name/x-ui/colors: colours are for a field with options (enum or x-options)',
    ]);
  });

  it('refuses an empty set of colours', () => {
    expect(problems((f) => (props(f).colour['x-ui'] = { colors: {} }))).toEqual([
      'schemas/well.json#/properties/colour/x-ui/colors: must give at least one option its colour',
    ]);
  });

  it('offers the colours the console draws, and no other', () => {
    const xui = metaSchema.definitions.field.properties['x-ui'].properties.colors;
    expect(xui.additionalProperties.enum).toEqual([...CHIP_COLORS]);
  });
});

describe('the colour of a chip', () => {
  const status: FieldSchema = { type: 'integer', enum: [0, 1, 2], 'x-ui': { colors: { '2': 'error' } } as FieldSchema['x-ui'] };

  it('is the schema colour of its value', () => {
    expect(chipTone(status, 2, 2)).toEqual({ palette: 'error' });
    expect(toneColor(chipTone(status, 2, 2), (name) => `palette:${name}`, false)).toBe('palette:error');
  });

  it('is otherwise a neutral hue by its place in the list, the same every time, differing between neighbours', () => {
    const first = toneColor(chipTone(status, 0, 0), () => 'x', false);
    expect(first).toMatch(/^#[0-9a-f]{6}$/i);
    expect(toneColor(chipTone(status, 0, 0), () => 'x', false)).toBe(first);
    expect(toneColor(chipTone(status, 1, 1), () => 'x', false)).not.toBe(first);
    expect(toneColor(chipTone(status, 0, 0), () => 'x', true)).not.toBe(first); // lighter on a dark page
  });

  it('of an unknown value (not in the list) is still drawn', () => {
    expect(toneColor(chipTone(status, 9, -1), () => 'x', false)).toBe(toneColor(chipTone(status, 0, 0), () => 'x', false));
  });
});

describe('the real schemas', () => {
  it('give colours only to option fields, and only for their values (the check passes them)', () => {
    for (const schema of Object.values(loadRegistry().resources)) {
      for (const f of fields(schema)) {
        const colors = (f.schema['x-ui'] as { colors?: Record<string, string> } | undefined)?.colors;
        if (!colors) continue;
        expect(f.schema.enum ?? f.schema.items?.enum ?? f.schema['x-options'], `${schema.$id}.${f.path}`).toBeDefined();
        for (const colour of Object.values(colors)) expect(CHIP_COLORS).toContain(colour);
      }
    }
  });
});
