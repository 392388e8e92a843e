// Records that belong together, kept sound on every store: a reference must name a record that
// exists, a dictionary value must be an item of its list (an enabled one, unless the record
// already had it), unique fields stay unique, and a record others still use is not deleted.
// Child collections go with their parent when their schema says `onParentDelete: cascade`, but
// not while the parent has current assignments (`x-resource.assign`), and no closed record
// (`x-resource.lock`) goes at all. Values made from other records are kept here too: a field
// copied from the parent record (`fromParent`), a parent's total over its children (`sumOf`),
// and a reference that must name a record assigned to another one (`x-assigned`).
// Everything here runs inside the write's transaction, so what it checked still holds when the
// write lands.
import { Code, type CodeValue } from '../../kernel/contract/codes';
import { echo } from '../../kernel/contract/limits';
import { assignmentCollections, isCurrent, representation } from '../../kernel/schema/assign';
import { onStep } from '../../kernel/schema/derive';
import type { Condition } from '../../kernel/schema/query';
import type { Registry } from '../../kernel/schema/registry';
import { DICTIONARY, keyAsValue, optionsDictionary } from '../../kernel/schema/dictionary';
import { uniqueName } from '../../kernel/schema/duplicates';
import { refOf } from '../../kernel/schema/registry';
import type { FieldError } from '../../kernel/schema/validation';
import type { Language, Translate } from '../http/messages';
import type { Row, Store } from '../store/types';
import { notGiven } from '../../kernel/schema/given';

interface FieldLink {
  resource: string;
  field: string;
}

/** A field taking its values from a dictionary list, and whether it holds them as numbers. */
interface DictionaryLink extends FieldLink {
  numeric: boolean;
}

interface Context {
  language: Language;
  t: Translate;
}

/** Records with any of these values in `field`. */
const anyOf = (field: string, values: (string | number)[]): Condition[] => [{ field, op: 'in', value: values }];

/** A field whose value the server works out from other records. */
interface DerivedField {
  /** The resource holding the field. */
  resource: string;
  field: string;
  /** The resource whose records it is made from, and their field. */
  source: string;
  sourceField: string;
}

/**
 * Work that follows changes to some resources' records, inside the write's transaction: a well's
 * trajectory when one of its survey stations changes, an instrument's hours when a run or a
 * repair does. Told once per write or delete, with every record it changed.
 */
export interface Follower {
  /** The resources whose changes it follows. */
  sources: readonly string[];
  /** `row` is the record as written (none when deleted), `previous` as it was (none when added). */
  follow(tx: Store, resource: string, changes: { row?: Row; previous?: Row }[]): Promise<void>;
}

/** The step a total is kept on: its field's, else two decimals, so no floating-point tail shows. */
const TOTAL_STEP = 0.01;

/**
 * Writes values worked out from other records (a total, a copy of the parent's field) to a record
 * without counting it as an edit: its version stays, so a form opened on it before does not
 * conflict. The store keeps the version when it takes `keepVersion` (see Store.update).
 */
export async function writeDerived(store: Store, resource: string, row: Row, changes: Record<string, unknown>) {
  const { id, version: _v, ...fields } = row;
  await store.update(resource, id, { ...fields, ...changes }, undefined, { keepVersion: true });
}

/** Every record of a resource that meets the conditions (lists are small here: keys of one list). */
const rowsOf = (store: Store, resource: string, conditions: Condition[]) =>
  store.list(resource, { conditions, sort: { field: 'id', order: 'ASC' }, page: 1, limit: 100_000 }).then((r) => r.rows);

/**
 * The keys of each dictionary list as the schemas first fill it (its seeded items; for an option
 * list of /config kept in the dictionary, else its config.json items): what a list holds while the
 * database has none of that code (a database made without demo data), so that a field taking its
 * values from it (an instrument's prefix) still accepts them.
 */
export function seededDictionary(registry: Registry): Map<string, string[]> {
  const seeded = new Map<string, string[]>();
  const lists = registry.resources[DICTIONARY.lists]?.['x-resource'].seed?.fixed ?? [];
  const items = registry.resources[DICTIONARY.items]?.['x-resource'].seed?.fixed ?? [];
  // A fixed item names its list by the id a new database gives it: the fixed lists in order, from 1.
  for (const [index, list] of lists.entries()) {
    const keys = items.filter((item) => item.dictionary === index + 1).map((item) => String(item.key));
    seeded.set(String(list.code), keys);
  }
  for (const list of Object.values(registry.config)) {
    if (list.dictionary && !seeded.get(list.dictionary)?.length)
      seeded.set(
        list.dictionary,
        list.items.map((i) => String(i.key)),
      );
  }
  return seeded;
}

export function createRelations(registry: Registry, followers: readonly Follower[] = []) {
  /** For each resource, the fields of other resources that refer to it. */
  const referrers = new Map<string, (FieldLink & { cascade: boolean; child: boolean })[]>();
  /** For each dictionary list code, the fields that take their values from it. */
  const dictionaryFields = new Map<string, DictionaryLink[]>();
  const dictionaryOf = (prop: Parameters<typeof optionsDictionary>[1]) => optionsDictionary(registry.config, prop);
  const seeded = seededDictionary(registry);
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
      const code = dictionaryOf(prop);
      const numeric = prop.type === 'integer' || prop.type === 'number';
      if (code) dictionaryFields.set(code, [...(dictionaryFields.get(code) ?? []), { resource, field, numeric }]);
    }
  }
  /** Totals over child records (`sumOf`) and copies of a parent's field (`fromParent`). */
  const totals: DerivedField[] = [];
  const copies: DerivedField[] = [];
  for (const [resource, schema] of Object.entries(registry.resources)) {
    for (const [field, prop] of Object.entries(schema.properties ?? {})) {
      const spec = prop['x-computed'];
      if (spec && 'sumOf' in spec) totals.push({ resource, field, source: spec.sumOf.resource, sourceField: spec.sumOf.field });
      const parent = schema['x-resource'].parent;
      if (spec && 'fromParent' in spec && parent) copies.push({ resource, field, source: parent.resource, sourceField: spec.fromParent });
    }
  }
  const collections = assignmentCollections(registry);

  const nameOf = (resource: string, count: number, { t, language }: Context) =>
    t(`resources.${resource}.name`, { smart_count: count, _: resource }).toLocaleLowerCase(language);
  const uses = (counts: Map<string, number>, context: Context) =>
    [...counts].map(([resource, n]) => context.t('server.use_count', { smart_count: n, name: nameOf(resource, n, context) })).join(', ');

  /**
   * The lists' items read in each transaction, by the transaction's store: a write of many records
   * (an import) reads each list once, not once per record and field. Forgotten when the
   * transaction writes a list or an item.
   */
  const itemsRead = new WeakMap<Store, Map<string, Promise<Map<string, Row | { enabled: true }>>>>();
  const forgetItems = (store: Store, resource: string) => {
    if (resource === DICTIONARY.items || resource === DICTIONARY.lists) itemsRead.delete(store);
  };

  /** The items of one dictionary list, by key. */
  function dictionaryItems(store: Store, code: string): Promise<Map<string, Row | { enabled: true }>> {
    let read = itemsRead.get(store);
    if (!read) itemsRead.set(store, (read = new Map()));
    let items = read.get(code);
    if (!items) read.set(code, (items = readDictionaryItems(store, code)));
    return items;
  }

  async function readDictionaryItems(store: Store, code: string): Promise<Map<string, Row | { enabled: true }>> {
    const [list] = await store.findIds(DICTIONARY.lists, [{ field: 'code', op: 'eq', value: code }]);
    if (list === undefined) return new Map((seeded.get(code) ?? []).map((key) => [key, { enabled: true }]));
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
        const target = refOf(prop);
        // A reference, or a list of them (a trip's instruments): each must name a record that exists.
        const ids = prop['x-ref'] ? [value] : Array.isArray(value) ? value : [];
        for (const id of target ? ids : []) {
          if (await store.get(target!, id as number)) continue;
          errors.push({
            field,
            message: `${label(field)}: ${t('validation.no_record', { resource: nameOf(target!, 1, context), id })}`,
          });
        }
        const code = dictionaryOf(prop);
        if (code) {
          const item = (await dictionaryItems(store, code)).get(String(value));
          const unchanged = existing?.[field] === value;
          if (!item)
            errors.push({ field, message: `${label(field)}: ${t('validation.dict_unknown', { value: echo(String(value)), list: code })}` });
          else if (item.enabled === false && !unchanged)
            errors.push({ field, message: `${label(field)}: ${t('validation.dict_disabled', { value: echo(String(value)) })}` });
        }
      }
      if (resource === DICTIONARY.items) errors.push(...(await numericKeyErrors(store, record, context)));
      errors.push(...(await rowErrors(store, resource, record, existing, context)));
      errors.push(...(await assignedErrors(store, resource, record, existing, context)));
      errors.push(...(await openErrors(store, resource, record, existing, context)));
      for (const fields of schema['x-resource'].unique ?? []) {
        if (fields.some((f) => record[f] === undefined || record[f] === null)) continue;
        const clash = await store.findIds(
          resource,
          fields.map((f) => ({ field: f, op: 'eq' as const, value: record[f] as string | number })),
        );
        const holder = clash.find((id) => id !== existing?.id);
        if (holder !== undefined) {
          // The last field of the set is the one a person types; the others (a parent) are implied.
          const field = fields[fields.length - 1];
          const value = echo(String(record[uniqueName(schema, fields) ?? field]));
          errors.push({
            field,
            message: `${label(field)}: ${t('validation.unique', { value, resource: nameOf(resource, 1, context), id: holder })}`,
          });
        }
      }
      return errors;
    },

    /**
     * Fills the fields a record copies from its parent record (`fromParent`) before it is checked
     * and written; a parent that does not exist leaves them empty (the reference check says why).
     */
    async fillFromParent(store: Store, resource: string, record: Record<string, unknown>): Promise<Record<string, unknown>> {
      const mine = copies.filter((copy) => copy.resource === resource);
      if (mine.length === 0) return record;
      const parentField = registry.resources[resource]['x-resource'].parent!.field;
      const parentId = record[parentField];
      const parent = typeof parentId === 'number' ? await store.get(mine[0].source, parentId) : undefined;
      const out = { ...record };
      for (const { field, sourceField } of mine) out[field] = parent?.[sourceField] ?? null;
      return out;
    },

    afterWrite,

    /**
     * Deletes the records and the child records that go with them, or nothing: answers the ids
     * that do not exist, or why the records may not go (still used, by whom and how many; still
     * with current assignments; closed) and the code that says so.
     */
    async remove(
      store: Store,
      resource: string,
      ids: number[],
      context: Context,
    ): Promise<{ missing: number[] } | { refused: string; code: CodeValue }> {
      forgetItems(store, resource);
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
      if (blocking.size > 0) return { refused: t('server.in_use', { resource: what, uses: uses(blocking, context) }), code: Code.inUse };
      if (dictionaryUses.size > 0)
        return { refused: t('server.item_in_use', { resource: what, uses: uses(dictionaryUses, context) }), code: Code.inUse };
      const assigned = await currentAssignments(store, doomed);
      if (assigned.size > 0)
        return { refused: t('server.still_assigned', { resource: what, uses: uses(assigned, context) }), code: Code.inUse };
      const closed = await closedRecords(store, doomed);
      if (closed)
        return {
          refused: t('server.locked_delete', {
            smart_count: closed.count,
            resource: nameOf(closed.resource, closed.count, context),
            state: closed.state(t),
          }),
          code: Code.inUse,
        };
      // Records whose totals count the deleted ones, or that others follow, read before they go.
      const touched: [string, Row][] = [];
      for (const [name, set] of doomed) {
        if (!totals.some((total) => total.source === name) && !followers.some((f) => f.sources.includes(name))) continue;
        for (const row of await rowsOf(store, name, anyOf('id', [...set]))) touched.push([name, row]);
      }
      // Children first, so no record is ever left pointing at a deleted one.
      for (const [name, set] of [...doomed].reverse()) await store.remove(name, [...set]);
      for (const [name, row] of touched) {
        const parent = registry.resources[name]['x-resource'].parent;
        if (parent && !doomed.get(parent.resource)?.has(row[parent.field] as number)) await refreshTotals(store, name, undefined, row);
      }
      for (const name of new Set(touched.map(([name]) => name))) {
        const gone = touched.filter(([n]) => n === name).map(([, previous]) => ({ previous }));
        for (const follower of followers) if (follower.sources.includes(name)) await follower.follow(store, name, gone);
      }
      return { missing: [] };
    },
  };

  /**
   * After a record was written or deleted (`row` undefined), in the same transaction: the totals
   * of its parents (the old one too, when it moved) and the copies its children keep of its
   * fields follow, without counting as edits of those records.
   */
  async function afterWrite(store: Store, resource: string, row: Row | undefined, previous: Row | undefined): Promise<void> {
    forgetItems(store, resource);
    await refreshTotals(store, resource, row, previous);
    for (const follower of followers) if (follower.sources.includes(resource)) await follower.follow(store, resource, [{ row, previous }]);
  }

  /** The totals of a written or deleted record's parents, and the copies its children keep of its fields. */
  async function refreshTotals(store: Store, resource: string, row: Row | undefined, previous: Row | undefined): Promise<void> {
    const parentField = registry.resources[resource]['x-resource'].parent?.field;
    for (const total of totals.filter((t) => t.source === resource && parentField)) {
      const parentIds = new Set([row?.[parentField!], previous?.[parentField!]].filter((id): id is number => typeof id === 'number'));
      for (const id of parentIds) await refreshTotal(store, total, parentField!, id);
    }
    if (!row) return;
    for (const copy of copies.filter((c) => c.source === resource)) {
      if (previous && previous[copy.sourceField] === row[copy.sourceField]) continue;
      const childParentField = registry.resources[copy.resource]['x-resource'].parent!.field;
      const children = await rowsOf(store, copy.resource, [{ field: childParentField, op: 'eq', value: row.id }]);
      for (const child of children) {
        if (child[copy.field] !== (row[copy.sourceField] ?? null))
          await writeDerived(store, copy.resource, child, { [copy.field]: row[copy.sourceField] ?? null });
      }
    }
  }

  /** Sets a parent's total (`sumOf`) to the sum over its children now, on the field's step. */
  async function refreshTotal(store: Store, total: DerivedField, parentField: string, parentId: number) {
    const parent = await store.get(total.resource, parentId);
    if (!parent) return;
    const [group] = await store.aggregate(total.source, { sum: [total.sourceField] }, [{ field: parentField, op: 'eq', value: parentId }]);
    const step = registry.resources[total.resource].properties?.[total.field]?.multipleOf ?? TOTAL_STEP;
    const sum = onStep(group?.sums[total.sourceField] ?? 0, step);
    if (parent[total.field] !== sum) await writeDerived(store, total.resource, parent, { [total.field]: sum });
  }

  /**
   * The references and dictionary values of the rows of a record's lists (a time log's activity
   * and instrument), each at its row's field (`timeLog.2.device`); a disabled item a row of the
   * stored record already had stays.
   */
  async function rowErrors(
    store: Store,
    resource: string,
    record: Record<string, unknown>,
    existing: Row | undefined,
    context: Context,
  ): Promise<FieldError[]> {
    const { t } = context;
    const schema = registry.resources[resource];
    const errors: FieldError[] = [];
    const name = (path: string) => t(`resources.${resource}.fields.${path}`, { _: path });
    for (const [list, prop] of Object.entries(schema.properties ?? {})) {
      const rows = record[list];
      const parts = prop.type === 'array' && prop.items?.type === 'object' ? Object.entries(prop.items.properties ?? {}) : [];
      if (!Array.isArray(rows) || parts.length === 0) continue;
      const before = Array.isArray(existing?.[list]) ? (existing[list] as Record<string, unknown>[]) : [];
      for (const [part, partSchema] of parts) {
        const [target, code] = [partSchema['x-ref'], dictionaryOf(partSchema)];
        if (!target && !code) continue;
        const items = code ? await dictionaryItems(store, code) : undefined;
        for (const [i, row] of (rows as Record<string, unknown>[]).entries()) {
          const value = row?.[part];
          if (notGiven(value)) continue;
          const field = `${list}.${i}.${part}`;
          const label = t('validation.item_field', { list: name(list), row: i + 1, field: name(`${list}.${part}`), _: field });
          if (target && !(await store.get(target, value as number)))
            errors.push({ field, message: `${label}: ${t('validation.no_record', { resource: nameOf(target, 1, context), id: value })}` });
          const item = items?.get(String(value));
          if (items && !item)
            errors.push({ field, message: `${label}: ${t('validation.dict_unknown', { value: echo(String(value)), list: code })}` });
          else if (item?.enabled === false && !before.some((old) => old?.[part] === value))
            errors.push({ field, message: `${label}: ${t('validation.dict_disabled', { value: echo(String(value)) })}` });
        }
      }
    }
    return errors;
  }

  /**
   * The write errors of `x-assigned` fields: the record a field names must be, or have been,
   * assigned to the record its other field names (a trip's instrument, to the trip's well).
   * Checked when either changes, so a record written before an assignment was undone stays editable.
   */
  async function assignedErrors(
    store: Store,
    resource: string,
    record: Record<string, unknown>,
    existing: Row | undefined,
    context: Context,
  ): Promise<FieldError[]> {
    const { t } = context;
    const schema = registry.resources[resource];
    const errors: FieldError[] = [];
    for (const [field, prop] of Object.entries(schema.properties ?? {})) {
      const other = prop['x-assigned'];
      const [member, parent] = [refOf(prop), other && schema.properties?.[other]?.['x-ref']];
      const parentId = other && record[other];
      if (!other || !member || !parent || typeof parentId !== 'number') continue;
      // One reference, or a list of them: only those new to the record, or all when its parent changed.
      const named = (value: unknown) => (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === 'number');
      const before = existing && existing[other] === parentId ? new Set(named(existing[field])) : new Set<number>();
      const collection = collections.find((c) => c.spec.member === member && c.parent.resource === parent);
      const parentRow = collection && (await store.get(parent, parentId));
      if (!collection || !parentRow) continue; // a missing record is reported as such
      for (const memberId of named(record[field]).filter((id) => !before.has(id))) {
        const memberRow = await store.get(member, memberId);
        if (!memberRow) continue;
        const linked = await store.count(collection.resource, [
          { field: collection.parent.field, op: 'eq', value: parentId },
          { field: collection.spec.member, op: 'eq', value: memberId },
        ]);
        if (linked > 0) continue;
        const label = t(`resources.${resource}.fields.${field}`, { _: field });
        const message = t('server.not_assigned', {
          member: echo(representation(registry, member, memberRow)),
          parent: echo(representation(registry, parent, parentRow)),
          memberKind: nameOf(member, 1, context),
          parentKind: nameOf(parent, 1, context),
        });
        errors.push({ field, message: `${label}: ${message}` });
      }
    }
    return errors;
  }

  /**
   * The write error of a record that would be a second open one (`x-resource.open`): a trip
   * without a trip-out time while the well has another still in the hole.
   */
  async function openErrors(
    store: Store,
    resource: string,
    record: Record<string, unknown>,
    existing: Row | undefined,
    context: Context,
  ): Promise<FieldError[]> {
    const spec = registry.resources[resource]['x-resource'].open;
    const owner = spec && record[spec.onePer];
    if (!spec || !notGiven(record[spec.until]) || (typeof owner !== 'number' && typeof owner !== 'string')) return [];
    const open = await store.findIds(resource, [
      { field: spec.onePer, op: 'eq', value: owner },
      { field: spec.until, op: 'given', value: false },
    ]);
    const other = open.find((id) => id !== existing?.id);
    if (other === undefined) return [];
    const row = await store.get(resource, other);
    const { t } = context;
    const label = t(`resources.${resource}.fields.${spec.until}`, { _: spec.until });
    const message = t('server.still_open', {
      resource: nameOf(resource, 1, context),
      name: echo(row ? representation(registry, resource, row) : String(other)),
    });
    return [{ field: spec.until, message: `${label}: ${message}` }];
  }

  /** How many current assignments the records about to be deleted still have as parents, per assignment collection. */
  async function currentAssignments(store: Store, doomed: Map<string, Set<number>>): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const { resource, spec, parent } of collections) {
      const parents = doomed.get(parent.resource);
      if (!parents || parents.size === 0) continue;
      const rows = await rowsOf(store, resource, anyOf(parent.field, [...parents]));
      const current = rows.filter((row) => isCurrent(row, spec)).length;
      if (current > 0) counts.set(spec.member, current);
    }
    return counts;
  }

  /** The closed records (`x-resource.lock`) among those about to be deleted, if any. */
  async function closedRecords(store: Store, doomed: Map<string, Set<number>>) {
    for (const [name, set] of doomed) {
      const lock = registry.resources[name]['x-resource'].lock;
      if (!lock) continue;
      const count = await store.count(name, [...anyOf('id', [...set]), { field: lock.field, op: 'eq', value: lock.value }]);
      const state = (t: Translate) => t(`resources.${name}.enums.${lock.field}.${lock.value}`, { _: String(lock.value) });
      if (count > 0) return { resource: name, count, state };
    }
    return undefined;
  }

  /** Adds up, per resource, the records whose dictionary fields hold the keys of these items. */
  /** An item of a list that number fields take their values from (brands) needs a whole number as its key. */
  async function numericKeyErrors(store: Store, item: Record<string, unknown>, { t }: Context): Promise<FieldError[]> {
    if (typeof item.dictionary !== 'number' || typeof item.key !== 'string' || /^[0-9]{1,9}$/.test(item.key)) return [];
    const code = (await store.get(DICTIONARY.lists, item.dictionary))?.code;
    const numeric = typeof code === 'string' && (dictionaryFields.get(code) ?? []).some((link) => link.numeric);
    if (!numeric) return [];
    const label = t(`resources.${DICTIONARY.items}.fields.key`, { _: 'key' });
    return [{ field: 'key', message: `${label}: ${t('validation.dict_key_number', { list: code })}` }];
  }

  async function countDictionaryUses(store: Store, itemIds: number[], counts: Map<string, number>) {
    const items = await rowsOf(store, DICTIONARY.items, anyOf('id', itemIds));
    const byList = new Map<number, string[]>();
    for (const item of items) byList.set(item.dictionary as number, [...(byList.get(item.dictionary as number) ?? []), String(item.key)]);
    for (const [list, keys] of byList) {
      const code = (await store.get(DICTIONARY.lists, list))?.code as string | undefined;
      for (const link of (code && dictionaryFields.get(code)) || []) {
        const values = link.numeric ? keys.map((key) => keyAsValue({ type: 'number' }, key)) : keys;
        const n = await store.count(link.resource, anyOf(link.field, values));
        if (n > 0) counts.set(link.resource, (counts.get(link.resource) ?? 0) + n);
      }
    }
  }
}

export type Relations = ReturnType<typeof createRelations>;
