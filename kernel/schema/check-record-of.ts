// The two keywords of a record that is about a record of any resource (an operation log entry):
// `x-resource-name` on the field naming the resource, and `x-record-of` on the field holding the
// id, which names that field. The console shows the first as the resource's translated name and
// links the second to the record's page.
import type { Found } from './check-form';
import type { FieldSchema, ResourceSchema } from './types';

interface FieldAt {
  pointer: string;
  schema: FieldSchema;
  /** Written directly in the root's `properties`. */
  topLevel: boolean;
}

export function recordOfProblems({ pointer, schema, topLevel }: FieldAt, root: ResourceSchema): Found[] {
  const out: Found[] = [];
  if (schema['x-resource-name'] && schema.type !== 'string') {
    out.push({
      pointer: `${pointer}/x-resource-name`,
      message: 'x-resource-name needs a field of type string: it holds the name of a resource',
    });
  }
  const names = schema['x-record-of'];
  if (names === undefined) return out;
  const at = `${pointer}/x-record-of`;
  if (!topLevel)
    return [
      ...out,
      { pointer: at, message: 'x-record-of works only on a field written directly in properties, not inside a group or definition' },
    ];
  if (schema.type !== 'integer')
    return [...out, { pointer: at, message: 'x-record-of needs a field of type integer: it holds the id of a record' }];
  const named = root.properties?.[names];
  if (!named?.['x-resource-name'])
    return [
      ...out,
      {
        pointer: at,
        message: `"${names}" must be a top-level field of this resource marked "x-resource-name": true (it names the resource whose record this is)`,
      },
    ];
  return out;
}
