import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { assignmentCollections } from '../../kernel/schema/assign';
import { RecordValidator } from '../../kernel/schema/validation';
import { translator } from '../../server/http/messages';
import { makeApi, registry } from './helpers';

describe('GET /dev-api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, served without a session', async () => {
    const { app } = await makeApi(undefined, { seed: false });
    const response = await app.fetch(new Request('http://localhost/dev-api/openapi.json'));
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
  });

  it('describes every endpoint of every schema, with its filters, sort fields and input schema', async () => {
    const { app } = await makeApi(undefined, { seed: false });
    const document = (await (await app.fetch(new Request('http://localhost/dev-api/openapi.json'))).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; schema: { enum?: string[] } }[] }>>;
      components: {
        schemas: Record<string, { properties: Record<string, { enum?: unknown[]; description?: string }>; required?: string[] }>;
      };
    };
    for (const [name, schema] of Object.entries(registry.resources)) {
      for (const endpoint of Object.values(schema['x-resource'].endpoints)) {
        expect(document.paths[endpoint.path]?.[endpoint.method.toLowerCase()], `${name} ${endpoint.method} ${endpoint.path}`).toBeDefined();
      }
    }
    const deviceList = document.paths['/device/list'].get.parameters!;
    expect(deviceList.map((p) => p.name)).toEqual([
      'page',
      'limit',
      'sort',
      'ids',
      'q',
      'title',
      'type',
      'status',
      'brand',
      'location',
      'base',
      'ownership',
      'manufacturer',
    ]);
    expect(deviceList.find((p) => p.name === 'sort')!.schema.enum).toContain('-houring');
    // Brands are a dictionary list admins extend: a number, checked against the list, not a fixed enum.
    expect(document.components.schemas.deviceInput.properties.brand).toEqual({ type: 'integer' });
    expect(document.components.schemas.device.properties.brand.description).toContain('"brand"');
    expect(document.components.schemas.deviceInput.properties.name).toBeUndefined();
    expect(document.components.schemas.crewInput.required).toEqual(['teamNumber', 'leader']);
    for (const path of ['/user/login', '/user/info', '/user/logout', '/config', '/staff/info']) expect(document.paths[path]).toBeDefined();
  });

  it('gives examples that are valid requests', async () => {
    const { app } = await makeApi(undefined, { seed: false });
    const document = (await (await app.fetch(new Request('http://localhost/dev-api/openapi.json'))).json()) as {
      components: { schemas: Record<string, { example?: Record<string, unknown> }> };
    };
    const validator = new RecordValidator(registry);
    let examples = 0;
    for (const name of Object.keys(registry.resources)) {
      const sample = document.components.schemas[`${name}Input`].example;
      if (!sample) continue;
      examples++;
      expect(validator.check(name, sample, 'en', translator('en')), `${name}: ${JSON.stringify(sample)}`).toEqual([]);
    }
    expect(examples).toBeGreaterThan(0);
  });

  it('documents the assignment calls: body, example, answer and refusals', async () => {
    const { app } = await makeApi(undefined, { seed: false });
    type Operation = {
      requestBody: { content: { 'application/json': { schema: Record<string, unknown> & { example: unknown; required: string[] } } } };
      responses: Record<string, unknown>;
    };
    const document = (await (await app.fetch(new Request('http://localhost/dev-api/openapi.json'))).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const collections = assignmentCollections(registry);
    expect(collections.length).toBeGreaterThan(0);
    for (const { spec } of collections) {
      for (const kind of ['add', 'remove'] as const) {
        const operation = document.paths[spec[kind].path][spec[kind].method.toLowerCase()];
        const body = operation.requestBody.content['application/json'].schema;
        expect(body.required).toEqual(['id', spec.idsParam]);
        const { example, ...bodySchema } = body;
        expect(new Ajv({ strict: false }).validate(bodySchema, example), `${spec[kind].path}: ${JSON.stringify(example)}`).toBe(true);
        const answers = JSON.stringify(operation.responses);
        expect(answers).toContain(kind === 'add' ? '"assigned"' : '"removed"');
        expect(answers.includes('40011'), spec[kind].path).toBe(kind === 'add' && spec.exclusive === true);
      }
    }
  });
});

describe('the refusal codes each operation documents', () => {
  it(`include ${40012} (a new password due) on every signed-in operation but the three open before it`, async () => {
    const { app } = await makeApi(undefined, { seed: false });
    const document = (await (await app.fetch(new Request('http://localhost/dev-api/openapi.json'))).json()) as {
      paths: Record<string, Record<string, { 'x-access'?: unknown; responses: Record<string, unknown> }>>;
    };
    const before = new Set(['get /user/info', 'post /user/password', 'post /user/logout']);
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const text = JSON.stringify(operation.responses['200'] ?? {});
        if (!text.includes('50008')) continue; // public: no session, so no password due either
        const key = `${method} ${path}`;
        expect(text.includes('40012'), key).toBe(!before.has(key));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('a create body', () => {
  it('documents id and version as taken and ignored (the server assigns both), as the server treats them', async () => {
    const api = await makeApi(undefined, { seed: false });
    const document = (await (await api.app.fetch(new Request('http://localhost/dev-api/openapi.json'))).json()) as {
      components: { schemas: Record<string, { properties: Record<string, { description?: string }>; additionalProperties?: unknown }> };
    };
    const crew = registry.resources.crew['x-resource'].endpoints;
    const made = await api.call<{ id: number; version: number }>('POST', crew.add!.path, {
      body: { teamNumber: 'ID-1', leader: { name: 'Li' }, id: 'whatever', version: { any: 1 } },
    });
    expect(made.code).toBe(20000);
    expect(made.data.version).toBe(1);
    for (const name of Object.keys(registry.resources)) {
      const input = document.components.schemas[`${name}Input`];
      expect(input.properties.id?.description, name).toMatch(/ignored/);
      expect(input.properties.version?.description, name).toMatch(/ignored/);
    }
  });
});

describe('a record as answered', () => {
  it('documents values the server works out as possibly null, and totals with no upper bound', async () => {
    const { app } = await makeApi(undefined, { seed: false });
    const document = (await (await app.fetch(new Request('http://localhost/dev-api/openapi.json'))).json()) as {
      components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
    };
    let checked = 0;
    const visit = (schema: Record<string, unknown>, answered: Record<string, unknown>, at: string) => {
      const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const out = (answered.properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const [name, prop] of Object.entries(props)) {
        if (!out[name] || prop.$ref) continue;
        if (name === 'id' && at === at.split('.')[0]) {
          expect(out[name].type, `${at}.id`).toBe('integer');
          continue;
        }
        if (prop.type === 'object') visit(prop, out[name], `${at}.${name}`);
        else if (prop.readOnly) {
          expect(out[name].type, `${at}.${name}`).toContain('null');
          if (prop['x-computed']) expect(out[name].maximum, `${at}.${name}`).toBeUndefined();
          checked++;
        }
      }
    };
    for (const [name, schema] of Object.entries(registry.resources)) visit(schema as never, document.components.schemas[name], name);
    expect(checked).toBeGreaterThan(10);
  });
});
