// Deterministic fake records from a resource schema: the same seed always gives the same data,
// so tests and screenshots are stable. `x-fake` hints pick a generator; otherwise the type does.
// A field that points at other records (`x-ref`, a dictionary list) takes one of the values it is
// handed: the demo data inserts the records pointed at first (see seed.ts).
import { faker } from '@faker-js/faker/locale/en';
import { dictionaryCode } from '../schema/dictionary';
import { resolve } from '../schema/registry';
import type { ConfigOptions, FieldSchema, ResourceSchema } from '../schema/types';

/** Dates are generated relative to this day, not today, to stay reproducible. */
export const SEED_DATE = new Date('2026-11-01T08:00:00Z');

/** What a fake value may point at. Both default to nothing: such a field is then left out (or refused when required). */
export interface FakeRefs {
  /** The ids of the existing records of a resource: an `x-ref` field picks one. */
  ids?: (resource: string) => readonly number[];
  /** The keys of a dictionary list: a `dict:<code>` field picks one. */
  dictionaryKeys?: (code: string) => readonly string[];
}

/** A generator gets the hint's arguments and the field it fills. */
type Generator = (args: string[], field: FieldSchema) => unknown;

const WELL_FIELDS = ['Su', 'Tao', 'Yan', 'Chang', 'Long', 'Hua'];

/** The `min:max` of a hint, refused unless both are numbers in order. */
function range(args: string[]): { min: number; max: number } {
  const [min, max] = args.map(Number);
  if (args.length !== 2 || !Number.isFinite(min) || !Number.isFinite(max) || min > max) {
    throw new Error(`needs two numbers, min:max (got "${args.join(':')}")`);
  }
  return { min, max };
}

const generators: Record<string, Generator> = {
  crewNumber: () => `${faker.helpers.arrayElement(['ZJ', 'CQ', 'XB'])}${faker.number.int({ min: 10000, max: 70999 })}`,
  deviceNumber: () => String(faker.number.int({ min: 1000, max: 9999 })),
  wellName: () =>
    `${faker.helpers.arrayElement(WELL_FIELDS)}${faker.number.int({ min: 10, max: 99 })}-${faker.number.int({ min: 1, max: 99 })}H`,
  phone: () => `1${faker.string.numeric(10)}`,
  int: (args) => faker.number.int(range(args)),
  hours: (args) => faker.number.float({ ...range(args), fractionDigits: 1 }),
  // Two decimals, or the field's own step when it is coarser (a value must stay a multiple of it).
  decimal: (args, field) => faker.number.float({ ...range(args), multipleOf: Math.max(field.multipleOf ?? 0, 0.01) }),
};

/**
 * Our generators, with how many arguments each takes: all numbers, two being a `min:max` range.
 * The schema check refuses a hint that names no generator here (nor a faker path) or miscounts.
 */
export const GENERATOR_ARGS: Readonly<Record<string, number>> = {
  crewNumber: 0,
  deviceNumber: 0,
  wellName: 0,
  phone: 0,
  int: 2,
  hours: 2,
  decimal: 2,
};

function fromFaker(path: string): unknown {
  let target: unknown = faker;
  for (const part of path.split('.')) target = (target as Record<string, unknown> | undefined)?.[part];
  if (typeof target !== 'function') throw new Error(`no generator "${path}" (ours, or a faker path such as person.fullName)`);
  const owner = path.split('.').slice(0, -1).reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], faker);
  return (target as (this: unknown) => unknown).call(owner);
}

function fromHint(hint: string, field: FieldSchema): unknown {
  const [name, ...args] = hint.split(':');
  if (generators[name]) return generators[name](args, field);
  if (args.length) throw new Error(`no generator "${name}" taking arguments`);
  return fromFaker(name);
}

/** One leaf value; `undefined` when a field points at records and there are none to point at. */
function fakeLeaf(schema: FieldSchema, config: ConfigOptions, refs: FakeRefs): unknown {
  const pick = <T>(values: readonly T[]) => (values.length ? faker.helpers.arrayElement(values) : undefined);
  if (schema['x-ref']) return pick(refs.ids?.(schema['x-ref']) ?? []);
  const code = dictionaryCode(schema);
  if (code !== undefined) return pick(refs.dictionaryKeys?.(code) ?? []);
  const hint = schema['x-fake'];
  if (hint) return fromHint(hint, schema);
  if (schema['x-options']) return faker.helpers.arrayElement(config[schema['x-options']].items).key;
  if (schema.enum) return faker.helpers.arrayElement(schema.enum);
  switch (schema.type) {
    case 'boolean':
      // Random even when the field has a default: the demo should show both values.
      return faker.datatype.boolean();
    case 'integer':
      return faker.number.int({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000 });
    case 'number':
      return faker.number.float({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000, multipleOf: schema.multipleOf });
    case 'array':
      return schema.items?.enum ? faker.helpers.arrayElements(schema.items.enum, { min: 1, max: schema.items.enum.length }) : [];
    default:
      if (schema.format === 'date-time') return faker.date.recent({ days: 90, refDate: SEED_DATE }).toISOString();
      if (schema.format === 'date') return faker.date.recent({ days: 90, refDate: SEED_DATE }).toISOString().slice(0, 10);
      return faker.lorem.word();
  }
}

function fakeObject(root: ResourceSchema, schema: FieldSchema, config: ConfigOptions, refs: FakeRefs, prefix: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const prop = resolve(root, raw);
    if (prop.readOnly && !prop['x-default']) continue;
    const path = prefix + name;
    if (prop.type === 'object') {
      out[name] = fakeObject(root, prop, config, refs, `${path}.`);
      continue;
    }
    let value: unknown;
    try {
      value = fakeLeaf(prop, config, refs);
    } catch (error) {
      const hint = prop['x-fake'] ? ` (x-fake "${prop['x-fake']}")` : '';
      throw new Error(`Demo data of ${root.$id}: field ${path}${hint}: ${(error as Error).message}`);
    }
    if (value !== undefined) out[name] = value;
    else if (schema.required?.includes(name)) {
      const target = prop['x-ref'] ? `records of ${prop['x-ref']}` : `items in the dictionary list "${dictionaryCode(prop)}"`;
      throw new Error(`Demo data of ${root.$id}: field ${path} is required, but there are no ${target} to point at`);
    }
  }
  return out;
}

/** A stable number from a resource name, so each resource has its own seed. */
function seedOf(name: string, seed: number): number {
  let hash = seed;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return Math.abs(hash);
}

/** The demo records of a resource: `seed.count` generated ones, then the `seed.fixed` ones as they are written. */
export function fakeRecords(schema: ResourceSchema, config: ConfigOptions, seed = 1, refs: FakeRefs = {}): Record<string, unknown>[] {
  const plan = schema['x-resource'].seed;
  if (!plan) return [];
  faker.seed(seedOf(schema.$id, seed));
  const records = Array.from({ length: plan.count }, () => fakeObject(schema, schema, config, refs, ''));
  return [...records, ...structuredClone(plan.fixed ?? [])];
}

/**
 * Makes one record of the resource, pointing at stand-in ids, to throw on a broken hint: every
 * record fills every field, so one is enough to find a mistake of the schema, cheaply.
 */
export function checkFake(schema: ResourceSchema, config: ConfigOptions): void {
  if (schema['x-resource'].seed) fakeObject(schema, schema, config, { ids: () => [1], dictionaryKeys: () => ['key'] }, '');
}
