// The generic list / info / add / update / del endpoints of every resource schema.
import type { Hono } from 'hono';
import { QueryError, parseLegacyQuery } from '../kernel/schema/query';
import { encodeList } from '../kernel/schema/shapes';
import type { EndpointKind, ResourceSchema } from '../kernel/schema/types';
import { compact, stripReadOnly } from '../kernel/schema/write-schema';
import { Code } from '../kernel/contract/codes';
import { type AppContext, type AppEnv, fail, jsonBody, ok } from './context';
import { derive, withDefaults } from '../kernel/schema/derive';
import type { FieldError } from '../kernel/schema/validation';
import type { Relations } from './relations';
import type { Permissions } from './permissions';
import type { Row, Store } from './store/types';
import type { RecordValidator } from '../kernel/schema/validation';

interface Deps {
  store: Store;
  validator: RecordValidator;
  relations: Relations;
  permissions: Permissions;
  now?: () => Date;
}

const toId = (value: unknown) => (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? Number(value) : NaN);

/**
 * Ids from `id`/`ids`: in a JSON body a number or a list of numbers; in the query
 * string (GET, DELETE) also a comma-separated list.
 */
function idsOf(c: AppContext, body: Record<string, unknown> | undefined): number[] | undefined {
  let raw: unknown[];
  if (body) {
    const given = body.ids ?? body.id;
    raw = Array.isArray(given) ? given : given === undefined ? [] : [given];
  } else raw = (c.req.query('ids') ?? c.req.query('id') ?? '').split(',').filter(Boolean);
  const ids = raw.map(toId);
  return ids.length > 0 && ids.every((n) => Number.isSafeInteger(n) && n > 0) ? ids : undefined;
}

export function registerResource(app: Hono<AppEnv>, name: string, schema: ResourceSchema, deps: Deps) {
  const { store, validator, relations } = deps;
  const now = deps.now ?? (() => new Date());
  const endpoints = schema['x-resource'].endpoints;

  const refuse = (c: AppContext, errors: FieldError[]) => fail(c, Code.invalidInput, errors.map((e) => e.message).join('; '), { errors });
  const invalid = (c: AppContext, record: Record<string, unknown>) => {
    const errors = validator.check(name, record, c.get('language'), c.get('t'));
    return errors.length === 0 ? undefined : refuse(c, errors);
  };
  const context = (c: AppContext) => ({ language: c.get('language'), t: c.get('t') });
  const notFound = (c: AppContext, ids: number[]) => {
    const t = c.get('t');
    return fail(c, Code.notFound, t('server.not_found', { resource: t(`resources.${name}.name`, { smart_count: 1, _: name }), id: ids.join(', ') }));
  };
  const badBody = (c: AppContext) => fail(c, Code.invalidInput, c.get('t')('server.bad_json'));
  const missingId = (c: AppContext) => fail(c, Code.invalidInput, c.get('t')('server.missing_id'));

  const handlers: Record<EndpointKind, (c: AppContext) => Promise<Response>> = {
    async list(c) {
      try {
        const query = parseLegacyQuery(schema, new URL(c.req.url).searchParams);
        const { rows, total } = await store.list(name, query);
        return ok(c, encodeList(endpoints.list?.shape ?? 'total-items', { rows, total, page: query.page, limit: query.limit }));
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
      return row ? ok(c, row) : notFound(c, ids);
    },

    async add(c) {
      const body = await jsonBody(c);
      if (!body) return badBody(c);
      const { version: _v, ...fields } = body;
      const input = withDefaults(schema, stripReadOnly(schema, fields));
      const refusal = invalid(c, input);
      if (refusal) return refusal;
      const record = derive(schema, compact(input), undefined, now());
      const result = await store.transaction(async (tx): Promise<{ errors: FieldError[] } | { row: Row }> => {
        const errors = await relations.checkWrite(tx, name, record, undefined, context(c));
        return errors.length > 0 ? { errors } : { row: await tx.insert(name, record) };
      });
      return 'errors' in result ? refuse(c, result.errors) : ok(c, result.row, c.get('t')('server.added'));
    },

    async update(c) {
      const body = await jsonBody(c);
      if (!body) return badBody(c);
      const { id, version, ...fields } = body;
      const ids = idsOf(c, { id });
      if (!ids || ids.length !== 1) return missingId(c);
      if (version !== undefined && !(Number.isSafeInteger(version) && (version as number) > 0)) {
        return fail(c, Code.invalidInput, c.get('t')('server.bad_version'));
      }
      const result = await store.transaction(async (tx) => {
        const existing = await tx.get(name, ids[0]);
        if (!existing) return { status: 'missing' as const };
        const { version: _v, ...stored } = existing;
        const merged = { ...stripReadOnly(schema, stored), ...stripReadOnly(schema, fields) };
        const problems = validator.check(name, merged, c.get('language'), c.get('t'));
        if (problems.length > 0) return { status: 'invalid' as const, errors: problems };
        const record = derive(schema, compact(merged), existing, now());
        const errors = await relations.checkWrite(tx, name, record, existing, context(c));
        if (errors.length > 0) return { status: 'invalid' as const, errors };
        return tx.update(name, ids[0], record, version as number | undefined);
      });
      if (result.status === 'invalid') return refuse(c, result.errors);
      if (result.status === 'missing') return notFound(c, ids);
      if (result.status === 'conflict') {
        return fail(c, Code.conflict, c.get('t')('server.conflict'), { data: result.current });
      }
      return ok(c, result.row, c.get('t')('server.edited'));
    },

    async del(c) {
      const body = c.req.method === 'GET' || c.req.method === 'DELETE' ? undefined : await jsonBody(c);
      const extra = Object.keys(body ?? {}).filter((key) => key !== 'id' && key !== 'ids');
      if (extra.length > 0) return fail(c, Code.invalidInput, c.get('t')('server.only_ids', { fields: extra.join(', ') }));
      const ids = idsOf(c, body);
      if (!ids) return missingId(c);
      const result = await store.transaction((tx) => relations.remove(tx, name, ids, context(c)));
      if ('refused' in result) return fail(c, Code.inUse, result.refused);
      return result.missing.length > 0 ? notFound(c, result.missing) : ok(c, { ids }, c.get('t')('server.deleted'));
    },
  };

  for (const [kind, endpoint] of Object.entries(endpoints) as [EndpointKind, NonNullable<(typeof endpoints)[EndpointKind]>][]) {
    app.on(endpoint.method, endpoint.path, (c) => {
      // Refused before anything is read or written.
      if (!deps.permissions.mayUse(c.get('user').roles, name)) return fail(c, Code.forbidden, c.get('t')('server.forbidden'));
      return handlers[kind](c);
    });
  }
}
