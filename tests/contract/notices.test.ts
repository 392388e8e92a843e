// Messages and notifications on memory, SQLite and PostgreSQL: a message to a person or to a
// role reaches only its recipients, each reads and deletes only their own, refusals name what is
// wrong, notify() tells the right people in their language, and the stream tells a person at
// once when something new arrives, on PostgreSQL from another instance too (LISTEN/NOTIFY).
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../kernel/contract/codes';
import type { AppEnv } from '../../server/context';
import { createApi } from '../../server/http/endpoints';
import { translator } from '../../server/http/messages';
import { registerNotices } from '../../server/notify/register';
import { peopleOf } from '../../server/notify/people';
import { createPermissions } from '../../server/access/permissions';
import { MESSAGE, NOTICE_PATHS, type MessageItem, type NotificationItem, type UnreadCount } from '../../kernel/notify/names';
import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import { openSqlStore } from '../../server/db/open';
import { postgresBus } from '../../server/notify/pg-bus';
import { MemoryStore } from '../../server/store/memory';
import type { Store } from '../../server/store/types';
import { POSTGRES_URL } from './databases';
import { postgresCopies, postgresSkip, storeMatrix } from './stores';
import { makeApi, registry } from './helpers';
import { MAX_STREAMS_PER_SESSION } from '../../kernel/contract/limits';

const unavailable = postgresSkip;
const stores = storeMatrix();
if (unavailable) console.warn(`Messages are tested on memory and SQLite only: PostgreSQL is not reachable (${unavailable})`);

type App = ReturnType<typeof createApp>;

/** Opens the stream as EventSource would, and reads its events one at a time. */
async function openStream(app: App, token: string) {
  const response = await app.fetch(
    new Request(`http://localhost/dev-api${NOTICE_PATHS.stream}?token=${token}`, { headers: { Accept: 'text/event-stream' } }),
  );
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (timeoutMs = 5000): Promise<{ event?: string; data: string }> => {
    const deadline = Date.now() + timeoutMs;
    while (!buffer.includes('\n\n')) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      const read = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), left)),
      ]);
      if (read.done) throw new Error('the stream ended');
      buffer += read.value;
    }
    const end = buffer.indexOf('\n\n');
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    if (block.startsWith(':')) return next(timeoutMs);
    const lines = block.split('\n');
    return {
      event: lines.find((l) => l.startsWith('event: '))?.slice(7),
      data: lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n'),
    };
  };
  return { next, close: () => reader.cancel() };
}

describe.each(stores)('messages and notifications on %s', (_name, makeStore) => {
  let store: Store;
  let api: Awaited<ReturnType<typeof makeApi>>;
  const call = <T>(...args: Parameters<typeof api.call>) => api.call<T>(...args);
  const admin = { token: 'admin-token' };
  const editor = { token: 'editor-token' };
  const inbox = async (who: { token: string }, query: Record<string, string> = {}) => {
    const answer = await call<{ list: MessageItem[]; count: number }>('GET', NOTICE_PATHS.messageList, { ...who, query });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };
  const unread = async (who: { token: string }) => (await call<UnreadCount>('GET', NOTICE_PATHS.unread, who)).data;
  const send = (who: { token: string }, body: unknown) => call<{ count: number }>('POST', NOTICE_PATHS.messageSend, { ...who, body });

  beforeEach(async () => {
    store = await makeStore();
    api = await makeApi(store, { seed: false });
  });
  afterEach(async () => {
    await api.app.notices?.close();
    await store.close();
  });

  it('a message to a person reaches that person only; the sender finds it among the sent', async () => {
    const sent = await send(admin, { to_user: 'editor', title: 'Gyro 12 back', content: 'Calibrated.' });
    expect(sent.code, JSON.stringify(sent)).toBe(20000);
    expect(sent.data.count).toBe(1);
    const received = await inbox(editor);
    expect(received.count).toBe(1);
    expect(received.list[0]).toMatchObject({
      title: 'Gyro 12 back',
      content: 'Calibrated.',
      read: false,
      sender: 'admin',
      sender_name: 'Super Admin',
      recipient: 'editor',
    });
    expect((await inbox(admin)).count).toBe(0);
    const out = await inbox(admin, { box: 'out' });
    expect(out.list.map((m) => m.title)).toEqual(['Gyro 12 back']);
    expect(await unread(editor)).toEqual({ count: 1, messages: 1, notifications: 0 });
    expect((await unread(admin)).count).toBe(0);
  });

  it('a message to a role reaches everyone with the role and nobody else', async () => {
    const sent = await send(editor, { to_role: 'admin', title: 'Need a spare MWD' });
    expect(sent.data.count).toBe(1);
    expect((await inbox(admin)).list[0]).toMatchObject({ title: 'Need a spare MWD', to_role: 'admin' });
    expect((await inbox(editor)).count).toBe(0);
  });

  it('marking read lowers the unread count, and filters by unread', async () => {
    await send(admin, { to_user: 'editor', title: 'one' });
    await send(admin, { to_user: 'editor', title: 'two' });
    expect((await unread(editor)).count).toBe(2);
    const [newest] = (await inbox(editor)).list;
    expect(newest.title).toBe('two');
    // Someone else's message is left alone.
    expect((await call<{ count: number }>('POST', NOTICE_PATHS.messageRead, { ...admin, body: { ids: [newest.id] } })).data.count).toBe(0);
    expect((await call<{ count: number }>('POST', NOTICE_PATHS.messageRead, { ...editor, body: { ids: [newest.id] } })).data.count).toBe(1);
    expect((await unread(editor)).count).toBe(1);
    expect((await inbox(editor, { unread: 'true' })).list.map((m) => m.title)).toEqual(['one']);
    await call('POST', NOTICE_PATHS.messageRead, { ...editor, body: { all: true } });
    expect((await unread(editor)).count).toBe(0);
  });

  it('deletes only my own messages, all or none; a message goes once both people deleted it', async () => {
    await send(admin, { to_user: 'editor', title: 'mine to delete' });
    const [message] = (await inbox(editor)).list;
    await send(editor, { to_user: 'editor', title: 'note to self' });
    const other = (await inbox(editor)).list.find((m) => m.title === 'note to self')!;
    // admin sent the first, so it is admin's too (the out box); the second is not admin's.
    const refused = await call('POST', NOTICE_PATHS.messageDel, { ...admin, body: { ids: [message.id, other.id] } });
    expect(refused.code).toBe(40004);
    expect(refused.message).toContain(String(other.id));
    expect((await inbox(editor)).count).toBe(2);
    expect((await call('POST', NOTICE_PATHS.messageDel, { ...editor, body: { ids: [message.id] } })).code).toBe(20000);
    expect((await inbox(editor)).list.map((m) => m.title)).toEqual(['note to self']);
    expect((await inbox(admin, { box: 'out' })).count).toBe(1);
    expect(await store.get(MESSAGE, message.id)).toBeDefined();
    expect((await call('POST', NOTICE_PATHS.messageDel, { ...admin, body: { ids: [message.id] } })).code).toBe(20000);
    expect(await store.get(MESSAGE, message.id)).toBeUndefined();
  });

  it.each([
    ['an unknown person', { to_user: 'nobody', title: 'x' }, 'to_user'],
    ['an unknown role', { to_role: 'driller', title: 'x' }, 'to_role'],
    ['both a person and a role', { to_user: 'editor', to_role: 'admin', title: 'x' }, 'to_user'],
    ['neither', { title: 'x' }, 'to_user'],
    ['no title', { to_user: 'editor', content: 'x' }, 'title'],
    ['a title too long', { to_user: 'editor', title: 'x'.repeat(101) }, 'title'],
    ['a text too long', { to_user: 'editor', title: 'x', content: 'y'.repeat(2001) }, 'content'],
    ['a name too long', { to_user: 'e'.repeat(65), title: 'x' }, 'to_user'],
    ['a field it does not have', { to_user: 'editor', title: 'x', sender: 'admin' }, 'sender'],
    ['a title that is not text', { to_user: 'editor', title: 42 }, 'title'],
  ])('refuses a message to %s, naming the field, and sends nothing', async (_what, body, field) => {
    const answer = await send(admin, body);
    expect(answer.code, JSON.stringify(answer)).toBe(40001);
    expect(answer.errors?.[0].field).toBe(field);
    expect((await inbox(editor)).count + (await inbox(admin)).count).toBe(0);
  });

  it('refuses bad ids and bad pages', async () => {
    for (const body of [{}, { ids: [] }, { ids: [0] }, { ids: ['1'] }, { ids: [1], all: true }, { all: false }, { ids: 1 }]) {
      expect((await call('POST', NOTICE_PATHS.messageRead, { ...admin, body })).code, JSON.stringify(body)).toBe(40001);
    }
    expect((await call('POST', NOTICE_PATHS.messageDel, { ...admin, body: { all: true } })).code).toBe(40001);
    for (const query of [{ page: '0' }, { limit: '101' }, { unread: 'yes' }, { box: 'trash' }] as Record<string, string>[]) {
      expect((await call('GET', NOTICE_PATHS.messageList, { ...admin, query })).code, JSON.stringify(query)).toBe(40002);
    }
    expect((await call('GET', NOTICE_PATHS.messageList, { token: null })).code).toBe(50008);
  });

  it('notify() tells the people of a role, each in their own language, and nobody else', async () => {
    const told = await api.app.notices!.notify({
      to_role: 'admin',
      kind: 'job_failed',
      title_key: 'notify.job_failed.title',
      text_key: 'notify.job_failed.text',
      params: { job: 'Backup', at: '03:00', reason: 'disk full' },
      link: '/setting/system/crontab',
    });
    expect(told).toBe(1);
    expect(await unread(admin)).toEqual({ count: 1, messages: 0, notifications: 1 });
    expect((await unread(editor)).count).toBe(0);
    const list = async (language: string) =>
      (await call<{ list: NotificationItem[] }>('GET', NOTICE_PATHS.notificationList, { ...admin, language })).data.list;
    const [inEnglish] = await list('en');
    const [inSpanish] = await list('es');
    expect(inEnglish).toMatchObject({ kind: 'job_failed', read: false, link: '/setting/system/crontab' });
    expect(inEnglish.title).toContain('Backup');
    expect(inEnglish.text).toContain('disk full');
    expect(inSpanish.title).toContain('Backup');
    expect(inSpanish.title).not.toBe(inEnglish.title);
    // The editor can neither read nor delete it.
    expect(
      (await call<{ count: number }>('POST', NOTICE_PATHS.notificationRead, { ...editor, body: { ids: [inEnglish.id] } })).data.count,
    ).toBe(0);
    expect((await call('POST', NOTICE_PATHS.notificationDel, { ...editor, body: { ids: [inEnglish.id] } })).code).toBe(40004);
    expect((await call('POST', NOTICE_PATHS.notificationRead, { ...admin, body: { all: true } })).code).toBe(20000);
    expect((await unread(admin)).count).toBe(0);
    expect((await call('POST', NOTICE_PATHS.notificationDel, { ...admin, body: { ids: [inEnglish.id] } })).code).toBe(20000);
    expect(await list('en')).toEqual([]);
  });

  it('notify() to an account tells that account only', async () => {
    expect(
      await api.app.notices!.notify({
        to_user: 'editor',
        kind: 'account_disabled',
        title_key: 'notify.account_disabled.title',
        params: { user: 'driller7' },
      }),
    ).toBe(1);
    expect(await api.app.notices!.notify({ to_user: 'nobody', kind: 'account_disabled', title_key: 'notify.account_disabled.title' })).toBe(
      0,
    );
    expect((await unread(editor)).notifications).toBe(1);
    expect((await unread(admin)).notifications).toBe(0);
  });

  it('the stream tells the person their new count at once, without asking', async () => {
    const stream = await openStream(api.app, 'editor-token');
    expect(JSON.parse((await stream.next()).data)).toMatchObject({ count: 0 });
    await send(admin, { to_user: 'editor', title: 'hello' });
    const event = await stream.next();
    expect(event.event).toBe('unread');
    expect(JSON.parse(event.data)).toMatchObject({ count: 1, messages: 1 });
    await stream.close();
  });

  it('the stream answers at once, as JSON, to a caller not asking for events, and refuses a bad token', async () => {
    await send(admin, { to_user: 'editor', title: 'hello' });
    expect((await call<UnreadCount>('GET', NOTICE_PATHS.stream, editor)).data.count).toBe(1);
    expect((await call('GET', NOTICE_PATHS.stream, { token: null, query: { token: 'nobody-token' } })).code).toBe(50008);
    expect((await call<UnreadCount>('GET', NOTICE_PATHS.stream, { token: null, query: { token: 'editor-token' } })).data.count).toBe(1);
    // Elsewhere a token in the query is no session.
    expect((await call('GET', NOTICE_PATHS.unread, { token: null, query: { token: 'editor-token' } })).code).toBe(50008);
  });
});

describe('the stream ends', () => {
  it('when the session ends: it says so and closes', async () => {
    let signedOut = false;
    const accounts = new MockAccounts();
    const check = accounts.check.bind(accounts);
    accounts.check = async (token) => (signedOut ? { problem: 'unknown' } : check(token));
    const app = new Hono<AppEnv>().basePath(API_BASE);
    app.use(async (c, next) => {
      c.set('t', translator('en'));
      await next();
    });
    const api = createApi(app, accounts, createPermissions(registry), 1024 * 1024);
    // A keep-alive of 50 ms instead of 25 s: the session is checked that often.
    const notices = registerNotices(api, { registry, store: new MemoryStore(), accounts, people: peopleOf(accounts), keepAliveMs: 50 })!;
    const stream = await openStream(app as unknown as App, 'editor-token');
    await stream.next();
    signedOut = true;
    expect(await stream.next(2000)).toEqual({ event: 'ended', data: 'unknown' });
    await expect(stream.next(1000)).rejects.toThrow(/ended/);
    await notices.close();
  });

  it('at once when its session signs out, not at the next keep-alive', async () => {
    const app = createApp({ registry, store: new MemoryStore(), accounts: new MockAccounts() });
    const mine = await openStream(app, 'editor-token');
    const other = await openStream(app, 'admin-token');
    await mine.next();
    await other.next();
    const out = await app.fetch(
      new Request(`http://localhost/dev-api/user/logout`, { method: 'POST', headers: { 'X-Token': 'editor-token' } }),
    );
    expect(((await out.json()) as { code: number }).code).toBe(20000);
    expect(await mine.next(1000)).toEqual({ event: 'ended', data: 'unknown' });
    await expect(mine.next(1000)).rejects.toThrow(/ended/);
    // Another session's stream goes on.
    await expect(other.next(300)).rejects.toThrow(/in time/);
    await other.close();
    await app.notices!.close();
  });

  it(`no more than ${MAX_STREAMS_PER_SESSION} at a time for one session`, async () => {
    const app = createApp({ registry, store: new MemoryStore(), accounts: new MockAccounts() });
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await openStream(app, 'editor-token'));
    const refused = await app.fetch(
      new Request(`http://localhost/dev-api${NOTICE_PATHS.stream}?token=editor-token`, { headers: { Accept: 'text/event-stream' } }),
    );
    expect(((await refused.json()) as { code: number }).code).toBe(42900);
    // One closed makes room for another; another session has its own.
    await streams.pop()!.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    streams.push(await openStream(app, 'editor-token'), await openStream(app, 'admin-token'));
    for (const stream of streams) await stream.close();
    await app.notices!.close();
  });

  it('when the server stops', async () => {
    const app = createApp({ registry, store: new MemoryStore(), accounts: new MockAccounts() });
    const stream = await openStream(app, 'editor-token');
    await stream.next();
    app.notices!.closeStreams();
    await expect(stream.next(1000)).rejects.toThrow(/ended/);
    await app.notices!.close();
  });
});

describe.skipIf(unavailable)('across instances on PostgreSQL', () => {
  it('a notification written by one instance reaches a stream open on another', async () => {
    const [first, second] = await postgresCopies(2);
    const channel = `t_notices_${Math.random().toString(36).slice(2, 10)}`;
    const [storeA, storeB] = [await openSqlStore(first, registry), await openSqlStore(second, registry)];
    const [busA, busB] = [await postgresBus(POSTGRES_URL, channel), await postgresBus(POSTGRES_URL, channel)];
    const accounts = new MockAccounts();
    const a = createApp({ registry, store: storeA, accounts, noticeBus: busA });
    const b = createApp({ registry, store: storeB, accounts, noticeBus: busB });
    try {
      const stream = await openStream(b, 'admin-token');
      expect(JSON.parse((await stream.next()).data).count).toBe(0);
      await a.notices!.notify({ to_role: 'admin', kind: 'job_failed', title_key: 'notify.job_failed.title', params: { job: 'Backup' } });
      const event = await stream.next();
      expect(JSON.parse(event.data)).toMatchObject({ count: 1, notifications: 1 });
      await stream.close();
    } finally {
      await a.notices!.close();
      await b.notices!.close();
      await storeA.close();
      await storeB.close();
    }
  });
});
