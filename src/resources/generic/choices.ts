import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import { keyAsValue, optionsDictionary } from '../../../kernel/schema/dictionary';
import type { FieldSchema } from '../../../kernel/schema/types';
import { type Choice, dictionaryChoices } from './dictionaryChoices';
import { type DictionaryOptions, useDictionaryOptions } from './useDictionaryOptions';
import { type ConfigOptions, optionChoices, useConfigOptions } from './useConfigOptions';
import { resourceName } from './resourceName';

export type { Choice } from './dictionaryChoices';

type Translate = ReturnType<typeof useTranslate>;

/** What choices are read from: the dictionary lists and the option lists, as loaded. */
interface ChoiceSources {
  translate: Translate;
  locale: string;
  dictionary: DictionaryOptions;
  config: ConfigOptions;
}

/** The /config option list a field names, when it is not a dictionary field. */
const optionList = (schema: FieldSchema) => (schema['x-options']?.startsWith('dict:') ? undefined : schema['x-options']);

/** The choices of one field from loaded sources (see useChoices). */
function choicesFrom(
  { translate, locale, dictionary, config }: ChoiceSources,
  resource: string,
  path: string,
  schema: FieldSchema,
): Choice[] | undefined {
  const code = optionsDictionary(registry.config, schema);
  // An option list kept in the dictionary (brands) reads its items there once they are loaded,
  // its keys as the field holds them (numbers); until then, /config's copy.
  if (code && (!optionList(schema) || dictionary[code]))
    return dictionaryChoices(dictionary[code], locale).map((choice) => ({ ...choice, id: keyAsValue(schema, String(choice.id)) }));
  const list = schema['x-options'];
  if (list) return optionChoices(config[list] ?? [], list, registry.config[list]?.labelField ?? 'name', translate);
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

/**
 * The choices of an enum field, an option-list field (/config) or a dictionary field
 * (`dict:<code>`), or a field naming a resource (`x-resource-name`: every resource), translated;
 * undefined for free fields. Dictionary items an admin disabled
 * are included and flagged `inactive`: lists and filters still name them, forms leave them out.
 */
export function useChoices(resource: string, path: string, schema: FieldSchema): Choice[] | undefined {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const code = optionsDictionary(registry.config, schema);
  const dictionary = useDictionaryOptions(Boolean(code));
  const config = useConfigOptions();
  return choicesFrom({ translate, locale, dictionary, config }, resource, path, schema);
}

/** The choices of a resource's fields, each worked out once for every row of a list. */
interface ResourceChoices {
  resource: string;
  of: (path: string, schema: FieldSchema) => Choice[] | undefined;
}

const ResourceChoicesContext = createContext<ResourceChoices | undefined>(undefined);

/**
 * Lets every value of `resource` inside (the cells of a list) read its field's choices from here:
 * two queries and one translation of each option list for the whole list, rather than per cell.
 */
export function ResourceChoicesProvider({
  resource,
  dictionary: needsDictionary,
  children,
}: {
  resource: string;
  dictionary: boolean;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dictionary = useDictionaryOptions(needsDictionary);
  const config = useConfigOptions();
  const value = useMemo<ResourceChoices>(() => {
    const sources = { translate, locale, dictionary, config };
    const known = new Map<string, Choice[] | undefined>();
    return {
      resource,
      of: (path, schema) => {
        if (!known.has(path)) known.set(path, choicesFrom(sources, resource, path, schema));
        return known.get(path);
      },
    };
  }, [translate, locale, dictionary, config, resource]);
  return createElement(ResourceChoicesContext.Provider, { value }, children);
}

/** The choices a surrounding ResourceChoicesProvider gives for `resource`, if there is one. */
export function useProvidedChoices(resource: string): ResourceChoices['of'] | undefined {
  const provided = useContext(ResourceChoicesContext);
  return provided?.resource === resource ? provided.of : undefined;
}
