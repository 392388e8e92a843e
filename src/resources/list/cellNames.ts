// The names an export writes (exportTable.ts CellNames), from what the console already holds:
// the translations, the /config option lists, the data dictionary's items and the referenced
// records. The same labels the list's chips show: an enum under resources.<name>.enums, an
// option under options.<list>.<key> (else the server's label), a dictionary item in the
// reader's language.
import { type DictionaryOption, optionsDictionary } from '../../../kernel/schema/dictionary';
import type { ConfigOptions, FieldSchema } from '../../../kernel/schema/types';
import { itemLabel } from '../generic/dictionaryChoices';
import type { CellNames } from './exportTable';
import { keyText } from '../generic/keyText';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface NameSources {
  resource: string;
  translate: Translate;
  locale: string;
  /** The column header of a field (useLabels' `column`). */
  header: (path: string, schema: FieldSchema) => string;
  /** GET /config's option lists, as the server sent them. */
  options: Record<string, { key: number | string; [label: string]: unknown }[]>;
  /** Which field of each option list's items holds its label (schemas/config.json). */
  config: ConfigOptions;
  dictionary: Record<string, DictionaryOption[]>;
  /** For each referenced resource, its records' names by id (as text). */
  references: Record<string, Map<string, string>>;
}

export function cellNames(sources: NameSources): CellNames {
  const { resource, translate, locale, options, config, dictionary, references } = sources;
  return {
    header: sources.header,
    option(path, schema, value) {
      const code = optionsDictionary(config, schema);
      if (code && (schema['x-options']?.startsWith('dict:') || dictionary[code])) {
        const item = dictionary[code]?.find((i) => i.key === String(value));
        return item ? itemLabel(item, locale) : undefined;
      }
      const list = schema['x-options'];
      if (list) {
        const option = options[list]?.find((o) => o.key === value);
        const serverLabel = option?.[config[list]?.labelField ?? 'name'];
        return translate(`options.${list}.${value}`, { _: String(serverLabel ?? value) });
      }
      const key = keyText(schema, value, translate);
      if (key !== undefined) return key;
      if (schema.enum) return translate(`resources.${resource}.enums.${path}.${value}`, { _: String(value) });
      return undefined;
    },
    reference: (target, id) => references[target]?.get(String(id)),
    yesNo: (value) => translate(value ? 'ra.boolean.true' : 'ra.boolean.false'),
  };
}
