// A submission of a server-defined form checked against the form's own JSON Schema, with the
// same readable, translated messages as every other write: the server never trusts the form.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { echo } from '../contract/limits';
import type { Language } from '../i18n/languages';
import { type FieldError, fieldOf, reasonFor } from '../schema/validation';
import { formJsonSchema } from './json-schema';
import type { FormDefinition, FormRule } from './types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Compiled forms kept for reuse, the least recently used dropped past this many. */
const COMPILED_KEPT = 200;

const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const compiled = new Map<string, { schema: object; validate: ValidateFunction }>();

function validatorOf(definition: Pick<FormDefinition, 'rules' | 'title'>): ValidateFunction {
  const schema = formJsonSchema({ rules: definition.rules, title: '' });
  const key = JSON.stringify(schema);
  const kept = compiled.get(key);
  if (kept) {
    compiled.delete(key);
    compiled.set(key, kept); // now the most recently used
    return kept.validate;
  }
  const validate = ajv.compile(schema);
  compiled.set(key, { schema, validate });
  if (compiled.size > COMPILED_KEPT) {
    const [oldestKey, oldest] = compiled.entries().next().value!;
    compiled.delete(oldestKey);
    ajv.removeSchema(oldest.schema);
  }
  return validate;
}

/** The values a form checks: an empty text or a null is no value, as in every other write. */
export function compactValues(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== ''));
}

/** What an Ajv error (or RJSF's copy of one) says: its keyword and parameters. */
export type ErrorLike = Pick<ErrorObject, 'keyword' | 'params'>;

/** Why a value is refused, in words, naming the options of a choice by their labels. */
export function formReason(error: ErrorLike, rule: FormRule | undefined, language: Language, t: Translate): string {
  if (error.keyword === 'enum' && rule?.options) return t('validation.enum', { values: rule.options.map((o) => o.label).join(', ') });
  if (error.keyword === 'pattern' && rule?.type === 'time') return t('validation.formats.time');
  const schema = { ...(rule ? { minimum: rule.min, maximum: rule.max } : {}) };
  return reasonFor(error as ErrorObject, schema, { resource: '', path: '', language, t });
}

/**
 * What a form shows under a field: the reason, and for a missing value the field named by its
 * title ("Name is required"), which the reason alone ("is required") leaves out.
 */
export function fieldReason(error: ErrorLike, rule: FormRule | undefined, language: Language, t: Translate): string {
  if (error.keyword === 'required' && rule?.title) return t('validation.field_required', { field: rule.title });
  return formReason(error, rule, language, t);
}

/** The problems of a submission; empty when the form accepts it. Each names the field by its title. */
export function formProblems(
  definition: Pick<FormDefinition, 'rules' | 'title'>,
  input: Record<string, unknown>,
  language: Language,
  t: Translate,
): FieldError[] {
  let validate: ValidateFunction;
  try {
    validate = validatorOf(definition);
  } catch (error) {
    // A stored definition no check foresaw: the submission is refused with the reason, never a crash.
    return [{ field: '', message: t('forms.definition_broken', { reason: echo((error as Error).message) }) }];
  }
  if (validate(compactValues(input))) return [];
  const rules = new Map(definition.rules.map((rule) => [rule.field, rule]));
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const field = echo(fieldOf(error).split('.')[0]);
    if (seen.has(field)) continue;
    seen.add(field);
    const rule = rules.get(field);
    out.push({ field, message: `${rule?.title ?? field}: ${formReason(error, rule, language, t)}` });
  }
  return out;
}
