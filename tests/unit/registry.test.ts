import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NON_RESOURCE_FILES, SCHEMA_DIR, loadRegistry } from '../../kernel/schema/load-node';
import { createRegistry, field, fields, getPath, groupNames, optionKeys, properties, resolve } from '../../kernel/schema/registry';

const registry = loadRegistry();
const { crew, device, article } = registry.resources;
/** A small product of its own (tests/fixtures/mechanism) for exact results on what was loaded. */
const FIXTURE = join(import.meta.dirname, '../fixtures/mechanism');

describe('loadRegistry', () => {
  it('reads every resource schema by $id, the option lists without the comment, and the routes', () => {
    const fixture = loadRegistry(FIXTURE);
    expect(Object.keys(fixture.resources)).toEqual(['run', 'tool', 'well']);
    expect(fixture.resources.tool.$id).toBe('tool');
    expect(Object.keys(fixture.config)).toEqual(['kindOption']);
    expect(fixture.routes.map((r) => r.path)).toEqual(['/', '/profile', '/well', '/tool', '/setting', '/help']);
  });

  it('holds every resource file of schemas/, under its own name, and the whole config and route tree', () => {
    const files = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.json') && !NON_RESOURCE_FILES.has(f));
    expect(files.length).toBeGreaterThan(0);
    expect(Object.keys(registry.resources).sort()).toEqual(files.map((f) => f.replace(/\.json$/, '')).sort());
    const read = (file: string) => JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8'));
    const { $comment: _comment, ...config } = read('config.json');
    expect(registry.config).toEqual(config);
    expect(registry.routes).toEqual(read('routes.json').routes);
  });
});

describe('createRegistry', () => {
  it('keys resources by $id and drops the config comment', () => {
    const made = createRegistry(
      { 'x.json': { $id: 'thing' } },
      { $comment: 'c', list: { labelField: 'l', items: [] } },
      { routes: [{ path: '/a' }] },
    );
    expect(Object.keys(made.resources)).toEqual(['thing']);
    expect(made.config).toEqual({ list: { labelField: 'l', items: [] } });
    expect(made.routes).toEqual([{ path: '/a' }]);
  });
});

describe('fields', () => {
  it('flattens crew groups to dotted paths; secretary is optional, so are its fields', () => {
    expect(fields(crew).map((f) => [f.path, f.required])).toEqual([
      ['id', false],
      ['teamNumber', true],
      ['leader.name', true],
      ['leader.phone', false],
      ['secretary.name', false],
      ['secretary.phone', false],
    ]);
  });

  it('gives the resolved schema of each leaf', () => {
    expect(field(crew, 'leader.name')?.schema).toEqual({ type: 'string', minLength: 1, maxLength: 64, 'x-fake': 'person.fullName' });
    expect(field(crew, 'secretary.phone')?.schema.pattern).toBe('^\\+?[0-9][0-9 -]{4,19}$');
  });

  it('lists device fields in schema order with their required flags', () => {
    expect(
      fields(device)
        .filter((f) => f.required)
        .map((f) => f.path),
    ).toEqual(['numtype', 'num', 'type', 'status', 'brand', 'meth']);
    expect(fields(device).map((f) => f.path)).toEqual([
      'id',
      'numtype',
      'num',
      'name',
      'project',
      'timestamp',
      'houring',
      'calibrationUntil',
      'type',
      'status',
      'brand',
      'meth',
      'manufacturer',
      'model',
      'serialNumber',
      'outerDiameter',
      'holeSizes',
      'maxTemperature',
      'maxPressure',
      'firmwareVersion',
      'ownership',
      'ownerName',
      'purchaseDate',
      'purchaseCost',
      'location',
      'base',
      'hour',
    ]);
  });

  it('keeps an array as a leaf', () => {
    expect(field(article, 'platforms')?.schema.type).toBe('array');
  });

  it('finds no field for a group or an unknown path', () => {
    expect(field(crew, 'leader')).toBeUndefined();
    expect(field(crew, 'nope')).toBeUndefined();
  });
});

describe('properties and groupNames', () => {
  it('resolves top-level references', () => {
    const props = properties(crew);
    expect(Object.keys(props)).toEqual(['id', 'teamNumber', 'leader', 'secretary']);
    expect(props.leader).toBe(crew.definitions?.contact);
  });

  it('names the nested groups', () => {
    expect(groupNames(crew)).toEqual(['leader', 'secretary']);
    expect(groupNames(article)).toEqual(['platforms']);
    expect(groupNames(device)).toEqual(['holeSizes']);
  });
});

describe('optionKeys', () => {
  it('gives the keys of an option list, or none', () => {
    expect(optionKeys(registry.config, 'brandOption')).toEqual([1, 2, 3, 4, 5, 99]);
    expect(optionKeys(registry.config, 'deviceTypeOption')).toEqual([1, 2, 3, 4]);
    expect(optionKeys(registry.config, 'nope')).toEqual([]);
  });
});

describe('getPath', () => {
  it('reads dotted paths', () => {
    const record = { id: 5, leader: { name: 'Li', phone: '' }, zero: { n: 0 }, secretary: null, text: 'abc' };
    expect(getPath(record, 'id')).toBe(5);
    expect(getPath(record, 'leader.name')).toBe('Li');
    expect(getPath(record, 'leader.phone')).toBe('');
    expect(getPath(record, 'zero.n')).toBe(0);
    expect(getPath(record, 'leader')).toEqual({ name: 'Li', phone: '' });
  });

  it('gives undefined through missing, null or non-object values', () => {
    const record = { leader: { name: 'Li' }, secretary: null, text: 'abc' };
    expect(getPath(record, 'leader.phone')).toBeUndefined();
    expect(getPath(record, 'secretary.name')).toBeUndefined();
    expect(getPath(record, 'text.length')).toBeUndefined();
    expect(getPath(record, 'missing.deeper')).toBeUndefined();
  });
});

describe('resolve', () => {
  it('follows a local definition', () => {
    expect(resolve(crew, { $ref: '#/definitions/contact' })).toBe(crew.definitions?.contact);
  });

  it('returns a schema without $ref as it is', () => {
    const schema = { type: 'string' as const };
    expect(resolve(crew, schema)).toBe(schema);
  });

  it('throws on an unknown reference', () => {
    expect(() => resolve(crew, { $ref: '#/definitions/nope' })).toThrow('crew: unresolved reference #/definitions/nope');
    expect(() => resolve(device, { $ref: '#/definitions/contact' })).toThrow('device: unresolved reference #/definitions/contact');
  });
});
