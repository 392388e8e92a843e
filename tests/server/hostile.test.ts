// What an outside attack on the API found, each kept as a regression test against the real
// server process (real HTTP, SQLite on disk, real accounts): oversized and malformed bodies,
// tokens in the query string, deep nesting, huge id lists, broken text, loose integers, the
// template endpoints, other people's files, the empty-value rule and the security headers.
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, signInOverHttp, startServer } from '../server-process';

const PASSWORD = 'hostile-password-1';
const MB = 1024 * 1024;

interface Answer {
  code: number;
  message?: string;
  data?: unknown;
  errors?: { field: string; message: string }[];
}

let server: RunningServer;
let dataDir: string;
let admin: string;
let editor: string;

function stubDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'console-dist-stub-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>stub</title>');
  return dir;
}

const databaseFile = () =>
  join(
    dataDir,
    readdirSync(dataDir).find((f) => f.endsWith('.db') || f.endsWith('.sqlite'))!,
  );
function rows(table: string): number {
  const db = new Database(databaseFile(), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}
const databaseBytes = () =>
  readdirSync(dataDir)
    .filter((f) => /\.(db|sqlite)(-wal)?$/.test(f))
    .reduce((sum, f) => sum + statSync(join(dataDir, f)).size, 0);

function residentBytes(): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

async function call(
  method: string,
  path: string,
  { body, token, headers = {} }: { body?: BodyInit; token?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.url}/dev-api${path}`, {
    method,
    headers: {
      ...(body !== undefined && typeof body === 'string' ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { 'X-Token': token } : {}),
      ...headers,
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, answer: JSON.parse(text) as Answer };
}

/** Streams `total` bytes of a JSON-looking body without a length, stopping when the server answers. */
function streamBody(path: string, total: number): Promise<{ answer: Answer; sent: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const url = new URL(`${server.url}/dev-api${path}`);
    let sent = 0;
    let answered = false;
    const req = request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } }, (res) => {
      answered = true;
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        req.destroy();
        resolve({ answer: JSON.parse(text) as Answer, sent, ms: performance.now() - started });
      });
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(sent === chunk.length ? Buffer.concat([Buffer.from('{"username":"'), chunk.subarray(13)]) : chunk))
          return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'console-hostile-'));
  server = await startServer({
    DIST_DIR: stubDist(),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    EDITOR_PASSWORD: PASSWORD,
    LOG_LEVEL: 'info',
  });
  // After its start the server works out values kept from other records (a well's trajectory) in
  // the background; those writes are not the tests', which compare the database's size.
  while (!server.output().includes('derived values settled')) await new Promise((resolve) => setTimeout(resolve, 100));
  admin = await signInOverHttp(server.url, 'admin', PASSWORD);
  editor = await signInOverHttp(server.url, 'editor', PASSWORD);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('before sign-in', () => {
  it('refuses a 100 MB sign-in body while it arrives, storing nothing and holding memory', { timeout: 60_000 }, async () => {
    const logBefore = rows('app_login_log');
    const memoryBefore = residentBytes();
    const { answer, sent } = await streamBody('/user/login', 100 * MB);
    expect(answer.code).toBe(40001);
    expect(answer.message).toMatch(/too large/);
    expect(sent).toBeLessThan(50 * MB); // refused long before the end
    expect(residentBytes() - memoryBefore).toBeLessThan(64 * MB);
    expect(rows('app_login_log')).toBe(logBefore);
  });

  it('refuses a 20 MB username declared by its length without reading it, and stores nothing', async () => {
    const logBefore = rows('app_login_log');
    const bytesBefore = databaseBytes();
    const body = JSON.stringify({ username: 'x'.repeat(20 * MB), password: 'whatever' });
    const { answer } = await call('POST', '/user/login', { body });
    expect(answer.code).toBe(40001);
    expect(rows('app_login_log')).toBe(logBefore);
    // Far below the 20 MB sent: the server's own jobs may write meanwhile (a few hundred kB of
    // notifications when the daily instrument check runs), never the name.
    expect(databaseBytes() - bytesBefore).toBeLessThan(MB);
  });

  it('refuses usernames over 64 characters before any lookup, and never logs them', async () => {
    const logBefore = rows('app_login_log');
    const { answer } = await call('POST', '/user/login', { body: JSON.stringify({ username: 'y'.repeat(65), password: 'whatever' }) });
    expect(answer.code).toBe(60204);
    expect(answer.message).toMatch(/64/);
    expect(rows('app_login_log')).toBe(logBefore);
  });

  it('refuses a 20 MB body from a signed-in person too, before parsing it', async () => {
    const { answer } = await call('POST', '/crew/add', { token: admin, body: JSON.stringify({ teamNumber: 'z'.repeat(20 * MB) }) });
    expect(answer.code).toBe(40001);
    expect(answer.message).toMatch(/too large/);
  });
});

describe('tokens', () => {
  it('signing out with ?token= ends that session', async () => {
    const token = await signInOverHttp(server.url, 'editor', PASSWORD);
    expect((await call('GET', `/user/info?token=${token}`)).answer.code).toBe(20000);
    expect((await call('POST', `/user/logout?token=${token}`)).answer.code).toBe(20000);
    expect((await call('GET', '/user/info', { token })).answer.code).toBe(50008);
  });

  it('takes ?token= on the user info and sign-out calls only', async () => {
    expect((await call('GET', `/crew/list?token=${admin}`)).answer.code).toBe(50008);
    const before = rows('crew');
    const body = JSON.stringify({ teamNumber: 'QT-1', leader: { name: 'Li Wei', phone: '13800000000' } });
    expect((await call('POST', `/crew/add?token=${admin}`, { body })).answer.code).toBe(50008);
    expect(rows('crew')).toBe(before);
  });
});

describe('shapes that used to fail the server', () => {
  it('refuses an object nested 100,000 levels deep with 40001, not 500', async () => {
    const deep = `{"teamNumber":"D-1","leader":{"name":"Li","phone":"13800000000"},"secretary":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`;
    const { status, answer } = await call('POST', '/crew/add', { token: admin, body: deep });
    expect(status).toBe(200);
    expect(answer.code).toBe(40001);
    expect(answer.errors?.[0].field).toMatch(/^secretary/);
  });

  it('takes ids only as a list and an id only as a number', async () => {
    const before = rows('crew');
    const first = (await call('GET', '/crew/list?limit=1', { token: admin })).answer.data as { items: { id: number }[] };
    for (const body of [{ ids: first.items[0].id }, { id: [first.items[0].id] }, { id: String(first.items[0].id) }]) {
      expect((await call('POST', '/crew/del', { token: admin, body: JSON.stringify(body) })).answer.code, JSON.stringify(body)).toBe(40001);
    }
    expect(rows('crew')).toBe(before);
  });

  it('refuses a delete of 40,000 ids with 40001, deleting nothing', async () => {
    const before = rows('crew');
    const ids = Array.from({ length: 40_000 }, (_, i) => i + 1);
    const { status, answer } = await call('POST', '/crew/del', { token: admin, body: JSON.stringify({ ids }) });
    expect(status).toBe(200);
    expect(answer.code).toBe(40001);
    expect(rows('crew')).toBe(before);
  });
});

describe('strict reading', () => {
  const crew = (teamNumber: string) => `{"teamNumber":"${teamNumber}","leader":{"name":"Li","phone":"13800000000"}}`;

  it('refuses invalid UTF-8 and lone surrogates, naming the field, and stores nothing', async () => {
    const before = rows('crew');
    const broken = Buffer.concat([
      Buffer.from('{"teamNumber":"T'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('","leader":{"name":"Li","phone":"13800000000"}}'),
    ]);
    const invalid = await call('POST', '/crew/add', { token: admin, body: broken, headers: { 'Content-Type': 'application/json' } });
    expect(invalid.answer.code).toBe(40001);
    expect(invalid.answer.message).toMatch(/UTF-8/);
    const lone = await call('POST', '/crew/add', { token: admin, body: crew('T\\ud800X') });
    expect(lone.answer.code).toBe(40001);
    expect(lone.answer.errors?.[0].field).toBe('teamNumber');
    expect((await call('GET', '/crew/list?teamNumber=%FF', { token: admin })).answer.code).toBe(40002);
    expect(rows('crew')).toBe(before);
  });

  it('requires application/json', async () => {
    const before = rows('crew');
    for (const type of ['text/plain', undefined, 'application/json; charset=utf-16', 'application/json; charset=latin1']) {
      const response = await fetch(`${server.url}/dev-api/crew/add`, {
        method: 'POST',
        headers: { 'X-Token': admin, ...(type ? { 'Content-Type': type } : {}) },
        body: Buffer.from(crew('CT-1')),
      });
      const answer = (await response.json()) as Answer;
      expect(answer.code, String(type)).toBe(40001);
      expect(answer.message, String(type)).toMatch(/application\/json/);
    }
    expect(rows('crew')).toBe(before);
  });

  it('quotes at most 100 characters of an unknown field name, however long', async () => {
    const name = 'f'.repeat(500_000);
    const { text, answer } = await call('POST', '/crew/add', {
      token: admin,
      body: `{"teamNumber":"N-1","leader":{"name":"Li","phone":"13800000000"},"${name}":1}`,
    });
    expect(answer.code).toBe(40001);
    expect(text.length).toBeLessThan(2000);
  });

  it('reads every integer the same way: decimal digits in a query, JSON integers in a body', async () => {
    for (const query of ['page=0x10', 'page=1e1', 'page=%2010', 'page=010', 'limit=-1', 'ids=0x1', 'ids=1e3']) {
      expect((await call('GET', `/crew/list?${query}`, { token: admin })).answer.code, query).toBe(40002);
    }
    for (const id of ['-1', '1e3', '0x10', ' 1', '01']) {
      expect((await call('GET', `/crew/info?id=${encodeURIComponent(id)}`, { token: admin })).answer.code, id).toBe(40001);
      expect((await call('GET', `/device/userecord?id=${encodeURIComponent(id)}`, { token: admin })).answer.code, id).toBe(40002);
    }
    const first = (await call('GET', '/crew/list?limit=1', { token: admin })).answer.data as { items: { id: number }[] };
    const id = first.items[0].id;
    for (const given of [`"${id}"`, '"1e3"', 'true', '[1]']) {
      const { answer } = await call('POST', '/crew/update', { token: admin, body: `{"id":${given},"teamNumber":"U-1"}` });
      expect(answer.code, given).toBe(40001);
    }
    expect((await call('POST', '/crew/update', { token: admin, body: `{"id":${id},"version":"2","teamNumber":"U-1"}` })).answer.code).toBe(
      40001,
    );
  });

  it('applies the empty-value rule: null, "" and an empty group mean not given; {} is no text', async () => {
    const ok = await call('POST', '/crew/add', {
      token: admin,
      body: JSON.stringify({ teamNumber: 'E-1', leader: { name: 'Li', phone: '13800000000' }, secretary: {} }),
    });
    expect(ok.answer.code).toBe(20000);
    const nulls = await call('POST', '/crew/add', {
      token: admin,
      body: JSON.stringify({ teamNumber: 'E-2', leader: { name: 'Li', phone: '13800000000' }, secretary: null }),
    });
    expect(nulls.answer.code).toBe(20000);
    const wrong = await call('POST', '/crew/add', {
      token: admin,
      body: JSON.stringify({ teamNumber: {}, leader: { name: 'Li', phone: '13800000000' } }),
    });
    expect(wrong.answer.code).toBe(40001);
    expect(wrong.answer.errors?.map((e) => e.field)).toContain('teamNumber');
  });
});

describe('deny by default', () => {
  it('does not serve the template endpoints the in-browser mock alone answers', async () => {
    for (const token of [admin, editor]) {
      for (const [method, path] of [
        ['GET', '/article/list'],
        ['POST', '/article/create'],
        ['GET', '/table/list'],
        ['GET', '/transaction/list'],
        ['GET', '/search/user?name=a'],
        ['GET', '/article/pv'],
      ]) {
        const { answer } = await call(method, path, { token, body: method === 'POST' ? '{"title":"x"}' : undefined });
        expect(answer.code, `${method} ${path}`).toBe(40004);
      }
    }
  });

  it('does not let an editor delete a file an admin uploaded', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')], { type: 'image/png' }), 'scan.png');
    const uploaded = (await (
      await fetch(`${server.url}/dev-api/upload`, { method: 'POST', headers: { 'X-Token': admin }, body: form })
    ).json()) as Answer;
    expect(uploaded.code).toBe(20000);
    const { id } = uploaded.data as { id: number };
    const refused = await call('POST', '/upload/del', { token: editor, body: JSON.stringify({ id }) });
    expect(refused.answer.code).not.toBe(20000);
    const listed = (await call('GET', '/upload/list', { token: admin })).answer.data as { list: { id: number }[] };
    expect(listed.list.map((f) => f.id)).toContain(id);
  });
});

describe('headers', () => {
  it('sends the security headers on the console and the API, and no-store on API answers', async () => {
    for (const path of ['/', '/dev-api/config']) {
      const response = await fetch(`${server.url}${path}`, { headers: { 'X-Token': admin } });
      expect(response.headers.get('content-security-policy'), path).toMatch(/default-src 'self'/);
      expect(response.headers.get('content-security-policy'), path).not.toMatch(/script-src[^;]*(unsafe-inline|\*|http)/);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBeTruthy();
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
    expect((await call('GET', '/config', { token: admin })).headers.get('cache-control')).toBe('no-store');
  });

  it('answers 404 for a missing build file, never the console page', async () => {
    const response = await fetch(`${server.url}/assets/index-deadbeef.js`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toMatch(/<!doctype html>/i);
  });
});
