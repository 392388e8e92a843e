// Uploads through the API: real files under a directory, random names, size limit, type allow-list
// checked on the file's bytes, the right content type, and the file gone with its record.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { ensureFirstAccounts } from '../../server/auth/bootstrap';
import { SqlAccounts } from '../../server/auth/sql-accounts';
import { openSqlStore } from '../../server/db/open';
import type { SqlStore } from '../../server/store/sql';
import { freshSqlite } from './databases';
import { type Envelope, registry } from './helpers';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1');
const MAX = 4096;

interface Uploaded {
  id: number;
  name: string;
  url: string;
  thumbnail: string;
  uploadTime: string;
  size: number;
  type: string;
}

describe('uploads', () => {
  let store: SqlStore;
  let dir: string;
  let app: ReturnType<typeof createApp>;
  let token: string;

  const send = async (name: string, bytes: Buffer, field = 'file') => {
    const form = new FormData();
    form.set(field, new File([new Uint8Array(bytes)], name));
    const response = await app.fetch(new Request('http://localhost/dev-api/upload', { method: 'POST', headers: { 'X-Token': token }, body: form }));
    return (await response.json()) as Envelope<Uploaded>;
  };

  beforeEach(async () => {
    const connection = freshSqlite();
    store = await openSqlStore(connection, registry);
    const accounts = new SqlAccounts(connection.db);
    await ensureFirstAccounts(accounts, { ADMIN_PASSWORD: 'upload-test-1', EDITOR_PASSWORD: 'upload-test-1' });
    dir = mkdtempSync(join(tmpdir(), 'console-uploads-'));
    app = createApp({ registry, store, accounts, uploads: { db: connection.db, dir, maxBytes: MAX } });
    const login = await app.fetch(
      new Request('http://localhost/dev-api/user/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'editor', password: 'upload-test-1' }) }),
    );
    token = ((await login.json()) as Envelope<{ token: string }>).data.token;
  });
  afterEach(async () => store.close());

  it('keeps an image under a random name and serves it with its content type, without a token', async () => {
    const answer = await send('calibration 1.png', PNG);
    expect(answer.code).toBe(20000);
    expect(answer.data).toMatchObject({ name: 'calibration 1.png', size: PNG.length, type: 'image/png' });
    expect(answer.data.url).toMatch(/^\/dev-api\/upload\/file\/[0-9a-f]{32}\.png$/);
    expect(answer.data.thumbnail).toBe(answer.data.url);
    expect(readdirSync(dir)).toEqual([answer.data.url.split('/').pop()]);
    const file = await app.fetch(new Request(`http://localhost${answer.data.url}`));
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('image/png');
    expect(file.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
  });

  it('lists uploads and deletes the file with its record', async () => {
    const pdf = await send('report.pdf', PDF);
    expect(pdf.data.type).toBe('application/pdf');
    const list = await app.fetch(new Request('http://localhost/dev-api/upload/list', { headers: { 'X-Token': token } }));
    expect(((await list.json()) as Envelope<{ count: number }>).data.count).toBe(1);
    const del = await app.fetch(
      new Request('http://localhost/dev-api/upload/del', { method: 'POST', headers: { 'X-Token': token, 'Content-Type': 'application/json' }, body: JSON.stringify({ id: pdf.data.id }) }),
    );
    expect(((await del.json()) as Envelope).code).toBe(20000);
    expect(readdirSync(dir)).toEqual([]);
    const gone = await app.fetch(new Request(`http://localhost${pdf.data.url}`));
    expect(((await gone.json()) as Envelope).code).toBe(40004);
  });

  it('refuses a file over the size limit, writing nothing', async () => {
    const answer = await send('big.pdf', Buffer.concat([PDF, Buffer.alloc(MAX)]));
    expect(answer.code).toBe(40001);
    expect(answer.message).toBe('The file is larger than 4 KB. Choose a smaller file.');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses types outside the allow-list, and files whose bytes do not match their name', async () => {
    for (const [name, bytes] of [
      ['tool.exe', Buffer.from('MZ\x90\x00', 'latin1')],
      ['logo.svg', Buffer.from('<svg onload="alert(1)"/>')],
      ['photo.png', Buffer.from('<script>alert(1)</script>')],
      ['sheet.xlsx', PNG],
      ['noextension', PDF],
    ] as const) {
      const answer = await send(name, bytes);
      expect(answer.code, name).toBe(40001);
      expect(answer.message).toMatch(/^This kind of file cannot be uploaded\. Allowed: \.png, \.jpg/);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('explains a missing or empty file, and needs a session to upload', async () => {
    expect((await send('a.pdf', PDF, 'attachment')).message).toBe('Send the file as the form field "file".');
    expect((await send('a.txt', Buffer.alloc(0))).message).toBe('The file is empty.');
    token = 'admin-token';
    expect((await send('a.pdf', PDF)).code).toBe(50008);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});
