// The data dictionary: option lists kept in the database and edited by admins at run time.
// Its lists and items are ordinary resources of schemas/ (dictionary.json, dictionaryitem.json);
// a field takes its values from a list with `"x-options": "dict:<code>"`.
import type { FieldSchema } from './types';

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

/** One item as the console's forms and lists need it. */
export interface DictionaryOption {
  key: string;
  label: Record<string, string>;
  enabled: boolean;
  sort: number;
}

/** Where the console reads every list's items at once. */
export const DICTIONARY_OPTIONS_PATH = '/setting/dictionary/options';
