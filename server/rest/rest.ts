// Every resource again at /api/<resource>, in the REST dialect of ra-data-simple-rest, for other
// react-admin apps and scripts: GET with `sort`, `range` and `filter` as JSON query parameters
// and a Content-Range header, GET/PUT/DELETE /<id>, POST to create. The same sessions (X-Token
// or a bearer token), access rules, validation and write path as /dev-api; refusals answer with
// HTTP statuses (400 with `errors` by field, 401, 403, 404, 409) and a message in the caller's
// language, as that dialect expects.
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { flattenRecord } from '../../kernel/forms/record-form';
import { keptByAccounts } from '../../kernel/schema/access';
import { type Condition, MAX_LIMIT } from '../../kernel/schema/query';
import type { Registry } from '../../kernel/schema/registry';
import { isSingleton } from '../../kernel/schema/singleton';
import type { ResourceSchema } from '../../kernel/schema/types';
import { withDefaults } from '../../kernel/schema/derive';
import { stripReadOnly } from '../../kernel/schema/write-schema';
import type { Accounts } from '../auth/accounts';
import type { Permissions } from '../access/permissions';
import type { AppEnv, AppContext } from '../context';
import { pickLanguage, translator } from '../http/messages';
import { readJson } from '../http/request';
import { formatBytes } from '../http/endpoints';
import { bodyLimit } from 'hono/body-limit';
import type { Store } from '../store/types';
import { type Outcome, type WriteService, actorOf } from '../write/service';

export const REST_BASE = '/api';

interface Deps {
  registry: Registry;
  store: Store;
  writes: WriteService;
  accounts: Accounts;
  permissions: Permissions;
  onError: (error: unknown) => void;
  /** The largest JSON body read, as /dev-api's. */
  jsonBodyMaxBytes: number;
}

/** The resources served: those kept as records, with a list, not a single record. */
export function restResources(registry: Registry): [string, ResourceSchema][] {
  return Object.entries(registry.resources).filter(
    ([, schema]) =>
      !isSingleton(schema) && !keptByAccounts(schema) && !schema['x-resource'].mockOnly && schema['x-resource'].endpoints.list,
  );
}

class BadQuery extends Error {}

const STATUS_OF: Partial<Record<number, ContentfulStatusCode>> = {
  [Code.invalidInput]: 400,
  [Code.invalidQuery]: 400,
  [Code.forbidden]: 403,
  [Code.notFound]: 404,
  [Code.conflict]: 409,
  [Code.inUse]: 409,
  [Code.assignedElsewhere]: 409,
};

function refuse(c: AppContext, status: ContentfulStatusCode, message: string, errors?: { field: string; message: string }[]) {
  return c.json({ message, ...(errors ? { errors: Object.fromEntries(errors.map((e) => [e.field, e.message])) } : {}) }, status);
}

function parseJson(raw: string | undefined, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadQuery(`${name} is not JSON`);
  }
}

/** The conditions of a `filter` object: `q` searches, a list of values is any of them, `<field>_gte`/`_lte` bound a field, a field with a "contains" filter contains. */
function conditionsOf(schema: ResourceSchema, filter: unknown): Condition[] {
  if (filter === undefined) return [];
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) throw new BadQuery('filter must be an object');
  const meta = schema['x-resource'];
  const fields = new Set(['id', ...Object.keys(schema.properties ?? {})]);
  return Object.entries(filter as Record<string, unknown>).map(([key, value]): Condition => {
    if (key === 'q' && meta.search?.length) return { op: 'search', fields: meta.search, value: String(value) };
    const bound = /^(.+)_(gte|lte)$/.exec(key);
    const field = bound && fields.has(bound[1]) ? bound[1] : key;
    if (!fields.has(field)) throw new BadQuery(`filter: no field "${key.slice(0, 64)}"`);
    const scalar = (v: unknown) => {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
        throw new BadQuery(`filter: "${field}" takes text, numbers or true/false`);
      return v;
    };
    if (bound && field === bound[1]) return { field, op: bound[2] as 'gte' | 'lte', value: scalar(value) };
    if (Array.isArray(value)) {
      if (value.length > MAX_LIMIT) throw new BadQuery(`filter: at most ${MAX_LIMIT} values of "${field}"`);
      return { field, op: 'in', value: value.map((v) => scalar(v)) as (string | number)[] };
    }
    const contains = meta.filters.some((f) => f.field === field && f.op === 'contains');
    return { field, op: contains ? 'contains' : 'eq', value: scalar(value) };
  });
}

export function createRestApi({ registry, store, writes, accounts, permissions, onError, jsonBodyMaxBytes }: Deps) {
  const app = new Hono<AppEnv>().basePath(REST_BASE);
  app.use(async (c, next) => {
    const language = pickLanguage(c.req.header('Accept-Language'));
    c.set('language', language);
    c.set('t', translator(language));
    await next();
  });
  // A body too large is refused while it arrives, before the session is looked up.
  app.use(
    bodyLimit({
      maxSize: jsonBodyMaxBytes,
      onError: (c) =>
        refuse(c as AppContext, 413, (c as AppContext).get('t')('server.body_too_large', { size: formatBytes(jsonBodyMaxBytes) })),
    }),
  );
  app.use(async (c, next) => {
    const t = c.get('t');
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    const token = c.req.header('X-Token') ?? bearer;
    const session = await accounts.check(token);
    if ('problem' in session) return refuse(c, 401, t(session.problem === 'expired' ? 'server.token_expired' : 'server.token_invalid'));
    if (session.user.mustChange) return refuse(c, 403, t('server.password_change_due'));
    c.set('user', session.user);
    c.set('token', token!);
    await next();
    c.header('Cache-Control', 'no-store');
  });

  for (const [name, schema] of restResources(registry)) {
    const meta = schema['x-resource'];
    const { endpoints } = meta;
    const guard = async (c: AppContext) =>
      (await permissions.mayUse(c.get('user').roles, name)) ? undefined : refuse(c, 403, c.get('t')('server.forbidden'));
    const missing = (c: AppContext, id: string) => {
      const t = c.get('t');
      return refuse(
        c,
        404,
        t('server.not_found', { resource: t(`resources.${name}.name`, { smart_count: 1, _: name }), id: id.slice(0, 32) }),
      );
    };
    /** A write's answer: the record as stored (`shown`), or the refusal. */
    const answered = <T>(
      c: AppContext,
      outcome: Outcome<T>,
      shown: (value: T) => Record<string, unknown>,
      status: ContentfulStatusCode = 200,
    ) => {
      if (outcome.status === 'ok') return c.json(flattenRecord(schema, shown(outcome.value)), status);
      switch (outcome.status) {
        case 'invalid':
          return refuse(c, 400, outcome.errors.map((e) => e.message).join('; '), outcome.errors);
        case 'missing':
          return missing(c, outcome.ids.join(', '));
        case 'conflict':
          return refuse(c, 409, c.get('t')('server.conflict'));
        case 'refused':
          return refuse(c, STATUS_OF[outcome.code] ?? 400, outcome.message, outcome.errors);
      }
    };

    app.get(`/${name}`, async (c) => {
      const refused = await guard(c);
      if (refused) return refused;
      try {
        const sort = parseJson(c.req.query('sort'), 'sort') ?? [meta.list.sort.field, meta.list.sort.order];
        const range = parseJson(c.req.query('range'), 'range') ?? [0, meta.list.perPage - 1];
        if (!Array.isArray(sort) || typeof sort[0] !== 'string' || !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase()))
          throw new BadQuery('sort must be ["field", "ASC" or "DESC"]');
        if (sort[0] !== 'id' && !meta.list.sortable.includes(sort[0]))
          throw new BadQuery(`sort: "${sort[0].slice(0, 64)}" is not sortable`);
        if (
          !Array.isArray(range) ||
          !range.every((n) => Number.isSafeInteger(n)) ||
          range[0] < 0 ||
          range[1] < range[0] ||
          range[1] - range[0] >= MAX_LIMIT
        )
          throw new BadQuery(`range must be [first, last], at most ${MAX_LIMIT} records`);
        const [first, last] = range as [number, number];
        // Pages as the stores read them: the range's own size when it starts on a page of that
        // size (as react-admin asks), else from the start, cut to the range.
        const size = last - first + 1;
        const aligned = first % size === 0;
        const { rows, total } = await store.list(name, {
          conditions: conditionsOf(schema, parseJson(c.req.query('filter'), 'filter')),
          sort: { field: sort[0], order: String(sort[1]).toUpperCase() as 'ASC' | 'DESC' },
          page: aligned ? first / size + 1 : 1,
          limit: aligned ? size : last + 1,
        });
        const shown = aligned ? rows : rows.slice(first);
        c.header('Content-Range', `${name} ${shown.length ? `${first}-${first + shown.length - 1}` : '*'}/${total}`);
        c.header('Access-Control-Expose-Headers', 'Content-Range');
        return c.json(shown.map((row) => flattenRecord(schema, row)));
      } catch (error) {
        if (error instanceof BadQuery) return refuse(c, 400, error.message);
        throw error;
      }
    });

    app.get(`/${name}/:id`, async (c) => {
      const refused = await guard(c);
      if (refused) return refused;
      const id = parseInteger(c.req.param('id'));
      const row = id === undefined ? undefined : await store.get(name, id);
      return row ? c.json(flattenRecord(schema, row)) : missing(c, c.req.param('id'));
    });

    if (endpoints.add)
      app.post(`/${name}`, async (c) => {
        const refused = await guard(c);
        if (refused) return refused;
        const read = await readJson(c);
        if (!('body' in read)) return refuse(c, 400, read.problem);
        const { id: _id, version: _version, ...fields } = read.body;
        return answered(c, await writes.create(actorOf(c), name, withDefaults(schema, stripReadOnly(schema, fields))), (row) => row, 201);
      });

    if (endpoints.update)
      app.put(`/${name}/:id`, async (c) => {
        const refused = await guard(c);
        if (refused) return refused;
        const id = parseInteger(c.req.param('id'));
        if (id === undefined) return missing(c, c.req.param('id'));
        const read = await readJson(c);
        if (!('body' in read)) return refuse(c, 400, read.problem);
        const { id: _id, version, ...fields } = read.body;
        const expected = typeof version === 'number' ? parseInteger(version) : undefined;
        return answered(c, await writes.update(actorOf(c), name, id, stripReadOnly(schema, fields), { version: expected }), (row) => row);
      });

    if (endpoints.del)
      app.delete(`/${name}/:id`, async (c) => {
        const refused = await guard(c);
        if (refused) return refused;
        const id = parseInteger(c.req.param('id'));
        const row = id === undefined ? undefined : await store.get(name, id);
        if (!row) return missing(c, c.req.param('id'));
        const outcome = await writes.remove(actorOf(c), name, [row.id]);
        return answered(c, outcome, () => row);
      });
  }

  app.notFound((c) => refuse(c, 404, c.get('t')?.('server.no_endpoint', { path: c.req.path.slice(0, 64) }) ?? 'Not found'));
  app.onError((error, c) => {
    onError(error);
    return c.json({ message: (c.get('t') ?? translator('en'))('server.internal') }, 500);
  });
  return app;
}
