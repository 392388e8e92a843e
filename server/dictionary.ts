// Every data dictionary list with its items, for the console's forms, lists and filters: one
// call, open to every signed-in person (editors fill dictionary fields, admins edit the lists).
import type { Hono } from 'hono';
import { DICTIONARY, DICTIONARY_OPTIONS_PATH, type DictionaryOption } from '../kernel/schema/dictionary';
import type { Registry } from '../kernel/schema/registry';
import { type AppEnv, ok } from './context';
import type { Store } from './store/types';

const ALL = { conditions: [], page: 1, limit: 100_000 };

export function registerDictionary(app: Hono<AppEnv>, registry: Registry, store: Store) {
  if (!registry.resources[DICTIONARY.lists] || !registry.resources[DICTIONARY.items]) return;
  app.get(DICTIONARY_OPTIONS_PATH, async (c) => {
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
      options[code].push({ key: String(item.key), label: item.label as Record<string, string>, enabled: item.enabled !== false, sort: Number(item.sort ?? 0) });
    }
    return ok(c, options);
  });
}
