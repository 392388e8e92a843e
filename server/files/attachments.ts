// The attachments library of Settings → Attachments: every upload, whoever sent it and whatever
// holds it, filtered and paged for an admin, who may delete the ones no record holds. And the
// copy any signed-in person may make of a file they may see (POST /upload/copy): a new upload of
// the same bytes, theirs alone, which a form then names as if just uploaded, so one picture can
// serve a second record without being taken from the first.
import {
  ATTACHMENT_PATHS,
  ATTACHMENT_TYPES,
  type AttachmentType,
  type LibraryFile,
  MAX_ATTACHMENT_LIMIT,
} from '../../kernel/contract/attachments';
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { echo } from '../../kernel/contract/limits';
import { REPORT_ATTACHMENT, kindOfMime } from '../../kernel/contract/uploads';
import { representation } from '../../kernel/schema/assign';
import type { Registry } from '../../kernel/schema/registry';
import { OPERATION_LOG } from '../../kernel/history/names';
import { type AppContext, fail, ok } from '../context';
import type { Api } from '../http/endpoints';
import { readJson, refuseBody } from '../http/request';
import type { Store } from '../store/types';
import { DELETE_BODY, UPLOADED_FILE, readDeleteId } from './uploads';
import type { Files } from './service';
import type { Upload } from './types';

const DEFAULT_LIMIT = 24;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const typeOf = (mime: string): AttachmentType => {
  const kind = kindOfMime(mime);
  return kind === 'image' || kind === 'pdf' ? kind : 'document';
};

interface LibraryQuery {
  type?: AttachmentType;
  attached?: boolean;
  /** Days (UTC), both included. */
  from?: string;
  to?: string;
  q?: string;
  page: number;
  limit: number;
}

/** The query of a library list, or the message saying which parameter is wrong. */
function readQuery(c: AppContext): LibraryQuery | { problem: string } {
  const t = c.get('t');
  const get = (name: string) => c.req.query(name);
  const page = get('page') === undefined ? 1 : parseInteger(get('page'));
  if (page === undefined) return { problem: t('server.bad_page', { value: echo(get('page')!) }) };
  const limit = get('limit') === undefined ? DEFAULT_LIMIT : parseInteger(get('limit'), { max: MAX_ATTACHMENT_LIMIT });
  if (limit === undefined) return { problem: t('server.bad_sign_in_limit', { value: echo(get('limit')!), max: MAX_ATTACHMENT_LIMIT }) };
  const type = get('type');
  if (type !== undefined && !(ATTACHMENT_TYPES as readonly string[]).includes(type)) {
    return { problem: t('server.bad_choice', { param: 'type', value: echo(type), choices: ATTACHMENT_TYPES.join(', ') }) };
  }
  const attached = get('attached');
  if (attached !== undefined && attached !== '1' && attached !== '0')
    return { problem: t('server.bad_choice', { param: 'attached', value: echo(attached), choices: '1, 0' }) };
  for (const param of ['from', 'to']) {
    const day = get(param);
    if (day !== undefined && !DAY.test(day)) return { problem: t('server.bad_day', { param, value: echo(day) }) };
  }
  const q = get('q')?.trim().slice(0, 200).toLowerCase();
  return {
    type: type as AttachmentType | undefined,
    attached: attached === undefined ? undefined : attached === '1',
    from: get('from'),
    to: get('to'),
    q: q || undefined,
    page,
    limit,
  };
}

function matchesQuery(upload: Upload, query: LibraryQuery): boolean {
  const day = upload.createdAt.slice(0, 10);
  return (
    (query.type === undefined || typeOf(upload.mime) === query.type) &&
    (query.attached === undefined || (upload.resource !== null) === query.attached) &&
    (query.from === undefined || day >= query.from) &&
    (query.to === undefined || day <= query.to) &&
    (query.q === undefined || upload.originalName.toLowerCase().includes(query.q))
  );
}

const text = { type: 'string' };
const query = (name: string, schema: Record<string, unknown>, description: string) => ({ name, in: 'query', schema, description });

/** One file of the library: the upload as every list answers it, who sent it and what holds it. */
const LIBRARY_FILE = {
  type: 'object',
  required: [...UPLOADED_FILE.required, 'createdBy', 'attachment'],
  properties: {
    ...UPLOADED_FILE.properties,
    createdBy: { type: 'string', description: "who uploaded it (the uploader's name; the upload belongs to their account)" },
    attachment: {
      description: "the record that holds it; null while it is its uploader's alone (removed a day after its upload)",
      oneOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['resource', 'recordId', 'as', 'record'],
          properties: {
            resource: text,
            recordId: { type: 'integer' },
            as: { type: 'string', description: '`report`, or `field:<name>`: the value of that upload field' },
            record: { type: 'string', description: "the record's name (its recordRepresentation), or #id when it has none" },
          },
        },
      ],
    },
  },
};

export interface AttachmentsDeps {
  files: Files;
  registry: Registry;
  store: Store;
}

export function registerAttachments(api: Api, { files, registry, store }: AttachmentsDeps) {
  /** The name of the record an upload belongs to, as messages and cards show it. */
  async function recordName(upload: Upload): Promise<string> {
    const row = await store.get(upload.resource!, upload.recordId!);
    return row ? representation(registry, upload.resource!, row) : `#${upload.recordId}`;
  }

  async function describe(upload: Upload): Promise<LibraryFile> {
    const attachment =
      upload.resource === null
        ? null
        : { resource: upload.resource, recordId: upload.recordId!, as: upload.attachedAs!, record: await recordName(upload) };
    return { ...files.describe(upload), createdBy: upload.createdBy, attachment };
  }

  /** "photo.png" is attached to Staff Li Wei as Avatar: the sentence a refused delete names each held file by. */
  async function holder(c: AppContext, upload: Upload): Promise<string> {
    const t = c.get('t');
    const resource = upload.resource!;
    const as = upload.attachedAs === REPORT_ATTACHMENT ? t('server.report_name') : upload.attachedAs!.replace(/^field:/, '');
    return t('server.attachment_held', {
      name: echo(upload.originalName),
      resource: t(`resources.${resource}.name`, { smart_count: 1, _: resource }),
      record: echo(await recordName(upload)),
      as: upload.attachedAs === REPORT_ATTACHMENT ? as : t(`resources.${resource}.fields.${as}`, { _: as }),
    });
  }

  // The library is a Settings screen: open to the roles that may read the operation log (the
  // admins), as the sign-in log is; without that resource nobody may call it.
  if (registry.resources[OPERATION_LOG]) {
    const access = { resource: OPERATION_LOG };
    api.on(
      {
        method: 'GET',
        path: ATTACHMENT_PATHS.list,
        access,
        doc: {
          tags: ['uploads'],
          summary: 'Every uploaded file, newest first, with who sent it and the record that holds it',
          description: 'Open to the roles that may read the operation log.',
          parameters: [
            query('type', { type: 'string', enum: [...ATTACHMENT_TYPES] }, 'images, PDF, or other documents (office, text)'),
            query('attached', { type: 'string', enum: ['1', '0'] }, 'only files a record holds (1), or only those none holds (0)'),
            query('from', { type: 'string', format: 'date' }, 'uploaded from this day (UTC), included'),
            query('to', { type: 'string', format: 'date' }, 'uploaded to this day (UTC), included'),
            query('q', text, 'the file name contains this, ignoring case'),
            query('page', { type: 'integer', minimum: 1 }, 'from 1'),
            query('limit', { type: 'integer', minimum: 1, maximum: MAX_ATTACHMENT_LIMIT }, `default ${DEFAULT_LIMIT}`),
          ],
          data: {
            type: 'object',
            required: ['list', 'count'],
            properties: { list: { type: 'array', items: LIBRARY_FILE }, count: { type: 'integer', minimum: 0 } },
          },
          codes: [Code.invalidQuery],
        },
      },
      async (c) => {
        const read = readQuery(c);
        if ('problem' in read) return fail(c, Code.invalidQuery, read.problem);
        const found = (await files.visibleTo(c.get('user'))).filter((upload) => matchesQuery(upload, read));
        const page = found.slice((read.page - 1) * read.limit, read.page * read.limit);
        return ok(c, { list: await Promise.all(page.map(describe)), count: found.length });
      },
    );

    api.on(
      {
        method: 'POST',
        path: ATTACHMENT_PATHS.del,
        access,
        doc: {
          tags: ['uploads'],
          summary: 'Delete files no record holds',
          description: `While any of them belongs to a record, nothing is deleted (${Code.inUse}) and the message names each such file's record.`,
          body: {
            type: 'object',
            required: ['ids'],
            additionalProperties: false,
            properties: {
              ids: {
                type: 'array',
                minItems: 1,
                maxItems: MAX_ATTACHMENT_LIMIT,
                uniqueItems: true,
                items: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
              },
            },
          },
          bodyIsJson: true,
          data: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', items: { type: 'integer' } } } },
          codes: [Code.invalidInput, Code.notFound, Code.inUse],
        },
      },
      async (c) => {
        const t = c.get('t');
        const read = await readJson(c);
        if (!('body' in read)) return refuseBody(c, read);
        const raw = read.body.ids;
        const ids = Array.isArray(raw) ? raw.map((id) => parseInteger(id)) : [];
        if (
          Object.keys(read.body).length !== 1 ||
          ids.length === 0 ||
          ids.length > MAX_ATTACHMENT_LIMIT ||
          ids.some((id) => id === undefined) ||
          new Set(ids).size !== ids.length
        ) {
          return fail(c, Code.invalidInput, t('server.bad_member_ids', { param: 'ids', max: MAX_ATTACHMENT_LIMIT }), {
            errors: [{ field: 'ids', message: t('server.bad_member_ids', { param: 'ids', max: MAX_ATTACHMENT_LIMIT }) }],
          });
        }
        const uploads: Upload[] = [];
        for (const id of ids as number[]) {
          const upload = await files.find(id);
          if (!upload) return fail(c, Code.notFound, t('server.not_found', { resource: t('server.upload_name'), id }));
          uploads.push(upload);
        }
        const held = uploads.filter((upload) => upload.resource !== null);
        if (held.length) {
          const uses = await Promise.all(held.map((upload) => holder(c, upload)));
          return fail(c, Code.inUse, t('server.attachment_in_use', { uses: uses.join('; '), smart_count: held.length }));
        }
        await files.remove(uploads);
        return ok(c, { ids }, t('server.deleted'));
      },
    );
  }

  api.on(
    {
      method: 'POST',
      path: ATTACHMENT_PATHS.copy,
      access: 'signed-in',
      doc: {
        tags: ['uploads'],
        summary: 'Copy a file you may see: a new upload of the same bytes, yours alone until a record takes it',
        description: 'Answered like an upload; the original stays where it is. The copy is removed a day later unless a record names it.',
        body: DELETE_BODY,
        bodyIsJson: true,
        data: UPLOADED_FILE,
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const read = await readDeleteId(c);
      if ('refusal' in read) return read.refusal;
      const t = c.get('t');
      const user = c.get('user');
      const upload = await files.find(read.id);
      const stored = upload && (await files.access(upload, user)) !== 'hidden' ? await files.read(upload.storedName) : undefined;
      if (!stored) return fail(c, Code.notFound, t('server.not_found', { resource: t('server.upload_name'), id: read.id }));
      const result = await files.accept(new File([stored.bytes.slice()], stored.upload.originalName), {
        owner: { id: user.id, name: user.name },
      });
      if ('refused' in result) return fail(c, Code.invalidInput, t(result.refused, result.values));
      return ok(c, files.describe(result.upload), t('server.added'));
    },
  );
}
