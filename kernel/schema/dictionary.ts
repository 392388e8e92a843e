// The data dictionary: option lists kept in the database and edited by admins at run time.
// Its lists and items are ordinary resources of schemas/ (dictionary.json, dictionaryitem.json);
// a field takes its values from a list with `"x-options": "dict:<code>"`.
import { LANGUAGES } from '../i18n/languages';
import type { ConfigOptions, FieldSchema } from './types';

export const DICTIONARY = {
  /** The resource of the lists, found by their `code`. */
  lists: 'dictionary',
  /** The resource of the items: `dictionary` (their list's id), `key`, `label`, `sort`, `enabled`. */
  items: 'dictionaryitem',
} as const;

const PREFIX = 'dict:';

/** The dictionary list a field takes its values from, if it does. */
export function dictionaryCode(schema: FieldSchema): string | undefined {
  const options = schema['x-options'];
  return options?.startsWith(PREFIX) ? options.slice(PREFIX.length) : undefined;
}

/**
 * The dictionary list a field's options come from: its own (`dict:<code>`), or the one holding
 * the /config option list it names (`brandOption` → `brand`), if that list is kept there.
 */
export function optionsDictionary(config: ConfigOptions, schema: FieldSchema): string | undefined {
  const list = schema['x-options'];
  return dictionaryCode(schema) ?? (list ? config[list]?.dictionary : undefined);
}

/** A dictionary item's key as a field of `schema` holds it: a number for a number field ("99" → 99). */
export function keyAsValue(schema: FieldSchema, key: string): string | number {
  return (schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(key) ? Number(key) : key;
}

/** One item as the console's forms and lists need it. */
export interface DictionaryOption {
  key: string;
  label: Record<string, string>;
  enabled: boolean;
  sort: number;
}

/**
 * An item's label in `language`; an item labelled only in the languages a company uses reads, in
 * another, in English if it has it, else in the first language that has one. Undefined when it has none.
 */
export function labelIn(label: Record<string, string> | undefined, language: string): string | undefined {
  return [language, 'en', ...LANGUAGES]
    .map((l) => label?.[l])
    .find((text): text is string => typeof text === 'string' && text.trim() !== '');
}

/** Where the console reads every list's items at once. */
export const DICTIONARY_OPTIONS_PATH = '/setting/dictionary/options';
