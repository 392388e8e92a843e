// The order the demo data fills resources in: a record can only point at records that exist,
// so every resource comes after the ones its fields point at.
import { DICTIONARY, dictionaryCode } from '../schema/dictionary';
import { fields } from '../schema/registry';
import type { ResourceSchema } from '../schema/types';

/** The resources a resource's records point at: `x-ref` targets, its parent, the dictionary for `dict:` fields. */
export function dependencies(schema: ResourceSchema): string[] {
  const out = new Set<string>();
  const parent = schema['x-resource'].parent?.resource;
  if (parent) out.add(parent);
  for (const { schema: field } of fields(schema)) {
    if (field['x-ref']) out.add(field['x-ref']);
    if (dictionaryCode(field) !== undefined) out.add(DICTIONARY.lists).add(DICTIONARY.items);
  }
  // A resource pointing at itself (a tree) points at the records it had before.
  out.delete(schema.$id);
  return [...out];
}

/**
 * Every resource after the ones it depends on; otherwise in the registry's order. Refuses a
 * reference to an unknown resource, and resources that point at one another in a circle.
 */
export function seedOrder(resources: Record<string, ResourceSchema>): string[] {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting')
      throw new Error(`Demo data: ${[...path.slice(path.indexOf(name)), name].join(' → ')} point at one another in a circle`);
    state.set(name, 'visiting');
    for (const target of dependencies(resources[name])) {
      if (!resources[target]) throw new Error(`Demo data: ${name} points at "${target}", which is not a resource`);
      visit(target, [...path, name]);
    }
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of Object.keys(resources)) visit(name, []);
  return order;
}
