// @vitest-environment jsdom
// The stand-in records the console is rehearsed with before sign-in (src/app/rehearsal.tsx): for
// every resource of the real schemas, each field holds a value of its kind, an option of its list
// where it has one, so that the rehearsal draws what the real page will (chips, numbers, dates).
import { describe, expect, it } from 'vitest';
import { standInRecord } from '../../src/app/rehearsal';
import { loadRegistry } from '../../kernel/schema/load-node';

const registry = loadRegistry();

describe('stand-in records', () => {
  for (const [resource, schema] of Object.entries(registry.resources)) {
    it(`of ${resource} hold values of each field's kind`, () => {
      for (const i of [0, 1, 7]) {
        const record = standInRecord(resource, i);
        expect(record.id).toBe(i + 1);
        for (const [name, field] of Object.entries(schema.properties ?? {})) {
          const value = record[name];
          const list = field['x-options'];
          if (field.enum?.length) expect(field.enum, name).toContain(value);
          else if (typeof list === 'string' && registry.config[list])
            expect(
              registry.config[list].items.map((item) => item.key),
              name,
            ).toContain(value);
          else if (field.type === 'integer' || field.type === 'number') expect(typeof value, name).toBe('number');
          else if (field.type === 'boolean') expect(typeof value, name).toBe('boolean');
          else if (field.type === 'string' && (field.format === 'date' || field.format === 'date-time'))
            expect(Number.isNaN(Date.parse(String(value))), name).toBe(false);
          else if (field.type === 'string') expect(typeof value, name).toBe('string');
        }
      }
    });
  }

  it('of a resource the schemas do not have is an id alone', () => {
    expect(standInRecord('no-such-resource', 2)).toEqual({ id: 3 });
  });
});
