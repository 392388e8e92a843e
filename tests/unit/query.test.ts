import { describe, expect, it } from 'vitest';
import { MAX_LIMIT, QueryError, parseLegacyQuery, toLegacyQuery } from '../../kernel/schema/query';
import { loadRegistry } from '../../kernel/schema/load-node';

const registry = loadRegistry();
const device = registry.resources.device;
const crew = registry.resources.crew;

const parse = (query: string) => parseLegacyQuery(device, new URLSearchParams(query));

function queryError(fn: () => unknown): QueryError {
  try {
    fn();
  } catch (error) {
    if (error instanceof QueryError) return error;
    throw error;
  }
  throw new Error('expected a QueryError');
}

describe('toLegacyQuery', () => {
  it('falls back to the schema default sort and perPage, page 1', () => {
    expect(toLegacyQuery(device, {})).toEqual({ page: '1', limit: '20', sort: '-id' });
    expect(toLegacyQuery(crew, {})).toEqual({ page: '1', limit: '20', sort: '+id' });
  });

  it('maps pagination and sort', () => {
    expect(toLegacyQuery(device, { pagination: { page: 3, perPage: 50 }, sort: { field: 'houring', order: 'ASC' } })).toEqual({
      page: '3',
      limit: '50',
      sort: '+houring',
    });
    expect(toLegacyQuery(crew, { pagination: { page: 1, perPage: 10 }, sort: { field: 'teamNumber', order: 'DESC' } })).toEqual({
      page: '1',
      limit: '10',
      sort: '-teamNumber',
    });
  });

  it('uses the default sort when the sort field is empty', () => {
    expect(toLegacyQuery(crew, { sort: { field: '', order: 'DESC' } }).sort).toBe('+id');
  });

  it('drops empty filter values, keeps 0 and false, joins arrays with commas', () => {
    const query = toLegacyQuery(device, {
      pagination: { page: 2, perPage: 20 },
      filter: {
        title: 'JQ',
        type: 2,
        status: 0,
        flag: false,
        brand: '',
        project: null,
        hour: undefined,
        id: [],
        ids: [1, 2, 3],
      },
    });
    expect(query).toEqual({ page: '2', limit: '20', sort: '-id', title: 'JQ', type: '2', status: '0', flag: 'false', ids: '1,2,3' });
  });
});

describe('parseLegacyQuery', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual({ conditions: [], sort: { field: 'id', order: 'DESC' }, page: 1, limit: 20 });
    expect(parseLegacyQuery(crew, new URLSearchParams('page=&limit='))).toEqual({
      conditions: [],
      sort: { field: 'id', order: 'ASC' },
      page: 1,
      limit: 20,
    });
  });

  it('reads page, limit and a sortable sort in both directions', () => {
    expect(parse('page=4&limit=1000&sort=-houring')).toEqual({
      conditions: [],
      sort: { field: 'houring', order: 'DESC' },
      page: 4,
      limit: 1000,
    });
    expect(parse('sort=%2Bname').sort).toEqual({ field: 'name', order: 'ASC' });
    expect(parse('sort=timestamp').sort).toEqual({ field: 'timestamp', order: 'ASC' });
  });

  it('rejects a sort field that is not sortable', () => {
    const error = queryError(() => parse('sort=-project'));
    expect([error.param, error.reason, error.value, error.message]).toEqual(['sort', 'sort', '-project', 'sort: -project']);
    expect(queryError(() => parseLegacyQuery(crew, new URLSearchParams('sort=leader.name'))).reason).toBe('sort');
  });

  it('bounds page and limit', () => {
    expect(MAX_LIMIT).toBe(1000);
    for (const page of ['0', '-1', '1.5', 'x']) {
      const error = queryError(() => parse(`page=${page}`));
      expect([error.param, error.reason, error.value]).toEqual(['page', 'page', page]);
    }
    for (const limit of ['0', '1001', '2.5', 'all']) {
      const error = queryError(() => parse(`limit=${limit}`));
      expect([error.param, error.reason, error.value]).toEqual(['limit', 'limit', limit]);
    }
    expect(parse('limit=1').limit).toBe(1);
  });

  it('coerces numeric filters and keeps string filters as text', () => {
    expect(parse('title=12&type=2&status=0&brand=3').conditions).toEqual([
      { field: 'name', op: 'contains', value: '12' },
      { field: 'type', op: 'eq', value: 2 },
      { field: 'status', op: 'eq', value: 0 },
      { field: 'brand', op: 'eq', value: 3 },
    ]);
  });

  it('rejects a numeric filter that is not a number', () => {
    for (const raw of ['abc', ' ', '1x']) {
      const error = queryError(() => parse(`type=${encodeURIComponent(raw)}`));
      expect([error.param, error.reason, error.value]).toEqual(['type', 'number', raw]);
    }
    expect(queryError(() => parse('brand=Tensor')).param).toBe('brand');
  });

  it('skips empty filters and unknown parameters', () => {
    expect(parse('title=&type=&unknown=5').conditions).toEqual([]);
  });

  it('drops a filter equal to its "all" value (brand 0)', () => {
    expect(parse('brand=0').conditions).toEqual([]);
    expect(parse('brand=0&status=0').conditions).toEqual([{ field: 'status', op: 'eq', value: 0 }]);
  });

  it('turns ids=1,2 into an "in" condition of numbers, refusing anything but record ids', () => {
    expect(parse('ids=1,2').conditions).toEqual([{ field: 'id', op: 'in', value: [1, 2] }]);
    expect(parse('type=1&ids=7').conditions).toEqual([
      { field: 'type', op: 'eq', value: 1 },
      { field: 'id', op: 'in', value: [7] },
    ]);
    for (const bad of ['1,x', '0', '-1', '1.5', '1e3', '0x10', '']) {
      if (bad === '') continue;
      const error = queryError(() => parse(`ids=${bad}`));
      expect([error.param, error.reason, error.value]).toEqual(['ids', 'id', bad]);
    }
  });

  it("searches the schema's searchable fields with q, and ignores q where none are", () => {
    expect(parse('q=%20JQ%20&type=1').conditions).toEqual([
      { field: 'type', op: 'eq', value: 1 },
      { op: 'search', fields: device['x-resource'].search, value: 'JQ' },
    ]);
  });
});

describe('round trip', () => {
  it('parses back what toLegacyQuery builds for the device schema', () => {
    const legacy = toLegacyQuery(device, {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'timestamp', order: 'DESC' },
      filter: { title: 'JQ', type: 1, status: '', brand: 0, ids: [4, 5] },
    });
    expect(parseLegacyQuery(device, new URLSearchParams(legacy))).toEqual({
      conditions: [
        { field: 'name', op: 'contains', value: 'JQ' },
        { field: 'type', op: 'eq', value: 1 },
        { field: 'id', op: 'in', value: [4, 5] },
      ],
      sort: { field: 'timestamp', order: 'DESC' },
      page: 2,
      limit: 10,
    });
  });

  it('survives URL encoding, including the + of an ascending sort', () => {
    const url = new URL('http://localhost/dev-api/device/list');
    const legacy = toLegacyQuery(device, { sort: { field: 'name', order: 'ASC' }, filter: { brand: 5, title: 'a b&c' } });
    for (const [key, value] of Object.entries(legacy)) url.searchParams.set(key, value);
    expect(parseLegacyQuery(device, new URLSearchParams(url.search))).toEqual({
      conditions: [
        { field: 'name', op: 'contains', value: 'a b&c' },
        { field: 'brand', op: 'eq', value: 5 },
      ],
      sort: { field: 'name', order: 'ASC' },
      page: 1,
      limit: 20,
    });
  });
});
