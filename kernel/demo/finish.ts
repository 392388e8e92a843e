// Completes what a generator made as the server would on writing it, generically from the
// schemas: computed fields (derive), copies from the parent record (`fromParent`), roll-ups over
// the children (`sumOf`), and the members' side of assignments (`x-resource.assign`: the member
// fields set on assignment and on removal, the member field naming the current parents). Then
// writes it all, each `Made` reference replaced by the id of the record it names.
import { isCurrent, memberFieldText, representation } from '../schema/assign';
import { derive, onStep, withDefaults } from '../schema/derive';
import { itemsOf, madeValues } from '../schema/made-from';
import type { Registry } from '../schema/registry';
import type { AssignSpec, ResourceSchema } from '../schema/types';
import { type GeneratedSet, Made, type StoredRecord } from './made';
import { seedOrder } from './order';
import type { SeedStore } from './seed';

type Row = Record<string, unknown>;

/** The resources of a generated set in the order they are written: each after those it points at. */
export function writeOrder(registry: Registry, set: GeneratedSet): string[] {
  const names = new Set(Object.keys(set.records));
  return seedOrder(registry.resources).filter((name) => names.has(name));
}

/** Finds the record a reference names: one the generator made, or one in the store. */
function referenced(set: GeneratedSet, existing: Record<string, StoredRecord[]>, resource: string, ref: unknown): Row | undefined {
  if (ref instanceof Made) return set.records[ref.resource]?.[ref.index];
  return existing[resource]?.find((row) => row.id === ref);
}

/** Whether a reference names the index-th made record of a resource. */
const names = (ref: unknown, resource: string, index: number) => ref instanceof Made && ref.resource === resource && ref.index === index;

/** Copies the parent's fields into the `fromParent` fields of each record. */
function copyFromParents(schema: ResourceSchema, rows: Row[], set: GeneratedSet, existing: Record<string, StoredRecord[]>) {
  const parent = schema['x-resource'].parent;
  if (!parent) return;
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const spec = prop['x-computed'];
    if (!spec || !('fromParent' in spec)) continue;
    for (const row of rows) {
      const value = referenced(set, existing, parent.resource, row[parent.field])?.[spec.fromParent];
      if (value === undefined) delete row[name];
      else row[name] = value;
    }
  }
}

/** Fills the `sumOf` fields of each record with the total over the made children; answers whether any was. */
function sumChildren(registry: Registry, name: string, rows: Row[], set: GeneratedSet): boolean {
  let summed = false;
  for (const [field, prop] of Object.entries(registry.resources[name].properties ?? {})) {
    const spec = prop['x-computed'];
    if (!spec || !('sumOf' in spec)) continue;
    const link = registry.resources[spec.sumOf.resource]?.['x-resource'].parent;
    const children = set.records[spec.sumOf.resource];
    if (!link || link.resource !== name || !children) continue;
    rows.forEach((row, index) => {
      const total = children
        .filter((child) => names(child[link.field], name, index))
        .reduce((sum, child) => sum + (Number(child[spec.sumOf.field]) || 0), 0);
      row[field] = onStep(total, prop.multipleOf ?? 0.01);
    });
    summed = true;
  }
  return summed;
}

/** The set with the records the server makes from its records (`x-resource.madeFrom`: a run per instrument of a trip). */
function withMadeRecords(registry: Registry, set: GeneratedSet): GeneratedSet {
  const records = { ...set.records };
  for (const [name, schema] of Object.entries(registry.resources)) {
    const spec = schema['x-resource'].madeFrom;
    const sources = spec && set.records[spec.resource];
    if (!spec || !sources) continue;
    // The generator may have made some with their own fields (a failed run's reason): those take the copies.
    const given = [...(records[name] ?? [])];
    const isFor = (row: Row, index: number, item: unknown) => names(row[spec.field], spec.resource, index) && row[spec.as] === item;
    sources.forEach((source, index) => {
      for (const item of itemsOf(spec, source)) {
        const values = madeValues(spec, { ...source, id: new Made(spec.resource, index) }, item);
        for (const [field, value] of Object.entries(values)) if (value === null) delete values[field];
        const at = given.findIndex((row) => isFor(row, index, item));
        if (at >= 0) given[at] = withDefaults(schema, { ...given[at], ...values });
        else given.push(withDefaults(schema, values));
      }
    });
    records[name] = given;
  }
  return { ...set, records };
}

/** Puts in `members` (by id) every record of the member resource as the assignments of `name` leave it. */
function membersAfter(
  registry: Registry,
  name: string,
  spec: AssignSpec,
  set: GeneratedSet,
  existing: Record<string, StoredRecord[]>,
  members: Map<number, Row>,
): void {
  const schema = registry.resources[name];
  const parent = schema['x-resource'].parent!;
  const memberRef = spec.member;
  const memberResource = schema.properties![memberRef]['x-ref']!;
  const current = new Map<number, string[]>();
  for (const row of set.records[name] ?? []) {
    if (!isCurrent(row, spec)) continue;
    const id = row[memberRef] as number;
    const parentRow = referenced(set, existing, parent.resource, row[parent.field]) ?? {};
    current.set(id, [...(current.get(id) ?? []), representation(registry, parent.resource, parentRow)]);
  }
  for (const stored of existing[memberResource] ?? []) {
    const member = members.get(stored.id) ?? { ...stored };
    const parents = current.get(stored.id);
    const describe = `Demo data of ${name}: ${memberResource} #${stored.id}`;
    if (parents) {
      if (spec.exclusive && parents.length > 1) throw new Error(`${describe} is assigned to ${parents.join(' and ')} at once`);
      for (const [field, refused] of Object.entries(spec.refuse ?? {})) {
        if (refused.includes(stored[field] as string | number))
          throw new Error(`${describe} cannot be assigned: its ${field} is ${String(stored[field])}`);
      }
      Object.assign(member, spec.onAssign ?? {});
      if (spec.memberField)
        member[spec.memberField] = memberFieldText(parents, registry.resources[memberResource].properties?.[spec.memberField]?.maxLength);
    } else {
      // Holding any value an assignment sets (on site), it goes back as a removal leaves it.
      const onSite = spec.onAssign && Object.entries(spec.onAssign).some(([field, value]) => member[field] === value);
      if (onSite) Object.assign(member, spec.onRemove ?? {});
      if (spec.memberField) delete member[spec.memberField];
    }
    for (const [field, value] of Object.entries(member)) if (value === null) delete member[field];
    members.set(stored.id, member);
  }
}

/**
 * The generator's set completed: computed fields, parent copies and roll-ups filled, and the
 * members of assignments updated (every member of an assigned resource is looked at, so one the
 * demo data left "on site" without a current assignment is returned to stock).
 */
export function finishSet(registry: Registry, set: GeneratedSet, existing: Record<string, StoredRecord[]>, now: Date): GeneratedSet {
  set = withMadeRecords(registry, set);
  const order = writeOrder(registry, set);
  const records: Record<string, Row[]> = {};
  const done: GeneratedSet = { records };
  for (const name of order) {
    records[name] = set.records[name].map((row) => derive(registry.resources[name], row, undefined, now));
    copyFromParents(registry.resources[name], records[name], done, existing);
  }
  for (const name of [...order].reverse()) {
    // Derived again, as the record it is (a new one would have its roll-ups at 0), for values made from the totals.
    if (sumChildren(registry, name, records[name], done))
      records[name] = records[name].map((row) => derive(registry.resources[name], row, row, now));
  }
  // The generator's own changes first, then what the assignments make of them.
  const changed = new Map<string, Map<number, Row>>();
  const memberMap = (resource: string) => changed.get(resource) ?? changed.set(resource, new Map()).get(resource)!;
  for (const { resource, id, values } of set.updates ?? []) {
    const stored = existing[resource]?.find((row) => row.id === id);
    if (!stored) throw new Error(`Demo data: the generator changes ${resource} #${id}, which is not in the store`);
    memberMap(resource).set(id, { ...(memberMap(resource).get(id) ?? stored), ...values });
  }
  for (const name of order) {
    const spec = registry.resources[name]['x-resource'].assign;
    if (spec) membersAfter(registry, name, spec, done, existing, memberMap(registry.resources[name].properties![spec.member]['x-ref']!));
  }
  done.updates = [];
  for (const [resource, rows] of changed) {
    for (const [id, row] of rows) {
      const stored = existing[resource].find((r) => r.id === id)!;
      const { id: _id, version: _version, ...values } = row;
      if (JSON.stringify(row) !== JSON.stringify(stored)) done.updates.push({ resource, id, values });
    }
  }
  return done;
}

/** The record with each `Made` reference replaced by the id the store gave the record it names. */
function resolved(row: Row, ids: Map<string, number[]>): Row {
  const out: Row = {};
  for (const [field, value] of Object.entries(row)) {
    if (!(value instanceof Made)) out[field] = value;
    else {
      const id = ids.get(value.resource)?.[value.index];
      if (id === undefined)
        throw new Error(`Demo data: ${field} names ${value.resource} record ${value.index}, which was not made before it`);
      out[field] = id;
    }
  }
  return out;
}

/** Writes a finished set on the store (a transaction's): resources in write order, then the changes. Answers the counts. */
export async function writeSet(store: SeedStore, registry: Registry, set: GeneratedSet): Promise<{ resource: string; count: number }[]> {
  const ids = new Map<string, number[]>();
  const counts: { resource: string; count: number }[] = [];
  for (const name of writeOrder(registry, set)) {
    const made: number[] = [];
    for (const row of set.records[name]) made.push((await store.insert(name, resolved(row, ids))).id);
    ids.set(name, made);
    counts.push({ resource: name, count: made.length });
  }
  for (const { resource, id, values } of set.updates ?? []) await store.update(resource, id, values);
  return counts;
}
