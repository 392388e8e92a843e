// The accounts' calls (schemas/admin.json, `x-resource.access` kind `accounts`): the resource's
// list, info, add, update and del, served by the accounts instead of the record store, and two
// calls of their own: reset a password and switch an account on or off. The roles given must
// exist; nobody may leave the console without an enabled account with the super role; disabling
// an account, resetting its password or deleting it ends its sessions at once, and disabling
// tells the admins.
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { MAX_IDS, PASSWORD_LIMITS, echo } from '../../kernel/contract/limits';
import { QueryError, parseLegacyQuery } from '../../kernel/schema/query';
import { encodeList } from '../../kernel/schema/shapes';
import type { AccessOf } from '../../kernel/schema/access';
import type { ResourceSchema } from '../../kernel/schema/types';
import type { FieldError, RecordValidator } from '../../kernel/schema/validation';
import type { AccountRecord, AccountValues, Accounts, ManageResult } from '../auth/accounts';
import { type AppContext, fail, ok } from '../context';
import type { Api } from '../http/endpoints';
import type { NotifyInput } from '../notify/notifications';
import { readJson, refuseBody } from '../http/request';
import { ID, resourceDoc } from '../resources/docs';
import { pageOf } from '../store/memory';
import { refusalAnswer, answerWrite } from '../write/answer';
import { type Refusal, type WriteService, actorOf } from '../write/service';

interface Deps {
  name: string;
  schema: ResourceSchema;
  spec: AccessOf<'accounts'>;
  accounts: Accounts;
  validator: RecordValidator;
  /** The names of the roles that exist, and the one that sees everything. */
  roleNames: () => Promise<string[]>;
  superRole: string;
  /** Tells people things (a disabled account); absent in a bare app. */
  notify?: (input: NotifyInput) => Promise<unknown>;
  /** Where the console lists the accounts, for the notification's link. */
  link?: string;
  /** Where the writes go (server/write/service.ts `outside`): logged in the operation log, the password never. */
  writes: WriteService;
}

/** The fields an admin writes; the others are the server's. */
const WRITABLE = ['name', 'mobile', 'roles', 'enabled'] as const;

export function registerAccountCalls(
  api: Api,
  { name, schema, spec, accounts, validator, roleNames, superRole, notify, link, writes }: Deps,
) {
  const endpoints = schema['x-resource'].endpoints;
  const t = (c: AppContext) => c.get('t');
  const what = (c: AppContext) => t(c)(`resources.${name}.name`, { smart_count: 1, _: name });
  const refuseFields = (c: AppContext, errors: { field: string; message: string }[]) =>
    fail(c, Code.invalidInput, errors.map((e) => e.message).join('; '), { errors });
  /** Why the accounts refused a write, as the write service says it. */
  const refusalOf = (c: AppContext, result: Extract<ManageResult, { refused: string }>, id?: number): Refusal => {
    if (result.refused === 'missing') return { status: 'missing', resource: name, ids: id === undefined ? [] : [id] };
    if (result.refused === 'taken') return { status: 'invalid', errors: [{ field: 'username', message: t(c)('server.account_taken') }] };
    return { status: 'refused', code: Code.inUse, message: t(c)('server.last_admin', { role: superRole }) };
  };
  const refused = (c: AppContext, result: Extract<ManageResult, { refused: string }>, id?: number) =>
    refusalAnswer(c, refusalOf(c, result, id));
  /** An account write through the write service: logged as `action`, answered with `message`. */
  const written = async (
    c: AppContext,
    action: 'create' | 'update',
    manage: () => Promise<ManageResult>,
    message: string,
    { before, id, after }: { before?: AccountRecord; id?: number; after?: (account: AccountRecord) => Promise<unknown> } = {},
  ) => {
    const outcome = await writes.outside<AccountRecord>(actorOf(c), {
      async write() {
        const result = await manage();
        return 'refused' in result ? { refused: refusalOf(c, result, id) } : { value: result.account };
      },
      logged: (account) => [entry(action, account.id, before, account)],
      after,
    });
    return answerWrite(c, outcome, (account) => account, message);
  };
  const idOf = (value: unknown) => (typeof value === 'number' ? parseInteger(value) : undefined);
  const missingId = (c: AppContext) => fail(c, Code.invalidInput, t(c)('server.missing_id', { max: MAX_IDS }));

  /** An operation log entry of an account (never its password: the record has none). */
  const entry = (action: 'create' | 'update' | 'delete', record: number, before?: AccountRecord, after?: AccountRecord) => ({
    resource: name,
    action,
    record,
    before: before && { ...before, version: 0 },
    after: after && { ...after, version: 0 },
  });

  /** The values checked against the schema, and the roles against the roles that exist. */
  const check = async (c: AppContext, given: Record<string, unknown>): Promise<{ errors: FieldError[] } | { values: AccountValues }> => {
    // An empty text or null means "not given", as in every other write.
    const values = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== '' && value !== null && value !== undefined));
    const errors = validator.check(name, values, c.get('language'), t(c));
    if (errors.length > 0) return { errors };
    const known = await roleNames();
    const unknown = (values.roles as string[]).filter((role) => !known.includes(role));
    if (unknown.length > 0)
      return {
        errors: [
          { field: 'roles', message: t(c)('server.no_such_roles', { roles: unknown.map(echo).join(', '), known: known.join(', ') }) },
        ],
      };
    return {
      values: Object.fromEntries(
        WRITABLE.flatMap((key) => (values[key] === undefined ? [] : [[key, values[key]]])),
      ) as unknown as AccountValues,
    };
  };
  /** A body's fields beside these, refused by name (the server's own fields, or a password where none is taken). */
  const strangers = (body: Record<string, unknown>, allowed: string[]) => Object.keys(body).filter((key) => !allowed.includes(key));

  const handlers = {
    async list(c: AppContext) {
      try {
        const query = parseLegacyQuery(schema, new URL(c.req.url).searchParams);
        const { rows, total } = pageOf(await accounts.list(), query);
        return ok(c, encodeList(endpoints.list?.shape ?? 'list-count', { rows, total, page: query.page, limit: query.limit }));
      } catch (error) {
        if (!(error instanceof QueryError)) throw error;
        return fail(c, Code.invalidQuery, t(c)(`server.bad_${error.reason}`, { param: error.param, value: error.value }));
      }
    },

    async info(c: AppContext) {
      const id = parseInteger(c.req.query('id') ?? '');
      if (id === undefined) return missingId(c);
      const account = (await accounts.list()).find((a) => a.id === id);
      return account ? ok(c, account) : fail(c, Code.notFound, t(c)('server.not_found', { resource: what(c), id }));
    },

    async add(c: AppContext) {
      const read = await readJson(c);
      if (!('body' in read)) return refuseBody(c, read);
      const { username, password, ...rest } = read.body;
      const extra = strangers(rest, [...WRITABLE]);
      if (extra.length > 0)
        return fail(c, Code.invalidInput, t(c)('server.not_writable', { fields: extra.slice(0, 5).map(echo).join(', ') }));
      const values = { enabled: 1, ...rest, username };
      const checked = await check(c, values);
      if ('errors' in checked) return refuseFields(c, checked.errors);
      if (typeof password !== 'string' || password.length < PASSWORD_LIMITS.min || password.length > PASSWORD_LIMITS.max) {
        return refuseFields(c, [{ field: 'password', message: t(c)('server.password_length', PASSWORD_LIMITS) }]);
      }
      return written(c, 'create', () => accounts.create(username as string, checked.values, password), 'server.added');
    },

    async update(c: AppContext) {
      const read = await readJson(c);
      if (!('body' in read)) return refuseBody(c, read);
      const { id: rawId, version: _version, username, ...rest } = read.body;
      const id = idOf(rawId);
      if (id === undefined) return missingId(c);
      const current = (await accounts.list()).find((a) => a.id === id);
      if (!current) return refused(c, { refused: 'missing' }, id);
      if (username !== undefined && username !== current.username)
        return refuseFields(c, [{ field: 'username', message: t(c)('server.username_fixed') }]);
      // The server's own fields may come back as they were read; a password is set by its own call.
      const readOnly = ['must_change', 'avatar', 'created_at'];
      const extra = strangers(rest, [...WRITABLE, ...readOnly]);
      if (extra.length > 0)
        return fail(c, Code.invalidInput, t(c)('server.not_writable', { fields: extra.slice(0, 5).map(echo).join(', ') }));
      const given = Object.fromEntries(Object.entries(rest).filter(([key]) => !readOnly.includes(key)));
      const kept = Object.fromEntries(WRITABLE.map((key) => [key, current[key]]));
      const checked = await check(c, { username: current.username, ...kept, ...given });
      if ('errors' in checked) return refuseFields(c, checked.errors);
      return written(c, 'update', () => accounts.update(id, checked.values, superRole), 'server.edited', {
        before: current,
        id,
        after: async (account) => current.enabled === 1 && account.enabled !== 1 && toldDisabled(account.username),
      });
    },

    async del(c: AppContext) {
      const read = await readJson(c);
      if (!('body' in read)) return refuseBody(c, read);
      const { id, ids: list, ...extra } = read.body;
      if (Object.keys(extra).length > 0)
        return fail(c, Code.invalidInput, t(c)('server.only_ids', { fields: Object.keys(extra).slice(0, 5).map(echo).join(', ') }));
      const raw = Array.isArray(list) ? list : id !== undefined && list === undefined ? [id] : [];
      const ids = raw.map(idOf);
      if (ids.length === 0 || ids.length > MAX_IDS || ids.some((value) => value === undefined)) return missingId(c);
      const all = await accounts.list();
      const self = all.find((a) => a.username === c.get('user').username);
      if (self && ids.includes(self.id)) return fail(c, Code.inUse, t(c)('server.delete_self'));
      const outcome = await writes.outside(actorOf(c), {
        async write() {
          const result = await accounts.remove(ids as number[], superRole);
          return 'refused' in result ? { refused: refusalOf(c, result, ids[0]) } : { value: ids as number[] };
        },
        logged: () => all.filter((a) => ids.includes(a.id)).map((account) => entry('delete', account.id, account)),
      });
      return answerWrite(c, outcome, () => ({ ids }), 'server.deleted');
    },
  };

  /** The admins hear of a disabled account (the one who did it too: a record of it). */
  const toldDisabled = async (username: string) => {
    await notify?.({
      to_role: superRole,
      kind: 'account_disabled',
      title_key: 'notify.account_disabled.title',
      text_key: 'notify.account_disabled.text',
      params: { user: username },
      link,
    });
  };

  for (const kind of ['list', 'info', 'add', 'update', 'del'] as const) {
    const endpoint = endpoints[kind];
    if (!endpoint) continue;
    api.on(
      { method: endpoint.method, path: endpoint.path, access: { resource: name }, doc: resourceDoc(kind, name, schema, endpoint.method) },
      (c) => handlers[kind](c),
    );
  }

  api.on(
    {
      method: 'POST',
      path: spec.resetPassword,
      access: { resource: name },
      doc: {
        tags: [name],
        summary: 'Set a new password for an account: its owner must change it at the next sign-in, and its sessions end now',
        changesAccess: true,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'password'],
          properties: { id: ID, password: { type: 'string', minLength: PASSWORD_LIMITS.min, maxLength: PASSWORD_LIMITS.max } },
        },
        data: { type: 'object' },
        codes: [Code.notFound],
      },
    },
    async (c) => {
      const read = await readJson(c);
      if (!('body' in read)) return refuseBody(c, read);
      const { id: rawId, password, ...extra } = read.body;
      if (Object.keys(extra).length > 0) return fail(c, Code.invalidInput, t(c)('server.only_fields', { fields: 'id, password' }));
      const id = idOf(rawId);
      if (id === undefined) return missingId(c);
      if (typeof password !== 'string' || password.length < PASSWORD_LIMITS.min || password.length > PASSWORD_LIMITS.max) {
        return refuseFields(c, [{ field: 'password', message: t(c)('server.password_length', PASSWORD_LIMITS) }]);
      }
      const before = (await accounts.list()).find((a) => a.id === id);
      return written(c, 'update', () => accounts.setPassword(id, password, true), 'server.password_reset', { before, id });
    },
  );

  const field = schema['x-resource'].switch?.field ?? 'enabled';
  api.on(
    {
      method: 'POST',
      path: spec.disable,
      access: { resource: name },
      doc: {
        tags: [name],
        summary: `Switch an account on (${field}: 1) or off (0): off ends its sessions at once and tells the admins`,
        changesAccess: true,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['id', field],
          properties: { id: ID, [field]: { type: 'integer', enum: [0, 1] } },
        },
        data: { type: 'object' },
        codes: [Code.notFound, Code.inUse],
      },
    },
    async (c) => {
      const read = await readJson(c);
      if (!('body' in read)) return refuseBody(c, read);
      const { id: rawId, [field]: value, ...extra } = read.body;
      if (Object.keys(extra).length > 0) return fail(c, Code.invalidInput, t(c)('server.only_fields', { fields: `id, ${field}` }));
      const id = idOf(rawId);
      if (id === undefined) return missingId(c);
      if (value !== 0 && value !== 1) return refuseFields(c, [{ field, message: t(c)('server.switch_value', { field }) }]);
      const current = (await accounts.list()).find((a) => a.id === id);
      if (!current) return refused(c, { refused: 'missing' }, id);
      const { id: _id, username, must_change: _m, avatar: _a, created_at: _c, ...values } = current;
      return written(
        c,
        'update',
        () => accounts.update(id, { ...values, enabled: value }, superRole),
        value === 1 ? 'server.account_enabled' : 'server.account_disabled',
        { before: current, id, after: async () => current.enabled === 1 && value === 0 && toldDisabled(username) },
      );
    },
  );
}
