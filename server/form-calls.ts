// What the calls of server-made forms share (server/form-records.ts, filled-forms.ts): ids in
// the query string, refusals that name each field, and the image files a form's values name.
import { Code } from '../kernel/contract/codes';
import { parseInteger } from '../kernel/contract/integers';
import { echo } from '../kernel/contract/limits';
import type { FieldDefinition } from '../kernel/forms/types';
import type { FieldError } from '../kernel/schema/validation';
import { type AppContext, fail } from './context';
import type { NamedFiles } from './files/record-files';

export const IMAGE_TYPES = new Set(['upload', 'uploads']);

export const refuse = (c: AppContext, errors: FieldError[]) => fail(c, Code.invalidInput, errors.map((e) => e.message).join('; '), { errors });

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
export const kept = (input: Record<string, unknown>) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== '' && v !== undefined));

/**
 * The files the image fields of a form name, each at its place in the record (`values.photo`);
 * with `before`, only those it did not name already (a picture the demo data points at stays).
 */
export function imageFiles(place: string, fields: readonly FieldDefinition[], given: Record<string, unknown>, before: Record<string, unknown> = {}): NamedFiles[] {
  const urls = (value: unknown) => (Array.isArray(value) ? value : [value]);
  return fields
    .filter((f) => IMAGE_TYPES.has(f.type))
    .map((f) => {
      const earlier = new Set(urls(before[f.name]));
      return { field: `${place}.${f.name}`, label: f.title, accept: 'image' as const, urls: urls(given[f.name]).filter((url) => !earlier.has(url)) };
    });
}
