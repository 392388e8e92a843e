// The calls of a person's own messages and notifications: their boxes, sending, marking read and
// deleting. Each answers only what is the caller's own, whatever ids are sent.
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { MAX_IDS, MAX_USERNAME_LENGTH, echo } from '../../kernel/contract/limits';
import { MAX_MESSAGE_CONTENT, MAX_MESSAGE_TITLE, MAX_NOTICE_LIMIT, NOTICE_PATHS } from '../../kernel/notify/names';
import type { Registry } from '../../kernel/schema/registry';
import { type AppContext, fail, ok } from '../context';
import type { Api } from '../http/endpoints';
import type { Notices, Page, Target } from './notifications';
import { knownRoles } from '../../kernel/routes/roles';
import { readJson, refuseBody } from '../http/request';
import type { People, Person } from './people';
import { MAX_PAGE } from '../../kernel/schema/query';

/** The longest role name a message may be sent to. */
const MAX_ROLE_LENGTH = 32;
const DEFAULT_LIMIT = 20;

const text = (maxLength: number, minLength = 1) => ({ type: 'string', minLength, maxLength });
const query = (name: string, schema: Record<string, unknown>, description: string) => ({
  name,
  in: 'query',
  schema,
  description,
  allowEmptyValue: true,
});
const pageParams = [
  query('page', { type: 'integer', minimum: 1, maximum: MAX_PAGE }, 'the page, from 1'),
  query('limit', { type: 'integer', minimum: 1, maximum: MAX_NOTICE_LIMIT }, `items per page (default ${DEFAULT_LIMIT})`),
  query('unread', { type: 'string', enum: ['true', 'false'] }, 'true: only unread ones'),
];
const idsBody = (orAll: boolean) => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: MAX_IDS, items: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
    ...(orAll ? { all: { const: true } } : {}),
  },
  ...(orAll ? { oneOf: [{ required: ['ids'] }, { required: ['all'] }] } : { required: ['ids'] }),
});
const listOf = (item: Record<string, unknown>) => ({
  type: 'object',
  required: ['list', 'count'],
  properties: { list: { type: 'array', items: item }, count: { type: 'integer', minimum: 0 } },
});
const messageItem = {
  type: 'object',
  required: ['id', 'title', 'read', 'sent', 'sender', 'recipient', 'created_at'],
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    content: { type: 'string' },
    read: { type: 'boolean' },
    sent: { type: 'boolean' },
    sender: { type: 'string' },
    sender_name: { type: 'string' },
    recipient: { type: 'string' },
    recipient_name: { type: 'string' },
    to_role: { type: 'string' },
    created_at: { type: 'string' },
  },
};
const notificationItem = {
  type: 'object',
  required: ['id', 'kind', 'title', 'read', 'created_at'],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string' },
    title: { type: 'string' },
    text: { type: 'string' },
    link: { type: 'string' },
    lines: {
      type: 'array',
      description: "a digest's lines, each with its own link",
      items: { type: 'object', required: ['text'], properties: { text: { type: 'string' }, link: { type: 'string' } } },
    },
    read: { type: 'boolean' },
    created_at: { type: 'string' },
  },
};
export const unreadSchema = {
  type: 'object',
  required: ['count', 'messages', 'notifications'],
  properties: {
    count: { type: 'integer', minimum: 0 },
    messages: { type: 'integer', minimum: 0 },
    notifications: { type: 'integer', minimum: 0 },
  },
};

/** Absent, null and "" all mean "not given". */
const given = (value: unknown) => value !== undefined && value !== null && value !== '';
/** Characters as JSON Schema counts them (code points). */
const length = (value: string) => [...value].length;

/** The page of a box the query asks for, or the message saying which parameter is wrong. */
function readPage(c: AppContext): Page | { problem: string } {
  const t = c.get('t');
  const get = (name: string) => c.req.query(name) || undefined;
  const page = get('page') === undefined ? 1 : parseInteger(get('page'), { max: MAX_PAGE });
  if (page === undefined) return { problem: t('server.bad_page', { value: echo(get('page')!) }) };
  const limit = get('limit') === undefined ? DEFAULT_LIMIT : parseInteger(get('limit'), { max: MAX_NOTICE_LIMIT });
  if (limit === undefined) return { problem: t('server.bad_sign_in_limit', { value: echo(get('limit')!), max: MAX_NOTICE_LIMIT }) };
  const unread = get('unread');
  if (unread !== undefined && unread !== 'true' && unread !== 'false')
    return { problem: t('server.bad_boolean', { param: 'unread', value: echo(unread) }) };
  return { page, limit, unread: unread === 'true' };
}

/** The ids of a read or delete call (`{ids}`, or `{all: true}` where allowed), or why not. */
function readIds(body: Record<string, unknown>, orAll: boolean): number[] | 'all' | undefined {
  const keys = Object.keys(body).filter((key) => given(body[key]));
  if (Object.keys(body).some((key) => key !== 'ids' && key !== 'all')) return undefined;
  if (orAll && keys.length === 1 && keys[0] === 'all') return body.all === true ? 'all' : undefined;
  if (keys.length !== 1 || keys[0] !== 'ids' || !Array.isArray(body.ids)) return undefined;
  if (body.ids.length === 0 || body.ids.length > MAX_IDS) return undefined;
  const ids = body.ids.map((id) => (typeof id === 'number' ? parseInteger(id) : undefined));
  return ids.every((id) => id !== undefined) ? [...new Set(ids as number[])] : undefined;
}

export function registerNoticeCalls(
  api: Api,
  { notices, people, registry, roleNames }: { notices: Notices; people: People; registry: Registry; roleNames?: () => Promise<string[]> },
) {
  const currentRoles = roleNames ?? (async () => knownRoles(registry));
  /** The signed-in person as an account, or undefined when their session names none (refused as a bad token). */
  const me = async (c: AppContext): Promise<Person | undefined> => {
    const username = await people.usernameOf(c.get('token'));
    return username === undefined ? undefined : people.find(username);
  };
  const noAccount = (c: AppContext) => fail(c, Code.tokenInvalid, c.get('t')('server.token_invalid'));
  const badIds = (c: AppContext, orAll: boolean) =>
    fail(c, Code.invalidInput, c.get('t')(orAll ? 'notify.server.bad_ids_or_all' : 'notify.server.bad_ids', { max: MAX_IDS }));

  api.on(
    {
      method: 'GET',
      path: NOTICE_PATHS.messageList,
      access: 'signed-in',
      doc: {
        tags: ['messages'],
        summary: 'My messages, newest first: received (box=in, the default) or sent (box=out)',
        parameters: [...pageParams, query('box', { type: 'string', enum: ['in', 'out'] }, 'in: received; out: sent')],
        data: listOf(messageItem),
      },
    },
    async (c) => {
      const person = await me(c);
      if (!person) return noAccount(c);
      const page = readPage(c);
      if ('problem' in page) return fail(c, Code.invalidQuery, page.problem);
      const box = c.req.query('box') || 'in';
      if (box !== 'in' && box !== 'out') return fail(c, Code.invalidQuery, c.get('t')('notify.server.bad_box', { value: echo(box) }));
      return ok(c, await notices.messages(person.username, box, page));
    },
  );

  api.on(
    {
      method: 'POST',
      path: NOTICE_PATHS.messageSend,
      access: 'signed-in',
      doc: {
        tags: ['messages'],
        summary: 'Send a message to one person (to_user, a username) or to everyone with a role (to_role)',
        description:
          'Exactly one of to_user and to_role. The account must exist and the role be one the console knows. Answers how many people got it.',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['title'],
          properties: {
            to_user: text(MAX_USERNAME_LENGTH),
            to_role: text(MAX_ROLE_LENGTH),
            title: text(MAX_MESSAGE_TITLE),
            content: text(MAX_MESSAGE_CONTENT, 0),
          },
        },
        data: { type: 'object', required: ['count'], properties: { count: { type: 'integer', minimum: 0 } } },
      },
    },
    async (c) => {
      const read = await readJson(c);
      if (!('body' in read)) return refuseBody(c, read);
      const t = c.get('t');
      const body = read.body;
      const refuse = (field: string, message: string) => fail(c, Code.invalidInput, message, { errors: [{ field, message }] });
      const extra = Object.keys(body).filter((key) => !['to_user', 'to_role', 'title', 'content'].includes(key));
      if (extra.length > 0) return refuse(extra[0], t('notify.server.unknown_field', { field: echo(extra[0]) }));
      const limits: [string, number, boolean][] = [
        ['to_user', MAX_USERNAME_LENGTH, false],
        ['to_role', MAX_ROLE_LENGTH, false],
        ['title', MAX_MESSAGE_TITLE, true],
        ['content', MAX_MESSAGE_CONTENT, false],
      ];
      for (const [field, max, required] of limits) {
        const value = body[field];
        if (!given(value)) {
          if (required) return refuse(field, t('notify.server.required', { field: t(`resources.message.fields.${field}`) }));
          continue;
        }
        if (typeof value !== 'string') return refuse(field, t('notify.server.not_text', { field: t(`resources.message.fields.${field}`) }));
        if (length(value) > max) return refuse(field, t('notify.server.too_long', { field: t(`resources.message.fields.${field}`), max }));
      }
      const toUser = given(body.to_user) ? (body.to_user as string) : undefined;
      const toRole = given(body.to_role) ? (body.to_role as string) : undefined;
      if ((toUser === undefined) === (toRole === undefined)) return refuse('to_user', t('notify.server.one_target'));
      let target: Target;
      if (toUser !== undefined) {
        if (!(await people.find(toUser))) return refuse('to_user', t('notify.server.no_user', { user: echo(toUser) }));
        target = { to_user: toUser };
      } else {
        const roles = await currentRoles();
        if (!roles.includes(toRole!))
          return refuse('to_role', t('notify.server.no_role', { role: echo(toRole!), roles: roles.join(', ') }));
        target = { to_role: toRole! };
      }
      const person = await me(c);
      if (!person) return noAccount(c);
      const count = await notices.send(person, target, body.title as string, given(body.content) ? (body.content as string) : undefined);
      return ok(c, { count }, t('notify.server.sent', { smart_count: count }));
    },
  );

  const idCall = (
    path: string,
    summary: string,
    orAll: boolean,
    work: (username: string, ids: number[] | 'all', c: AppContext) => Promise<Response>,
  ) =>
    api.on(
      {
        method: 'POST',
        path,
        access: 'signed-in',
        doc: { tags: ['messages'], summary, body: idsBody(orAll), data: {}, codes: [Code.notFound] },
      },
      async (c) => {
        const read = await readJson(c);
        if (!('body' in read)) return refuseBody(c, read);
        const ids = readIds(read.body, orAll);
        if (ids === undefined) return badIds(c, orAll);
        const person = await me(c);
        if (!person) return noAccount(c);
        return work(person.username, ids, c);
      },
    );
  const notMine = (c: AppContext, ids: number[]) =>
    fail(c, Code.notFound, c.get('t')('notify.server.not_mine', { ids: echo(ids.join(', ')) }));

  idCall(NOTICE_PATHS.messageRead, 'Mark my received messages read ({ids}, or {all: true})', true, async (username, ids, c) =>
    ok(c, { count: await notices.readMessages(username, ids) }),
  );
  idCall(
    NOTICE_PATHS.messageDel,
    'Delete messages from my boxes (received or sent): only my own, all or none',
    false,
    async (username, ids, c) => {
      const { notMine: others } = await notices.deleteMessages(username, ids as number[]);
      return others.length > 0 ? notMine(c, others) : ok(c, { ids }, c.get('t')('server.deleted'));
    },
  );

  api.on(
    {
      method: 'GET',
      path: NOTICE_PATHS.notificationList,
      access: 'signed-in',
      doc: {
        tags: ['messages'],
        summary: 'My notifications, newest first, in my language',
        parameters: pageParams,
        data: listOf(notificationItem),
      },
    },
    async (c) => {
      const person = await me(c);
      if (!person) return noAccount(c);
      const page = readPage(c);
      if ('problem' in page) return fail(c, Code.invalidQuery, page.problem);
      return ok(c, await notices.notifications(person.username, c.get('t'), page));
    },
  );
  idCall(NOTICE_PATHS.notificationRead, 'Mark my notifications read ({ids}, or {all: true})', true, async (username, ids, c) =>
    ok(c, { count: await notices.readNotifications(username, ids) }),
  );
  idCall(NOTICE_PATHS.notificationDel, 'Delete my notifications: only my own, all or none', false, async (username, ids, c) => {
    const { notMine: others } = await notices.deleteNotifications(username, ids as number[]);
    return others.length > 0 ? notMine(c, others) : ok(c, { ids }, c.get('t')('server.deleted'));
  });

  api.on(
    {
      method: 'GET',
      path: NOTICE_PATHS.unread,
      access: 'signed-in',
      doc: { tags: ['messages'], summary: 'How many of my messages and notifications are unread (the bell)', data: unreadSchema },
    },
    async (c) => {
      const person = await me(c);
      if (!person) return noAccount(c);
      return ok(c, await notices.unread(person.username));
    },
  );
  return { me };
}
