// Every data dictionary list with its items, for the console's forms, lists and filters: one
// call, open to every signed-in person (editors fill dictionary fields, admins edit the lists).
import { DICTIONARY, DICTIONARY_OPTIONS_PATH, type DictionaryOption } from '../../kernel/schema/dictionary';
import type { Registry } from '../../kernel/schema/registry';
import { ok } from '../context';
import type { Api } from '../http/endpoints';
import type { Store } from '../store/types';

const ALL = { conditions: [], page: 1, limit: 100_000 };

export function registerDictionary(api: Api, registry: Registry, store: Store) {
  if (!registry.resources[DICTIONARY.lists] || !registry.resources[DICTIONARY.items]) return;
  const label = { type: 'object', additionalProperties: { type: 'string' } };
  const option = {
    type: 'object',
    required: ['key', 'label', 'enabled', 'sort'],
    properties: { key: { type: 'string' }, label, enabled: { type: 'boolean' }, sort: { type: 'number' } },
  };
  const operation = {
    method: 'GET' as const,
    path: DICTIONARY_OPTIONS_PATH,
    access: 'signed-in' as const,
    doc: {
      tags: ['dictionary'],
      summary: 'Every data dictionary list with its items (key, label in each language, enabled, sort), by list code',
      data: { type: 'object', additionalProperties: { type: 'array', items: option } },
    },
  };
  api.on(operation, async (c) => {
    const [lists, items] = await Promise.all([
      store.list(DICTIONARY.lists, { ...ALL, sort: { field: 'id', order: 'ASC' } }),
      store.list(DICTIONARY.items, { ...ALL, sort: { field: 'sort', order: 'ASC' } }),
    ]);
    const options: Record<string, DictionaryOption[]> = {};
    const codeOf = new Map(lists.rows.map((list) => [list.id, String(list.code)]));
    for (const list of lists.rows) options[String(list.code)] = [];
    for (const item of items.rows) {
      const code = codeOf.get(item.dictionary as number);
      if (code === undefined) continue;
      options[code].push({
        key: String(item.key),
        label: item.label as Record<string, string>,
        enabled: item.enabled !== false,
        sort: Number(item.sort ?? 0),
      });
    }
    return ok(c, options);
  });
}
