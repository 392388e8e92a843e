// The generic list / info / add / update / del endpoints of every resource schema. A write is
// checked, completed with the values made from other records (server/relations.ts) and stored
// in one transaction, with the totals and copies that follow from it; a closed record
// (`x-resource.lock`) is changed only by the roles that may reopen it, and only to reopen it.
import { QueryError, parseLegacyQuery } from '../kernel/schema/query';
import { encodeList } from '../kernel/schema/shapes';
import { flattenRecord } from '../kernel/forms/record-form';
import type { EndpointKind, ResourceSchema } from '../kernel/schema/types';
import { compact, stripReadOnly } from '../kernel/schema/write-schema';
import { Code } from '../kernel/contract/codes';
import { parseInteger } from '../kernel/contract/integers';
import { MAX_IDS, echo } from '../kernel/contract/limits';
import { type AppContext, fail, ok } from './context';
import type { Api } from './endpoints';
import { readJson, refuseBody } from './request';
import { authored } from './history/recorder';
import { addOrEditDoc, resourceDoc } from './resource-docs';
import { derive, withDefaults } from '../kernel/schema/derive';
import type { FieldError } from '../kernel/schema/validation';
import type { Relations } from './relations';
import type { RecordFiles } from './files/record-files';
import type { Row, Store } from './store/types';
import type { Assignments } from './assignments';
import type { UserInfo } from '../kernel/contract/user-info';
import type { RecordValidator } from '../kernel/schema/validation';
import type { WriteGuard } from './access/guards';
import { isSingleton } from '../kernel/schema/singleton';
import { registerSingleton } from './singleton';

interface Deps {
  /** Keeps the names of the records a member is assigned to (an instrument's well) when those records change. */
  assignments?: Assignments;
  store: Store;
  validator: RecordValidator;
  relations: Relations;
  now?: () => Date;
  /** The files of upload fields (when the app takes uploads): checked before a write, attached after it. */
  files?: RecordFiles;
  /** Told after the record of a singleton resource (the parameters) is stored. */
  onSingletonWrite?: (name: string) => void;
  /** What some resources refuse beyond their schemas (the menu, the roles: access/guards.ts), by resource. */
  guards?: Record<string, WriteGuard>;
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

/** Whether the person has one of the roles that may reopen a closed record. */
const mayReopen = (user: UserInfo | undefined, roles: string[]) => (user?.roles ?? []).some((role) => roles.includes(role));

export function registerResource(api: Api, name: string, schema: ResourceSchema, deps: Deps) {
  // One record (the system parameters): two calls of their own, without ids.
  if (isSingleton(schema)) return registerSingleton(api, name, schema, { ...deps, onWrite: deps.onSingletonWrite });
  const { store, validator, relations, files } = deps;
  const guard = deps.guards?.[name];
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
    return fail(
      c,
      Code.notFound,
      t('server.not_found', { resource: t(`resources.${name}.name`, { smart_count: 1, _: name }), id: ids.join(', ') }),
    );
  };
  /**
   * Why a closed record (`x-resource.lock`: a submitted report) may not be written so: only the
   * lock's roles may change it, and only by setting its field back to `reopen`. Undefined when it
   * is not closed or the write reopens it.
   */
  const lockRefusal = (c: AppContext, existing: Row, next: Record<string, unknown>) => {
    const lock = schema['x-resource'].lock;
    if (!lock || existing[lock.field] !== lock.value) return undefined;
    const t = c.get('t');
    const what = t(`resources.${name}.name`, { smart_count: 1, _: name });
    const valueOf = (value: string | number) => t(`resources.${name}.enums.${lock.field}.${value}`, { _: String(value) });
    const words = {
      resource: what,
      state: valueOf(lock.value),
      reopen: valueOf(lock.reopen),
      field: t(`resources.${name}.fields.${lock.field}`, { _: lock.field }),
    };
    // The state of the record refuses the write, not the person's access to the resource: an
    // invalid write, its message under the field that closes it.
    if (!mayReopen(c.get('user'), lock.roles))
      return { status: 'invalid' as const, errors: [{ field: lock.field, message: t('server.locked_role', words) }] };
    if (next[lock.field] === lock.reopen) return undefined;
    return { status: 'invalid' as const, errors: [{ field: lock.field, message: t('server.locked', words) }] };
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
      const input = withDefaults(schema, stripReadOnly(schema, fields));
      const refusal = invalid(c, input);
      if (refusal) return refusal;
      const fileErrors = (await files?.check(name, input, undefined, c.get('user'), c.get('t'))) ?? [];
      if (fileErrors.length > 0) return refuse(c, fileErrors);
      const record = derive(schema, compact(input, schema), undefined, now());
      const outOfRange = validator.checkComputed(name, record, c.get('language'), c.get('t'));
      if (outOfRange.length > 0) return refuse(c, outOfRange);
      const facts = await guard?.prepare?.();
      const result = await authored(store, c).transaction(async (tx): Promise<{ errors: FieldError[] } | { row: Row }> => {
        const filled = await relations.fillFromParent(tx, name, record);
        const errors = [
          ...(await relations.checkWrite(tx, name, filled, undefined, context(c))),
          ...((await guard?.checkWrite?.(tx, filled, undefined, c.get('t'), facts)) ?? []),
        ];
        if (errors.length > 0) return { errors };
        const row = await tx.insert(name, filled);
        await relations.afterWrite(tx, name, row, undefined);
        return { row };
      });
      if ('errors' in result) return refuse(c, result.errors);
      await files?.afterWrite(name, result.row);
      return ok(c, result.row, c.get('t')('server.added'));
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
      const fileErrors = (await files?.check(name, fields, ids[0], c.get('user'), c.get('t'))) ?? [];
      if (fileErrors.length > 0) return refuse(c, fileErrors);
      const facts = await guard?.prepare?.();
      const result = await authored(store, c).transaction(async (tx) => {
        const existing = await tx.get(name, ids[0]);
        if (!existing) return { status: 'missing' as const };
        const { version: _v, ...stored } = existing;
        const merged = { ...stripReadOnly(schema, stored), ...stripReadOnly(schema, fields) };
        const closed = lockRefusal(c, existing, merged);
        if (closed) return closed;
        const problems = validator.check(name, merged, c.get('language'), c.get('t'));
        if (problems.length > 0) return { status: 'invalid' as const, errors: problems };
        const record = derive(schema, compact(merged, schema), existing, now());
        const outOfRange = validator.checkComputed(name, record, c.get('language'), c.get('t'));
        if (outOfRange.length > 0) return { status: 'invalid' as const, errors: outOfRange };
        const filled = await relations.fillFromParent(tx, name, record);
        const errors = [
          ...(await relations.checkWrite(tx, name, filled, existing, context(c))),
          ...((await guard?.checkWrite?.(tx, filled, existing, c.get('t'), facts)) ?? []),
        ];
        if (errors.length > 0) return { status: 'invalid' as const, errors };
        const written = await tx.update(name, ids[0], filled, version);
        if (written.status === 'ok') {
          await relations.afterWrite(tx, name, written.row, existing);
          // A renamed well: the instruments and people on it show its new name.
          await deps.assignments?.refreshMemberFields(tx, name, ids[0]);
        }
        return written;
      });
      if (result.status === 'invalid') return refuse(c, result.errors);
      if (result.status === 'missing') return notFound(c, ids);
      if (result.status === 'conflict') {
        return fail(c, Code.conflict, c.get('t')('server.conflict'), { data: result.current });
      }
      await files?.afterWrite(name, result.row);
      return ok(c, result.row, c.get('t')('server.edited'));
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
      const facts = await guard?.prepare?.();
      const result = await authored(store, c).transaction(async (tx) => {
        const why = await guard?.checkRemove?.(tx, ids, c.get('t'), facts);
        if (why) return { refused: why, code: Code.inUse };
        const removed = await relations.remove(tx, name, ids, context(c));
        if ('missing' in removed && removed.missing.length === 0) await guard?.afterRemove?.(tx, ids);
        return removed;
      });
      if ('refused' in result) return fail(c, result.code, result.refused);
      if (result.missing.length > 0) return notFound(c, result.missing);
      await files?.afterRemove(name, ids);
      return ok(c, { ids }, c.get('t')('server.deleted'));
    },
  };

  // One call that both adds and edits (the specification's spare parts): a body with an id edits.
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
