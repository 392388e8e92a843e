// Which fields of a resource a spreadsheet's columns may fill, read from its schema alone: the
// top-level fields a person types (not read-only, computed, uploaded files or form definitions),
// the fields of a group one level down (`leader.name`), and lists of plain values (a trip's
// instruments, an instrument's hole sizes) written in one cell. Each with the names a header may
// call it by: its labels in every language.
import { LANGUAGES } from '../../kernel/i18n/languages';
import type { ColumnField } from '../../kernel/import/headers';
import { resolve } from '../../kernel/schema/registry';
import type { FieldSchema, ResourceSchema } from '../../kernel/schema/types';
import { keptByAccounts } from '../../kernel/schema/access';
import { isSingleton } from '../../kernel/schema/singleton';
import { translator } from '../http/messages';

export type ImportKind = 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'date-time';

export interface ImportField extends ColumnField {
  schema: FieldSchema;
  kind: ImportKind;
  /** A list of values written in one cell. */
  list: boolean;
  required: boolean;
}

const isPlain = (schema: FieldSchema) =>
  !schema.readOnly &&
  !schema['x-computed'] &&
  !schema['x-upload'] &&
  !schema['x-form-values'] &&
  !schema['x-field-definitions'] &&
  !schema.writeOnly;

function kindOf(schema: FieldSchema): ImportKind | undefined {
  switch (schema.type) {
    case 'string':
      return schema.format === 'date' ? 'date' : schema.format === 'date-time' ? 'date-time' : 'text';
    case 'integer':
    case 'number':
    case 'boolean':
      return schema.type;
    default:
      return undefined;
  }
}

/** Whether records of the resource may be imported: it has an add call and is kept as records. */
export const importable = (schema: ResourceSchema | undefined): schema is ResourceSchema =>
  !!schema && !!schema['x-resource'].endpoints.add && !schema['x-resource'].mockOnly && !keptByAccounts(schema) && !isSingleton(schema);

/** The labels a path has in every language (`resources.<name>.fields.<path>`). */
function labelsOf(resource: string, path: string): string[] {
  return LANGUAGES.map((language) => translator(language)(`resources.${resource}.fields.${path}`, { _: '' })).filter(
    (label) => label !== '' && !label.startsWith('resources.'),
  );
}

const cache = new Map<ResourceSchema, ImportField[]>();

/** The fields a column may fill, in the schema's order. */
export function importFields(resource: string, schema: ResourceSchema): ImportField[] {
  const known = cache.get(schema);
  if (known) return known;
  const fields: ImportField[] = [];
  const required = new Set(schema.required ?? []);
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const field = resolve(schema, raw);
    if (!isPlain(field) || !isPlain(raw)) continue;
    const scalar = kindOf(field);
    const add = (path: string, schemaOf: FieldSchema, kind: ImportKind, list: boolean, isRequired: boolean) =>
      fields.push({ path, schema: schemaOf, kind, list, required: isRequired, unit: schemaOf['x-unit'], names: labelsOf(resource, path) });
    if (scalar) add(name, field, scalar, false, required.has(name));
    else if (field.type === 'array' && field.items) {
      const items = resolve(schema, field.items);
      const kind = kindOf(items);
      if (kind && isPlain(items)) add(name, { ...items, 'x-unit': items['x-unit'] ?? field['x-unit'] }, kind, true, required.has(name));
    } else if (field.type === 'object' && field.properties) {
      const inner = new Set(field.required ?? []);
      for (const [member, memberRaw] of Object.entries(field.properties)) {
        const memberSchema = resolve(schema, memberRaw);
        const kind = kindOf(memberSchema);
        if (kind && isPlain(memberSchema)) add(`${name}.${member}`, memberSchema, kind, false, required.has(name) && inner.has(member));
      }
    }
  }
  cache.set(schema, fields);
  return fields;
}
