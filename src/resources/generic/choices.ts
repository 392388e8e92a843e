import { useLocaleState, useTranslate } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import { dictionaryCode } from '../../../kernel/schema/dictionary';
import type { FieldSchema } from '../../../kernel/schema/types';
import { type Choice, dictionaryChoices } from './dictionaryChoices';
import { useDictionaryOptions } from './useDictionaryOptions';
import { useOptionChoices } from './useConfigOptions';
import { resourceName } from './resourceName';

export type { Choice } from './dictionaryChoices';

/**
 * The choices of an enum field, an option-list field (/config) or a dictionary field
 * (`dict:<code>`), or a field naming a resource (`x-resource-name`: every resource), translated;
 * undefined for free fields. Dictionary items an admin disabled
 * are included and flagged `inactive`: lists and filters still name them, forms leave them out.
 */
export function useChoices(resource: string, path: string, schema: FieldSchema): Choice[] | undefined {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const code = dictionaryCode(schema);
  const dictionary = useDictionaryOptions(Boolean(code));
  const list = code ? undefined : schema['x-options'];
  const fromConfig = useOptionChoices(list ?? '', list ? registry.config[list]?.labelField ?? 'name' : 'name');
  if (code) return dictionaryChoices(dictionary[code], locale);
  if (list) return fromConfig;
  if (schema['x-resource-name']) {
    const named = Object.keys(registry.resources).map((id) => ({ id, name: resourceName(translate, id) }));
    return named.sort((a, b) => a.name.localeCompare(b.name, locale));
  }
  const values = schema.enum ?? schema.items?.enum;
  if (!values) return undefined;
  return values.map((value) => ({
    id: value,
    name: translate(`resources.${resource}.enums.${path}.${value}`, { _: String(value) }),
  }));
}
