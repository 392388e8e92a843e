// Deny by default: every handler of the app is a declared operation with its access stated,
// and the document publishes exactly those operations with that access.
import { describe, expect, it } from 'vitest';
import { assignmentCollections } from '../../kernel/schema/assign';
import type { Registry } from '../../kernel/schema/registry';
import type { ResourceSchema, RouteNode } from '../../kernel/schema/types';
import { openApiPath } from '../../server/http/openapi';
import { createPermissions } from '../../server/access/permissions';
import { makeApi, registry } from './helpers';

type Document = { paths: Record<string, Record<string, { 'x-access': unknown; servers?: unknown }>> };

describe('declared access', () => {
  it('has no handler that is not a declared operation, and documents each with its access', async () => {
    const { app } = await makeApi(undefined, { seed: false });
    const document = (await (await app.fetch(new Request('http://localhost/dev-api/openapi.json'))).json()) as Document;
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} /dev-api${path}`),
      ),
    );
    // Middleware is registered for every method; handlers name theirs.
    const handlers = app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${openApiPath(route.path)}`);
    expect(handlers.length).toBeGreaterThan(10);
    expect(openApiPath('/upload/file/:name{[0-9a-f]{32}\\.[a-z]+}')).toBe('/upload/file/{name}');
    expect([...new Set(handlers)].filter((handler) => !documented.has(handler))).toEqual([]);
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const access = operation['x-access'];
        const stated =
          access === 'public' || access === 'signed-in' || (Array.isArray(access) && access.every((role) => typeof role === 'string'));
        expect(stated, `${method} ${path}: ${JSON.stringify(access)}`).toBe(true);
      }
    }
  });

  it('refuses every resource operation to a role no route grants, before reading anything', async () => {
    const { app, call } = await makeApi();
    const document = (await (await app.fetch(new Request('http://localhost/dev-api/openapi.json'))).json()) as Document;
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const access = operation['x-access'];
        // Operations served beside /dev-api (the REST dialect) name their own server; tested with it.
        if (!Array.isArray(access) || access.includes('editor') || operation.servers) continue;
        const answer = await call(method.toUpperCase(), path.replace(/\{[^}]+\}/g, '1'), {
          token: 'editor-token',
          body: method === 'get' ? undefined : {},
        });
        expect(answer.code, `${method} ${path}`).toBe(40003);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('gives the assignment calls of a child collection the roles of its list', async () => {
    const { app } = await makeApi(undefined, { seed: false });
    const document = (await (await app.fetch(new Request('http://localhost/dev-api/openapi.json'))).json()) as Document;
    const collections = assignmentCollections(registry);
    expect(collections.length).toBeGreaterThan(0);
    for (const { resource, spec } of collections) {
      const list = registry.resources[resource]['x-resource'].endpoints.list!;
      const roles = document.paths[list.path][list.method.toLowerCase()]['x-access'];
      expect(roles, resource).not.toEqual([]);
      for (const endpoint of [spec.add, spec.remove])
        expect(document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]?.['x-access'], endpoint.path).toEqual(roles);
    }
  });
});

describe('roles of record page sections', () => {
  // A rig's page shows its jobs (a child collection) and the tools that name the rig (`via`).
  const schema = (id: string, record?: ResourceSchema['x-resource']['record']): ResourceSchema => {
    const meta: ResourceSchema['x-resource'] = {
      endpoints: {},
      list: { columns: [], sortable: [], sort: { field: 'id', order: 'ASC' }, perPage: 10 },
      filters: [],
      recordRepresentation: 'id',
      ...(record ? { record } : {}),
    };
    return { $id: id, type: 'object', properties: {}, 'x-resource': meta } as unknown as ResourceSchema;
  };
  const route = (path: string, component: string, roles: string[]): RouteNode => ({ path, component, meta: { title: path, roles } });
  const fixture: Registry = {
    resources: {
      rig: schema('rig', { summary: [], sections: [{ resource: 'job' }, { resource: 'tool', via: 'rig' }] }),
      job: schema('job'),
      tool: schema('tool'),
    },
    config: {},
    routes: [route('/rig', 'resource:rig:record', ['driller']), route('/tool', 'resource:tool:list', ['yard'])],
  };
  const { mayUse } = createPermissions(fixture);

  it('opens a child collection to the roles of the page that shows it', async () => {
    expect(await mayUse(['driller'], 'rig')).toBe(true);
    expect(await mayUse(['driller'], 'job')).toBe(true);
    expect(await mayUse(['yard'], 'job')).toBe(false);
    expect(await mayUse(['admin'], 'job')).toBe(true);
  });

  it("opens nothing through a tab that lists another resource's records: that resource keeps its own roles", async () => {
    expect(await mayUse(['driller'], 'tool')).toBe(false);
    expect(await mayUse(['yard'], 'tool')).toBe(true);
    expect(await mayUse(['yard'], 'rig')).toBe(false);
    expect(await mayUse(['guest'], 'tool')).toBe(false);
  });
});
