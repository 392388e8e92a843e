// How each generic endpoint of a resource is documented in /openapi.json: its parameters,
// body and answer, with the bounds the server enforces (kernel/schema/query.ts, limits.ts).
import { Code } from '../../kernel/contract/codes';
import { MAX_IDS } from '../../kernel/contract/limits';
import { IDS_PARAM, MAX_LIMIT, MAX_PAGE, SEARCH_PARAM, parentParam } from '../../kernel/schema/query';
import { field } from '../../kernel/schema/registry';
import type { EndpointKind, ResourceSchema } from '../../kernel/schema/types';
import type { OperationDoc } from '../http/endpoints';

type Json = Record<string, unknown>;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** A record id as every call takes it. */
export const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
/** Ids in a query string: decimal digits, comma-separated. */
/** A record id in the query string, required unless said otherwise. */
export const idParameter = (name: string, description?: string, required = true) => ({
  name,
  in: 'query',
  required,
  schema: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' },
  ...(description ? { description } : {}),
});

export const ID_LIST = { type: 'string', pattern: `^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,${MAX_IDS - 1}}$` };
const DIGITS = (max: number) => ({ type: 'integer', minimum: 1, maximum: max });

function listData(shape: string, name: string): Json {
  const rows = { type: 'array', items: ref(name) };
  const count = { type: 'integer', minimum: 0 };
  switch (shape) {
    case 'list-count':
      return { type: 'object', required: ['list', 'count'], properties: { list: rows, count } };
    case 'paged':
      return {
        type: 'object',
        required: ['items', 'total', 'page', 'limit'],
        properties: { items: rows, total: count, page: DIGITS(MAX_PAGE), limit: DIGITS(MAX_LIMIT) },
      };
    case 'items':
      return { type: 'object', required: ['items'], properties: { items: rows } };
    default:
      return { type: 'object', required: ['total', 'items'], properties: { total: count, items: rows } };
  }
}

/** A filter's query parameter typed as the server reads it. */
function filterSchema(schema: ResourceSchema, path: string): Json {
  const type = field(schema, path)?.schema.type ?? (path === 'id' ? 'integer' : 'string');
  if (type === 'integer') return { type: 'string', pattern: '^-?(0|[1-9][0-9]{0,15})$', description: 'a whole number in decimal digits' };
  if (type === 'number') return { type: 'string', pattern: '^-?(0|[1-9][0-9]{0,15})(\\.[0-9]{1,15})?$', description: 'a decimal number' };
  if (type === 'boolean') return { type: 'string', enum: ['true', 'false'] };
  return { type: 'string' };
}

/** What a closed record (`x-resource.lock`) refuses, for the document of `update` and `del`; empty without a lock. */
function lockWords(schema: ResourceSchema, kind: 'update' | 'del'): string {
  const lock = schema['x-resource'].lock;
  if (!lock) return '';
  const closed = `A record whose ${lock.field} is ${JSON.stringify(lock.value)} is closed`;
  return kind === 'update'
    ? ` ${closed}: only the roles ${lock.roles.join(', ')} may change it (${Code.invalidInput} for others, the message under ${lock.field}), and only by setting ${lock.field} to ${JSON.stringify(lock.reopen)} in the same write (${Code.invalidInput} otherwise).`
    : ` ${closed}: it cannot be deleted until it is reopened (${Code.inUse}).`;
}

export function resourceDoc(kind: EndpointKind, name: string, schema: ResourceSchema, method: string): OperationDoc {
  const doc = describeCall(kind, name, schema, method);
  // A write to the menu, the roles or the accounts changes who may do what.
  return schema['x-resource'].access && kind !== 'list' && kind !== 'info' ? { ...doc, changesAccess: true } : doc;
}

function describeCall(kind: EndpointKind, name: string, schema: ResourceSchema, method: string): OperationDoc {
  const meta = schema['x-resource'];
  const tags = [name];
  switch (kind) {
    case 'list': {
      const sortValues = meta.list.sortable.flatMap((f) => [f, `+${f}`, `-${f}`]);
      return {
        tags,
        summary: `List ${name}`,
        // Every list parameter is optional, and an empty value is the same as leaving it out.
        parameters: [
          { name: 'page', in: 'query', schema: { ...DIGITS(MAX_PAGE), default: 1 }, description: 'decimal digits' },
          { name: 'limit', in: 'query', schema: { ...DIGITS(MAX_LIMIT), default: meta.list.perPage }, description: 'decimal digits' },
          {
            name: 'sort',
            in: 'query',
            schema: { type: 'string', enum: sortValues, default: `${meta.list.sort.order === 'DESC' ? '-' : '+'}${meta.list.sort.field}` },
          },
          { name: IDS_PARAM, in: 'query', schema: ID_LIST, description: `comma-separated ids (at most ${MAX_IDS}): these records only` },
          ...(meta.search?.length
            ? [
                {
                  name: SEARCH_PARAM,
                  in: 'query',
                  schema: { type: 'string' },
                  description: `case-insensitive text searched in ${meta.search.join(', ')}`,
                },
              ]
            : []),
          ...(meta.parent
            ? [idParameter(parentParam(schema)!, `the id of the ${meta.parent.resource} these records belong to`, false)]
            : []),
          ...meta.filters.map((f) => ({
            name: f.param,
            in: 'query',
            schema: f.op === 'given' ? { type: 'string', enum: ['true', 'false'] } : filterSchema(schema, f.field),
            description:
              f.op === 'given'
                ? `true: ${f.field} holds a value; false: it holds none; empty means no filter`
                : `${f.op} on ${f.field}${f.all !== undefined ? `; ${f.all} means all` : ''}; empty means no filter`,
          })),
        ].map((parameter) => ({ ...parameter, allowEmptyValue: true })),
        data: listData(meta.endpoints.list?.shape ?? 'total-items', name),
        codes: [Code.invalidQuery],
      };
    }
    case 'info':
      return {
        tags,
        summary: `One ${name}`,
        parameters: [idParameter('id')],
        data: ref(name),
        codes: [Code.invalidInput, Code.notFound],
      };
    case 'add':
      return { tags, summary: `Add a ${name}`, body: ref(`${name}Input`), bodyIsJson: true, data: ref(name), codes: [Code.invalidInput] };
    case 'update':
      return {
        tags,
        summary: `Edit a ${name}`,
        description: `Fields not sent keep their value; a field sent as null or "" is cleared (refused if it is required).${lockWords(schema, 'update')}`,
        body: ref(`${name}Patch`),
        bodyIsJson: true,
        data: ref(name),
        codes: [Code.invalidInput, Code.notFound, Code.conflict],
      };
    case 'del':
      return {
        tags,
        summary: `Delete ${name} records (all or none, at most ${MAX_IDS})`,
        ...(meta.lock ? { description: lockWords(schema, 'del').trim() } : {}),
        ...(method === 'GET' || method === 'DELETE'
          ? { parameters: [{ name: IDS_PARAM, in: 'query', required: true, schema: ID_LIST }] }
          : {
              body: {
                type: 'object',
                additionalProperties: false,
                minProperties: 1,
                maxProperties: 1,
                properties: { id: ID, ids: { type: 'array', minItems: 1, maxItems: MAX_IDS, items: ID } },
              },
              bodyIsJson: true,
            }),
        data: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', items: ID } } },
        codes: [Code.invalidInput, Code.notFound, Code.inUse],
      };
  }
}

/** The document of one call that adds (a body without id) and edits (a body with one). */
export function addOrEditDoc(name: string, schema: ResourceSchema, method: string): OperationDoc {
  const add = resourceDoc('add', name, schema, method);
  const edit = resourceDoc('update', name, schema, method);
  return {
    ...add,
    summary: `Add a ${name} (a body without id) or edit one (with its id)`,
    description: edit.description,
    body: { anyOf: [ref(`${name}Input`), ref(`${name}Patch`)] },
    codes: [...new Set([...(add.codes ?? []), ...(edit.codes ?? [])])],
  };
}
