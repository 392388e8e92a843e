// The operation log and the sign-in log, on memory, SQLite and PostgreSQL: every create, change
// and delete a person makes is logged with who, when, which record and each changed field before
// and after; a refused write logs nothing; the logs filter and page; only the roles of the log's
// screens may read them. The resource written is found by its shape, not named.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exampleRecord } from '../../kernel/demo/fake';
import { MOCK_PASSWORD } from '../../kernel/contract/mock-account';
import { MockAccounts } from '../../server/auth/accounts';
import { LOGIN_LOG_PATH, OPERATION_LOG } from '../../kernel/history/names';
import type { FieldSchema, ResourceSchema } from '../../kernel/schema/types';
import { properties } from '../../kernel/schema/registry';
import { createApp } from '../../server/app';
import { STANDARD_ACCOUNTS } from '../../server/auth/accounts';
import { SqlAccounts } from '../../server/auth/sql-accounts';
import { openSqlStore } from '../../server/db/open';
import { MemoryStore } from '../../server/store/memory';
import type { Row, Store } from '../../server/store/types';
import { databaseMatrix, postgresSkip, storeMatrix } from './stores';
import { type Envelope, makeApi, registry } from './helpers';

const unavailable = postgresSkip;
const stores = storeMatrix();
const connections = databaseMatrix();
if (unavailable) console.warn(`The logs are tested on memory and SQLite only: PostgreSQL is not reachable (${unavailable})`);

const log = registry.resources[OPERATION_LOG];
const logList = log['x-resource'].endpoints.list!;

/** A plain text field of a group that any text of a few letters satisfies. */
const freeText = (prop: FieldSchema) =>
  prop.type === 'string' &&
  !prop.pattern &&
  !prop.enum &&
  !prop.format &&
  !prop['x-options'] &&
  !prop['x-upload'] &&
  !prop.readOnly &&
  (prop.maxLength ?? 99) >= 12;

/** A top-level resource written by the generic calls, with a group holding such a field. */
function findSubject(): { name: string; schema: ResourceSchema; group: string; field: string } {
  for (const [name, schema] of Object.entries(registry.resources)) {
    const meta = schema['x-resource'];
    const { add, update, del } = meta.endpoints;
    if (!add || !update || !del || meta.parent || meta.forms || meta.fills || name === OPERATION_LOG) continue;
    if (Object.values(properties(schema)).some((p) => p['x-ref'] || p['x-upload'])) continue;
    for (const [group, prop] of Object.entries(properties(schema))) {
      const inner = prop.$ref ? schema.definitions?.[prop.$ref.split('/').pop()!] : prop;
      if (inner?.type !== 'object' || prop.readOnly) continue;
      const field = Object.entries(inner.properties ?? {}).find(([, p]) => freeText(p))?.[0];
      if (field) return { name, schema, group, field };
    }
  }
  throw new Error('no resource has a group with a free text field');
}
const subject = findSubject();
const endpoints = subject.schema['x-resource'].endpoints;

interface Entry {
  id: number;
  user: string;
  resource: string;
  record: number;
  action: string;
  at: string;
  changes?: { path: string; before?: string; after?: string }[];
}

type Call = Awaited<ReturnType<typeof makeApi>>['call'];

describe.each(stores)('the operation log on %s', (_store, makeStore) => {
  let store: Store;
  let call: Call;

  const entries = async (query: Record<string, string | number>, token?: string) => {
    const answer = await call<{ list: Entry[]; count: number }>(logList.method, logList.path, { query, token });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };
  const create = async () => {
    const record = exampleRecord(subject.schema, registry.config, () => []);
    const made = await call<Row>(endpoints.add!.method, endpoints.add!.path, { body: record });
    expect(made.code, JSON.stringify(made)).toBe(20000);
    return made.data;
  };

  beforeEach(async () => {
    store = await makeStore();
    ({ call } = await makeApi(store, { seed: false }));
  });
  afterEach(async () => store.close());

  it('logs a create and a delete with who made them', async () => {
    const row = await create();
    const gone = await call(endpoints.del!.method, endpoints.del!.path, { body: { id: row.id } });
    expect(gone.code).toBe(20000);
    const { list, count } = await entries({ resource: subject.name, record: row.id });
    expect(count).toBe(2);
    expect(list.map((e) => e.action)).toEqual(['delete', 'create']);
    for (const entry of list) expect(entry.user).toBe(STANDARD_ACCOUNTS.admin.name);
    const created = list[1].changes ?? [];
    expect(created.find((c) => c.path === `${subject.group}.${subject.field}`)).toMatchObject({
      after: JSON.stringify((row[subject.group] as Record<string, unknown>)[subject.field]),
    });
    expect(created.every((c) => c.before === undefined)).toBe(true);
  });

  it('logs an update with each changed field by its dotted path, before and after, and nothing for an unchanged write', async () => {
    const row = await create();
    const old = (row[subject.group] as Record<string, unknown>)[subject.field];
    const { id, version: _v, ...fields } = row;
    const group = { ...(row[subject.group] as Record<string, unknown>), [subject.field]: 'Changed text' };
    const edited = await call(endpoints.update!.method, endpoints.update!.path, { body: { ...fields, id, [subject.group]: group } });
    expect(edited.code, JSON.stringify(edited)).toBe(20000);
    const same = await call(endpoints.update!.method, endpoints.update!.path, { body: { ...fields, id, [subject.group]: group } });
    expect(same.code).toBe(20000);
    const { list } = await entries({ resource: subject.name, record: id, action: 'update' });
    expect(list).toHaveLength(1);
    expect(list[0].changes).toEqual([
      { path: `${subject.group}.${subject.field}`, before: JSON.stringify(old), after: JSON.stringify('Changed text') },
    ]);
  });

  it('logs nothing for a refused write', async () => {
    const row = await create();
    const before = (await entries({})).count;
    const refused = await call(endpoints.update!.method, endpoints.update!.path, {
      body: { id: row.id, [subject.group]: { [subject.field]: 12 } },
    });
    expect(refused.code).toBe(40001);
    const missing = await call(endpoints.del!.method, endpoints.del!.path, { body: { ids: [row.id, row.id + 1000] } });
    expect(missing.code).toBe(40004);
    const editor = await call(endpoints.add!.method, endpoints.add!.path, { body: {}, token: 'nobody-token' });
    expect(editor.code).toBe(50008);
    expect((await entries({})).count).toBe(before);
  });

  it('filters by user, resource, record and day, newest first, and pages', async () => {
    const first = await create();
    const second = await create();
    const today = new Date().toISOString().slice(0, 10);
    const all = await entries({ resource: subject.name });
    expect(all.count).toBe(2);
    expect(all.list.map((e) => e.record)).toEqual([second.id, first.id]);
    expect((await entries({ record: first.id, resource: subject.name })).list.map((e) => e.record)).toEqual([first.id]);
    expect((await entries({ user: STANDARD_ACCOUNTS.admin.name.slice(0, 5) })).count).toBe(2);
    expect((await entries({ user: 'Nobody at all' })).count).toBe(0);
    expect((await entries({ resource: `${subject.name}x` })).count).toBe(0);
    expect((await entries({ from: today, to: today })).count).toBe(2);
    expect((await entries({ to: '2000-01-01' })).count).toBe(0);
    const page = await entries({ limit: 1, page: 2 });
    expect(page.list.map((e) => e.record)).toEqual([first.id]);
  });

  it('refuses an editor both logs', async () => {
    expect((await call(logList.method, logList.path, { token: 'editor-token' })).code).toBe(40003);
    expect((await call('GET', LOGIN_LOG_PATH, { token: 'editor-token' })).code).toBe(40003);
  });
});

describe('the sign-in log of the mock accounts', () => {
  it('lists a failed and a successful sign-in, newest first, filtered by result, and refuses a bad filter', async () => {
    const { call } = await makeApi(new MemoryStore(), { seed: false });
    expect((await call('POST', '/user/login', { body: { username: 'admin', password: 'wrong password' }, token: null })).code).toBe(60204);
    expect((await call('POST', '/user/login', { body: { username: 'admin', password: MOCK_PASSWORD }, token: null })).code).toBe(20000);
    const all = await call<{ list: { user: string; success: boolean; reason?: string }[]; count: number }>('GET', LOGIN_LOG_PATH);
    expect(all.data.count).toBe(2);
    expect(all.data.list.map(({ user, success, reason }) => ({ user, success, reason }))).toEqual([
      { user: 'admin', success: true, reason: undefined },
      { user: 'admin', success: false, reason: 'password' },
    ]);
    const refused = await call<{ count: number }>('GET', LOGIN_LOG_PATH, { query: { success: 'false' } });
    expect(refused.data.count).toBe(1);
    for (const query of [
      { success: 'maybe' },
      { success: '' },
      { from: '2026-13-01' },
      { to: '' },
      { limit: 101 },
      { page: 0 },
      { page: '' },
      { limit: '' },
    ] as Record<string, string | number>[]) {
      expect((await call('GET', LOGIN_LOG_PATH, { query })).code, JSON.stringify(query)).toBe(40002);
    }
  });
});

describe('pruning the sign-in log of the mock accounts', () => {
  it('forgets the attempts made before the time given, and nothing after it', async () => {
    const accounts = new MockAccounts();
    await accounts.login('admin', 'wrong password', 'local');
    await accounts.login('admin', MOCK_PASSWORD, 'local');
    const page = { page: 1, limit: 20 };
    expect(await accounts.pruneSignIns(new Date(Date.now() - 60_000))).toBe(0);
    expect((await accounts.signIns(page)).count).toBe(2);
    expect(await accounts.pruneSignIns(new Date(Date.now() + 60_000))).toBe(2);
    expect((await accounts.signIns(page)).count).toBe(0);
  });
});

describe.each(connections)('the sign-in log of the accounts on %s', (_name, connect) => {
  it('lists a failed and a successful sign-in with the address and why, filtered by user and day', async () => {
    const connection = await connect();
    const store = await openSqlStore(connection, registry);
    const clock = new Date('2026-11-21T08:00:00Z');
    const accounts = new SqlAccounts(connection.db, undefined, () => clock);
    await accounts.createFirst({ ...STANDARD_ACCOUNTS.admin, username: 'admin', password: 'long enough password' });
    const app = createApp({ registry, store, accounts, addressOf: () => '10.0.0.7' });
    const call = async <T>(method: string, path: string, body?: unknown, token?: string) => {
      const response = await app.fetch(
        new Request(`http://localhost/dev-api${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Token': token } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      return (await response.json()) as Envelope<T>;
    };
    expect((await call('POST', '/user/login', { username: 'nobody', password: 'whatever it is' })).code).toBe(60204);
    const signedIn = await call<{ token: string }>('POST', '/user/login', { username: 'admin', password: 'long enough password' });
    expect(signedIn.code).toBe(20000);
    const token = signedIn.data.token;
    const all = await call<{ list: { user: string; address: string; success: boolean; reason?: string; at: string }[]; count: number }>(
      'GET',
      LOGIN_LOG_PATH,
      undefined,
      token,
    );
    expect(all.data.count).toBe(2);
    expect(all.data.list[0]).toMatchObject({ user: 'admin', address: '10.0.0.7', success: true, at: clock.toISOString() });
    expect(all.data.list[0].reason).toBeUndefined();
    expect(all.data.list[1]).toMatchObject({ user: 'nobody', success: false, reason: 'account' });
    const mine = await call<{ count: number }>('GET', `${LOGIN_LOG_PATH}?user=admin`, undefined, token);
    expect(mine.data.count).toBe(1);
    const later = await call<{ count: number }>('GET', `${LOGIN_LOG_PATH}?from=2026-11-22`, undefined, token);
    expect(later.data.count).toBe(0);
    const thatDay = await call<{ count: number }>('GET', `${LOGIN_LOG_PATH}?from=2026-11-21&to=2026-11-21`, undefined, token);
    expect(thatDay.data.count).toBe(2);
    // Pruning forgets what came before the time given, and nothing after it.
    expect(await accounts.pruneSignIns(clock)).toBe(0);
    expect(await accounts.pruneSignIns(new Date(clock.getTime() + 1))).toBe(2);
    expect((await call<{ count: number }>('GET', LOGIN_LOG_PATH, undefined, token)).data.count).toBe(0);
    await store.close();
  });
});
