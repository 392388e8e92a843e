// Uploaded files (calibration reports, attachments, dossier images): kept under a directory
// with random names, their metadata in the database, a size limit and a type allow-list
// checked on the file's own first bytes, served with the right content type.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { Code } from '../kernel/contract/codes';
import { type AppEnv, fail, jsonBody, ok } from './context';
import type { FixedDb, UploadRow } from './db/tables';

export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_FILE_PATH = '/upload/file/';

type Sniff = (head: Buffer) => boolean;
const starts = (...bytes: number[]): Sniff => (head) => bytes.every((b, i) => head[i] === b);
const zip = starts(0x50, 0x4b, 0x03, 0x04); // docx, xlsx, pptx, odt, ods
const ole = starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1); // doc, xls, ppt
const text: Sniff = (head) => !head.includes(0);

/** What may be uploaded: extension → content type and how its first bytes must look. */
const ALLOWED: Record<string, { mime: string; sniff: Sniff; inline: boolean }> = {
  '.png': { mime: 'image/png', sniff: starts(0x89, 0x50, 0x4e, 0x47), inline: true },
  '.jpg': { mime: 'image/jpeg', sniff: starts(0xff, 0xd8, 0xff), inline: true },
  '.jpeg': { mime: 'image/jpeg', sniff: starts(0xff, 0xd8, 0xff), inline: true },
  '.gif': { mime: 'image/gif', sniff: starts(0x47, 0x49, 0x46, 0x38), inline: true },
  '.webp': { mime: 'image/webp', sniff: (h) => starts(0x52, 0x49, 0x46, 0x46)(h) && h.subarray(8, 12).toString() === 'WEBP', inline: true },
  '.pdf': { mime: 'application/pdf', sniff: starts(0x25, 0x50, 0x44, 0x46), inline: true },
  '.docx': { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniff: zip, inline: false },
  '.xlsx': { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniff: zip, inline: false },
  '.pptx': { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', sniff: zip, inline: false },
  '.odt': { mime: 'application/vnd.oasis.opendocument.text', sniff: zip, inline: false },
  '.ods': { mime: 'application/vnd.oasis.opendocument.spreadsheet', sniff: zip, inline: false },
  '.doc': { mime: 'application/msword', sniff: ole, inline: false },
  '.xls': { mime: 'application/vnd.ms-excel', sniff: ole, inline: false },
  '.ppt': { mime: 'application/vnd.ms-powerpoint', sniff: ole, inline: false },
  '.csv': { mime: 'text/csv; charset=utf-8', sniff: text, inline: false },
  '.txt': { mime: 'text/plain; charset=utf-8', sniff: text, inline: false },
};

export const ALLOWED_EXTENSIONS = Object.keys(ALLOWED);

export interface UploadDeps {
  db: FixedDb;
  dir: string;
  maxBytes?: number;
  now?: () => Date;
}

/** The report shape: id, name, url, thumbnail, uploadTime, size, type. */
const describe = (row: UploadRow) => {
  const url = `/dev-api${UPLOAD_FILE_PATH}${row.stored_name}`;
  return { id: Number(row.id), name: row.original_name, url, thumbnail: row.mime.startsWith('image/') ? url : '', uploadTime: row.created_at, size: Number(row.size), type: row.mime };
};

export function registerUploads(app: Hono<AppEnv>, { db, dir, maxBytes = DEFAULT_UPLOAD_MAX_BYTES, now = () => new Date() }: UploadDeps) {
  const limit = maxBytes >= 1024 * 1024 ? `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(maxBytes / 1024)} KB`;
  const tooLarge = (c: Parameters<typeof fail>[0]) => fail(c, Code.invalidInput, c.get('t')('server.upload_too_large', { size: limit }));

  app.post(
    '/upload',
    // Refused while arriving, before it fills memory or disk (multipart framing needs a little room).
    bodyLimit({ maxSize: maxBytes + 64 * 1024, onError: tooLarge }),
    async (c) => {
      const t = c.get('t');
      let file: unknown;
      try {
        file = (await c.req.parseBody())['file'];
      } catch {
        file = undefined;
      }
      if (!(file instanceof File)) return fail(c, Code.invalidInput, t('server.upload_missing'));
      if (file.size > maxBytes) return tooLarge(c);
      if (file.size === 0) return fail(c, Code.invalidInput, t('server.upload_empty'));
      const extension = extname(file.name).toLowerCase();
      const kind = ALLOWED[extension];
      const bytes = Buffer.from(await file.arrayBuffer());
      if (!kind || !kind.sniff(bytes.subarray(0, 4096))) {
        return fail(c, Code.invalidInput, t('server.upload_type', { types: ALLOWED_EXTENSIONS.join(', ') }));
      }
      const storedName = `${randomBytes(16).toString('hex')}${extension}`;
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, storedName), bytes, { flag: 'wx' });
      try {
        const row = await db
          .insertInto('app_uploads')
          .values({ stored_name: storedName, original_name: file.name.slice(0, 255), mime: kind.mime, size: bytes.length, created_by: c.get('user').name, created_at: now().toISOString() })
          .returningAll()
          .executeTakeFirstOrThrow();
        return ok(c, describe(row), t('server.added'));
      } catch (error) {
        await rm(join(dir, storedName), { force: true }); // no file without its record
        throw error;
      }
    },
  );

  app.get('/upload/list', async (c) => {
    const rows = await db.selectFrom('app_uploads').selectAll().orderBy('id', 'desc').execute();
    return ok(c, { list: rows.map(describe), count: rows.length });
  });

  app.post('/upload/del', async (c) => {
    const id = Number((await jsonBody(c))?.id);
    if (!Number.isSafeInteger(id) || id < 1) return fail(c, Code.invalidInput, c.get('t')('server.missing_id'));
    const row = await db.deleteFrom('app_uploads').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) return fail(c, Code.notFound, c.get('t')('server.not_found', { resource: 'upload', id }));
    await rm(join(dir, row.stored_name), { force: true });
    return ok(c, { id }, c.get('t')('server.deleted'));
  });
}

/**
 * GET /dev-api/upload/file/<name>: the file itself. Its 128-bit random name is the permission to
 * read it, so that <img src> and download links work without a token header.
 */
export function registerUploadFiles(app: Hono<AppEnv>, { db, dir }: UploadDeps) {
  app.get(`${UPLOAD_FILE_PATH}:name{[0-9a-f]{32}\\.[a-z]+}`, async (c) => {
    const row = await db.selectFrom('app_uploads').selectAll().where('stored_name', '=', c.req.param('name')).executeTakeFirst();
    if (!row) return fail(c, Code.notFound, c.get('t')('server.no_endpoint', { path: c.req.path }));
    const kind = ALLOWED[extname(row.stored_name)];
    const body = await readFile(join(dir, row.stored_name));
    const disposition = `${kind?.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.original_name)}`;
    return c.body(body, 200, {
      'Content-Type': row.mime,
      'Content-Disposition': disposition,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
  });
}
