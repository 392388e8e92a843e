// The fixed records of the demo data (the data-dictionary lists the schemas' option lists name, and
// their items) added to a database whose demo data went in before they were part of it: an upgrade
// gets the lists a new screen needs (a time log's rig activities) without a person typing them.
// A fixed record is found by its `unique` fields; one already there is left as it is, and so is
// every record under it (an admin's edits stay). The items of a list are added only with the list.
import { derive } from '../schema/derive';
import { type Registry, properties } from '../schema/registry';
import { SEED_DATE } from './fake';
import type { SeedStore } from './seed';

export interface AddedFixed {
  resource: string;
  count: number;
}

/**
 * Adds the missing fixed records of these resources (each holding its demo data already), in the
 * order given (parents first). A fixed record's references to a fixed record of another resource
 * are written as the ids a new database gives them: the generated records first, then the fixed
 * ones, from 1.
 */
export async function addMissingFixed(store: SeedStore, registry: Registry, resources: readonly string[]): Promise<AddedFixed[]> {
  /** For each resource, the id a new database gives a fixed record → its id here, and whether it was added now. */
  const placed = new Map<string, Map<number, { id: number; added: boolean }>>();
  const added: AddedFixed[] = [];
  for (const resource of resources) {
    const schema = registry.resources[resource];
    const plan = schema['x-resource'].seed;
    const key = schema['x-resource'].unique?.[0];
    if (!plan?.fixed?.length || !key || plan.generator) continue;
    const refs = Object.entries(properties(schema)).flatMap(([field, prop]) => (prop['x-ref'] ? [[field, prop['x-ref']] as const] : []));
    const here = new Map<number, { id: number; added: boolean }>();
    placed.set(resource, here);
    let count = 0;
    for (const [index, fixed] of plan.fixed.entries()) {
      const record = { ...fixed };
      // A reference to a fixed record of another resource is written only under one added now,
      // as that record's id here: the items of a list an admin may have edited stay as they are.
      const under = refs.filter(([field]) => typeof record[field] === 'number');
      const targets = under.map(([field, target]) => placed.get(target)?.get(record[field] as number));
      if (targets.some((to) => !to?.added)) continue;
      for (const [i, [field]] of under.entries()) record[field] = targets[i]!.id;
      const [existing] = await store.findIds(
        resource,
        key.map((field) => ({ field, op: 'eq', value: record[field] as string | number })),
      );
      const newId = plan.count + index + 1;
      if (existing !== undefined) {
        here.set(newId, { id: existing, added: false });
        continue;
      }
      const { id } = await store.insert(resource, derive(schema, record, undefined, SEED_DATE));
      here.set(newId, { id, added: true });
      count++;
    }
    if (count > 0) added.push({ resource, count });
  }
  return added;
}
