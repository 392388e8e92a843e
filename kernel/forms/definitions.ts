// Field definitions (a group's or a dossier template's `typelist`) checked as a person designs
// them, and turned into the rules of a form definition.
import { parseParam } from './param';
import { CHOICE_TYPES, FORM_FIELD_TYPES, type FieldDefinition, type FormRule } from './types';

/** A field name is a key of stored values: a letter, then letters, digits, underscores (never `__proto__`). */
export const FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
/** The most fields one definition holds. */
export const MAX_FIELDS = 60;

export interface DefinitionProblem {
  /** The field's position in the list (0-based); absent for a problem of the whole list. */
  index?: number;
  /** Which part of the field is wrong. */
  part?: 'name' | 'title' | 'type' | 'param' | 'min' | 'max';
  /** A key under `forms.problems.` of the translations. */
  reason: string;
  /** For a bad option line, its number. */
  line?: number;
}

/** What is wrong with a list of field definitions; empty when nothing is. */
export function definitionProblems(typelist: readonly FieldDefinition[]): DefinitionProblem[] {
  if (typelist.length === 0) return [{ reason: 'no_fields' }];
  if (typelist.length > MAX_FIELDS) return [{ reason: 'too_many_fields' }];
  const problems: DefinitionProblem[] = [];
  const names = new Map<string, number>();
  typelist.forEach((field, index) => {
    const name = field.name ?? '';
    if (!FIELD_NAME_PATTERN.test(name)) problems.push({ index, part: 'name', reason: 'name_format' });
    else if (names.has(name.toLowerCase())) problems.push({ index, part: 'name', reason: 'name_repeated' });
    names.set(name.toLowerCase(), index);
    if (!(field.title ?? '').trim()) problems.push({ index, part: 'title', reason: 'title_missing' });
    if (!FORM_FIELD_TYPES.includes(field.type)) problems.push({ index, part: 'type', reason: 'type_unknown' });
    if (CHOICE_TYPES.includes(field.type)) {
      const { options, problems: lines } = parseParam(field.param);
      for (const bad of lines) problems.push({ index, part: 'param', reason: `param_${bad.reason}`, line: bad.line });
      if (lines.length === 0 && options.length === 0) problems.push({ index, part: 'param', reason: 'options_missing' });
    }
    if (field.type === 'uploads') {
      for (const part of ['min', 'max'] as const) {
        const bound = field[part];
        if (bound !== undefined && !(Number.isInteger(bound) && bound >= 0)) problems.push({ index, part, reason: 'count_whole' });
      }
    }
    if (field.min !== undefined && field.max !== undefined && field.min > field.max)
      problems.push({ index, part: 'max', reason: 'max_below_min' });
  });
  return problems;
}

/** The rules of a form made of these fields, each opening with its value in `values`. */
export function rulesOf(typelist: readonly FieldDefinition[], values: Record<string, unknown> = {}): FormRule[] {
  return typelist.map((field) => {
    // A number's unit follows its label, as everywhere a measured value is named: "Pump pressure (MPa)".
    const unit = field.type === 'number' && field.unit ? field.unit : undefined;
    const rule: FormRule = { type: field.type, field: field.name, title: unit ? `${field.title} (${unit})` : field.title };
    if (CHOICE_TYPES.includes(field.type)) rule.options = parseParam(field.param).options;
    if (field.required) rule.required = true;
    if (field.info) rule.info = field.info;
    if (field.placeholder) rule.placeholder = field.placeholder;
    if (field.min !== undefined) rule.min = field.min;
    if (field.max !== undefined) rule.max = field.max;
    if (values[field.name] !== undefined) rule.value = values[field.name];
    return rule;
  });
}
