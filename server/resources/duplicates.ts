// The records that share a unique set's values (kernel/schema/duplicates.ts), found through the
// store: the values of the set's last field held more than once (counted in the database), then
// those records read and grouped by the whole set. Answered beside each such resource's list.
import { DUPLICATES_SHOWN, type DuplicateGroup, duplicatesPath, uniqueName } from '../../kernel/schema/duplicates';
import type { Registry } from '../../kernel/schema/registry';
import { ok } from '../context';
import type { Api } from '../http/endpoints';
import type { Store } from '../store/types';

type Key = string | number | boolean;

/** The groups of records of `resource` sharing the values of one of its unique sets, the oldest first. */
export async function findDuplicates(store: Store, registry: Registry, resource: string): Promise<DuplicateGroup[]> {
  const schema = registry.resources[resource];
  const groups: DuplicateGroup[] = [];
  for (const fields of schema['x-resource'].unique ?? []) {
    const last = fields[fields.length - 1];
    const repeated = (await store.aggregate(resource, { by: last }, []))
      .filter((g) => g.count > 1 && g.value !== null)
      .map((g) => g.value as Key);
    if (repeated.length === 0) continue;
    const { rows } = await store.list(resource, {
      conditions: [{ field: last, op: 'in', value: repeated as (string | number)[] }],
      sort: { field: 'id', order: 'ASC' },
      page: 1,
      limit: 100_000,
    });
    const named = uniqueName(schema, fields);
    const byKey = new Map<string, DuplicateGroup>();
    for (const row of rows) {
      const values = fields.map((f) => row[f]);
      if (values.some((v) => v === undefined || v === null)) continue;
      const key = JSON.stringify(values);
      const group = byKey.get(key) ?? {
        fields,
        values: values as Key[],
        name: named ? String(row[named] ?? '') : values.join(' '),
        ids: [],
      };
      group.ids.push(row.id);
      byKey.set(key, group);
    }
    groups.push(...[...byKey.values()].filter((g) => g.ids.length > 1));
  }
  return groups.sort((a, b) => a.ids[0] - b.ids[0]);
}

export function registerDuplicates(api: Api, registry: Registry, store: Store) {
  for (const [resource, schema] of Object.entries(registry.resources)) {
    const path = duplicatesPath(schema);
    if (!path) continue;
    api.on(
      {
        method: 'GET',
        path,
        access: { resource },
        doc: {
          tags: [resource],
          summary: `Records stored before their values had to be unique that share them (${(schema['x-resource'].unique ?? []).map((s) => s.join(' + ')).join('; ')}), oldest first, at most ${DUPLICATES_SHOWN} groups`,
          data: {
            type: 'object',
            required: ['items'],
            properties: {
              items: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['fields', 'values', 'name', 'ids'],
                  properties: {
                    fields: { type: 'array', items: { type: 'string' } },
                    values: { type: 'array', items: {} },
                    name: { type: 'string' },
                    ids: { type: 'array', items: { type: 'integer' } },
                  },
                },
              },
            },
          },
        },
      },
      async (c) => {
        const items = await store.remember(`duplicates:${resource}`, [resource], () => findDuplicates(store, registry, resource));
        return ok(c, { items: items.slice(0, DUPLICATES_SHOWN) });
      },
    );
  }
}
