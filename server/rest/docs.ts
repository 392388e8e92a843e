// The REST dialect's calls (rest.ts) in the OpenAPI document: for each resource served, the list
// and create at /api/<resource> and one record's read, edit and delete at /api/<resource>/{id},
// with the same record schemas and roles as its /dev-api calls.
import { MAX_LIMIT } from '../../kernel/schema/query';
import type { Registry } from '../../kernel/schema/registry';
import type { Permissions } from '../access/permissions';
import { REST_BASE, restResources } from './rest';

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });
const REFUSALS = {
  '400': { description: 'invalid input or query: `{message, errors: {field: message}}`' },
  '401': { description: 'no valid session token' },
  '403': { description: 'not allowed for your roles' },
};

export function restPaths(registry: Registry, permissions: Permissions): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const [name, schema] of restResources(registry)) {
    const { endpoints, list } = schema['x-resource'];
    const roles = permissions.rolesFor(name);
    // Served beside /dev-api, not under it: each operation names its own server.
    const common = {
      servers: [{ url: '/' }],
      tags: [`${name} (REST)`],
      security: [{ token: [] }, { bearer: [] }],
      'x-access': roles,
      description: `Roles: ${roles.join(', ') || 'none'}.`,
    };
    const record = {
      '200': { description: 'the record', content: json(ref(name)) },
      ...REFUSALS,
      '404': { description: 'no such record' },
    };
    const one = { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }] };
    paths[`${REST_BASE}/${name}`] = {
      get: {
        ...common,
        summary: `${name}: a page of records (ra-data-simple-rest's getList, getMany and getManyReference)`,
        parameters: [
          {
            name: 'sort',
            in: 'query',
            schema: { type: 'string' },
            description: `JSON ["field", "ASC" or "DESC"]; the field: id, ${list.sortable.join(', ')}`,
          },
          {
            name: 'range',
            in: 'query',
            schema: { type: 'string' },
            description: `JSON [first, last], counted from 0, at most ${MAX_LIMIT} records`,
          },
          {
            name: 'filter',
            in: 'query',
            schema: { type: 'string' },
            description: 'JSON object: {field: value} (a list of values: any of them; `<field>_gte`, `<field>_lte`; `q`: the list search)',
          },
        ],
        responses: {
          '200': {
            description: 'the records; the header Content-Range says `<resource> <first>-<last>/<total>`',
            headers: { 'Content-Range': { schema: { type: 'string' } } },
            content: json({ type: 'array', items: ref(name) }),
          },
          ...REFUSALS,
        },
      },
      ...(endpoints.add
        ? {
            post: {
              ...common,
              summary: `${name}: create`,
              requestBody: { required: true, content: json(ref(`${name}Input`)) },
              responses: { ...record, '201': record['200'] },
            },
          }
        : {}),
    };
    paths[`${REST_BASE}/${name}/{id}`] = {
      get: { ...common, ...one, summary: `${name}: one record`, responses: record },
      ...(endpoints.update
        ? {
            put: {
              ...common,
              ...one,
              summary: `${name}: edit (a \`version\` read is checked: 409 when stale)`,
              requestBody: { required: true, content: json(ref(`${name}Patch`)) },
              responses: { ...record, '409': { description: 'stale version or still in use' } },
            },
          }
        : {}),
      ...(endpoints.del
        ? {
            delete: {
              ...common,
              summary: `${name}: delete; answers the record deleted`,
              responses: { ...record, '409': { description: 'still in use' } },
            },
          }
        : {}),
    };
  }
  return paths;
}
