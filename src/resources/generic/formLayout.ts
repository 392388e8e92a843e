// How a form lays a schema's fields out: in schema order, each nested group under its heading
// where it stands, on a six-column grid (x-ui.width), with JSON Schema defaults on create;
// and the page sizes a list offers.
import type { Field, FieldSchema } from '../../../kernel/schema/types';

export interface FormSection {
  /** The group's path ('mudata'), or '' for fields at the top level. */
  group: string;
  fields: Field[];
}

const groupOf = (path: string) => path.split('.').slice(0, -1).join('.');

/** Consecutive fields of the same group, in schema order: a field after a group comes after it. */
export function formSections(fields: Field[]): FormSection[] {
  const sections: FormSection[] = [];
  for (const field of fields) {
    const group = groupOf(field.path);
    const last = sections[sections.length - 1];
    if (last && last.group === group) last.fields.push(field);
    else sections.push({ group, fields: [field] });
  }
  return sections;
}

export const GRID_COLUMNS = 6;
const SPANS = { full: 6, half: 3, third: 2 } as const;

/** Rows of a multi-line text input, or undefined for a one-line input. */
export function multilineRows(schema: FieldSchema): number | undefined {
  const multiline = schema['x-ui']?.multiline;
  if (typeof multiline === 'number') return multiline;
  if (multiline === true || (schema.type === 'string' && (schema.maxLength ?? 0) > 500)) return 3;
  return undefined;
}

/**
 * Columns of six a field spans on a tablet or wider (a phone gives every field the full width).
 * Without x-ui.width a short input takes half a line, as two side by side read well, and a text
 * area or a group of checkboxes takes the whole line.
 */
export function gridSpan(field: Field): number {
  const width = field.schema['x-ui']?.width;
  if (width) return SPANS[width];
  const wide = multilineRows(field.schema) !== undefined || field.schema.type === 'array';
  return wide ? SPANS.full : SPANS.half;
}

/** The JSON Schema `default` of every field that has one, nested as the record holds it. */
export function defaultValues(fields: Field[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { path, schema } of fields) {
    if (schema.default === undefined || schema.readOnly) continue;
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]] = schema.default;
  }
  return out;
}

/** The page sizes a list offers: the usual ones and the schema's own, in order. */
export function pageSizes(perPage: number): number[] {
  return [...new Set([10, 20, 50, 100, perPage])].sort((a, b) => a - b);
}
