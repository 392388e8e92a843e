// The list a form designer edits, as plain field definitions: which parts each kind of field
// has, an item kept to exactly its keys (empty optional parts dropped), fresh and copied names
// that no other field holds, and the problems of the list sorted by the field and part they
// concern.
import { type DefinitionProblem, FIELD_NAME_PATTERN } from '../../../kernel/forms/definitions';
import { type Latinize, machineName, unusedName } from '../../../kernel/forms/machine-name';
import { CHOICE_TYPES, FORM_FIELD_TYPES, type FieldDefinition, type FormFieldType } from '../../../kernel/forms/types';

/** The parts of a field a person edits, in the order of its card. */
export const PARTS = ['name', 'title', 'type', 'required', 'info', 'placeholder', 'param', 'min', 'max', 'unit'] as const;
export type Part = (typeof PARTS)[number];

/** Kinds whose value has bounds: a number's, and the count of images of `uploads`. */
export const BOUNDED_TYPES: readonly FormFieldType[] = ['number', 'uploads'];

/** Kinds a person types into. */
export const TYPED_TYPES: readonly FormFieldType[] = ['input', 'textarea', 'number', 'time'];

export const hasOptions = (type: FormFieldType) => CHOICE_TYPES.includes(type);
export const hasBounds = (type: FormFieldType) => BOUNDED_TYPES.includes(type);

/** Whether a card shows this part for a field of this kind. */
export function shows(part: Part, type: FormFieldType): boolean {
  if (part === 'param') return hasOptions(type);
  if (part === 'min' || part === 'max') return hasBounds(type);
  if (part === 'unit') return type === 'number';
  // Only what a person types into has an empty state to show a placeholder in.
  if (part === 'placeholder') return TYPED_TYPES.includes(type);
  return true;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A field with exactly the keys of a definition: name, title and type always; options only for
 * a choice, bounds only for a number or images; empty texts, `required: false` and the parts
 * its kind does not have left out.
 */
export function cleanField(field: Partial<FieldDefinition>): FieldDefinition {
  const type = FORM_FIELD_TYPES.includes(field.type as FormFieldType) ? (field.type as FormFieldType) : 'input';
  const out: FieldDefinition = { name: field.name ?? '', title: field.title ?? '', type };
  if (hasOptions(type) && typeof field.param === 'string' && field.param.trim() !== '') out.param = field.param;
  if (field.required === true) out.required = true;
  for (const part of ['info', 'placeholder'] as const) {
    const text = field[part];
    if (typeof text === 'string' && text.trim() !== '') out[part] = text;
  }
  if (hasBounds(type)) {
    if (isNumber(field.min)) out.min = field.min;
    if (isNumber(field.max)) out.max = field.max;
  }
  if (type === 'number' && typeof field.unit === 'string' && field.unit.trim() !== '') out.unit = field.unit;
  return out;
}

/** The list a form holds, whatever it holds: an array of objects, or none. */
export function asList(value: unknown): FieldDefinition[] {
  return Array.isArray(value) ? value.filter((item): item is FieldDefinition => item !== null && typeof item === 'object') : [];
}

const taken = (list: readonly FieldDefinition[]) => new Set(list.map((f) => String(f.name ?? '').toLowerCase()));

/** `field<N>` with the smallest N from the list's length + 1 that no field holds (names compare without case). */
export function newFieldName(list: readonly FieldDefinition[]): string {
  const names = taken(list);
  let n = list.length + 1;
  while (names.has(`field${n}`)) n += 1;
  return `field${n}`;
}

/** A new field as the "Add field" button makes it. */
export const newField = (list: readonly FieldDefinition[]): FieldDefinition => ({ name: newFieldName(list), title: '', type: 'input' });

/** The name of a copy: `<name>_2`, `<name>_3`… (kept within the 32 characters a name may have), or a fresh `field<N>`. */
export function copyName(name: string, list: readonly FieldDefinition[]): string {
  if (!FIELD_NAME_PATTERN.test(name)) return newFieldName(list);
  return unusedName(name.replace(/_\d+$/, ''), taken(list));
}

/**
 * Whether a field's name is still one the designer gave it (a fresh `field<N>`, or the name made
 * from its title, numbered where another field held it): typing the title then renames it too.
 */
export function nameFollowsTitle(field: FieldDefinition, latinize?: Latinize): boolean {
  if (field.name === '' || /^field\d+$/.test(field.name)) return true;
  const made = machineName(field.title, latinize);
  return made !== undefined && (field.name === made || new RegExp(`^${made}_\\d+$`).test(field.name));
}

/** The name made from a title for the field at `index`, no other field's; undefined when the title gives none. */
export function nameFromTitle(title: string, list: readonly FieldDefinition[], index: number, latinize?: Latinize): string | undefined {
  const made = machineName(title, latinize);
  return made && unusedName(made, taken(list.filter((_, i) => i !== index)));
}

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export interface SortedProblems {
  /** Problems of the whole list. */
  list: DefinitionProblem[];
  /** Problems of each field, by its index and part. */
  byField: Map<number, DefinitionProblem[]>;
}

export function sortProblems(problems: readonly DefinitionProblem[]): SortedProblems {
  const list: DefinitionProblem[] = [];
  const byField = new Map<number, DefinitionProblem[]>();
  for (const problem of problems) {
    if (problem.index === undefined) list.push(problem);
    else byField.set(problem.index, [...(byField.get(problem.index) ?? []), problem]);
  }
  return { list, byField };
}
