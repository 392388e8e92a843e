// The visit log on memory, SQLite and PostgreSQL: a batch the console posts is stored under the
// name of the person the server signed in (whatever the batch says), refused whole when too large
// or malformed (nothing stored, each problem by its field), listed newest first and filtered by
// user, path and days; the list is the admins' alone; and the pruning job removes what is older
// than the retention, leaving the rest.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VISIT_ADD_PATH, VISIT_LIMITS, VISIT_LOG } from '../../kernel/history/visits';
import { JOB_WORK, VISIT_LOG_RETENTION_DAYS } from '../../server/schedule/jobs';
import type { Store } from '../../server/store/types';
import { postgresSkip, storeMatrix } from './stores';
import { makeApi, registry } from './helpers';

const unavailable = postgresSkip;
const stores = storeMatrix();
if (unavailable) console.warn(`The visit log is tested on memory and SQLite only: PostgreSQL is not reachable (${unavailable})`);

const list = registry.resources[VISIT_LOG]['x-resource'].endpoints.list!;
const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

interface Entry {
  id: number;
  at: string;
  day: string;
  user: string;
  path: string;
  title?: string;
}

describe.each(stores)('the visit log on %s', (_store, makeStore) => {
  let store: Store;
  let call: Awaited<ReturnType<typeof makeApi>>['call'];

  beforeEach(async () => {
    store = await makeStore();
    ({ call } = await makeApi(store, { seed: false }));
  });
  afterEach(() => store.close());

  const post = (body: unknown, token = 'editor-token') => call<{ count: number }>('POST', VISIT_ADD_PATH, { body, token });
  const read = async (query: Record<string, string | number> = {}) => {
    const answer = await call<{ list: Entry[]; count: number }>(list.method, list.path, { query });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };
  const nameOf = async (token: string) => (await call<{ name: string }>('GET', '/user/info', { token, query: { token } })).data.name;

  it('stores a batch under the name of the person signed in, and lists it newest first', async () => {
    const answer = await post({
      visits: [
        { path: '/device/index', title: 'DeviceList', at: ago(3 * MINUTE) },
        { path: '/crew/index', title: 'CrewList', at: ago(2 * MINUTE) },
        { path: '/home', at: ago(MINUTE) },
      ],
    });
    expect(answer).toMatchObject({ code: 20000, data: { count: 3 } });
    const editor = await nameOf('editor-token');
    const { list: entries, count } = await read();
    expect(count).toBe(3);
    expect(entries.map((e) => e.path)).toEqual(['/home', '/crew/index', '/device/index']);
    expect(entries.every((e) => e.user === editor)).toBe(true);
    expect(entries[1]).toMatchObject({ title: 'CrewList', day: entries[1].at.slice(0, 10) });
    expect(entries[0].title ?? null).toBeNull();
  });

  it('takes no name from the batch: a visit naming its user is refused', async () => {
    const answer = await post({ visits: [{ path: '/home', at: ago(MINUTE), user: 'admin' }] });
    expect(answer.code).toBe(40001);
    expect(answer.errors?.map((e) => e.field)).toEqual(['visits.0.user']);
    expect(await store.count(VISIT_LOG, [])).toBe(0);
  });

  it('refuses a batch too large, empty or malformed, whole, naming each problem, and stores nothing', async () => {
    const visit = (n: number) => ({ path: `/device/record/${n}`, title: 'DeviceRecord', at: ago(MINUTE) });
    const tooMany = await post({ visits: Array.from({ length: VISIT_LIMITS.perBatch + 1 }, (_, i) => visit(i)) });
    expect(tooMany.code).toBe(40001);
    expect(tooMany.message).toContain(String(VISIT_LIMITS.perBatch));
    expect((await post({ visits: [] })).code).toBe(40001);
    expect((await post({ visits: 'x' })).code).toBe(40001);
    expect((await post({ visits: [visit(1)], extra: 1 })).code).toBe(40001);

    const mixed = await post({
      visits: [
        visit(1),
        { path: 'no-slash', at: ago(MINUTE) },
        { path: `/${'x'.repeat(VISIT_LIMITS.path)}`, at: ago(MINUTE) },
        { path: '/home', title: 'T'.repeat(VISIT_LIMITS.title + 1), at: ago(MINUTE) },
        { path: '/home', at: new Date(Date.now() + 10 * MINUTE).toISOString() },
        { path: '/home', at: ago(25 * 60 * MINUTE) },
        { path: '/home', at: 'yesterday' },
        'not a visit',
      ],
    });
    expect(mixed.code).toBe(40001);
    expect(mixed.errors?.map((e) => e.field)).toEqual([
      'visits.1.path',
      'visits.2.path',
      'visits.3.title',
      'visits.4.at',
      'visits.5.at',
      'visits.6.at',
      'visits.7',
    ]);
    expect(mixed.message).toMatch(/visits\.1\.path/);
    expect(await store.count(VISIT_LOG, [])).toBe(0);

    // The largest batch allowed goes in whole.
    const most = await post({ visits: Array.from({ length: VISIT_LIMITS.perBatch }, (_, i) => visit(i)) });
    expect(most).toMatchObject({ code: 20000, data: { count: VISIT_LIMITS.perBatch } });
    expect(await store.count(VISIT_LOG, [])).toBe(VISIT_LIMITS.perBatch);
  });

  it('refuses a batch from nobody signed in', async () => {
    const answer = await call('POST', VISIT_ADD_PATH, { body: { visits: [{ path: '/home', at: ago(MINUTE) }] }, token: null });
    expect(answer.code).not.toBe(20000);
    expect(await store.count(VISIT_LOG, [])).toBe(0);
  });

  it('filters by user, path and days', async () => {
    await post(
      {
        visits: [
          { path: '/device/index', at: ago(2 * MINUTE) },
          { path: '/crew/index', at: ago(MINUTE) },
        ],
      },
      'editor-token',
    );
    await post({ visits: [{ path: '/device/record/7', at: ago(MINUTE) }] }, 'admin-token');
    const admin = await nameOf('admin-token');
    const byAdmin = await read({ user: admin });
    expect(byAdmin.list.map((e) => e.path)).toEqual(['/device/record/7']);
    const devices = await read({ path: 'device' });
    expect(devices.list.map((e) => e.path).sort()).toEqual(['/device/index', '/device/record/7']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await read({ from: today, to: today })).count).toBe(3);
    expect((await read({ to: '2000-01-01' })).count).toBe(0);
    expect((await read({ sort: '+at' })).list[0].path).toBe('/device/index');
  });

  it('is listed for admins only: an editor is refused the list', async () => {
    await post({ visits: [{ path: '/home', at: ago(MINUTE) }] });
    const answer = await call(list.method, list.path, { token: 'editor-token' });
    expect(answer.code).toBe(40003);
  });

  it('is pruned by the pruning job: entries older than the retention go, the others stay', async () => {
    const now = new Date();
    const day = 86_400_000;
    const at = (days: number) => new Date(now.getTime() - days * day).toISOString();
    for (const days of [VISIT_LOG_RETENTION_DAYS + 5, VISIT_LOG_RETENTION_DAYS + 1, VISIT_LOG_RETENTION_DAYS - 1, 0]) {
      await store.insert(VISIT_LOG, { at: at(days), day: at(days).slice(0, 10), user: 'someone', path: `/aged/${days}` });
    }
    const runs = Object.values(registry.resources).find((schema) => schema['x-resource'].schedule)!['x-resource'].schedule!.runs;
    const removed = await JOB_WORK.clearPoster({
      store,
      now,
      runs: { resource: runs, startedAt: 'started_at' },
      visits: { resource: VISIT_LOG, at: 'at' },
    });
    expect(removed).toBe(2);
    const left = (await read()).list.map((e) => e.path);
    expect(left).toEqual(['/aged/0', `/aged/${VISIT_LOG_RETENTION_DAYS - 1}`]);
  });
});
