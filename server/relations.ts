// Records that belong together, kept sound on every store: a reference must name a record that
// exists, a dictionary value must be an item of its list (an enabled one, unless the record
// already had it), unique fields stay unique, and a record others still use is not deleted.
// Child collections go with their parent when their schema says `onParentDelete: cascade`.
// Everything here runs inside the write's transaction, so what it checked still holds when the
// write lands.
import type { Condition } from '../kernel/schema/query';
import type { Registry } from '../kernel/schema/registry';
import { DICTIONARY, dictionaryCode } from '../kernel/schema/dictionary';
import type { FieldError } from '../kernel/schema/validation';
import type { Language, Translate } from './messages';
import type { Row, Store } from './store/types';

interface FieldLink {
  resource: string;
  field: string;
}

interface Context {
  language: Language;
  t: Translate;
}

/** Records with any of these values in `field`. */
const anyOf = (field: string, values: (string | number)[]): Condition[] => [{ field, op: 'in', value: values }];

/** Every record of a resource that meets the conditions (lists are small here: keys of one list). */
const rowsOf = (store: Store, resource: string, conditions: Condition[]) =>
  store.list(resource, { conditions, sort: { field: 'id', order: 'ASC' }, page: 1, limit: 100_000 }).then((r) => r.rows);

export function createRelations(registry: Registry) {
  /** For each resource, the fields of other resources that refer to it. */
  const referrers = new Map<string, (FieldLink & { cascade: boolean; child: boolean })[]>();
  /** For each dictionary list code, the fields that take their values from it. */
  const dictionaryFields = new Map<string, FieldLink[]>();
  for (const [resource, schema] of Object.entries(registry.resources)) {
    const parent = schema['x-resource'].parent;
    for (const [field, prop] of Object.entries(schema.properties ?? {})) {
      const target = prop['x-ref'];
      if (target) {
        const child = parent?.field === field;
        const links = referrers.get(target) ?? [];
        links.push({ resource, field, child, cascade: child && parent?.onParentDelete === 'cascade' });
        referrers.set(target, links);
      }
      const code = dictionaryCode(prop);
      if (code) dictionaryFields.set(code, [...(dictionaryFields.get(code) ?? []), { resource, field }]);
    }
  }

  const nameOf = (resource: string, count: number, { t, language }: Context) =>
    t(`resources.${resource}.name`, { smart_count: count, _: resource }).toLocaleLowerCase(language);
  const uses = (counts: Map<string, number>, context: Context) =>
    [...counts].map(([resource, n]) => context.t('server.use_count', { smart_count: n, name: nameOf(resource, n, context) })).join(', ');

  /** The items of one dictionary list, by key. */
  async function dictionaryItems(store: Store, code: string): Promise<Map<string, Row>> {
    const [list] = await store.findIds(DICTIONARY.lists, [{ field: 'code', op: 'eq', value: code }]);
    if (list === undefined) return new Map();
    const items = await rowsOf(store, DICTIONARY.items, [{ field: 'dictionary', op: 'eq', value: list }]);
    return new Map(items.map((item) => [String(item.key), item]));
  }

  return {
    /** What is wrong with a record about to be written, beyond its own fields. */
    async checkWrite(
      store: Store,
      resource: string,
      record: Record<string, unknown>,
      existing: Row | undefined,
      context: Context,
    ): Promise<FieldError[]> {
      const { t } = context;
      const schema = registry.resources[resource];
      const label = (field: string) => t(`resources.${resource}.fields.${field}`, { _: field });
      const errors: FieldError[] = [];
      for (const [field, prop] of Object.entries(schema.properties ?? {})) {
        const value = record[field];
        if (value === undefined || value === null) continue;
        const target = prop['x-ref'];
        if (target && !(await store.get(target, value as number))) {
          errors.push({ field, message: `${label(field)}: ${t('validation.no_record', { resource: nameOf(target, 1, context), id: value })}` });
        }
        const code = dictionaryCode(prop);
        if (code) {
          const item = (await dictionaryItems(store, code)).get(String(value));
          const unchanged = existing?.[field] === value;
          if (!item) errors.push({ field, message: `${label(field)}: ${t('validation.dict_unknown', { value, list: code })}` });
          else if (item.enabled === false && !unchanged) errors.push({ field, message: `${label(field)}: ${t('validation.dict_disabled', { value })}` });
        }
      }
      for (const fields of schema['x-resource'].unique ?? []) {
        if (fields.some((f) => record[f] === undefined || record[f] === null)) continue;
        const clash = await store.findIds(resource, fields.map((f) => ({ field: f, op: 'eq' as const, value: record[f] as string | number })));
        if (clash.some((id) => id !== existing?.id)) {
          // The last field of the set is the one a person types; the others (a parent) are implied.
          const field = fields[fields.length - 1];
          errors.push({ field, message: `${label(field)}: ${t('validation.unique', { value: String(record[field]), resource: nameOf(resource, 1, context) })}` });
        }
      }
      return errors;
    },

    /**
     * Deletes the records and the child records that go with them, or nothing: answers the ids
     * that do not exist, or why the records may not go (still used, by whom and how many).
     */
    async remove(store: Store, resource: string, ids: number[], context: Context): Promise<{ missing: number[] } | { refused: string }> {
      const unique = [...new Set(ids)];
      const found = new Set(await store.findIds(resource, anyOf('id', unique)));
      const missing = unique.filter((id) => !found.has(id));
      if (missing.length > 0) return { missing };

      // Everything that would go, children included, found before anything is deleted.
      const doomed = new Map<string, Set<number>>([[resource, new Set(unique)]]);
      const queue: [string, number[]][] = [[resource, unique]];
      const blocking = new Map<string, number>();
      const dictionaryUses = new Map<string, number>();
      while (queue.length > 0) {
        const [current, currentIds] = queue.shift()!;
        for (const link of referrers.get(current) ?? []) {
          const using = await store.findIds(link.resource, anyOf(link.field, currentIds));
          const planned = doomed.get(link.resource) ?? new Set<number>();
          const fresh = using.filter((id) => !planned.has(id));
          if (fresh.length === 0) continue;
          if (link.cascade) {
            doomed.set(link.resource, new Set([...planned, ...fresh]));
            queue.push([link.resource, fresh]);
          } else blocking.set(link.resource, (blocking.get(link.resource) ?? 0) + fresh.length);
        }
        if (current === DICTIONARY.items) await countDictionaryUses(store, currentIds, dictionaryUses);
      }
      const { t } = context;
      const what = t(`resources.${resource}.name`, { smart_count: unique.length, _: resource });
      if (blocking.size > 0) return { refused: t('server.in_use', { resource: what, uses: uses(blocking, context) }) };
      if (dictionaryUses.size > 0) return { refused: t('server.item_in_use', { resource: what, uses: uses(dictionaryUses, context) }) };
      // Children first, so no record is ever left pointing at a deleted one.
      for (const [name, set] of [...doomed].reverse()) await store.remove(name, [...set]);
      return { missing: [] };
    },
  };

  /** Adds up, per resource, the records whose dictionary fields hold the keys of these items. */
  async function countDictionaryUses(store: Store, itemIds: number[], counts: Map<string, number>) {
    const items = await rowsOf(store, DICTIONARY.items, anyOf('id', itemIds));
    const byList = new Map<number, string[]>();
    for (const item of items) byList.set(item.dictionary as number, [...(byList.get(item.dictionary as number) ?? []), String(item.key)]);
    for (const [list, keys] of byList) {
      const code = (await store.get(DICTIONARY.lists, list))?.code as string | undefined;
      for (const link of (code && dictionaryFields.get(code)) || []) {
        const n = await store.count(link.resource, anyOf(link.field, keys));
        if (n > 0) counts.set(link.resource, (counts.get(link.resource) ?? 0) + n);
      }
    }
  }
}

export type Relations = ReturnType<typeof createRelations>;
