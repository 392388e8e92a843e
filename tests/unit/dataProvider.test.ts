import { describe, expect, it } from 'vitest';
import { type Requester, createDataProvider } from '../../src/api/dataProvider';
import type { RequestOptions } from '../../src/api/http';
import { loadRegistry } from '../../kernel/schema/load-node';
import type { Registry } from '../../kernel/schema/registry';

interface Call {
  path: string;
  options?: RequestOptions;
}

const registry = loadRegistry();

/** A requester that records its calls and answers from a table by path. */
function fake(answers: Record<string, unknown> = {}, reg: Registry = registry) {
  const calls: Call[] = [];
  const request: Requester = async <T>(path: string, options?: RequestOptions) => {
    calls.push({ path, options });
    return { data: answers[path] as T };
  };
  return { calls, provider: createDataProvider(reg, request) };
}

const sortById = { field: 'id', order: 'DESC' as const };

describe('getList', () => {
  it('calls the list endpoint with the legacy query and decodes {total, items}', async () => {
    const items = [
      { id: 1, name: 'T1' },
      { id: 2, name: 'T2' },
    ];
    const { calls, provider } = fake({ '/device/list': { total: 42, items } });
    const result = await provider.getList('device', {
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'name', order: 'ASC' },
      filter: { brand: 3, title: '', type: null },
    });
    expect(result).toEqual({ data: items, total: 42 });
    expect(calls).toEqual([
      { path: '/device/list', options: { method: 'GET', query: { page: '2', limit: '5', sort: '+name', brand: '3' } } },
    ]);
  });

  it('decodes the shape named by the schema', async () => {
    const { provider } = fake({ '/search/user': { items: [{ id: 1, name: 'Pan Jiayi' }] } });
    expect(
      await provider.getList('searchuser', { pagination: { page: 1, perPage: 1000 }, sort: sortById, filter: { name: 'pan' } }),
    ).toEqual({
      data: [{ id: 1, name: 'Pan Jiayi' }],
      total: 1,
    });

    const reg = structuredClone(registry);
    reg.resources.crew['x-resource'].endpoints.list = { method: 'GET', path: '/crew/list', shape: 'list-count' };
    const listCount = fake({ '/crew/list': { list: [{ id: 9 }], count: 30 } }, reg);
    expect(await listCount.provider.getList('crew', { pagination: { page: 1, perPage: 1 }, sort: sortById, filter: {} })).toEqual({
      data: [{ id: 9 }],
      total: 30,
    });
  });

  it('uses the schema defaults when react-admin gives no sort field', async () => {
    const { calls, provider } = fake({ '/crew/list': { total: 0, items: [] } });
    await provider.getList('crew', { pagination: { page: 1, perPage: 20 }, sort: { field: '', order: 'ASC' }, filter: {} });
    expect(calls[0].options?.query).toEqual({ page: '1', limit: '20', sort: '+id' });
  });
});

describe('getOne', () => {
  it('calls the info endpoint with the id', async () => {
    const record = { id: 7, name: 'T7' };
    const { calls, provider } = fake({ '/device/detail': record });
    expect(await provider.getOne('device', { id: 7 })).toEqual({ data: record });
    expect(calls).toEqual([{ path: '/device/detail', options: { method: 'GET', query: { id: '7' } } }]);
  });
});

describe('getMany', () => {
  it('uses the list endpoint with the ids joined', async () => {
    const items = [{ id: 3 }, { id: 4 }];
    const { calls, provider } = fake({ '/device/list': { total: 2, items } });
    expect(await provider.getMany('device', { ids: [3, 4] })).toEqual({ data: items });
    expect(calls).toEqual([
      { path: '/device/list', options: { method: 'GET', query: { page: '1', limit: '2', sort: '-id', ids: '3,4' } } },
    ]);
  });

  it('makes no call for no ids', async () => {
    const { calls, provider } = fake();
    expect(await provider.getMany('device', { ids: [] })).toEqual({ data: [] });
    expect(calls).toEqual([]);
  });
});

describe('getManyReference', () => {
  it('adds the target to the filter', async () => {
    const { calls, provider } = fake({ '/device/list': { total: 1, items: [{ id: 1 }] } });
    expect(
      await provider.getManyReference('device', {
        target: 'status',
        id: 2,
        pagination: { page: 1, perPage: 10 },
        sort: sortById,
        filter: { type: 1 },
      }),
    ).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(calls[0].options?.query).toEqual({ page: '1', limit: '10', sort: '-id', type: '1', status: '2' });
  });

  it("asks for a child collection's records by their parent's id, in the parameter its schema names", async () => {
    const { calls, provider } = fake({ '/device/userecord': { total: 0, items: [] } });
    await provider.getManyReference('userecord', {
      target: 'device',
      id: 7,
      pagination: { page: 1, perPage: 10 },
      sort: sortById,
      filter: {},
    });
    expect(calls[0]).toEqual({
      path: '/device/userecord',
      options: { method: 'GET', query: { page: '1', limit: '10', sort: '-id', id: '7' } },
    });
  });

  it('refuses a target nothing filters by, rather than listing every record', () => {
    const { provider } = fake();
    expect(() =>
      provider.getManyReference('device', { target: 'hour', id: 1, pagination: { page: 1, perPage: 10 }, sort: sortById, filter: {} }),
    ).toThrow(/hour/);
  });
});

describe('writes', () => {
  it('create posts the data to add', async () => {
    const saved = { id: 121, numtype: 'T', num: '9' };
    const { calls, provider } = fake({ '/device/create': saved });
    expect(await provider.create('device', { data: { numtype: 'T', num: '9' } })).toEqual({ data: saved });
    expect(calls).toEqual([{ path: '/device/create', options: { method: 'POST', body: { numtype: 'T', num: '9' } } }]);
  });

  it('update posts the data with the id', async () => {
    const { calls, provider } = fake({ '/crew/update': { id: 5, teamNumber: 'B' } });
    expect(await provider.update('crew', { id: 5, data: { teamNumber: 'B' }, previousData: { id: 5, teamNumber: 'A' } })).toEqual({
      data: { id: 5, teamNumber: 'B' },
    });
    expect(calls).toEqual([{ path: '/crew/update', options: { method: 'POST', body: { teamNumber: 'B', id: 5 } } }]);
  });

  it('update takes the id of params over one in the data', async () => {
    const { calls, provider } = fake();
    await provider.update('crew', { id: 5, data: { id: 6, teamNumber: 'B' }, previousData: { id: 5 } });
    expect(calls[0].options?.body).toEqual({ id: 5, teamNumber: 'B' });
  });

  it('sends ids taken from a route parameter as JSON numbers', async () => {
    const { calls, provider } = fake({ '/crew/update': { id: 5 }, '/crew/del': {} });
    await provider.update('crew', { id: '5', data: { teamNumber: 'B' }, previousData: { id: '5' } });
    await provider.delete('crew', { id: '7' as unknown as number, previousData: { id: 7 } });
    await provider.deleteMany('crew', { ids: ['8', 9] });
    expect(calls.map((call) => call.options?.body)).toEqual([{ teamNumber: 'B', id: 5 }, { id: 7 }, { ids: [8, 9] }]);
  });

  it('updateMany updates each id in turn', async () => {
    const { calls, provider } = fake();
    expect(await provider.updateMany('crew', { ids: [1, 2], data: { teamNumber: 'X' } })).toEqual({ data: [1, 2] });
    expect(calls).toEqual([
      { path: '/crew/update', options: { method: 'POST', body: { teamNumber: 'X', id: 1 } } },
      { path: '/crew/update', options: { method: 'POST', body: { teamNumber: 'X', id: 2 } } },
    ]);
  });

  it('delete posts {id} to del and gives back the previous data', async () => {
    const { calls, provider } = fake();
    const previousData = { id: 5, teamNumber: 'A' };
    expect(await provider.delete('crew', { id: 5, previousData })).toEqual({ data: previousData });
    expect(calls).toEqual([{ path: '/crew/del', options: { method: 'POST', body: { id: 5 } } }]);
  });

  it('deleteMany posts {ids} to del', async () => {
    const { calls, provider } = fake();
    expect(await provider.deleteMany('device', { ids: [1, 2] })).toEqual({ data: [1, 2] });
    expect(calls).toEqual([{ path: '/device/del', options: { method: 'POST', body: { ids: [1, 2] } } }]);
  });

  it('sends the body as a query to a DELETE endpoint', async () => {
    const reg = structuredClone(registry);
    reg.resources.crew['x-resource'].endpoints.del = { method: 'DELETE', path: '/crew/remove' };
    const { calls, provider } = fake({}, reg);
    await provider.delete('crew', { id: 5, previousData: { id: 5 } });
    expect(calls).toEqual([{ path: '/crew/remove', options: { method: 'DELETE', query: { id: 5 } } }]);
  });
});

describe('errors', () => {
  it('throws a clear error for an unknown resource', async () => {
    const { calls, provider } = fake();
    await expect(provider.getList('nope', { pagination: { page: 1, perPage: 1 }, sort: sortById, filter: {} })).rejects.toThrow(
      'No schema for resource "nope"',
    );
    await expect(provider.getOne('nope', { id: 1 })).rejects.toThrow('No schema for resource "nope"');
    await expect(provider.create('nope', { data: {} })).rejects.toThrow('No schema for resource "nope"');
    expect(calls).toEqual([]);
  });

  it('names the endpoint a schema lacks', async () => {
    const { calls, provider } = fake();
    await expect(provider.delete('transaction', { id: 1, previousData: { id: 1 } })).rejects.toThrow(
      'The transaction schema has no "del" endpoint',
    );
    await expect(provider.deleteMany('transaction', { ids: [1] })).rejects.toThrow('The transaction schema has no "del" endpoint');
    await expect(provider.getOne('table', { id: 1 })).rejects.toThrow('The table schema has no "info" endpoint');
    await expect(provider.create('searchuser', { data: {} })).rejects.toThrow('The searchuser schema has no "add" endpoint');
    expect(calls).toEqual([]);
  });

  it('passes on a rejection of the requester', async () => {
    const failure = new Error('Account and password are incorrect.');
    const request: Requester = async () => {
      throw failure;
    };
    const provider = createDataProvider(registry, request);
    await expect(provider.getOne('device', { id: 1 })).rejects.toBe(failure);
  });
});
