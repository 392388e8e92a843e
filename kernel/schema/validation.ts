// A record about to be written, checked against its resource's write schema: on the server
// before it reaches a store, and in the console before it is sent. Each problem names the
// field (translated) and says what is wrong, in the person's language.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import localizeEn from 'ajv-i18n/localize/en';
import localizeEs from 'ajv-i18n/localize/es';
import localizeJa from 'ajv-i18n/localize/ja';
import localizeZh from 'ajv-i18n/localize/zh';
import type { Registry } from './registry';
import { resolve } from './registry';
import type { FieldSchema, ResourceSchema } from './types';
import { compact, writeSchema } from './write-schema';

import type { Language } from '../i18n/languages';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FieldError {
  field: string;
  message: string;
}

const localizers: Record<Language, (errors: ErrorObject[]) => void> = {
  en: localizeEn,
  es: localizeEs,
  ja: localizeJa,
  zh: localizeZh,
};

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

export class RecordValidator {
  private ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
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
    const errors = structuredClone(validate.errors ?? []);
    localizers[language](errors);
    for (const error of errors) {
      const field = fieldOf(error);
      if (seen.has(field)) continue; // one message a field is enough to act on
      seen.add(field);
      const reason =
        error.keyword === 'required'
          ? t('validation.required')
          : error.keyword === 'additionalProperties'
            ? t('validation.unknown_field')
            : (error.message ?? '');
      out.push({ field, message: `${label(field)}: ${reason}` });
    }
    return out;
  }
}
