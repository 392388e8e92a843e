// The resources in ra-data-simple-rest's dialect at /api, driven over real HTTP by that package's
// own data provider, as another react-admin app would: lists with sort, range and filter and
// their Content-Range total, one and many records, the records referring to another, create,
// update and delete through the write path; refusals as HTTP statuses with field errors.
import { type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, fetchUtils } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../server/store/memory';
import { makeApi } from './helpers';

type Api = Awaited<ReturnType<typeof makeApi>>;
type Tool = { id: number; name: string; status: number; version: number };

describe('the REST dialect at /api', () => {
  let api: Api;
  let server: ServerType;
  let base: string;
  const providerAs = (token: string): DataProvider =>
    simpleRestProvider(base, (url, options = {}) =>
      fetchUtils.fetchJson(url, { ...options, headers: new Headers({ Accept: 'application/json', Authorization: `Bearer ${token}` }) }),
    );
  let admin: DataProvider;

  beforeAll(async () => {
    api = await makeApi(new MemoryStore());
    server = serve({ fetch: api.app.rest.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    admin = providerAs('admin-token');
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const legacyList = async <T>(path: string, query: Record<string, string | number>) =>
    (await api.call<{ items: T[]; total: number }>('GET', path, { query })).data;

  it('lists a page with sort, range and filter, and the total the legacy list counts', async () => {
    const legacy = await legacyList<Tool>('/device/list', { page: 2, limit: 5, sort: '-id', status: 0 });
    const page = await admin.getList<Tool>('device', {
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'id', order: 'DESC' },
      filter: { status: 0 },
    });
    expect(page.total).toBe(legacy.total);
    expect(page.data.map((tool) => tool.id)).toEqual(legacy.items.map((tool) => tool.id));
    expect(page.data.every((tool) => tool.status === 0)).toBe(true);
    const searched = await admin.getList<Tool>('device', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: page.data[0].name },
    });
    expect(searched.data.map((tool) => tool.id)).toContain(page.data[0].id);
  });

  it('reads one record, several by id, and those referring to another', async () => {
    const [first, second] = (
      await admin.getList<Tool>('device', { pagination: { page: 1, perPage: 2 }, sort: { field: 'id', order: 'ASC' }, filter: {} })
    ).data;
    expect((await admin.getOne<Tool>('device', { id: first.id })).data).toMatchObject({ id: first.id, name: first.name });
    const many = await admin.getMany<Tool>('device', { ids: [second.id, first.id] });
    expect(many.data.map((tool) => tool.id).sort((a, b) => a - b)).toEqual([first.id, second.id]);
    const legacy = await legacyList<{ id: number }>('/device/calibration/list', { id: first.id, page: 1, limit: 100 });
    const referring = await admin.getManyReference('calibration', {
      target: 'device',
      id: first.id,
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(referring.total).toBe(legacy.total);
    expect(referring.data.map((c) => c.id).sort((a, b) => a - b)).toEqual(legacy.items.map((c) => c.id).sort((a, b) => a - b));
  });

  it('creates, updates and deletes through the write path, logged like any write', async () => {
    const before = await api.store.count('oplog', []);
    const created = await admin.create<Tool>('crew', { data: { teamNumber: 'REST-1', leader: { name: 'Lee' } } as never });
    expect(created.data).toMatchObject({ teamNumber: 'REST-1' });
    const updated = await admin.update('crew', {
      id: created.data.id,
      data: { ...created.data, teamNumber: 'REST-2' },
      previousData: created.data,
    });
    expect(updated.data).toMatchObject({ id: created.data.id, teamNumber: 'REST-2' });
    const removed = await admin.delete('crew', { id: created.data.id, previousData: updated.data });
    expect(removed.data).toMatchObject({ id: created.data.id });
    await expect(admin.getOne('crew', { id: created.data.id })).rejects.toMatchObject({ status: 404 });
    expect(await api.store.count('oplog', [])).toBe(before + 3);
  });

  it('refuses bad input by field, a stale version, strangers and unknown sorts, writing nothing', async () => {
    const count = await api.store.count('crew', []);
    await expect(admin.create('crew', { data: { teamNumber: '' } })).rejects.toMatchObject({
      status: 400,
      body: { errors: expect.objectContaining({ teamNumber: expect.any(String) }) },
    });
    const crew = (await admin.create('crew', { data: { teamNumber: 'REST-3', leader: { name: 'Lee' } } })).data;
    await admin.update('crew', { id: crew.id, data: { teamNumber: 'REST-4' }, previousData: crew });
    await expect(admin.update('crew', { id: crew.id, data: { ...crew, teamNumber: 'REST-5' }, previousData: crew })).rejects.toMatchObject({
      status: 409,
    });
    await expect(
      providerAs('nobody').getList('crew', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toMatchObject({ status: 401 });
    await expect(
      admin.getList('crew', { pagination: { page: 1, perPage: 5 }, sort: { field: 'leader', order: 'ASC' }, filter: {} }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      admin.getList('crew', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: { nothing: 1 } }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await api.store.count('crew', [])).toBe(count + 1);
  });

  it('refuses every operation to a role no route grants, before reading anything', async () => {
    const response = await api.app.fetch(new Request('http://localhost/dev-api/openapi.json'));
    const doc = (await response.json()) as { paths: Record<string, Record<string, { 'x-access'?: string[] }>> };
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        if (operation['x-access']?.includes('editor')) continue;
        const url = `${base}${path.slice('/api'.length).replace('{id}', '1')}`;
        const init: RequestInit = {
          method: method.toUpperCase(),
          headers: { 'X-Token': 'editor-token', 'Content-Type': 'application/json' },
        };
        if (method === 'post' || method === 'put') init.body = '{}';
        expect((await fetch(url, init)).status, `${method} ${path}`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('is in the OpenAPI document, with the token as a bearer token too', async () => {
    const response = await api.app.fetch(new Request('http://localhost/dev-api/openapi.json', { headers: { 'X-Token': 'admin-token' } }));
    const doc = (await response.json()) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    expect(Object.keys(doc.paths['/api/device']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/device/{id}']).sort()).toEqual(['delete', 'get', 'put']);
    expect(doc.paths['/api/crew'].get.security).toEqual([{ token: [] }, { bearer: [] }]);
  });
});
