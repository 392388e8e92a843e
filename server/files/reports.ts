// The calibration reports of an instrument: files that belong to a device record from their
// upload on, listed, uploaded and deleted by whoever may use devices. A deleted device takes its
// reports with it (its files are removed by the delete, or by the next sweep). Where instruments
// keep calibration records, a report filed here becomes the certificate of a record of its own
// (`onFiled`), and the list and delete reach the certificates of the instrument's records too.
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { REPORT_ATTACHMENT } from '../../kernel/contract/uploads';
import { type AppContext, fail, ok } from '../context';
import type { Api } from '../http/endpoints';
import type { Store } from '../store/types';
import { DELETE_BODY, UPLOADED_FILE, UPLOAD_LIMITS, acceptUpload, multipartBody, readDeleteId, readForm, uploadBodyLimit } from './uploads';
import type { Files } from './service';
import type { Upload } from './types';

/** The files of an instrument's calibration records, as its reports. */
export interface CertificateFiles {
  list(recordId: number): Promise<Upload[]>;
  /** Takes the file off its record through the record's write (logged); the refusal's message, if refused. */
  remove(upload: Upload, c: AppContext): Promise<{ refused?: string; missing?: boolean }>;
}

export interface ReportsDeps {
  files: Files;
  store: Store;
  /** The resource whose records have reports, and the path of the calls (`/device/report`). */
  resource: string;
  base: string;
  /** Runs after a report was filed (it becomes the certificate of a calibration record). */
  onFiled?: (recordId: number, c: AppContext) => Promise<void>;
  certificates?: CertificateFiles;
}

const ID_PARAM = {
  name: 'id',
  in: 'query',
  required: true,
  description: 'the instrument',
  schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
};

export function registerReports(api: Api, { files, store, resource, base, onFiled, certificates }: ReportsDeps) {
  const access = { resource };
  const name = (c: AppContext) => c.get('t')(`resources.${resource}.name`, { smart_count: 1, _: resource });
  const missingId = (c: AppContext) =>
    fail(c, Code.invalidInput, c.get('t')('server.missing_id', { max: 1 }), {
      errors: [{ field: 'id', message: c.get('t')('server.missing_id', { max: 1 }) }],
    });

  /** The record the reports belong to, from a raw id; or the refusal. */
  async function recordOf(c: AppContext, raw: unknown): Promise<{ id: number } | { refusal: Response }> {
    const id = parseInteger(raw);
    if (id === undefined) return { refusal: missingId(c) };
    if (!(await store.get(resource, id)))
      return { refusal: fail(c, Code.notFound, c.get('t')('server.not_found', { resource: name(c), id })) };
    return { id };
  }

  api.on(
    {
      method: 'GET',
      path: `${base}/list`,
      access,
      doc: {
        tags: ['reports'],
        summary: `The calibration reports of one ${resource}, newest first`,
        description: `Deleting the ${resource} deletes its reports with it.`,
        parameters: [ID_PARAM],
        data: {
          type: 'object',
          required: ['list', 'count'],
          properties: { list: { type: 'array', items: UPLOADED_FILE }, count: { type: 'integer' } },
        },
        codes: [Code.notFound],
      },
    },
    async (c) => {
      const found = await recordOf(c, c.req.query('id'));
      if ('refusal' in found) return found.refusal;
      const reports = [
        ...(await files.attachedTo(resource, found.id, REPORT_ATTACHMENT)),
        ...((await certificates?.list(found.id)) ?? []),
      ].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id));
      return ok(c, { list: reports.map(files.describe), count: reports.length });
    },
  );

  const { maxSize, extensions } = files.limits();
  api.on(
    {
      method: 'GET',
      path: `${base}/upload`,
      access,
      doc: {
        tags: ['reports'],
        summary: 'What a report upload may be: the size limit and the allowed types',
        data: UPLOAD_LIMITS,
      },
    },
    (c) => ok(c, files.limits()),
  );

  api.on(
    {
      method: 'POST',
      path: `${base}/upload`,
      access,
      bodyLimit: uploadBodyLimit(files),
      doc: {
        tags: ['reports'],
        summary: `Upload a calibration report of a ${resource} (${extensions.join(', ')}; at most ${maxSize})`,
        body: multipartBody(files.maxBytes, { id: { type: 'integer', minimum: 1, description: `the ${resource}` } }, ['id']),
        data: UPLOADED_FILE,
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const form = await readForm(c);
      const found = await recordOf(c, typeof form?.id === 'string' ? form.id : undefined);
      if ('refusal' in found) return found.refusal;
      const answer = await acceptUpload(c, files, form, { resource, recordId: found.id, attachedAs: REPORT_ATTACHMENT });
      if (onFiled && ((await answer.clone().json()) as { code?: number }).code === Code.ok) await onFiled(found.id, c);
      return answer;
    },
  );

  api.on(
    {
      method: 'POST',
      path: `${base}/del`,
      access,
      doc: {
        tags: ['reports'],
        summary: 'Delete a calibration report and its file',
        body: DELETE_BODY,
        bodyIsJson: true,
        data: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const read = await readDeleteId(c);
      if ('refusal' in read) return read.refusal;
      const t = c.get('t');
      const upload = await files.find(read.id);
      if (upload && certificates && upload.resource !== resource && upload.recordId !== null) {
        const removed = await certificates.remove(upload, c);
        if (removed.refused) return fail(c, Code.invalidInput, removed.refused);
        if (!removed.missing) return ok(c, { id: read.id }, t('server.deleted'));
      }
      if (!upload || upload.resource !== resource || upload.attachedAs !== REPORT_ATTACHMENT) {
        return fail(c, Code.notFound, t('server.not_found', { resource: t('server.report_name'), id: read.id }));
      }
      await files.remove([upload]);
      return ok(c, { id: read.id }, t('server.deleted'));
    },
  );
}
