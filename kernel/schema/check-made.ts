// The keywords that tie records to others of the same job, checked against what the server does
// with them: `open` (a record open while a field is empty, one per parent value), `madeFrom`
// (records the server keeps, one per item of another record's list) and `x-unlinked-text` (the
// text a reference held before it became one).
import type { ResourceContext } from './check-fields';
import { type Found, esc } from './check-form';
import { refOf } from './registry';
import type { FieldSchema, ResourceSchema } from './types';

const top = (root: ResourceSchema, name: string): FieldSchema | undefined =>
  Object.hasOwn(root.properties ?? {}, name) ? root.properties![name] : undefined;

function openProblems({ root }: ResourceContext): Found[] {
  const spec = root['x-resource'].open;
  if (!spec) return [];
  const out: Found[] = [];
  const until = top(root, spec.until);
  if (!until) out.push({ pointer: '/x-resource/open/until', message: `"${spec.until}" is not a top-level field of ${root.$id}` });
  else if ((root.required ?? []).includes(spec.until))
    out.push({ pointer: '/x-resource/open/until', message: `"${spec.until}" is required, so no record is ever open` });
  if (!top(root, spec.onePer))
    out.push({ pointer: '/x-resource/open/onePer', message: `"${spec.onePer}" is not a top-level field of ${root.$id}` });
  return out;
}

function madeFromProblems({ root, resources }: ResourceContext): Found[] {
  const spec = root['x-resource'].madeFrom;
  if (!spec) return [];
  const out: Found[] = [];
  const add = (pointer: string, message: string) => out.push({ pointer: `/x-resource/madeFrom${pointer}`, message });
  const source = resources[spec.resource];
  if (!source) return [{ pointer: '/x-resource/madeFrom/resource', message: `no resource "${spec.resource}"` }];
  const link = top(root, spec.field);
  if (link?.['x-ref'] !== spec.resource || link.readOnly !== true)
    add('/field', `"${spec.field}" must be a readOnly top-level field of ${root.$id} with x-ref "${spec.resource}": the server sets it`);
  const as = top(root, spec.as);
  const each = top(source, spec.each);
  if (!as?.['x-ref']) add('/as', `"${spec.as}" must be a top-level x-ref field of ${root.$id}: it holds one item of the list`);
  if (each?.type !== 'array' || refOf(each) !== as?.['x-ref'])
    add('/each', `"${spec.each}" must be a list field of ${spec.resource} whose items refer to what "${spec.as}" refers to`);
  for (const [field, from] of Object.entries(spec.copy)) {
    const [mine, theirs] = [top(root, field), top(source, from)];
    if (!mine) add(`/copy/${esc(field)}`, `"${field}" is not a top-level field of ${root.$id}`);
    else if (!theirs) add(`/copy/${esc(field)}`, `"${from}" is not a top-level field of ${spec.resource}`);
    else if (mine.type !== theirs.type || mine.format !== theirs.format || (mine['x-ref'] ?? theirs['x-ref']) !== theirs['x-ref'])
      add(`/copy/${esc(field)}`, `"${field}" and ${spec.resource}'s "${from}" must hold the same kind of value`);
  }
  return out;
}

function unlinkedTextProblems({ root }: ResourceContext): Found[] {
  const out: Found[] = [];
  for (const [name, prop] of Object.entries(root.properties ?? {})) {
    const text = prop['x-unlinked-text'];
    if (text === undefined) continue;
    const pointer = `/properties/${esc(name)}/x-unlinked-text`;
    if (!prop['x-ref']) out.push({ pointer, message: 'x-unlinked-text is only for an x-ref field' });
    else if (top(root, text)?.type !== 'string')
      out.push({ pointer, message: `"${text}" must be a top-level string field of ${root.$id}` });
  }
  return out;
}

export const madeProblems = (ctx: ResourceContext): Found[] => [
  ...openProblems(ctx),
  ...madeFromProblems(ctx),
  ...unlinkedTextProblems(ctx),
];
