// The items of every data-dictionary list, read once with one query and kept until a dictionary
// list or item is written (App's query client invalidates it then).
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { DICTIONARY, DICTIONARY_OPTIONS_PATH, type DictionaryOption } from '../../../kernel/schema/dictionary';
import { request } from '../../api/http';
import { CONFIG_QUERY } from './useConfigOptions';

export type DictionaryOptions = Record<string, DictionaryOption[]>;

const QUERY_KEY = ['dictionary-options'];
const NONE: DictionaryOptions = {};

/** All lists' items by list code, in their `sort` order; empty until loaded (or when the load failed). */
export function useDictionaryOptions(enabled = true): DictionaryOptions {
  const { data } = useQuery({
    queryKey: QUERY_KEY,
    queryFn: async () => {
      try {
        return (await request<DictionaryOptions>(DICTIONARY_OPTIONS_PATH)).data ?? {};
      } catch (error) {
        console.error('Dictionary load failed:', error);
        return {};
      }
    },
    staleTime: Infinity,
    enabled,
  });
  return data ?? NONE;
}

const SOURCES: readonly string[] = [DICTIONARY.lists, DICTIONARY.items];

/**
 * After a write to `resource`, the options are read again if it holds dictionary lists or items,
 * and so are /config's option lists, some of which the dictionary keeps (brands).
 */
export function invalidateDictionaryAfter(queryClient: QueryClient, resource: unknown) {
  if (typeof resource !== 'string' || !SOURCES.includes(resource)) return;
  void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: CONFIG_QUERY.queryKey });
}
