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
  values.length <= 8
    ? values.map((v) => JSON.stringify(v)).join(', ')
    : `${values
        .slice(0, 8)
        .map((v) => JSON.stringify(v))
        .join(', ')}, …`;

/** Why the field would refuse the value, in words; undefined when it accepts it. */
export function valueProblem(field: FieldSchema, value: unknown, config: ConfigOptions): string | undefined {
  if (field.type === 'array' && Array.isArray(value)) return rowsProblem(field, value, config);
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
    if (field.minLength !== undefined && value.length < field.minLength)
      return `must be at least ${field.minLength} characters long, like the field`;
    if (field.maxLength !== undefined && value.length > field.maxLength)
      return `must be at most ${field.maxLength} characters long, like the field`;
    if (field.pattern && patternCompiles(field.pattern) && !new RegExp(field.pattern, 'u').test(value))
      return `is not written the way the field's pattern asks`;
  }
  return undefined;
}

/**
 * Why a list would refuse these rows (a list's default: one service interval per instrument
 * type): as many rows as the list takes, each a value its items accept; rows of objects hold the
 * items' fields, required ones given, and no key of `x-unique-by` twice.
 */
function rowsProblem(field: FieldSchema, rows: unknown[], config: ConfigOptions): string | undefined {
  if (field.minItems !== undefined && rows.length < field.minItems) return `must have at least ${field.minItems} rows, like the field`;
  if (field.maxItems !== undefined && rows.length > field.maxItems) return `must have at most ${field.maxItems} rows, like the field`;
  const props = field.items?.properties ?? {};
  const seen = new Set<unknown>();
  for (const [i, row] of rows.entries()) {
    const at = `row ${i + 1}`;
    if (field.items?.type !== 'object') {
      const problem = field.items ? valueProblem(field.items, row, config) : undefined;
      if (problem) return `${at} ${problem}`;
      continue;
    }
    if (row === null || typeof row !== 'object' || Array.isArray(row)) return `${at} must be an object of the list's fields`;
    const values = row as Record<string, unknown>;
    const unknown = Object.keys(values).find((key) => !Object.hasOwn(props, key));
    if (unknown !== undefined) return `${at}: "${unknown}" is not a field of the list's items`;
    const missing = (field.items?.required ?? []).find((key) => values[key] === undefined);
    if (missing !== undefined) return `${at}: "${missing}" is required`;
    for (const [key, item] of Object.entries(values)) {
      const problem = valueProblem(props[key], item, config);
      if (problem) return `${at}: "${key}" ${problem}`;
    }
    const key = field['x-unique-by'];
    if (key !== undefined) {
      const value = typeof values[key] === 'string' ? (values[key] as string).trim().toLowerCase() : values[key];
      if (seen.has(value)) return `${at}: "${key}" repeats an earlier row's, and x-unique-by allows it once`;
      seen.add(value);
    }
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
