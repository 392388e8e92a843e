// The form of a record whose values are fields its parent defines (`x-resource.forms`): the
// record's own writable fields (an item's order and whether it is shown) as form rules, then the
// parent's fields; and the split of a submission back into the two.
import { properties } from '../schema/registry';
import type { FieldSchema, ResourceSchema } from '../schema/types';
import { rulesOf } from './definitions';
import type { FieldDefinition, FormRule } from './types';

/** The record-page panel that shows and edits the form-written children of a record (`{"panel": "formRecords"}`). */
export const FORM_RECORDS_PANEL = 'formRecords';
/** The record-page panel that shows and fills in the forms filled for a record (`{"panel": "filledForms"}`: an instrument's dossiers). */
export const FILLED_FORMS_PANEL = 'filledForms';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const valuesFields = new WeakMap<ResourceSchema, { field: string; definedBy: string } | undefined>();

/** The field holding the parent-defined values, and the parent's list field that defines them. */
export function formValuesField(schema: ResourceSchema): { field: string; definedBy: string } | undefined {
  // Asked for every record a list answers: worked out once per schema.
  if (valuesFields.has(schema)) return valuesFields.get(schema);
  const found = Object.entries(properties(schema)).find(([, prop]) => prop['x-form-values']);
  const values = found ? { field: found[0], definedBy: found[1]['x-form-values']! } : undefined;
  valuesFields.set(schema, values);
  return values;
}

/** The record's own fields a form writes: writable, top-level, not the parent's id nor the values. */
export function ownFormFields(schema: ResourceSchema): [string, FieldSchema][] {
  const parent = schema['x-resource'].parent?.field;
  return Object.entries(properties(schema)).filter(([name, prop]) => name !== 'id' && name !== parent && !prop.readOnly && !prop['x-ref']);
}

/** One own field as a rule, titled and its choices labelled in the person's language. */
function ownRule(resource: string, name: string, prop: FieldSchema, required: boolean, t: Translate, value: unknown): FormRule {
  const title = t(`resources.${resource}.fields.${name}`, { _: name });
  const rule: FormRule = { type: 'input', field: name, title };
  if (required) rule.required = true;
  if (prop.enum) {
    rule.type = 'radio';
    rule.options = prop.enum.map((v) => ({
      value: v as string | number,
      label: t(`resources.${resource}.enums.${name}.${v}`, { _: String(v) }),
    }));
  } else if (prop.type === 'integer' || prop.type === 'number') {
    rule.type = 'number';
    if (prop.type === 'integer') rule.step = 1;
    if (prop.minimum !== undefined) rule.min = prop.minimum;
    if (prop.maximum !== undefined) rule.max = prop.maximum;
  } else if (prop.type === 'boolean') rule.type = 'switch';
  else if (prop.format === 'date') rule.type = 'date';
  const start = value ?? prop.default;
  if (start !== undefined) rule.value = start;
  return rule;
}

/** The rules of the record's form: its own fields, then those the parent defines, opening with `record`'s values. */
export function recordFormRules(
  resource: string,
  schema: ResourceSchema,
  typelist: readonly FieldDefinition[],
  t: Translate,
  record: Record<string, unknown> = {},
): FormRule[] {
  const values = formValuesField(schema);
  const stored = (values ? record[values.field] : undefined) as Record<string, unknown> | undefined;
  const required = new Set(schema.required ?? []);
  const own = ownFormFields(schema).map(([name, prop]) => ownRule(resource, name, prop, required.has(name), t, record[name]));
  return [...own, ...rulesOf(parentDefined(schema, typelist), stored ?? {})];
}

/**
 * The parent's fields a record's form holds: those not named like a field of the record itself
 * (its id, its version, its parent, its time of adding): such a value would be lost beside the
 * record's own in every answer, so the record's own field wins.
 */
export function parentDefined<T extends { name: string }>(schema: ResourceSchema, typelist: readonly T[]): T[] {
  const own = new Set([...Object.keys(properties(schema)), 'version']);
  return typelist.filter((f) => !own.has(f.name));
}

/** A submission split into the record's own fields and the parent-defined values. */
export function splitSubmission(
  schema: ResourceSchema,
  body: Record<string, unknown>,
): { own: Record<string, unknown>; values: Record<string, unknown> } {
  const ownNames = new Set(ownFormFields(schema).map(([name]) => name));
  const entries = Object.entries(body);
  return {
    own: Object.fromEntries(entries.filter(([key]) => ownNames.has(key))),
    values: Object.fromEntries(entries.filter(([key]) => !ownNames.has(key))),
  };
}

/** A stored record as the list and forms answer it: its values beside its own fields. */
export function flattenRecord(schema: ResourceSchema, row: Record<string, unknown>): Record<string, unknown> {
  const values = formValuesField(schema);
  if (!values) return row;
  const { [values.field]: inner, ...rest } = row;
  return { ...((inner as Record<string, unknown>) ?? {}), ...rest };
}
