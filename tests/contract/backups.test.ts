// Backups through the API, on a SQLite database in a temporary directory: "Back up now" makes a
// file that passes its integrity check and opens with the same records; the list shows it; the
// download answers its bytes; a name the list does not give (a path out of the directory, another
// file beside the backups) is refused; delete removes it. The list is the admins' alone. On
// PostgreSQL the calls say pg_dump does it, and in the mock that there is nothing to back up.
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import { sqliteBackups } from '../../server/backups/sqlite';
import type { Backups } from '../../server/backups/types';
import { connectSqlite } from '../../server/db/connect';
import { openSqlStore } from '../../server/db/open';
import { MemoryStore } from '../../server/store/memory';
import type { Store } from '../../server/store/types';
import { BACKUP_PATHS, type BackupFile, type BackupListing, PG_DUMP_COMMAND } from '../../kernel/contract/backups';
import { type Envelope, registry } from './helpers';

/** The app over `store` with those backups, and a caller answering the raw response. */
function appWith(store: Store, backups?: Backups) {
  const app = createApp({ registry, store, accounts: new MockAccounts(), backups });
  const fetchRaw = (
    method: string,
    path: string,
    { body, query, token = 'admin-token' }: { body?: unknown; query?: Record<string, string>; token?: string } = {},
  ) => {
    const url = new URL(`http://localhost/dev-api${path}`);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    return app.fetch(
      new Request(url, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Token': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  };
  const call = async <T = unknown>(method: string, path: string, options: Parameters<typeof fetchRaw>[2] = {}) =>
    (await (await fetchRaw(method, path, options)).json()) as Envelope<T>;
  return { fetchRaw, call };
}

describe('backups on SQLite', () => {
  let dir: string;
  let backupDir: string;
  let store: Store;
  let api: ReturnType<typeof appWith>;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-backups-'));
    backupDir = join(dir, 'backups');
    const file = join(dir, 'console.db');
    store = await openSqlStore(connectSqlite(file), registry);
    api = appWith(store, sqliteBackups({ source: file, dir: backupDir }));
    for (const teamNumber of ['BK-1', 'BK-2', 'BK-3']) await store.insert('crew', { teamNumber, leader: { name: 'Sun Li' } });
  });
  afterEach(() => store.close());

  const listed = async () => {
    const answer = await api.call<BackupListing>('GET', BACKUP_PATHS.list);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };

  it('makes a checked copy with the same records, lists it, serves its bytes and deletes it', async () => {
    expect(await listed()).toEqual({ mode: 'sqlite', list: [], count: 0 });
    const made = await api.call<BackupFile>('POST', BACKUP_PATHS.create);
    expect(made.code, JSON.stringify(made)).toBe(20000);
    const path = join(backupDir, made.data.name);
    expect(made.data.size).toBe(readFileSync(path).length);

    const copy = new Database(path, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(
      (copy.prepare('select teamNumber from crew order by teamNumber').all() as { teamNumber: string }[]).map((row) => row.teamNumber),
    ).toEqual(['BK-1', 'BK-2', 'BK-3']);
    copy.close();

    // A record written after the copy is not in it; a second copy has it, and is listed first.
    await store.insert('crew', { teamNumber: 'BK-4', leader: { name: 'Sun Li' } });
    const second = await api.call<BackupFile>('POST', BACKUP_PATHS.create);
    expect(second.data.name).not.toBe(made.data.name);
    expect((await listed()).list.map((file) => file.name)).toEqual([second.data.name, made.data.name]);

    const download = await api.fetchRaw('GET', BACKUP_PATHS.download, { query: { name: made.data.name } });
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Disposition')).toContain(made.data.name);
    expect(Buffer.from(await download.arrayBuffer()).equals(readFileSync(path))).toBe(true);

    const deleted = await api.call('POST', BACKUP_PATHS.del, { body: { name: made.data.name } });
    expect(deleted.code).toBe(20000);
    expect(existsSync(path)).toBe(false);
    expect((await listed()).list.map((file) => file.name)).toEqual([second.data.name]);
    expect((await api.call('POST', BACKUP_PATHS.del, { body: { name: made.data.name } })).code).toBe(40004);
  });

  it('checks the copy off the event loop and leaves nothing but the copy behind', async () => {
    // 50,000 rows under two indexes (some 8 MB), whose integrity check takes about half a second.
    const filler = new Database(join(dir, 'console.db'));
    filler.exec('create table filler (a text, b text); create index filler_a on filler (a); create index filler_b on filler (b)');
    filler
      .prepare(
        'with recursive n(i) as (select 1 union all select i + 1 from n where i < 50000) insert into filler select hex(randomblob(16)), hex(randomblob(16)) from n',
      )
      .run();
    filler.close();
    await listed(); // the app's first call sets it up: not what is measured
    let longest = 0;
    let last = performance.now();
    const ticks = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const made = await api.call<BackupFile>('POST', BACKUP_PATHS.create);
    clearInterval(ticks);
    expect(made.code, JSON.stringify(made)).toBe(20000);
    expect(readdirSync(backupDir)).toEqual([made.data.name]);
    expect(longest).toBeLessThan(250);
  });

  it('refuses any name the list does not give, before touching the file system', async () => {
    const made = await api.call<BackupFile>('POST', BACKUP_PATHS.create);
    // A file beside the backups with a backup-like name it was not given is not a backup either.
    writeFileSync(join(dir, 'console-2020-01-01T00-00-00-000Z.db'), 'not a backup');
    for (const name of [
      '../console.db',
      '../../etc/passwd',
      `../backups/${made.data.name}`,
      'console.db',
      `${made.data.name}/`,
      '/etc/passwd',
      '',
      `${made.data.name}.partial`,
    ]) {
      const answer = await api.fetchRaw('GET', BACKUP_PATHS.download, { query: { name } });
      const envelope = (await answer.json()) as Envelope;
      expect(envelope.code, name).toBe(40001);
      expect((await api.call('POST', BACKUP_PATHS.del, { body: { name } })).code, name).toBe(40001);
    }
    const unknown = await api.call('GET', BACKUP_PATHS.download, { query: { name: 'console-2020-01-01T00-00-00-000Z.db' } });
    expect(unknown.code).toBe(40004);
    expect((await api.call('POST', BACKUP_PATHS.del, { body: { name: made.data.name, extra: 1 } })).code).toBe(40001);
    expect(existsSync(join(dir, 'console.db'))).toBe(true);
    expect((await listed()).count).toBe(1);
  });

  it('is for admins only: an editor is refused every call and nothing is made', async () => {
    for (const [method, path] of [
      ['GET', BACKUP_PATHS.list],
      ['POST', BACKUP_PATHS.create],
    ] as const) {
      expect((await api.call(method, path, { token: 'editor-token' })).code).toBe(40003);
    }
    expect(existsSync(backupDir)).toBe(false);
  });
});

describe('backups elsewhere', () => {
  it('on PostgreSQL: the list gives the pg_dump command, and the server makes none itself', async () => {
    const { call } = appWith(new MemoryStore(), { mode: 'pg_dump' });
    const answer = await call<BackupListing>('GET', BACKUP_PATHS.list);
    expect(answer.data).toMatchObject({ mode: 'pg_dump', list: [], count: 0, command: PG_DUMP_COMMAND });
    const made = await call('POST', BACKUP_PATHS.create);
    expect(made.code).toBe(40004);
    expect(made.message).toContain('pg_dump');
  });

  it('in the mock: nothing to back up', async () => {
    const { call } = appWith(new MemoryStore());
    expect((await call<BackupListing>('GET', BACKUP_PATHS.list)).data).toEqual({ mode: 'none', list: [], count: 0 });
    expect((await call('POST', BACKUP_PATHS.create)).code).toBe(40004);
  });
});
