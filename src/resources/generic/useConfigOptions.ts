// The option lists of GET /config, loaded once into the app state. A failure is logged to the
// console only; the lists then come from the console's own copy of the schemas.
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { request } from '../../api/http';
import { registry } from '../../../kernel/schema/load-vite';

type Option = { key: number | string; [label: string]: unknown };
export type ConfigOptions = Record<string, Option[]>;
type Options = ConfigOptions;

const NONE: Options = {};

/** The option lists as the schemas the console was built with give them: what the server answers unless it is newer. */
export const schemaOptions = (): Options =>
  Object.fromEntries(Object.entries(registry.config).map(([name, list]) => [name, list.items as Option[]]));

/** The query of the option lists: read by every list and form, and loaded ahead with the first screen. */
export const CONFIG_QUERY = {
  queryKey: ['config'],
  queryFn: async (): Promise<Options> => {
    try {
      return (await request<Options>('/config')).data;
    } catch (error) {
      console.error('Configuration load failed:', error);
      return schemaOptions();
    }
  },
  staleTime: Infinity,
};

export function useConfigOptions(): Options {
  const { data } = useQuery(CONFIG_QUERY);
  return data ?? NONE;
}

/** Choices for an option list, labelled in the person's language (server label as fallback). */
export function useOptionChoices(list: string, labelField: string) {
  const translate = useTranslate();
  return optionChoices(useConfigOptions()[list] ?? [], list, labelField, translate);
}

/** The choices of the option list `list`, labelled by `translate` (see useOptionChoices). */
export function optionChoices(
  options: Option[],
  list: string,
  labelField: string,
  translate: (key: string, options?: Record<string, unknown>) => string,
) {
  return options.map((option) => ({
    id: option.key,
    name: translate(`options.${list}.${option.key}`, { _: String(option[labelField] ?? option.key) }),
  }));
}
