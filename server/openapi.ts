// GET /dev-api/openapi.json: the API described for other programs, generated from the same
// schemas and route tree the server runs on, so it cannot fall behind.
import { resolve } from '../kernel/schema/registry';
import type { Registry } from '../kernel/schema/registry';
import type { FieldSchema, ResourceSchema } from '../kernel/schema/types';
import { writeSchema } from '../kernel/schema/write-schema';
import { DICTIONARY_OPTIONS_PATH } from '../kernel/schema/dictionary';
import { IDS_PARAM, SEARCH_PARAM, parentParam } from '../kernel/schema/query';
import { Code } from '../kernel/contract/codes';
import { resourcesShown } from './permissions';
import { ALLOWED_EXTENSIONS } from './uploads';

type Json = Record<string, unknown>;

/** A schema without our x- keywords and with references resolved, as OpenAPI readers expect. */
function plain(root: ResourceSchema, schema: FieldSchema): Json {
  const s = resolve(root, schema);
  const out: Json = {};
  for (const [key, value] of Object.entries(s)) {
    if (key.startsWith('x-') || key === '$ref') continue;
    if (key === 'properties') out.properties = Object.fromEntries(Object.entries(value as Record<string, FieldSchema>).map(([k, v]) => [k, plain(root, v)]));
    else if (key === 'items') out.items = plain(root, value as FieldSchema);
    else out[key] = value;
  }
  return out;
}

function recordSchema(root: ResourceSchema, registry: Registry): Json {
  const { $schema: _s, $id: _i, definitions: _d, 'x-resource': _r, ...rest } = root;
  const schema = plain(root, { ...rest, type: 'object' }) as { properties: Json; required?: string[]; description?: string };
  for (const [name, prop] of Object.entries(root.properties ?? {})) {
    const list = prop['x-options'];
    const target = schema.properties[name] as Json;
    if (list && registry.config[list]) target.enum = registry.config[list].items.map((i) => i.key);
    else if (list) target.description = `A key of the data dictionary list "${list.slice('dict:'.length)}" (${DICTIONARY_OPTIONS_PATH}).`;
    if (prop['x-ref']) target.description = `The id of a ${prop['x-ref']} record.`;
  }
  schema.properties.version = { type: 'integer', readOnly: true, description: 'Increases with every update; send it back to refuse stale updates (code 40009).' };
  return schema;
}

const envelope = (data: Json = {}): Json => ({
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'integer', description: `${Code.ok} on success; see the error codes in the description` }, msg: { type: 'string' }, message: { type: 'string' }, data },
});

const answer = (description: string, data?: Json) => ({ '200': { description, content: { 'application/json': { schema: envelope(data) } } } });
const jsonBody = (schema: Json) => ({ required: true, content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function listData(shape: string, name: string): Json {
  const rows = { type: 'array', items: ref(name) };
  switch (shape) {
    case 'list-count':
      return { type: 'object', properties: { list: rows, count: { type: 'integer' } } };
    case 'paged':
      return { type: 'object', properties: { items: rows, total: { type: 'integer' }, page: { type: 'integer' }, limit: { type: 'integer' } } };
    case 'items':
      return { type: 'object', properties: { items: rows } };
    default:
      return { type: 'object', properties: { total: { type: 'integer' }, items: rows } };
  }
}

export function openApiDocument(registry: Registry): Json {
  const paths: Record<string, Json> = {};
  const schemas: Json = {};
  const add = (path: string, method: string, operation: Json) => {
    paths[path] = { ...(paths[path] ?? {}), [method.toLowerCase()]: operation };
  };
  const guarded = resourcesShown(registry.routes, registry.resources);

  add('/user/login', 'POST', {
    tags: ['session'],
    summary: 'Sign in',
    security: [],
    requestBody: jsonBody({ type: 'object', required: ['username', 'password'], properties: { username: { type: 'string' }, password: { type: 'string' } } }),
    responses: answer(`data.token, to send as X-Token; ${Code.loginFailed} wrong account or password, ${Code.tooManyAttempts} too many failures`, {
      type: 'object',
      properties: { token: { type: 'string' } },
    }),
  });
  add('/user/info', 'GET', {
    tags: ['session'],
    summary: 'The signed-in person',
    parameters: [{ name: 'token', in: 'query', schema: { type: 'string' }, description: 'instead of the X-Token header' }],
    responses: answer('roles, name, avatar, introduction, mobile', {
      type: 'object',
      properties: { roles: { type: 'array', items: { type: 'string' } }, name: { type: 'string' }, avatar: { type: 'string' }, introduction: { type: 'string' }, mobile: { type: 'string' } },
    }),
  });
  add('/user/logout', 'POST', { tags: ['session'], summary: 'Sign out (revokes the token)', responses: answer('success') });
  add('/config', 'GET', { tags: ['session'], summary: 'Option lists', responses: answer(Object.keys(registry.config).join(', '), { type: 'object' }) });
  add('/staff/info', 'GET', { tags: ['session'], summary: "The signed-in person's staff card", responses: answer('introduction, avatar, name, mobile', { type: 'object' }) });
  add('/upload', 'POST', {
    tags: ['uploads'],
    summary: `Upload a file (${ALLOWED_EXTENSIONS.join(', ')})`,
    requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } } },
    responses: answer('id, name, url, thumbnail, uploadTime, size, type', { type: 'object' }),
  });
  add(DICTIONARY_OPTIONS_PATH, 'GET', {
    tags: ['dictionary'],
    summary: 'Every data dictionary list with its items (key, label in each language, enabled, sort), by list code',
    responses: answer('{<code>: [{key, label, enabled, sort}]}', { type: 'object' }),
  });
  add('/upload/list', 'GET', { tags: ['uploads'], summary: 'Uploaded files', responses: answer('{list, count}', { type: 'object' }) });
  add('/upload/del', 'POST', { tags: ['uploads'], summary: 'Delete a file and its record', requestBody: jsonBody({ type: 'object', properties: { id: { type: 'integer' } } }), responses: answer('deleted') });

  for (const [name, schema] of Object.entries(registry.resources)) {
    schemas[name] = recordSchema(schema, registry);
    const input = writeSchema(schema, registry.config);
    schemas[`${name}Input`] = input;
    schemas[`${name}Patch`] = {
      ...input,
      required: ['id'],
      properties: { id: { type: 'integer' }, version: { type: 'integer', description: 'the version you read; omit to overwrite' }, ...input.properties },
    };
    const meta = schema['x-resource'];
    const tags = [name];
    const note = guarded.has(name) ? 'Roles: those of the routes showing this resource (schemas/routes.json).' : 'Open to every signed-in person.';
    const { list, info, add: create, update, del } = meta.endpoints;
    if (list) {
      const sortValues = meta.list.sortable.flatMap((f) => [`+${f}`, `-${f}`]);
      add(list.path, list.method, {
        tags,
        summary: `List ${name}`,
        description: note,
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000, default: meta.list.perPage } },
          { name: 'sort', in: 'query', schema: { type: 'string', enum: sortValues, default: `${meta.list.sort.order === 'DESC' ? '-' : '+'}${meta.list.sort.field}` } },
          { name: IDS_PARAM, in: 'query', schema: { type: 'string' }, description: 'comma-separated ids: these records only' },
          ...(meta.search?.length ? [{ name: SEARCH_PARAM, in: 'query', schema: { type: 'string' }, description: `case-insensitive text searched in ${meta.search.join(', ')}` }] : []),
          ...(meta.parent ? [{ name: parentParam(schema), in: 'query', schema: { type: 'integer' }, description: `the ${meta.parent.resource} these records belong to` }] : []),
          ...meta.filters.map((f) => ({
            name: f.param,
            in: 'query',
            schema: { type: ['integer', 'number'].includes(String(resolve(schema, schema.properties?.[f.field] ?? {}).type)) ? 'number' : 'string' },
            description: `${f.op} on ${f.field}${f.all !== undefined ? `; ${f.all} means all` : ''}`,
          })),
        ],
        responses: answer(`${Code.invalidQuery} for an unknown sort field or a bad number`, listData(list.shape ?? 'total-items', name)),
      });
    }
    if (info) add(info.path, info.method, { tags, summary: `One ${name}`, description: note, parameters: [{ name: 'id', in: 'query', required: true, schema: { type: 'integer' } }], responses: answer(`${Code.notFound} when absent`, ref(name)) });
    if (create) add(create.path, create.method, { tags, summary: `Add a ${name}`, description: note, requestBody: jsonBody(ref(`${name}Input`)), responses: answer(`${Code.invalidInput} with errors[] naming each bad field`, ref(name)) });
    if (update) {
      add(update.path, update.method, {
        tags,
        summary: `Edit a ${name}`,
        description: `${note} Fields not sent keep their value.`,
        requestBody: jsonBody(ref(`${name}Patch`)),
        responses: answer(`${Code.conflict} when version is stale (data holds the current record)`, ref(name)),
      });
    }
    if (del) {
      add(del.path, del.method, {
        tags,
        summary: `Delete ${name} records (all or none)`,
        description: note,
        ...(del.method === 'DELETE'
          ? { parameters: [{ name: 'ids', in: 'query', schema: { type: 'string' } }] }
          : { requestBody: jsonBody({ type: 'object', properties: { id: { type: 'integer' }, ids: { type: 'array', items: { type: 'integer' } } } }) }),
        responses: answer(`${Code.notFound} naming the missing ids, ${Code.inUse} when other records still use them; nothing deleted then`),
      });
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Drilling Instrument Service back office API',
      version: '1',
      description: [
        'Every answer is an envelope {code, data} (or {code, message} when refused), with HTTP status 200.',
        `Codes: ${Code.ok} success; ${Code.loginFailed} wrong account or password; ${Code.tokenInvalid} unknown token; ${Code.tokenExpired} expired session; ${Code.invalidInput} invalid input (errors[] names each field); ${Code.invalidQuery} invalid query; ${Code.forbidden} not allowed for your role; ${Code.notFound} no such record or endpoint; ${Code.conflict} stale version; ${Code.inUse} still used by other records (nothing deleted); ${Code.tooManyAttempts} too many failed sign-ins; ${Code.internal} server failure (nothing written).`,
        'Messages follow Accept-Language (zh, en, es, ja).',
      ].join('\n\n'),
    },
    servers: [{ url: '/dev-api' }],
    security: [{ token: [] }],
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Token' } }, schemas },
    paths,
  };
}
