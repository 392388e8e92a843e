// Deterministic fake records from a resource schema: the same seed always gives the same data,
// so tests and screenshots are stable. `x-fake` hints pick a generator; otherwise the type does.
import { faker } from '@faker-js/faker/locale/en';
import { resolve } from '../schema/registry';
import type { ConfigOptions, FieldSchema, ResourceSchema } from '../schema/types';

/** Dates are generated relative to this day, not today, to stay reproducible. */
export const SEED_DATE = new Date('2026-11-01T08:00:00Z');

type Generator = (...args: string[]) => unknown;

const WELL_FIELDS = ['Su', 'Tao', 'Yan', 'Chang', 'Long', 'Hua'];

const generators: Record<string, Generator> = {
  crewNumber: () => `${faker.helpers.arrayElement(['ZJ', 'CQ', 'XB'])}${faker.number.int({ min: 10000, max: 70999 })}`,
  deviceNumber: () => String(faker.number.int({ min: 1000, max: 9999 })),
  wellName: () =>
    `${faker.helpers.arrayElement(WELL_FIELDS)}${faker.number.int({ min: 10, max: 99 })}-${faker.number.int({ min: 1, max: 99 })}H`,
  phone: () => `1${faker.string.numeric(10)}`,
  int: (min, max) => faker.number.int({ min: Number(min), max: Number(max) }),
  hours: (min, max) => faker.number.float({ min: Number(min), max: Number(max), fractionDigits: 1 }),
};

function fromFaker(path: string): unknown {
  let target: unknown = faker;
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  if (typeof target !== 'function') throw new Error(`x-fake: no faker generator ${path}`);
  const owner = path.split('.').slice(0, -1).reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], faker);
  return (target as (this: unknown) => unknown).call(owner);
}

function fakeValue(root: ResourceSchema, raw: FieldSchema, config: ConfigOptions): unknown {
  const schema = resolve(root, raw);
  const hint = schema['x-fake'];
  if (hint) {
    const [name, ...args] = hint.split(':');
    return generators[name] ? generators[name](...args) : fromFaker(name);
  }
  if (schema['x-options']) return faker.helpers.arrayElement(config[schema['x-options']].items).key;
  if (schema.enum) return faker.helpers.arrayElement(schema.enum);
  switch (schema.type) {
    case 'boolean':
      return faker.datatype.boolean();
    case 'integer':
      return faker.number.int({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000 });
    case 'number':
      return faker.number.float({
        min: schema.minimum ?? 0,
        max: schema.maximum ?? 1000,
        multipleOf: schema.multipleOf,
      });
    case 'object':
      return fakeObject(root, schema, config);
    case 'array':
      return schema.items?.enum
        ? faker.helpers.arrayElements(schema.items.enum, { min: 1, max: schema.items.enum.length })
        : [];
    default:
      if (schema.format === 'date-time') return faker.date.recent({ days: 90, refDate: SEED_DATE }).toISOString();
      return faker.lorem.word();
  }
}

function fakeObject(root: ResourceSchema, schema: FieldSchema, config: ConfigOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (resolve(root, prop).readOnly && !resolve(root, prop)['x-default']) continue;
    out[name] = fakeValue(root, prop, config);
  }
  return out;
}

/** A stable number from a resource name, so each resource has its own seed. */
function seedOf(name: string, seed: number): number {
  let hash = seed;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return Math.abs(hash);
}

export function fakeRecords(schema: ResourceSchema, config: ConfigOptions, seed = 1): Record<string, unknown>[] {
  const plan = schema['x-resource'].seed;
  if (!plan) return [];
  faker.seed(seedOf(schema.$id, seed));
  const records = Array.from({ length: plan.count }, () => fakeObject(schema, schema, config));
  return [...records, ...(plan.fixed ?? [])];
}
