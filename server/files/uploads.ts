// The upload endpoints: POST /upload (a file of one's own, for a form field to name), the list
// and delete calls under the rules of files/service.ts, and the files themselves with their
// thumbnails, served with the right content type. The storage is whatever the app was given:
// a directory and the database on the server, memory in the browser's mock.
import type { Context } from 'hono';
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import {
  FILE_TYPES,
  STORED_NAME,
  UPLOAD_FILE_PATH,
  UPLOAD_THUMBNAIL_PATH,
  acceptedExtensions,
  extensionOf,
} from '../../kernel/contract/uploads';
import { type AppContext, type AppEnv, fail, ok } from '../context';
import { type Api, type OperationDoc, formatBytes } from '../http/endpoints';
import { DEFAULT_UPLOAD_MAX_BYTES, type Files, type Refusal } from './service';
import type { ServerUploadConfig } from './node';
import type { Attachment, UploadStorage } from './types';
import { readJson, refuseBody } from '../http/request';

export { DEFAULT_UPLOAD_MAX_BYTES };
export { UPLOAD_FILE_PATH };

/** What the app's uploads live in: a storage, or the server's directory and database. */
export type UploadDeps = UploadStorage | ServerUploadConfig;

const EXTENSIONS = acceptedExtensions('any');

/** The answer's schema for one file (a report, or any upload). */
export const UPLOADED_FILE = {
  type: 'object',
  required: ['id', 'name', 'url', 'src', 'thumbnail', 'uploadTime', 'size', 'type'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', description: 'the file name it was uploaded with' },
    url: { type: 'string', description: `where it is served: ${UPLOAD_FILE_PATH}<random name> under /dev-api` },
    src: { type: 'string', description: 'the same as url: what a server-defined form stores for an image field' },
    thumbnail: { type: 'string', description: 'a 240 px wide image of an image file; "" for other files' },
    uploadTime: { type: 'string', format: 'date-time' },
    size: { type: 'integer', description: 'bytes' },
    type: { type: 'string', description: 'its content type (MIME)' },
  },
};

/** The answer's schema for the limits of an upload. */
export const UPLOAD_LIMITS = {
  type: 'object',
  required: ['maxBytes', 'maxSize', 'extensions', 'accept'],
  properties: {
    maxBytes: { type: 'integer' },
    maxSize: { type: 'string', description: 'the limit as a person reads it' },
    extensions: { type: 'array', items: { type: 'string' } },
    accept: { type: 'string', description: 'for an <input type=file accept>' },
  },
};

/** A multipart body with the file in `file`, and the other form fields given. */
export function multipartBody(maxBytes: number, fields: Record<string, object> = {}, required: string[] = []): OperationDoc['body'] {
  const limit = formatBytes(maxBytes);
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file', ...required],
          properties: {
            file: {
              type: 'string',
              format: 'binary',
              description: `one of ${EXTENSIONS.join(', ')}, at most ${limit}; the content must match the extension`,
            },
            ...fields,
          },
        },
      },
    },
  };
}

/** The size limit, refused while the body arrives (multipart framing needs a little room). */
export function uploadBodyLimit(files: Files) {
  const refuse = (c: Context<AppEnv>) =>
    fail(c, Code.invalidInput, c.get('t')('server.upload_too_large', { size: files.limits().maxSize }));
  return { bytes: files.maxBytes + 64 * 1024, refuse };
}

/** The multipart form, or undefined when the body is not one. */
export async function readForm(c: AppContext): Promise<Record<string, unknown> | undefined> {
  try {
    return await c.req.parseBody();
  } catch {
    return undefined;
  }
}

/** Keeps the form's file for the signed-in person, answering the file or the refusal. */
export async function acceptUpload(c: AppContext, files: Files, form: Record<string, unknown> | undefined, attachment?: Attachment) {
  const t = c.get('t');
  const file = form?.file;
  if (!(file instanceof File)) return fail(c, Code.invalidInput, t('server.upload_missing'));
  const { id, name } = c.get('user');
  const result = await files.accept(file, { owner: { id, name }, attachment });
  if ('refused' in result) return refuse(c, result);
  return ok(c, files.describe(result.upload), t('server.added'));
}

const refuse = (c: AppContext, { refused, values }: Refusal) => fail(c, Code.invalidInput, c.get('t')(refused, values));

/** `{id}` of a delete body, or the refusal to answer. */
export async function readDeleteId(c: AppContext): Promise<{ id: number } | { refusal: Response }> {
  const read = await readJson(c);
  if (!('body' in read)) return { refusal: refuseBody(c, read) };
  const id = parseInteger(read.body.id);
  if (id === undefined || Object.keys(read.body).length !== 1)
    return { refusal: fail(c, Code.invalidInput, c.get('t')('server.missing_id', { max: 1 })) };
  return { id };
}

export const DELETE_BODY = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
};

export function registerUploads(api: Api, files: Files) {
  const { maxSize } = files.limits();
  api.on(
    {
      method: 'POST',
      path: '/upload',
      access: 'signed-in',
      bodyLimit: uploadBodyLimit(files),
      doc: {
        tags: ['uploads'],
        summary: `Upload a file (${EXTENSIONS.join(', ')}; at most ${maxSize})`,
        description:
          'The file belongs to you alone until a record names it in one of its upload fields and is saved; one no record takes is removed after a day.',
        body: multipartBody(files.maxBytes),
        data: UPLOADED_FILE,
        codes: [Code.invalidInput],
      },
    },
    async (c) => acceptUpload(c, files, await readForm(c)),
  );

  api.on(
    {
      method: 'GET',
      path: '/upload',
      access: 'signed-in',
      doc: { tags: ['uploads'], summary: 'What an upload may be: the size limit and the allowed types', data: UPLOAD_LIMITS },
    },
    (c) => ok(c, files.limits()),
  );

  api.on(
    {
      method: 'GET',
      path: '/upload/list',
      access: 'signed-in',
      doc: {
        tags: ['uploads'],
        summary: "Uploaded files: your own not yet saved in a record, and those of records you may use (admins: everyone's)",
        data: {
          type: 'object',
          required: ['list', 'count'],
          properties: { list: { type: 'array', items: UPLOADED_FILE }, count: { type: 'integer' } },
        },
      },
    },
    async (c) => {
      const uploads = await files.visibleTo(c.get('user'));
      return ok(c, { list: uploads.map(files.describe), count: uploads.length });
    },
  );

  api.on(
    {
      method: 'POST',
      path: '/upload/del',
      access: 'signed-in',
      doc: {
        tags: ['uploads'],
        summary: "Delete a file: your own not yet saved in a record (admins: anyone's), or a file of a record you may edit",
        description: `A file that is the value of a record's upload field is changed or cleared on that record instead (${Code.inUse}).`,
        body: DELETE_BODY,
        bodyIsJson: true,
        data: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        codes: [Code.invalidInput, Code.notFound, Code.inUse],
      },
    },
    async (c) => {
      const read = await readDeleteId(c);
      if ('refusal' in read) return read.refusal;
      const { id } = read;
      const t = c.get('t');
      const upload = await files.find(id);
      const access = upload ? await files.access(upload, c.get('user')) : 'hidden';
      if (!upload || access === 'hidden') return fail(c, Code.notFound, t('server.not_found', { resource: t('server.upload_name'), id }));
      if (access === 'field') {
        const field = upload.attachedAs!.slice('field:'.length);
        const resource = upload.resource!;
        return fail(
          c,
          Code.inUse,
          t('server.upload_in_field', {
            field: t(`resources.${resource}.fields.${field}`, { _: field }),
            resource: t(`resources.${resource}.name`, { smart_count: 1, _: resource }),
            id: upload.recordId,
          }),
        );
      }
      await files.remove([upload]);
      return ok(c, { id }, t('server.deleted'));
    },
  );
}

/**
 * GET /dev-api/upload/file/<name> and /upload/thumbnail/<name>: the file and its small image.
 * Its 128-bit random name is the permission to read it, so that <img src> and download links
 * work without a token header.
 */
export function registerUploadFiles(api: Api, files: Files) {
  // Loose in the route (a quantifier's braces would end Hono's pattern); the exact form is checked by files.read.
  const pattern = '[0-9a-f]+\\.[a-z]+';
  for (const [path, thumbnail] of [
    [UPLOAD_FILE_PATH, false],
    [UPLOAD_THUMBNAIL_PATH, true],
  ] as const) {
    api.on(
      {
        method: 'GET',
        path: `${path}:name{${pattern}}`,
        access: 'public',
        doc: {
          tags: ['uploads'],
          summary: thumbnail
            ? 'The thumbnail of an uploaded image (240 px wide; the image itself when none could be made)'
            : 'The file itself: its random name is the permission to read it',
          parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string', pattern: STORED_NAME.source } }],
        },
      },
      async (c) => {
        const found = await files.read(c.req.param('name') ?? '', thumbnail);
        if (!found) return fail(c, Code.notFound, c.get('t')('server.no_endpoint', { path: c.req.path }));
        const { upload, bytes, mime } = found;
        const inline = thumbnail || FILE_TYPES[extensionOf(upload.storedName)]?.inline;
        return c.body(bytes.slice().buffer as ArrayBuffer, 200, {
          'Content-Type': mime,
          'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(upload.originalName)}`,
          'X-Content-Type-Options': 'nosniff',
          // A stored file never changes: its name changes with it.
          'Cache-Control': 'private, max-age=31536000, immutable',
        });
      },
    );
  }
}
