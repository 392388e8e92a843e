import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
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
      components: { schemas: Record<string, { properties: Record<string, { enum?: unknown[] }>; required?: string[] }> };
    };
    for (const [name, schema] of Object.entries(registry.resources)) {
      for (const endpoint of Object.values(schema['x-resource'].endpoints)) {
        expect(document.paths[endpoint.path]?.[endpoint.method.toLowerCase()], `${name} ${endpoint.method} ${endpoint.path}`).toBeDefined();
      }
    }
    const deviceList = document.paths['/device/list'].get.parameters!;
    expect(deviceList.map((p) => p.name)).toEqual(['page', 'limit', 'sort', 'ids', 'q', 'title', 'type', 'status', 'brand']);
    expect(deviceList.find((p) => p.name === 'sort')!.schema.enum).toContain('-houring');
    expect(document.components.schemas.deviceInput.properties.brand.enum).toEqual([1, 2, 3, 4, 5, 99]);
    expect(document.components.schemas.deviceInput.properties.name).toBeUndefined();
    expect(document.components.schemas.crewInput.required).toEqual(['teamNumber', 'leader']);
    for (const path of ['/user/login', '/user/info', '/user/logout', '/config', '/staff/info', '/upload']) expect(document.paths[path]).toBeDefined();
  });
});
