// A record about to be written, checked against its resource's write schema: on the server
// before it reaches a store, and in the console before it is sent. Each problem names the
// field (translated) and says what is wrong in the person's language, with the field's range
// and unit where it has them; no regular expression or schema jargon ever reaches a person.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Language } from '../i18n/languages';
import type { Registry } from './registry';
import { field as fieldAt, resolve } from './registry';
import type { FieldSchema, ResourceSchema } from './types';
import { compact, writeSchema } from './write-schema';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FieldError {
  field: string;
  message: string;
}

/**
 * A decimal step such as 0.01 accepts every value that is a whole number of steps when written
 * in decimal (8.45, 0.07), which plain floating-point division would refuse about one time in seven.
 */
const STEP_PRECISION = 9;

function fieldOf(error: ErrorObject): string {
  const base = error.instancePath.slice(1).replace(/\//g, '.');
  const child =
    error.keyword === 'required'
      ? (error.params as { missingProperty: string }).missingProperty
      : error.keyword === 'additionalProperties'
        ? (error.params as { additionalProperty: string }).additionalProperty
        : '';
  return [base, child].filter(Boolean).join('.').replace(/\.\d+$/, '');
}

/** Dotted paths of the keys of `input` that `schema` has no field for, groups included. */
function unknownFields(root: ResourceSchema, schema: FieldSchema, input: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(input).flatMap(([key, value]) => {
    const known = schema.properties && Object.hasOwn(schema.properties, key) ? resolve(root, schema.properties[key]) : undefined;
    if (!known) return [`${prefix}${key}`];
    if (known.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
      return unknownFields(root, known, value as Record<string, unknown>, `${prefix}${key}.`);
    }
    return [];
  });
}

/** What a value must be, in words: "must be from 0 to 100,000 h", "may have at most 2 decimals". */
export function reasonFor(
  error: ErrorObject,
  schema: FieldSchema,
  context: { resource: string; path: string; language: Language; t: Translate },
): string {
  const { t, language } = context;
  const custom = schema['x-messages']?.[error.keyword];
  if (custom) return t(`validation.custom.${custom}`);
  const number = (n: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 10 }).format(n);
  const unit = schema['x-unit'] ? ` ${t(`units.${schema['x-unit']}`, { _: schema['x-unit'] })}` : '';
  const limit = (error.params as { limit?: number }).limit;
  switch (error.keyword) {
    case 'required':
      return t('validation.required');
    case 'additionalProperties':
      return t('validation.unknown_field');
    case 'minimum':
    case 'maximum':
      if (schema.minimum !== undefined && schema.maximum !== undefined) {
        return t('validation.between', { min: number(schema.minimum), max: number(schema.maximum), unit });
      }
      return t(`validation.${error.keyword}`, { limit: number(limit ?? 0), unit });
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return t(`validation.${error.keyword}`, { limit: number(limit ?? 0), unit });
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return t(`validation.${error.keyword}`, { smart_count: limit ?? 0, limit: number(limit ?? 0) });
    case 'multipleOf': {
      const step = (error.params as { multipleOf: number }).multipleOf;
      const decimals = Math.round(-Math.log10(step));
      return decimals > 0 && Math.abs(10 ** -decimals - step) < 1e-12
        ? t('validation.decimals', { smart_count: decimals })
        : t('validation.multipleOf', { step: number(step), unit });
    }
    case 'type':
      return t('validation.type', { type: t(`validation.types.${(error.params as { type: string }).type}`) });
    case 'format':
      return t(`validation.formats.${(error.params as { format: string }).format}`, { _: t('validation.invalid') });
    case 'enum': {
      const allowed = (error.params as { allowedValues: (string | number)[] }).allowedValues;
      const list = schema['x-options'];
      const label = (v: string | number) =>
        list ? t(`options.${list}.${v}`, { _: String(v) }) : t(`resources.${context.resource}.enums.${context.path}.${v}`, { _: String(v) });
      return allowed.length <= 12 ? t('validation.enum', { values: allowed.map(label).join(', ') }) : t('validation.enum_long');
    }
    case 'uniqueItems':
      return t('validation.uniqueItems');
    default:
      return t('validation.invalid');
  }
}

export class RecordValidator {
  private ajv = addFormats(new Ajv({ allErrors: true, strict: false, multipleOfPrecision: STEP_PRECISION }));
  private compiled = new Map<string, ValidateFunction>();

  constructor(private registry: Registry) {}

  private compile(resource: string): ValidateFunction {
    let fn = this.compiled.get(resource);
    if (!fn) {
      fn = this.ajv.compile(writeSchema(this.registry.resources[resource], this.registry.config));
      this.compiled.set(resource, fn);
    }
    return fn;
  }

  /**
   * The problems of a record about to be written; empty when it is valid. Empty values
   * (null, '') mean "no value" and are checked as absent; a field the schema does not know
   * is refused whatever its value.
   */
  check(resource: string, input: Record<string, unknown>, language: Language, t: Translate): FieldError[] {
    const root = this.registry.resources[resource];
    const label = (field: string) => t(`resources.${resource}.fields.${field}`, { _: field });
    const out: FieldError[] = unknownFields(root, root, input).map((field) => ({ field, message: `${label(field)}: ${t('validation.unknown_field')}` }));
    const seen = new Set(out.map((e) => e.field));
    const validate = this.compile(resource);
    if (validate(compact(input))) return out;
    for (const error of validate.errors ?? []) {
      const field = fieldOf(error);
      if (seen.has(field)) continue; // one message a field is enough to act on
      seen.add(field);
      const schema = fieldAt(root, field)?.schema ?? {};
      out.push({ field, message: `${label(field)}: ${reasonFor(error, schema, { resource, path: field, language, t })}` });
    }
    return out;
  }
}
