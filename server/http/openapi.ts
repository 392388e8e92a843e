// GET /dev-api/openapi.json: the API described for other programs, built from the declared
// operations (server/http/endpoints.ts) and the same schemas the server validates with, so that it
// states what the server enforces and cannot fall behind.
import { resolve } from '../../kernel/schema/registry';
import type { Registry } from '../../kernel/schema/registry';
import type { FieldSchema, ResourceSchema } from '../../kernel/schema/types';
import { writeSchema } from '../../kernel/schema/write-schema';
import { DICTIONARY, DICTIONARY_OPTIONS_PATH } from '../../kernel/schema/dictionary';
import { exampleRecord } from '../../kernel/demo/fake';
import { stripReadOnly } from '../../kernel/schema/write-schema';
import { Code } from '../../kernel/contract/codes';
import { MAX_ARRAY_ITEMS, MAX_ECHO_LENGTH, MAX_IDS, MAX_JSON_DEPTH } from '../../kernel/contract/limits';
import type { Operation } from './endpoints';
import type { Permissions } from '../access/permissions';
import { ID } from '../resources/docs';
import { UNSAVED_VERSION, isSingleton } from '../../kernel/schema/singleton';
import { translator } from './messages';
import { RecordValidator } from '../../kernel/schema/validation';
import { restPaths } from '../rest/docs';

type Json = Record<string, unknown>;

/** A schema without our x- keywords and with references resolved, as OpenAPI readers expect. */
function plain(root: ResourceSchema, schema: FieldSchema): Json {
  const s = resolve(root, schema);
  const out: Json = {};
  for (const [key, value] of Object.entries(s)) {
    if (key.startsWith('x-') || key === '$ref') continue;
    if (key === 'properties')
      out.properties = Object.fromEntries(Object.entries(value as Record<string, FieldSchema>).map(([k, v]) => [k, plain(root, v)]));
    else if (key === 'items') out.items = plain(root, value as FieldSchema);
    else out[key] = value;
  }
  return out;
}

/**
 * Values the server works out (read-only) are answered as it has them: null while what they come
 * from is missing (a daily report's TVD before the well has a survey), and, for totals worked out
 * from other records (an instrument's hours), with no upper bound: a field's maximum bounds what a
 * person types, not a sum. Inside groups too.
 */
function derivedAsAnswered(root: ResourceSchema, schema: FieldSchema, target: Json) {
  const targets = target.properties as Record<string, Json> | undefined;
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const prop = resolve(root, raw);
    const out = targets?.[name];
    // A stored record always has its id.
    if (!out || (schema === root && name === 'id')) continue;
    if (prop.type === 'object' && prop.properties) derivedAsAnswered(root, prop, out);
    else if (prop.readOnly && typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (prop['x-computed']) delete out.maximum;
    }
  }
}

function recordSchema(root: ResourceSchema, registry: Registry): Json {
  const { $schema: _s, $id: _i, definitions: _d, 'x-resource': _r, ...rest } = root;
  const schema = plain(root, { ...rest, type: 'object' }) as { properties: Json; required?: string[]; description?: string };
  for (const [name, prop] of Object.entries(root.properties ?? {})) {
    const list = prop['x-options'];
    const target = schema.properties[name] as Json;
    const kept = list ? registry.config[list]?.dictionary : undefined;
    if (kept)
      target.description = `A key of the option list ${list} (GET /config), kept in the data dictionary list "${kept}" (${DICTIONARY_OPTIONS_PATH}).`;
    else if (list && registry.config[list]) target.enum = registry.config[list].items.map((i) => i.key);
    else if (list) target.description = `A key of the data dictionary list "${list.slice('dict:'.length)}" (${DICTIONARY_OPTIONS_PATH}).`;
    if (prop['x-ref']) target.description = `The id of a ${prop['x-ref']} record.`;
    // Answered beside the record's own fields (see server/forms/form-records.ts), not under this name.
    if (prop['x-form-values']) {
      delete schema.properties[name];
      (schema as Json).additionalProperties = true;
      schema.description =
        `${schema.description ?? ''} Beside its own fields, the values of the fields its ${root['x-resource'].parent?.resource} defines in ${prop['x-form-values']}.`.trim();
    }
  }
  derivedAsAnswered(root, root, schema as Json);
  // The one record of a singleton answers version 0 until it is first saved.
  schema.properties.version = {
    type: 'integer',
    minimum: isSingleton(root) ? UNSAVED_VERSION : 1,
    readOnly: true,
    description: 'Increases with every update; send it back to refuse stale updates (code 40009).',
  };
  // Stored records may hold nothing for an optional field: it is then absent or null.
  delete schema.required;
  return schema;
}

/** The empty-value rule in the schema: an optional field may also be sent as null or "" (not given). */
function withEmptyValues(schema: Json): Json {
  const properties = schema.properties as Record<string, Json> | undefined;
  if (!properties) return schema;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: Record<string, Json> = {};
  for (const [name, prop] of Object.entries(properties)) {
    const inner = prop.type === 'object' ? withEmptyValues(prop) : prop;
    out[name] = required.has(name)
      ? inner
      : { anyOf: [inner, { type: 'null' }, { const: '' }], description: 'optional: absent, null or "" mean not given' };
  }
  return { ...schema, properties: out };
}

const refusal = (codes: number[]): Json => ({
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'integer', enum: [...new Set(codes)].sort() },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
    data: { description: `with ${Code.conflict}: the record as it is now` },
  },
});

function responses(operation: Operation, common: number[]): Json {
  if (operation.doc.data === undefined && operation.access === 'public' && operation.method === 'GET') {
    return { '200': { description: 'the resource itself (not an envelope)' }, '500': { description: 'server failure' } };
  }
  const success = {
    type: 'object',
    required: ['code', 'data'],
    properties: { code: { const: Code.ok }, msg: { type: 'string' }, data: operation.doc.data ?? {}, changed: CHANGED },
  };
  const codes = [...common, ...(operation.doc.codes ?? [])];
  if (operation.access !== 'public') codes.push(Code.tokenInvalid, Code.tokenExpired);
  // A person whose password someone else set must choose their own before any other call.
  if (operation.access !== 'public' && !operation.beforePasswordChange) codes.push(Code.passwordChangeDue);
  if (typeof operation.access === 'object') codes.push(Code.forbidden);
  const envelope = (schema: Json) => ({ content: { 'application/json': { schema } } });
  if (operation.doc.file) {
    return {
      '200': {
        description: 'the file itself, or a refusal with its code and message',
        content: { [operation.doc.file]: { schema: { type: 'string', format: 'binary' } }, 'application/json': { schema: refusal(codes) } },
      },
      '500': { description: 'server failure; nothing written', ...envelope(refusal([Code.internal])) },
    };
  }
  return {
    '200': {
      description: `success (${Code.ok}) or a refusal with its code and message; nothing is written when refused`,
      ...envelope({ oneOf: [success, refusal(codes)] }),
    },
    '500': { description: 'server failure; nothing written', ...envelope(refusal([Code.internal])) },
  };
}

/** Beside `data` in the answer of a write that changed other records than those it answers. */
const CHANGED = {
  type: 'array',
  description: 'the other records this write changed (a parent total, an instrument’s hours or status), to read again',
  items: {
    type: 'object',
    required: ['resource', 'id'],
    properties: { resource: { type: 'string' }, id: { type: 'integer' } },
  },
};

/** The keys of a dictionary list as the demo data seeds them, for examples. */
function seededDictionaryKeys(registry: Registry): (code: string) => string[] {
  const lists = registry.resources[DICTIONARY.lists]?.['x-resource'].seed?.fixed ?? [];
  const items = registry.resources[DICTIONARY.items]?.['x-resource'].seed?.fixed ?? [];
  return (code) => {
    const id = lists.findIndex((list) => list.code === code) + 1;
    const keys = items.filter((item) => item.dictionary === id).map((item) => String(item.key));
    return keys.length > 0 ? keys : ['key'];
  };
}

/** How many demo records an example may try before it settles for one that breaks a rule across fields. */
const EXAMPLE_ATTEMPTS = 100;

/**
 * A request body for the document: a demo record without server-owned fields and file fields,
 * the first of the demo generator's that the server would take (fields made one by one may
 * break a rule across them: a day's hours adding up to more than 24).
 */
function example(schema: ResourceSchema, registry: Registry, validator: RecordValidator): Json | undefined {
  if (!schema['x-resource'].seed) return undefined;
  const t = translator('en');
  let record: Record<string, unknown> = {};
  for (let attempt = 1; attempt <= EXAMPLE_ATTEMPTS; attempt++) {
    record = stripReadOnly(schema, exampleRecord(schema, registry.config, seededDictionaryKeys(registry), attempt));
    for (const [name, prop] of Object.entries(schema.properties ?? {})) if (resolve(schema, prop)['x-upload']) delete record[name];
    if (validator.check(schema.$id, record, 'en', t).length === 0) break;
  }
  return record as Json;
}

/** Hono's `:name{pattern}` as OpenAPI's `{name}`; a pattern may hold braces of its own (`{32}`). */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, '{$1}');

export function openApiDocument(registry: Registry, operations: Operation[], permissions: Permissions): Json {
  const schemas: Json = {};
  const validator = new RecordValidator(registry);
  for (const [name, schema] of Object.entries(registry.resources)) {
    schemas[name] = recordSchema(schema, registry);
    const input = writeSchema(schema, registry.config) as Json;
    // A field with a default may be left out: the server fills it in.
    const inputProps = input.properties as Record<string, Json>;
    input.required = ((input.required as string[]) ?? []).filter((field) => inputProps[field]?.default === undefined);
    const sample = example(schema, registry, validator);
    const created = withEmptyValues(input);
    // A create may carry the record's id and version (a form sends back what it shows): the
    // server assigns both to a new record, so whatever is sent there is taken and ignored.
    created.properties = {
      id: { description: 'ignored, whatever its value: the server gives a new record its id' },
      version: { description: 'ignored, whatever its value: a new record starts at version 1' },
      ...(created.properties as Json),
    };
    schemas[`${name}Input`] = { ...created, ...(sample ? { example: sample } : {}) };
    const { required: _r, ...optional } = input;
    const patch = withEmptyValues({ ...optional, required: [] });
    // Required fields may be left out of an edit (they keep their value) but not emptied.
    for (const field of (input.required as string[]) ?? [])
      (patch.properties as Record<string, Json>)[field] = (input.properties as Record<string, Json>)[field];
    // A singleton's one record is edited without its id.
    const single = isSingleton(schema);
    schemas[`${name}Patch`] = {
      ...patch,
      required: single ? [] : ['id'],
      properties: {
        ...(single ? {} : { id: ID }),
        version: {
          anyOf: [{ type: 'integer', minimum: single ? UNSAVED_VERSION : 1, maximum: Number.MAX_SAFE_INTEGER }, { type: 'null' }],
          description: 'the version you read; omit to overwrite',
        },
        ...(patch.properties as Json),
      },
    };
  }

  const paths: Record<string, Json> = {};
  for (const operation of operations) {
    const { doc, access } = operation;
    const jsonBody = doc.body && doc.bodyIsJson !== false && !('content' in doc.body);
    const common = [Code.invalidInput, Code.invalidQuery];
    const accessNote =
      access === 'public'
        ? 'Anyone may call it.'
        : access === 'signed-in'
          ? 'Any signed-in person may call it.'
          : `Roles: ${permissions.rolesFor(access.resource).join(', ') || 'none'}.`;
    paths[openApiPath(operation.path)] = {
      ...paths[openApiPath(operation.path)],
      [operation.method.toLowerCase()]: {
        tags: doc.tags,
        summary: doc.summary,
        description: [doc.description, accessNote].filter(Boolean).join(' '),
        'x-access': access === 'public' || access === 'signed-in' ? access : permissions.rolesFor(access.resource),
        // Checked before anything else, the session included: a larger body answers 40001 to anyone.
        'x-body-max-bytes': operation.bodyMaxBytes,
        ...(doc.writes ? { 'x-writes': true } : {}),
        ...(doc.changesAccess ? { 'x-changes-access': true } : {}),
        ...(access === 'public' ? { security: [] } : {}),
        ...(doc.parameters ? { parameters: doc.parameters } : {}),
        ...(doc.body
          ? { requestBody: jsonBody ? { required: true, content: { 'application/json': { schema: doc.body } } } : doc.body }
          : {}),
        responses: responses(operation, common),
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Drilling Instrument Service back office API',
      version: '1',
      description: [
        'Every answer is an envelope {code, data} (or {code, message} when refused), with HTTP status 200; only a server failure answers HTTP 500 (nothing is written then).',
        `Codes: ${Code.ok} success; ${Code.loginFailed} wrong account or password; ${Code.tokenInvalid} unknown token; ${Code.tokenExpired} expired session; ${Code.invalidInput} invalid input (errors[] names each field); ${Code.invalidQuery} invalid query; ${Code.forbidden} not allowed for your role; ${Code.notFound} no such record or endpoint; ${Code.conflict} stale version; ${Code.inUse} still used by other records (nothing deleted); ${Code.assignedElsewhere} assigned to another record (data names each member and where it is; resend with move: true to move it); ${Code.passwordChangeDue} a new password is due (POST /user/password first); ${Code.tooManyAttempts} too many failed sign-ins, or event streams; ${Code.internal} server failure (nothing written).`,
        'The session token goes in the X-Token header; only GET /user/info and POST /user/logout also take it as ?token=.',
        'Every resource kept as records is also served at /api/<resource> in the REST dialect of ra-data-simple-rest (the paths under /api): JSON records and arrays without an envelope, a Content-Range header on lists, refusals as HTTP statuses; the token in X-Token or as a bearer token; the same roles, validation and write path.',
        `Bodies: JSON calls require Content-Type: application/json (charset, if given, utf-8), valid UTF-8 (no lone surrogates), an object at the top, at most ${MAX_JSON_DEPTH} levels of nesting and ${MAX_ARRAY_ITEMS} items in any array; a body over the size limit (1 MB unless configured; uploads have their own) is refused while it arrives, before the session is looked up, so such a call answers 40001 even without a token. Query strings must be valid UTF-8.`,
        "Integers (ids, page, limit, version, numeric filters) are decimal digits in a query string (no sign, leading zeros, hex, exponent or spaces) and JSON integers in a body. In a list's query string an empty value is the same as leaving the parameter out (allowEmptyValue).",
        `Deletes take {id} or {ids: [...]} (at most ${MAX_IDS}), all or none. A name or value you sent is quoted in a message up to ${MAX_ECHO_LENGTH} characters.`,
        'Empty values: for an optional field, absent, null and "" all mean "not given" (on an edit: cleared), at any depth; a group whose fields are all not given is not given. A required field must be given.',
        'Messages follow Accept-Language (zh, en, es, ja).',
      ].join('\n\n'),
    },
    servers: [{ url: '/dev-api' }],
    security: [{ token: [] }],
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Token' }, bearer: { type: 'http', scheme: 'bearer' } },
      schemas,
    },
    paths: { ...paths, ...restPaths(registry, permissions) },
  };
}
