// GET /config: the option lists of the wire contract (`deviceTypeOption`, `methOption`,
// `brandOption`), each `[{key, <label field>}]` as schemas/config.json declares it. A list kept in
// the data dictionary (its `dictionary` code) is served from the list's items as admins have
// them, in their order, labelled in the caller's language, with number keys as numbers; the
// items of config.json stand in while the database has no such list.
import { DICTIONARY, labelIn } from '../../kernel/schema/dictionary';
import type { Registry } from '../../kernel/schema/registry';
import { ok } from '../context';
import type { Api } from '../http/endpoints';
import type { Store } from '../store/types';

type Option = Record<string, string | number>;

export function registerConfig(api: Api, registry: Registry, store: Store) {
  const names = Object.keys(registry.config);
  const kept = Object.values(registry.config).flatMap((list) => (list.dictionary ? [list.dictionary] : []));

  /** The items of each dictionary list that holds an option list, by code (lists not in the database left out). */
  async function dictionaryItems(): Promise<Map<string, Record<string, unknown>[]>> {
    const found = new Map<string, Record<string, unknown>[]>();
    if (kept.length === 0 || !registry.resources[DICTIONARY.lists]) return found;
    const lists = await store.list(DICTIONARY.lists, {
      conditions: [{ field: 'code', op: 'in', value: kept }],
      sort: { field: 'id', order: 'ASC' },
      page: 1,
      limit: kept.length,
    });
    if (lists.rows.length === 0) return found;
    const items = await store.list(DICTIONARY.items, {
      conditions: [{ field: 'dictionary', op: 'in', value: lists.rows.map((l) => l.id) }],
      sort: { field: 'sort', order: 'ASC' },
      page: 1,
      limit: 100_000,
    });
    for (const list of lists.rows)
      found.set(
        String(list.code),
        items.rows.filter((item) => item.dictionary === list.id),
      );
    return found;
  }

  api.on(
    {
      method: 'GET',
      path: '/config',
      access: 'signed-in',
      doc: {
        tags: ['session'],
        summary: `Option lists: ${names.join(', ')}`,
        description:
          'Each list as `[{key, <label field>}]`. The lists kept in the data dictionary (Settings → Data dictionary) are served from its items, in their order, labelled in the language of Accept-Language.',
        data: { type: 'object', required: names, additionalProperties: { type: 'array', items: { type: 'object' } } },
      },
    },
    async (c) => {
      const language = c.get('language');
      const held = await store.remember(`config-options`, [DICTIONARY.lists, DICTIONARY.items], dictionaryItems);
      const options: Record<string, Option[]> = {};
      for (const [name, list] of Object.entries(registry.config)) {
        const items = list.dictionary ? held.get(list.dictionary) : undefined;
        const numeric = list.items.every((item) => typeof item.key === 'number');
        options[name] = items
          ? items.map((item) => {
              const key = String(item.key);
              return {
                key: numeric && /^[0-9]+$/.test(key) ? Number(key) : key,
                [list.labelField]: labelIn(item.label as Record<string, string>, language) ?? key,
              };
            })
          : list.items;
      }
      return ok(c, options);
    },
  );
}
