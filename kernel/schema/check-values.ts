// Whether a value a schema file writes for a field (its `default`) is one the field accepts:
// a default the field would refuse would make every record created without it invalid.
import type { ConfigOptions, FieldSchema } from './types';

const TYPE_OK: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  object: () => false,
  array: () => false,
};
const ARTICLE: Record<string, string> = { integer: 'an integer', object: 'an object', array: 'a list' };

const shortList = (values: unknown[]) =>
  values.length <= 8 ? values.map((v) => JSON.stringify(v)).join(', ') : `${values.slice(0, 8).map((v) => JSON.stringify(v)).join(', ')}, …`;

/** Why the field would refuse the value, in words; undefined when it accepts it. */
export function valueProblem(field: FieldSchema, value: unknown, config: ConfigOptions): string | undefined {
  if (field.type && !TYPE_OK[field.type](value)) {
    return field.type === 'object' || field.type === 'array'
      ? `a ${field.type === 'array' ? 'list' : 'group'} cannot have a default`
      : `must be ${ARTICLE[field.type] ?? `a ${field.type}`}, like the field`;
  }
  if (field.enum && !field.enum.includes(value as string | number)) return `must be one of the field's values (${shortList(field.enum)})`;
  const list = field['x-options'];
  if (list && config[list]) {
    const keys = config[list].items.map((item) => item.key);
    if (!keys.includes(value as string | number)) return `must be a key of ${list} (${shortList(keys)})`;
  }
  if (typeof value === 'number') {
    if (field.minimum !== undefined && value < field.minimum) return `must be at least ${field.minimum}, the field's minimum`;
    if (field.maximum !== undefined && value > field.maximum) return `must be at most ${field.maximum}, the field's maximum`;
  }
  if (typeof value === 'string') {
    if (field.minLength !== undefined && value.length < field.minLength) return `must be at least ${field.minLength} characters long, like the field`;
    if (field.maxLength !== undefined && value.length > field.maxLength) return `must be at most ${field.maxLength} characters long, like the field`;
    if (field.pattern && patternCompiles(field.pattern) && !new RegExp(field.pattern, 'u').test(value)) return `is not written the way the field's pattern asks`;
  }
  return undefined;
}

/** Whether the pattern is a regular expression the validators (which use the u flag) accept. */
export function patternCompiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
