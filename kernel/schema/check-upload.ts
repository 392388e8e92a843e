// `x-upload` on a field: the field holds an uploaded file's URL, so it is a plain top-level text
// field (the server attaches the file to the record column by column) with no other source of
// values; options, references and formats would contradict it.
import type { Found } from './check-form';
import type { FieldSchema } from './types';

const CONFLICTING = ['x-options', 'x-ref', 'enum', 'format', 'pattern', 'x-computed', 'default'] as const;

export function uploadProblems(pointer: string, schema: FieldSchema, topLevel: boolean, topLevelOnly: string): Found[] {
  if (schema['x-upload'] === undefined) return [];
  const at = `${pointer}/x-upload`;
  if (!topLevel) return [{ pointer: at, message: `x-upload ${topLevelOnly}` }];
  if (schema.type !== 'string') return [{ pointer: at, message: "x-upload needs a field of type string: it holds the file's URL" }];
  const clash = CONFLICTING.filter((key) => schema[key] !== undefined);
  return clash.length
    ? [{ pointer: at, message: `x-upload cannot stand beside ${clash.join(', ')}: the value is the URL the upload answered` }]
    : [];
}
