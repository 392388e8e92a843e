// What the calls of server-made forms share (server/forms/form-records.ts, filled-forms.ts): ids in
// the query string, refusals that name each field, the image files a form's values name, and the
// switch that sets a record's status (an item shown or hidden, a dossier valid or withdrawn).
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { echo } from '../../kernel/contract/limits';
import type { FieldDefinition } from '../../kernel/forms/types';
import type { FieldError } from '../../kernel/schema/validation';
import { properties } from '../../kernel/schema/registry';
import type { ResourceSchema, StatusSwitchSpec } from '../../kernel/schema/types';
import { type AppContext, fail } from '../context';
import { answerWrite } from '../write/answer';
import { type WriteService, actorOf } from '../write/service';
import type { Api } from '../http/endpoints';
import type { NamedFiles } from '../files/record-files';
import { statusBodyDoc } from './form-record-docs';
import { idParameter } from '../resources/docs';
import { readJson, refuseBody } from '../http/request';
import type { Row } from '../store/types';

export const IMAGE_TYPES = new Set(['upload', 'uploads']);
/** The kinds of field whose values are uploaded files, kept with the record that names them. */
export const FILE_FIELD_TYPES = new Set([...IMAGE_TYPES, 'file']);

export const refuse = (c: AppContext, errors: FieldError[]) =>
  fail(c, Code.invalidInput, errors.map((e) => e.message).join('; '), { errors });

/** "There is no <resource> with id <id>", in the person's language. */
export function notFound(c: AppContext, resource: string, id: number) {
  const t = c.get('t');
  return fail(c, Code.notFound, t('server.not_found', { resource: t(`resources.${resource}.name`, { smart_count: 1, _: resource }), id }));
}

/** The record id in the query parameter `param`, or the refusal naming it. */
export function idIn(c: AppContext, param: string): number | Response {
  const raw = c.req.query(param) ?? '';
  const id = /^[1-9][0-9]{0,15}$/.test(raw) ? parseInteger(Number(raw)) : undefined;
  if (id !== undefined) return id;
  const message = c.get('t')('server.bad_record_id', { param, value: echo(raw) });
  return fail(c, Code.invalidInput, message, { errors: [{ field: param, message }] });
}

/** The values a submission stores: empty ones left out, as every write leaves them. */
export const kept = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== '' && v !== undefined));

/**
 * The files the upload fields of a form name (pictures and documents), each at its place in the record (`values.photo`);
 * with `before`, only those it did not name already (a picture the demo data points at stays).
 */
export function imageFiles(
  place: string,
  fields: readonly FieldDefinition[],
  given: Record<string, unknown>,
  before: Record<string, unknown> = {},
): NamedFiles[] {
  const urls = (value: unknown) => (Array.isArray(value) ? value : [value]);
  return fields
    .filter((f) => FILE_FIELD_TYPES.has(f.type))
    .map((f) => {
      const earlier = new Set(urls(before[f.name]));
      return {
        field: `${place}.${f.name}`,
        label: f.title,
        accept: f.type === 'file' ? ('any' as const) : ('image' as const),
        urls: urls(given[f.name]).filter((url) => !earlier.has(url)),
      };
    });
}

interface StatusSwitch {
  name: string;
  schema: ResourceSchema;
  /** Where the change goes (server/write/service.ts). */
  writes: WriteService;
  spec: StatusSwitchSpec;
  /** The record as the answer shows it. */
  answer: (row: Row) => Record<string, unknown>;
}

/** A query-string value as the enum holds it: digits as a number when the enum lists numbers. */
const asListed = (raw: string | undefined, allowed: unknown[]) =>
  raw !== undefined && /^-?[0-9]{1,9}$/.test(raw) && allowed.some((v) => typeof v === 'number') ? Number(raw) : raw;

/**
 * `POST <path> {id, <field>}`, or `GET <path>?id=&<field>=`: sets the field to one of its listed
 * values, nothing else, through the write service: the values the record works out from it
 * follow (a job's next run).
 */
export function registerStatusSwitch(api: Api, { name, schema, writes, spec, answer }: StatusSwitch) {
  const allowed = properties(schema)[spec.field]?.enum ?? [];
  const method = spec.method ?? 'POST';
  const doc =
    method === 'GET'
      ? { parameters: [idParameter('id'), { name: spec.field, in: 'query', required: true, schema: { enum: allowed } }], writes: true }
      : { body: statusBodyDoc(spec.field, allowed) };
  api.on(
    {
      method,
      path: spec.path,
      access: { resource: name },
      doc: {
        tags: [name],
        summary: `Sets the ${spec.field} of a ${name} record`,
        ...doc,
        data: { type: 'object' },
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      let input: Record<string, unknown>;
      if (method === 'GET') {
        const { id, [spec.field]: value, ...extra } = c.req.query();
        input = {
          id: id !== undefined && /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : id,
          [spec.field]: asListed(value, allowed),
          ...extra,
        };
      } else {
        const read = await readJson(c);
        if (!('body' in read)) return refuseBody(c, read);
        input = read.body;
      }
      const t = c.get('t');
      const { id, [spec.field]: value, ...extra } = input;
      const rowId = typeof id === 'number' ? parseInteger(id) : undefined;
      const errors: FieldError[] = [];
      if (rowId === undefined || rowId < 1)
        errors.push({ field: 'id', message: t('server.bad_record_id', { param: 'id', value: echo(JSON.stringify(id ?? null)) }) });
      if (!allowed.includes(value as never)) {
        const field = t(`resources.${name}.fields.${spec.field}`, { _: spec.field });
        errors.push({ field: spec.field, message: `${field}: ${t('validation.enum', { values: allowed.join(', ') })}` });
      }
      for (const key of Object.keys(extra).slice(0, 5))
        errors.push({ field: echo(key), message: `${echo(key)}: ${t('validation.unknown_field')}` });
      if (errors.length > 0) return refuse(c, errors);
      const outcome = await writes.update(actorOf(c), name, rowId!, { [spec.field]: value });
      return answerWrite(c, outcome, answer, 'server.edited');
    },
  );
}
