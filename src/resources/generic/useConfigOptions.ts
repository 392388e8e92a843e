// The option lists of GET /config, loaded once into the app state.
// A failure is logged to the console only; labels then fall back to keys.
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { request } from '../../api/http';

type Options = Record<string, { key: number | string; [label: string]: unknown }[]>;

export function useConfigOptions(): Options {
  const { data } = useQuery({
    queryKey: ['config'],
    queryFn: async () => {
      try {
        return (await request<Options>('/config')).data;
      } catch (error) {
        console.error('Configuration load failed:', error);
        return {};
      }
    },
    staleTime: Infinity,
  });
  return data ?? {};
}

/** Choices for an option list, labelled in the person's language (server label as fallback). */
export function useOptionChoices(list: string, labelField: string) {
  const translate = useTranslate();
  const options = useConfigOptions()[list] ?? [];
  return options.map((option) => ({
    id: option.key,
    name: translate(`options.${list}.${option.key}`, { _: String(option[labelField] ?? option.key) }),
  }));
}
