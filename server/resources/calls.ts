// The generic list / info / add / update / del endpoints of every resource schema. They read the
// call and answer it; the writes themselves (checks, derived values, totals, log) are the write
// service's (server/write/service.ts).
import { QueryError, parseLegacyQuery } from '../../kernel/schema/query';
import { encodeList } from '../../kernel/schema/shapes';
import { flattenRecord } from '../../kernel/forms/record-form';
import type { EndpointKind, ResourceSchema } from '../../kernel/schema/types';
import { stripReadOnly } from '../../kernel/schema/write-schema';
import { withDefaults } from '../../kernel/schema/derive';
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { MAX_IDS, echo } from '../../kernel/contract/limits';
import { type AppContext, fail, ok } from '../context';
import type { Api } from '../http/endpoints';
import { readJson, refuseBody } from '../http/request';
import { addOrEditDoc, resourceDoc } from './docs';
import type { Store } from '../store/types';
import { isSingleton } from '../../kernel/schema/singleton';
import { registerSingleton } from './singleton';
import type { RecordValidator } from '../../kernel/schema/validation';
import { type WriteService, actorOf } from '../write/service';
import { answerWrite } from '../write/answer';

interface Deps {
  /** Where records are read. */
  store: Store;
  /** Where every write goes (server/write/service.ts). */
  writes: WriteService;
  validator: RecordValidator;
  /** Told after the record of a singleton resource (the parameters) is stored. */
  onSingletonWrite?: (name: string) => void;
}

/**
 * Ids from `id`/`ids`: in a JSON body a JSON integer or a list of them; in the query string
 * (GET, DELETE) decimal digits, comma-separated. At most MAX_IDS; undefined when any is not an id.
 */
function idsOf(c: AppContext, body: Record<string, unknown> | undefined): number[] | undefined {
  let raw: unknown[];
  if (body) {
    // `id` is one id, `ids` a list of them: nothing else stands for either.
    if ('ids' in body && !Array.isArray(body.ids)) return undefined;
    if ('id' in body && typeof body.id !== 'number') return undefined;
    raw = 'ids' in body ? (body.ids as unknown[]) : 'id' in body ? [body.id] : [];
    if (raw.some((id) => typeof id !== 'number')) return undefined;
  } else raw = (c.req.query('ids') ?? c.req.query('id') ?? '').split(',').filter(Boolean);
  if (raw.length === 0 || raw.length > MAX_IDS) return undefined;
  const ids = raw.map((id) => parseInteger(id));
  return ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
}

export function registerResource(api: Api, name: string, schema: ResourceSchema, deps: Deps) {
  // One record (the system parameters): two calls of their own, without ids.
  if (isSingleton(schema)) return registerSingleton(api, name, schema, { ...deps, onWrite: deps.onSingletonWrite });
  const { store, writes } = deps;
  const endpoints = schema['x-resource'].endpoints;

  const notFound = (c: AppContext, ids: number[]) => {
    const t = c.get('t');
    return fail(
      c,
      Code.notFound,
      t('server.not_found', { resource: t(`resources.${name}.name`, { smart_count: 1, _: name }), id: ids.join(', ') }),
    );
  };
  const missingId = (c: AppContext) => fail(c, Code.invalidInput, c.get('t')('server.missing_id', { max: MAX_IDS }));

  const handlers: Record<EndpointKind, (c: AppContext) => Promise<Response>> = {
    async list(c) {
      try {
        const query = parseLegacyQuery(schema, new URL(c.req.url).searchParams);
        const { rows, total } = await store.list(name, query);
        const answered = rows.map((row) => flattenRecord(schema, row));
        return ok(c, encodeList(endpoints.list?.shape ?? 'total-items', { rows: answered, total, page: query.page, limit: query.limit }));
      } catch (error) {
        if (!(error instanceof QueryError)) throw error;
        const t = c.get('t');
        return fail(c, Code.invalidQuery, t(`server.bad_${error.reason}`, { param: error.param, value: error.value }));
      }
    },

    async info(c) {
      const ids = idsOf(c, undefined);
      if (!ids || ids.length !== 1) return missingId(c);
      const row = await store.get(name, ids[0]);
      return row ? ok(c, flattenRecord(schema, row)) : notFound(c, ids);
    },

    async add(c) {
      const read = await readJson(c);
      if (!('body' in read)) return refuseBody(c, read);
      const { version: _v, ...fields } = read.body;
      // A field left out takes its default.
      const outcome = await writes.create(actorOf(c), name, withDefaults(schema, stripReadOnly(schema, fields)));
      return answerWrite(c, outcome, (row) => row, 'server.added');
    },

    async update(c) {
      const read = await readJson(c);
      if (!('body' in read)) return refuseBody(c, read);
      const { id, version: givenVersion, ...fields } = read.body;
      const ids = typeof id === 'number' ? idsOf(c, { id }) : undefined;
      if (!ids) return missingId(c);
      // Absent or null: overwrite whatever version is stored.
      const version = typeof givenVersion === 'number' ? parseInteger(givenVersion) : undefined;
      if (givenVersion !== undefined && givenVersion !== null && version === undefined) {
        return fail(c, Code.invalidInput, c.get('t')('server.bad_version'));
      }
      const outcome = await writes.update(actorOf(c), name, ids[0], stripReadOnly(schema, fields), { version });
      return answerWrite(c, outcome, (row) => row, 'server.edited');
    },

    async del(c) {
      let body: Record<string, unknown> | undefined;
      if (c.req.method !== 'GET' && c.req.method !== 'DELETE') {
        const read = await readJson(c);
        if (!('body' in read)) return refuseBody(c, read);
        body = read.body;
      }
      if (body && 'id' in body && 'ids' in body) return missingId(c);
      const extra = Object.keys(body ?? {}).filter((key) => key !== 'id' && key !== 'ids');
      if (extra.length > 0)
        return fail(c, Code.invalidInput, c.get('t')('server.only_ids', { fields: extra.slice(0, 5).map(echo).join(', ') }));
      const ids = idsOf(c, body);
      if (!ids) return missingId(c);
      const outcome = await writes.remove(actorOf(c), name, ids);
      return answerWrite(c, outcome, () => ({ ids }), 'server.deleted');
    },
  };

  // One call that both adds and edits (the spare parts' POST /device/asseadd): a body with an id edits.
  const { add, update } = endpoints;
  const addOrEdit = add && update && add.method === update.method && add.path === update.path;
  for (const [kind, endpoint] of Object.entries(endpoints) as [EndpointKind, NonNullable<(typeof endpoints)[EndpointKind]>][]) {
    if (addOrEdit && kind === 'update') continue;
    if (addOrEdit && kind === 'add') {
      api.on(
        { method: endpoint.method, path: endpoint.path, access: { resource: name }, doc: addOrEditDoc(name, schema, endpoint.method) },
        async (c) => {
          const read = await readJson(c); // the request keeps its body for the handler to read again
          return 'body' in read && 'id' in read.body ? handlers.update(c) : handlers.add(c);
        },
      );
      continue;
    }
    api.on(
      { method: endpoint.method, path: endpoint.path, access: { resource: name }, doc: resourceDoc(kind, name, schema, endpoint.method) },
      (c) => handlers[kind](c),
    );
  }
}
