// Values a JSON Schema accepts, as fast-check arbitraries, for the keywords the published document
// uses (type, enum, const, properties/required, items, min/max, multipleOf, lengths, pattern,
// date-time). Whole numbers lean towards small ones so that ids name records that exist.
import fc from 'fast-check';
import type { JsonSchema } from './document';

const DATE_MIN = new Date('2000-01-01T00:00:00Z');
const DATE_MAX = new Date('2040-12-31T23:59:59Z');
/** How long a generated valid string gets at most: long ones belong to the mutations. */
const LONG_ENOUGH = 40;

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);
const decimals = (step: number) => (String(step).split('.')[1] ?? '').length;

function integers(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = num(schema.exclusiveMinimum);
  const exclusiveMax = num(schema.exclusiveMaximum);
  const min = exclusiveMin !== undefined ? Math.floor(exclusiveMin) + 1 : num(schema.minimum);
  const max = exclusiveMax !== undefined ? Math.ceil(exclusiveMax) - 1 : num(schema.maximum);
  const step = num(schema.multipleOf);
  const low = Math.ceil(min ?? Number.MIN_SAFE_INTEGER);
  const high = Math.floor(max ?? Number.MAX_SAFE_INTEGER);
  const within = fc.bigInt({ min: BigInt(low), max: BigInt(high) }).map(Number);
  // Mostly small values where the range holds some (fast-check refuses an empty range).
  const any =
    low <= 200 && high >= 0
      ? fc.oneof(
          { weight: 4, arbitrary: fc.integer({ min: Math.max(low, 0), max: Math.min(high, 200) }) },
          { weight: 1, arbitrary: within },
        )
      : within;
  return step ? any.map((n) => Math.min(high, Math.max(low, Math.round(n / step) * step))).filter((n) => n % step === 0) : any;
}

function numbers(schema: JsonSchema): fc.Arbitrary<number> {
  const step = num(schema.multipleOf);
  const min = num(schema.minimum) ?? num(schema.exclusiveMinimum);
  const max = num(schema.maximum) ?? num(schema.exclusiveMaximum);
  if (step) {
    // A whole number of steps, written with the step's decimals (0.29, not 0.28999999999999998).
    const low = Math.ceil((min ?? -1e9) / step);
    const high = Math.floor((max ?? 1e9) / step);
    return integers({ minimum: low, maximum: high })
      .map((k) => Number((k * step).toFixed(decimals(step))))
      .filter(
        (n) =>
          (schema.exclusiveMinimum === undefined || n > Number(schema.exclusiveMinimum)) &&
          (schema.exclusiveMaximum === undefined || n < Number(schema.exclusiveMaximum)),
      );
  }
  const double = fc.double({
    min: min ?? -1e12,
    max: max ?? 1e12,
    noNaN: true,
    noDefaultInfinity: true,
    minExcluded: schema.exclusiveMinimum !== undefined,
    maxExcluded: schema.exclusiveMaximum !== undefined,
  });
  return min === undefined && max === undefined ? fc.oneof(fc.integer({ min: 0, max: 10 }), double) : double;
}

function strings(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = Math.max(minLength, Math.min(num(schema.maxLength) ?? LONG_ENOUGH, LONG_ENOUGH));
  const fits = (s: string) => [...s].length >= minLength && [...s].length <= (num(schema.maxLength) ?? Infinity);
  if (schema.format === 'date-time') return fc.date({ min: DATE_MIN, max: DATE_MAX, noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date')
    return fc.date({ min: DATE_MIN, max: DATE_MAX, noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter(fits);
    } catch {
      // A pattern fast-check cannot read: plain strings, which the pattern may refuse.
    }
  }
  const constraints = { minLength, maxLength };
  return fc.oneof(
    fc.string({ ...constraints, unit: 'grapheme-ascii' }),
    fc.string({ ...constraints, unit: 'binary' }),
    // Numbers written as text are what people type most: ids, lists of ids, codes.
    fc
      .array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 4 })
      .map((ids) => ids.join(','))
      .filter(fits),
  );
}

function objects(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = ((schema.required ?? []) as string[]).filter((name) => name in properties);
  const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valuesOf(property, depth + 1)]));
  return fc.record(model, { requiredKeys: required });
}

const built = new WeakMap<JsonSchema, Map<number, fc.Arbitrary<unknown>>>();

/** An arbitrary of values `schema` accepts (built once per schema: building is not free). */
export function valuesOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const byDepth = built.get(schema) ?? new Map<number, fc.Arbitrary<unknown>>();
  built.set(schema, byDepth);
  let arbitrary = byDepth.get(depth);
  if (!arbitrary) {
    arbitrary = build(schema, depth);
    byDepth.set(depth, arbitrary);
  }
  return arbitrary;
}

function build(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const combinator of ['oneOf', 'anyOf'] as const) {
    const options = schema[combinator];
    if (Array.isArray(options) && options.length > 0) return fc.oneof(...options.map((option: JsonSchema) => valuesOf(option, depth)));
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => valuesOf({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'integer':
      return integers(schema);
    case 'number':
      return numbers(schema);
    case 'string':
      return strings(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = valuesOf((schema.items ?? {}) as JsonSchema, depth + 1);
      const constraints = {
        minLength: num(schema.minItems) ?? 0,
        maxLength: Math.max(num(schema.minItems) ?? 0, Math.min(num(schema.maxItems) ?? 5, 5)),
      };
      return schema.uniqueItems
        ? fc.uniqueArray(items, { ...constraints, selector: (v) => JSON.stringify(v) })
        : fc.array(items, constraints);
    }
    case 'object':
      return objects(schema, depth);
    default:
      return schema.properties ? objects(schema, depth) : fc.jsonValue({ maxDepth: Math.max(0, 2 - depth) });
  }
}

/** A field of a body schema, by its path from the top. */
export interface FieldPath {
  path: string[];
  schema: JsonSchema;
}

/** The alternatives of a schema: the branches of its anyOf/oneOf (at any depth), or itself. */
export function branches(schema: JsonSchema): JsonSchema[] {
  const options = schema.anyOf ?? schema.oneOf;
  return Array.isArray(options) ? (options as JsonSchema[]).flatMap(branches) : [schema];
}

const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** The JSON Schema types a schema accepts, through its branches, const and enum. */
export function declaredTypes(schema: JsonSchema): string[] {
  const types = new Set<string>();
  for (const branch of branches(schema)) {
    if (Array.isArray(branch.type)) for (const type of branch.type as string[]) types.add(type);
    else if (typeof branch.type === 'string') types.add(branch.type);
    else if ('const' in branch) types.add(jsonType(branch.const));
    else if (Array.isArray(branch.enum)) for (const value of branch.enum) types.add(jsonType(value));
  }
  return [...types];
}

/** The JSON types a schema accepts ('integer' counts as 'number' too). */
export function typesOf(schema: JsonSchema): string[] {
  const types = declaredTypes(schema);
  return types.includes('integer') && !types.includes('number') ? [...types, 'number'] : types;
}

/** The branch of a schema that takes values of a type (the schema itself when none says). */
export function branchOf(schema: JsonSchema, type: string): JsonSchema {
  return branches(schema).find((branch) => typesOf(branch).includes(type)) ?? schema;
}

/** Every field of an object schema at any depth, groups included, each with its schema. */
export function fieldPaths(schema: JsonSchema, prefix: string[] = []): FieldPath[] {
  const properties = (branchOf(schema, 'object').properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).flatMap(([name, property]) => {
    const path = [...prefix, name];
    return [{ path, schema: property }, ...fieldPaths(property, path)];
  });
}
