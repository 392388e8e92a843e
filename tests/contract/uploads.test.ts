// Uploads through the API on every storage (memory, SQLite, PostgreSQL): random names, size
// limit, type allow-list checked on the file's bytes, the right content type, thumbnails, the
// file gone with its record, who sees and deletes an upload of their own, and expiry; and an
// old database's uploads kept through the migration that adds attachments.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MockAccounts } from '../../server/auth/accounts';
import { sql } from 'kysely';
import { migrate } from '../../server/db/migrate';
import { freshSqlite } from './databases';
import { registry } from './helpers';
import { PDF, PNG_1PX, SETUPS, T0, type UploadWorld, appOver, pngImage } from './upload-setups';
import type { UploadedFile } from '../../kernel/contract/uploads';

type Uploaded = UploadedFile;

describe.each(SETUPS)('uploads on $name', (setup) => {
  let world: UploadWorld;
  let api: ReturnType<typeof appOver>;
  let accounts: MockAccounts;
  const upload = (name: string, bytes: Buffer, as = 'editor') => api.send<Uploaded>('/upload', name, bytes, { as });

  beforeEach(async () => {
    world = await setup.make(registry, { now: T0 });
    accounts = new MockAccounts();
    api = appOver(world, registry, accounts);
  });
  afterEach(() => world.close());

  it('keeps an image under a random name and serves it and its thumbnail, without a token', async () => {
    const image = await pngImage(600, 400);
    const answer = await upload('calibration 1.png', image);
    expect(answer.code).toBe(20000);
    expect(answer.data).toMatchObject({ name: 'calibration 1.png', size: image.length, type: 'image/png', uploadTime: T0.toISOString() });
    expect(answer.data.url).toMatch(/^\/dev-api\/upload\/file\/[0-9a-f]{32}\.png$/);
    const stored = answer.data.url.split('/').pop()!;
    expect(answer.data.thumbnail).toBe(`/dev-api/upload/thumbnail/${stored}`);

    const file = await api.fetchFile(answer.data.url);
    expect(file).toMatchObject({ status: 200, type: 'image/png' });
    expect(file.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(file.bytes).toEqual(image);

    const thumbnail = await api.fetchFile(answer.data.thumbnail);
    expect(thumbnail.status).toBe(200);
    if (setup.thumbnails) {
      const { default: sharp } = await import('sharp');
      expect(thumbnail.type).toBe('image/webp');
      expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ format: 'webp', width: 240, height: 160 });
      expect(world.storedNames()).toEqual([stored, stored.replace('.png', '.thumb.webp')].sort());
    } else {
      expect(thumbnail.bytes).toEqual(image);
      expect(world.storedNames()).toEqual([stored]);
    }
  });

  it('makes no thumbnail wider than the image, none for other files, and shows an unreadable image as it is', async () => {
    const small = await upload('small.png', await pngImage(100, 50));
    if (setup.thumbnails) {
      const { default: sharp } = await import('sharp');
      expect(await sharp((await api.fetchFile(small.data.thumbnail)).bytes).metadata()).toMatchObject({
        format: 'webp',
        width: 100,
        height: 50,
      });
    }
    // Its first bytes say PNG, but no image follows: kept, and shown as it is.
    const broken = await upload('broken.png', PNG_1PX);
    expect(broken.code).toBe(20000);
    expect((await api.fetchFile(broken.data.thumbnail)).bytes).toEqual(PNG_1PX);
    const pdf = await upload('report.pdf', PDF);
    expect(pdf.data).toMatchObject({ type: 'application/pdf', thumbnail: '' });
    expect(await api.served(pdf.data.url.replace('/file/', '/thumbnail/'))).toBe(false);
    expect(await api.served(small.data.thumbnail)).toBe(true);
  });

  it('keeps the name a file was sent with, without folders, and serves it under that name', async () => {
    const answer = await upload('C:\\reports\\Прибор №7 – 校准.pdf', PDF);
    expect(answer.data.name).toBe('Прибор №7 – 校准.pdf');
    const file = await api.fetchFile(answer.data.url);
    expect(file.headers.get('Content-Disposition')).toBe(`inline; filename*=UTF-8''${encodeURIComponent('Прибор №7 – 校准.pdf')}`);
  });

  it('lists uploads and deletes the file with its record', async () => {
    const pdf = await upload('report.pdf', PDF);
    const list = await api.call<{ list: Uploaded[]; count: number }>('GET', '/upload/list', { as: 'editor' });
    expect(list.data).toEqual({ list: [pdf.data], count: 1 });
    expect((await api.call('POST', '/upload/del', { as: 'editor', body: { id: pdf.data.id } })).code).toBe(20000);
    expect(world.storedNames()).toEqual([]);
    expect(await api.served(pdf.data.url)).toBe(false);
    expect((await api.call('POST', '/upload/del', { as: 'editor', body: { id: pdf.data.id } })).code).toBe(40004);
  });

  it('keeps an unattached upload to its uploader: others neither see nor delete it; an admin does both', async () => {
    const admins = await upload('admin.pdf', PDF, 'admin');
    const editors = await upload('editor.pdf', PDF, 'editor');
    const seen = async (as: string) => (await api.call<{ list: Uploaded[] }>('GET', '/upload/list', { as })).data.list.map((u) => u.name);
    expect(await seen('editor')).toEqual(['editor.pdf']);
    expect(await seen('admin')).toEqual(['editor.pdf', 'admin.pdf']);
    const refused = await api.call('POST', '/upload/del', { as: 'editor', body: { id: admins.data.id } });
    expect(refused).toMatchObject({ code: 40004, message: `There is no upload with id ${admins.data.id}.` });
    expect(await api.served(admins.data.url)).toBe(true);
    expect((await api.call('POST', '/upload/del', { as: 'admin', body: { id: editors.data.id } })).code).toBe(20000);
    expect(await seen('admin')).toEqual(['admin.pdf']);
  });

  it('keeps an upload to its account, not its name: a namesake neither sees nor deletes it', async () => {
    // A second account with the editor's very display name.
    const made = await accounts.create('twin', { name: 'Normal Editor', roles: ['editor'], enabled: 1 }, 'twin password');
    if (!('account' in made)) throw new Error('no twin');
    await accounts.setPassword(made.account.id, 'twin password', false);
    await accounts.login('twin', 'twin password');
    const mine = await upload('private.pdf', PDF, 'editor');
    const seen = async (as: string) => (await api.call<{ list: Uploaded[] }>('GET', '/upload/list', { as })).data.list.map((u) => u.id);
    expect(await seen('twin')).toEqual([]);
    expect((await api.call('POST', '/upload/del', { as: 'twin', body: { id: mine.data.id } })).code).toBe(40004);
    expect(await seen('editor')).toEqual([mine.data.id]);
    // Its owner's name is what a person reads.
    const listed = await api.call<{ list: { id: number; createdBy: string }[] }>('GET', '/setting/attachment/list', { as: 'admin' });
    expect(listed.data.list.find((u) => u.id === mine.data.id)?.createdBy).toBe('Normal Editor');
  });

  it('removes an upload no record took a day later, on the next upload', async () => {
    const old = await upload('old.pdf', PDF);
    world.clock.now = new Date(T0.getTime() + 23 * 3600_000);
    const recent = await upload('recent.pdf', PDF);
    expect(await api.served(old.data.url)).toBe(true);
    world.clock.now = new Date(T0.getTime() + 24 * 3600_000 + 60_000);
    await upload('next.pdf', PDF);
    expect(await api.served(old.data.url)).toBe(false);
    expect(await api.served(recent.data.url)).toBe(true);
    expect((await api.call<{ list: Uploaded[] }>('GET', '/upload/list', { as: 'editor' })).data.list.map((u) => u.name)).toEqual([
      'next.pdf',
      'recent.pdf',
    ]);
  });

  it('refuses a file over the size limit, writing nothing', async () => {
    const answer = await upload('big.pdf', Buffer.concat([PDF, Buffer.alloc(4096 * 16)]));
    expect(answer).toMatchObject({ code: 40001, message: 'The file is larger than 64 KB. Choose a smaller file.' });
    expect(world.storedNames()).toEqual([]);
  });

  it('refuses types outside the allow-list, and files whose bytes do not match their name', async () => {
    for (const [name, bytes] of [
      ['tool.exe', Buffer.from('MZ\x90\x00', 'latin1')],
      ['logo.svg', Buffer.from('<svg onload="alert(1)"/>')],
      ['photo.png', Buffer.from('<script>alert(1)</script>')],
      ['sheet.xlsx', PNG_1PX],
      ['noextension', PDF],
      ['.pdf', PDF],
    ] as const) {
      const answer = await upload(name, bytes);
      expect(answer.code, name).toBe(40001);
      expect(answer.message).toMatch(/^This kind of file cannot be uploaded\. Allowed: \.png, \.jpg/);
    }
    expect(world.storedNames()).toEqual([]);
  });

  it('explains a missing or empty file, and needs a session to upload', async () => {
    expect((await api.send('/upload', 'a.pdf', PDF, { field: 'attachment' })).message).toBe('Send the file as the form field "file".');
    expect((await upload('a.txt', Buffer.alloc(0))).message).toBe('The file is empty.');
    expect((await api.send('/upload', 'a.pdf', PDF, { as: 'stranger' })).code).toBe(50008);
    expect((await api.send('/upload', 'a.pdf', PDF, { as: null })).code).toBe(50008);
    expect(world.storedNames()).toEqual([]);
  });
});

describe('the published document', () => {
  it('describes the upload and report calls, and stays a valid OpenAPI document', async () => {
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    const world = await SETUPS[0].make(registry, { now: T0 });
    const { app } = appOver(world, registry);
    const document = (await (await app.fetch(new Request('http://localhost/dev-api/openapi.json'))).json()) as {
      paths: Record<string, Record<string, { 'x-access': unknown }>>;
    };
    expect(document.paths['/upload'].post['x-access']).toBe('signed-in');
    expect(document.paths['/upload/file/{name}'].get['x-access']).toBe('public');
    for (const [path, method] of [
      ['/device/report/list', 'get'],
      ['/device/report/upload', 'get'],
      ['/device/report/upload', 'post'],
      ['/device/report/del', 'post'],
    ]) {
      expect(document.paths[path][method]['x-access'], `${method} ${path}`).toEqual(['admin', 'editor']);
    }
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });
});

describe('a database from before attachments', () => {
  it('keeps its uploads, unattached, through the migration', async () => {
    const connection = freshSqlite();
    const { db } = connection;
    // app_uploads as it was first made, with one upload in it, and the step recorded.
    await db.schema
      .createTable('app_migrations')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('applied_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create table app_uploads (id integer primary key autoincrement, stored_name text not null unique, original_name text not null, mime text not null, size integer not null, created_by text not null, created_at text not null)`.execute(
      db,
    );
    await sql`insert into app_uploads (stored_name, original_name, mime, size, created_by, created_at) values ('0123456789abcdef0123456789abcdef.pdf', 'old.pdf', 'application/pdf', 12, 'Super Admin', '2025-01-01T00:00:00.000Z')`.execute(
      db,
    );
    await sql`insert into app_migrations (name, applied_at) values ('create app_uploads', '2025-01-01T00:00:00.000Z')`.execute(db);
    expect(await migrate(connection, registry)).toContain('app_uploads attachments');
    const rows = await db.selectFrom('app_uploads').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({ original_name: 'old.pdf', resource: null, record_id: null, attached_as: null, thumbnail_name: null }),
    ]);
    expect(await migrate(connection, registry)).toEqual([]);
    await db.destroy();
  });
});

describe('a database from before uploads belonged to accounts', () => {
  it('gives each upload the account of its name when exactly one has it, and says what it did', async () => {
    const connection = freshSqlite();
    const { db } = connection;
    await migrate(connection, registry);
    // Undo the step, as a database made before it was.
    await sql`drop index app_uploads_owner`.execute(db);
    await sql`alter table app_uploads drop column owner_id`.execute(db);
    await sql`delete from app_migrations where name = 'app_uploads owner'`.execute(db);
    const account = (id: number, username: string, name: string) =>
      sql`insert into app_accounts (id, username, password_hash, roles, name, created_at) values (${id}, ${username}, 'x', '["editor"]', ${name}, '2025-01-01')`.execute(
        db,
      );
    await account(11, 'solo', 'Solo');
    await account(12, 'twin1', 'Twin');
    await account(13, 'twin2', 'Twin');
    for (const [i, name] of ['Solo', 'Solo', 'Twin', 'Gone'].entries())
      await sql`insert into app_uploads (stored_name, original_name, mime, size, created_by, created_at) values (${`${i}0123456789abcdef0123456789abcde.pdf`}, 'f.pdf', 'application/pdf', 1, ${name}, '2025-01-01')`.execute(
        db,
      );
    const lines: string[] = [];
    expect(await migrate(connection, registry, (line) => lines.push(line))).toEqual(['app_uploads owner']);
    const rows = await db.selectFrom('app_uploads').select(['created_by', 'owner_id']).orderBy('id').execute();
    expect(rows.map((row) => [row.created_by, row.owner_id === null ? null : Number(row.owner_id)])).toEqual([
      ['Solo', 11],
      ['Solo', 11],
      ['Twin', null],
      ['Gone', null],
    ]);
    expect(lines).toEqual([
      'Uploads: 2 now belong to the account of their uploader\'s name; those of "Gone" (1, no account), "Twin" (1, 2 accounts) to no account (admins see and delete them).',
    ]);
    await db.destroy();
  });
});
