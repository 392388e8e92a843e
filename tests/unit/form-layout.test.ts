// How a form lays out a schema written for this test: sections in schema order, grid spans,
// multi-line rows and JSON Schema defaults.
import { describe, expect, it } from 'vitest';
import { fields } from '../../kernel/schema/registry';
import type { ResourceSchema } from '../../kernel/schema/types';
import { defaultValues, formSections, gridSpan, multilineRows, pageSizes } from '../../src/resources/generic/formLayout';

const schema: ResourceSchema = {
  $id: 'run',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true, default: 1 },
    well: { type: 'string', 'x-ui': { width: 'full' } },
    depth: { type: 'number', 'x-ui': { width: 'third' } },
    mud: { $ref: '#/definitions/mud' },
    notes: { type: 'string', maxLength: 2000 },
    remark: { type: 'string', 'x-ui': { multiline: 2 } },
    enabled: { type: 'boolean', default: true },
    sort: { type: 'integer', default: 0 },
  },
  definitions: {
    mud: {
      type: 'object',
      properties: {
        density: { type: 'number', default: 1.2, 'x-ui': { width: 'half' } },
        kind: { type: 'string' },
      },
    },
  },
  'x-resource': {
    endpoints: {},
    list: { columns: [], sortable: [], sort: { field: 'id', order: 'ASC' }, perPage: 10 },
    filters: [],
    recordRepresentation: 'id',
  },
};
const all = fields(schema);
const byPath = (path: string) => all.find((f) => f.path === path)!;

describe('form layout', () => {
  it('keeps schema order: a group stands where it is declared, the fields after it follow it', () => {
    const sections = formSections(all).map((s) => [s.group, s.fields.map((f) => f.path)]);
    expect(sections).toEqual([
      ['', ['id', 'well', 'depth']],
      ['mud', ['mud.density', 'mud.kind']],
      ['', ['notes', 'remark', 'enabled', 'sort']],
    ]);
  });

  it('spans six columns for full, three for half, two for a third; a text area the whole line', () => {
    expect(gridSpan(byPath('well'))).toBe(6);
    expect(gridSpan(byPath('mud.density'))).toBe(3);
    expect(gridSpan(byPath('depth'))).toBe(2);
    expect(gridSpan(byPath('mud.kind'))).toBe(3);
    expect(gridSpan(byPath('notes'))).toBe(6);
    expect(gridSpan(byPath('remark'))).toBe(6);
  });

  it('gives multi-line inputs their rows', () => {
    expect(multilineRows(byPath('remark').schema)).toBe(2);
    expect(multilineRows(byPath('notes').schema)).toBe(3);
    expect(multilineRows(byPath('well').schema)).toBeUndefined();
    expect(multilineRows({ type: 'string', 'x-ui': { multiline: true } })).toBe(3);
  });

  it('starts a new record with the defaults, nested, never a read-only one', () => {
    expect(defaultValues(all)).toEqual({ enabled: true, sort: 0, mud: { density: 1.2 } });
  });
});

describe('page sizes', () => {
  it("offer the usual sizes and the schema's own, in order", () => {
    expect(pageSizes(20)).toEqual([10, 20, 50, 100]);
    expect(pageSizes(25)).toEqual([10, 20, 25, 50, 100]);
  });
});
