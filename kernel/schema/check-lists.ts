// The keywords of a list field (`type: array`): how many items it takes (minItems, maxItems) and
// which key no two of its items may share (`x-unique-by`, checked by the write validation on the
// lists a record's fields reach: at the top level or in a group, not inside another list's items).
import { type Found, esc } from './check-form';
import { resolve } from './registry';
import type { FieldSchema, ResourceSchema } from './types';

/** Why the list keywords of this field cannot work; none when they can. */
export function listKeywordProblems(at: string, schema: FieldSchema, root: ResourceSchema, inItems: boolean): Found[] {
  const out: Found[] = [];
  const add = (key: string, message: string) => out.push({ pointer: `${at}/${esc(key)}`, message });
  const list = schema.type === 'array';
  for (const key of ['minItems', 'maxItems'] as const) {
    if (schema[key] !== undefined && !list) add(key, `${key} is only for fields of type array`);
  }
  if (list && schema.minItems !== undefined && schema.maxItems !== undefined && schema.minItems > schema.maxItems) {
    add('minItems', `minItems ${schema.minItems} is above maxItems ${schema.maxItems}`);
  }
  const key = schema['x-unique-by'];
  if (key === undefined) return out;
  let items: FieldSchema | undefined;
  try {
    items = schema.items && resolve(root, schema.items);
  } catch {
    return out; // A $ref to a missing definition is reported where it stands.
  }
  if (!list || items?.type !== 'object') add('x-unique-by', 'x-unique-by is only for fields of type array whose items are objects');
  else if (!items.properties || !Object.hasOwn(items.properties, key)) add('x-unique-by', `"${key}" is not a field of the list's items`);
  else if (!['string', 'number', 'integer'].includes(resolve(root, items.properties[key]).type ?? ''))
    add('x-unique-by', `"${key}" must be a single value (text or a number) to be compared`);
  else if (inItems) add('x-unique-by', 'x-unique-by is checked on a list of a record or of its groups, not on a list inside another list');
  return out;
}
