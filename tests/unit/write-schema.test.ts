import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../kernel/schema/load-node';
import type { FieldSchema, ResourceSchema } from '../../kernel/schema/types';
import { compact, stripReadOnly, writeSchema } from '../../kernel/schema/write-schema';

const { resources, config } = loadRegistry();

/** Every key of a schema tree, at any depth. */
function allKeys(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap(allKeys);
  return Object.entries(value).flatMap(([key, inner]) => [key, ...allKeys(inner)]);
}

const meta: ResourceSchema['x-resource'] = {
  endpoints: {},
  list: { columns: [], sortable: ['id'], sort: { field: 'id', order: 'ASC' }, perPage: 20 },
  filters: [],
  recordRepresentation: 'label',
};

/** The option lists as fixed lists (not kept in the data dictionary), whose keys become enums. */
const staticLists = Object.fromEntries(Object.entries(config).map(([name, { dictionary: _d, ...list }]) => [name, list]));

describe('writeSchema', () => {
  it('derives the device write schema', () => {
    const schema = writeSchema(resources.device, config);
    expect(schema).toMatchObject({
      title: 'Device',
      description: 'A downhole instrument. Its name is its number type followed by its number.',
      type: 'object',
      additionalProperties: false,
      required: ['numtype', 'num', 'type', 'status', 'brand', 'meth'],
    });
    const { numtype, num, type, status, brand, meth, holeSizes, purchaseDate } = schema.properties ?? {};
    // Prefix, type, brand and mounting are dictionary lists admins extend: checked against the database, not an enum.
    expect({ numtype, num, type, status, brand, meth }).toEqual({
      numtype: { type: 'string' },
      num: { type: 'string', pattern: '^[0-9A-Za-z-]{1,16}$' },
      type: { type: 'integer' },
      status: { type: 'integer', enum: [0, 1, 2, 3, 4] },
      brand: { type: 'integer' },
      meth: { type: 'integer' },
    });
    expect(holeSizes).toEqual({ type: 'array', uniqueItems: true, items: { type: 'number', enum: [147, 215.9, 311.1, 406.4] } });
    expect(purchaseDate).toEqual({ type: 'string', format: 'date' });
  });

  it('removes the readOnly fields of the device', () => {
    const props = writeSchema(resources.device, config).properties ?? {};
    expect(['id', 'name', 'timestamp', 'hour', 'houring'].filter((name) => name in props)).toEqual([]);
  });

  it('resolves references and keeps nested constraints (crew)', () => {
    const contact: FieldSchema = {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 64 },
        phone: { type: 'string', pattern: '^\\+?[0-9][0-9 -]{4,19}$' },
      },
    };
    expect(writeSchema(resources.crew, config)).toEqual({
      title: 'Crew',
      description: 'A drilling team: its number, its leader and its secretary.',
      type: 'object',
      additionalProperties: false,
      required: ['teamNumber', 'leader'],
      properties: {
        teamNumber: { type: 'string', minLength: 1, maxLength: 32 },
        leader: contact,
        secretary: contact,
      },
    });
  });

  it.each(Object.keys(resources))('leaves no x- keyword, $ref, $id or definitions in %s', (name) => {
    const keys = allKeys(writeSchema(resources[name], config));
    expect(keys.filter((key) => key.startsWith('x-') || key.startsWith('$') || key === 'definitions' || key === 'readOnly')).toEqual([]);
  });

  it('drops readOnly fields from required, resolves references inside arrays and at depth', () => {
    const schema: ResourceSchema = {
      $id: 'sample',
      type: 'object',
      required: ['id', 'label', 'stamp', 'group'],
      properties: {
        id: { type: 'integer', readOnly: true },
        label: { type: 'string', 'x-fake': 'lorem.word' },
        stamp: { $ref: '#/definitions/stamp' },
        tags: { type: 'array', items: { $ref: '#/definitions/tag' }, uniqueItems: true },
        group: {
          type: 'object',
          required: ['code', 'computed'],
          properties: {
            code: { type: 'integer', 'x-options': 'methOption' },
            computed: { type: 'string', readOnly: true, 'x-computed': { concat: ['code'] } },
          },
        },
      },
      definitions: {
        stamp: { type: 'string', format: 'date-time', readOnly: true, 'x-default': 'now' },
        tag: { type: 'integer', 'x-options': 'brandOption' },
      },
      'x-resource': meta,
    };
    expect(writeSchema(schema, staticLists)).toEqual({
      type: 'object',
      required: ['label', 'group'],
      properties: {
        label: { type: 'string' },
        tags: { type: 'array', items: { type: 'integer', enum: [1, 2, 3, 4, 5, 99] }, uniqueItems: true },
        group: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'integer', enum: [1, 2] } },
        },
      },
    });
  });

  it('does not change the resource schema it reads', () => {
    const before = structuredClone(resources.device);
    writeSchema(resources.device, config);
    expect(resources.device).toEqual(before);
  });
});

describe('stripReadOnly', () => {
  it('drops the id, computed and stamped fields of a device', () => {
    expect(
      stripReadOnly(resources.device, { id: 1, name: 'T1', timestamp: '2024-01-01T00:00:00Z', numtype: 'T', num: '1', extra: 5 }),
    ).toEqual({ numtype: 'T', num: '1', extra: 5 });
  });

  it('keeps groups and fields that are not readOnly', () => {
    const input = { id: 3, teamNumber: 'A', leader: { name: 'Li' }, secretary: null };
    expect(stripReadOnly(resources.crew, input)).toEqual({ teamNumber: 'A', leader: { name: 'Li' }, secretary: null });
    expect(input.id).toBe(3);
  });

  it('drops read-only fields inside groups too, keeping the rest of the group and unknown keys', () => {
    const group: ResourceSchema = {
      $id: 'report',
      type: 'object',
      properties: {
        id: { type: 'integer', readOnly: true },
        drilling: {
          type: 'object',
          properties: { md: { type: 'number' }, tvd: { type: 'number', readOnly: true }, deep: { $ref: '#/definitions/deep' } },
        },
      },
      definitions: { deep: { type: 'object', properties: { kept: { type: 'number' }, worked: { type: 'number', readOnly: true } } } },
      'x-resource': meta,
    };
    expect(stripReadOnly(group, { id: 1, drilling: { md: 100, tvd: 99, deep: { kept: 1, worked: 2 }, odd: 3 }, version: 2 })).toEqual({
      drilling: { md: 100, deep: { kept: 1 }, odd: 3 },
    });
    // An id or version inside a group is a field like any other.
    expect(stripReadOnly(group, { drilling: { id: 5 } })).toEqual({ drilling: { id: 5 } });
  });

  it('keeps the article timestamp, which is not readOnly', () => {
    expect(stripReadOnly(resources.article, { id: 1, timestamp: 't', title: 'x' })).toEqual({ timestamp: 't', title: 'x' });
  });
});

describe('compact', () => {
  // A fixture with a group and fields of each kind, so the rule is seen on every shape.
  const group = { type: 'object', properties: { name: { type: 'string' }, phone: { type: 'string' } } } as const;
  const schema = {
    $id: 'fixture',
    type: 'object',
    properties: {
      a: { type: 'string' },
      n: { type: 'number' },
      teamNumber: { type: 'string' },
      leader: group,
      secretary: group,
      deep: { type: 'object', properties: { inner: { type: 'object', properties: { value: { type: 'string' } } } } },
      kept: { type: 'object', properties: { inner: { type: 'object', properties: { zero: { type: 'integer' } } } } },
      empty: group,
      platforms: { type: 'array', items: { type: 'string' } },
      none: { type: 'array', items: { type: 'string' } },
    },
    'x-resource': {},
  } as unknown as ResourceSchema;

  it('removes null, undefined and empty strings, keeps 0, false and blanks', () => {
    expect(compact({ a: null, b: undefined, c: '', d: 0, e: false, f: 'x', g: ' ' }, schema)).toEqual({ d: 0, e: false, f: 'x', g: ' ' });
  });

  it('works at any depth of the schema and drops groups left empty', () => {
    expect(
      compact(
        {
          teamNumber: 'A',
          leader: { name: 'Li', phone: '' },
          secretary: { name: '', phone: null },
          deep: { inner: { value: undefined } },
          kept: { inner: { zero: 0 } },
          empty: {},
        },
        schema,
      ),
    ).toEqual({ teamNumber: 'A', leader: { name: 'Li' }, kept: { inner: { zero: 0 } } });
  });

  it('keeps {} where the schema has no group, for validation to refuse as the wrong type', () => {
    expect(compact({ a: {}, n: {}, unknown: {} }, schema)).toEqual({ a: {}, n: {}, unknown: {} });
  });

  it('keeps arrays as they are', () => {
    expect(compact({ platforms: ['a-platform'], none: [] }, schema)).toEqual({ platforms: ['a-platform'], none: [] });
  });

  it('does not change its input', () => {
    const input = { a: '', secretary: { name: null } };
    compact(input, schema);
    expect(input).toEqual({ a: '', secretary: { name: null } });
  });
});
