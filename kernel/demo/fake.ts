// Deterministic fake records from a resource schema: the same seed always gives the same data,
// so tests and screenshots are stable. `x-fake` hints pick a generator (generators.ts); otherwise
// the type does. A field that points at other records (`x-ref`, a dictionary list) takes one of
// the values it is handed: the demo data inserts the records pointed at first (see seed.ts).
//
// Records are made in groups: the records of one parent when the plan shares them among parents
// (`seed.perParent`), else all of them. A group is made newest first, so that a `before` hint
// counts back from the seed date, and comes out oldest first, as the records are stored.
import { PERIOD_TYPES, type PeriodType, periodFields } from '../schedule/period';
import { periodTypeField } from '../schedule/record';
import { PERIOD_PARTS } from '../schema/types';
import { faker } from '@faker-js/faker/locale/en';
import { dictionaryCode } from '../schema/dictionary';
import { fields, getPath } from '../schema/registry';
import type { ConfigOptions, Field, FieldSchema, ResourceSchema, SeedPlan } from '../schema/types';
import { type Making, SEED_DATE, fromHint, madeFrom } from './generators';

export { GENERATOR_ARGS, RELATIVE_FORMS, SEED_DATE } from './generators';

/** What a fake value may point at. All default to nothing: such a field is then left out (or refused when required). */
export interface FakeRefs {
  /** The ids of the existing records of a resource: an `x-ref` field picks one. */
  ids?: (resource: string) => readonly number[];
  /** The keys of a dictionary list: a `dict:<code>` field picks one. */
  dictionaryKeys?: (code: string) => readonly string[];
  /** A record of a resource by id: what a `parent:` hint reads its parent from. */
  record?: (resource: string, id: number) => Record<string, unknown> | undefined;
}

/** How many times a record is made again when it repeats a unique value of an earlier one. */
const UNIQUE_TRIES = 20;

const pick = <T>(values: readonly T[]) => (values.length ? faker.helpers.arrayElement(values) : undefined);

/** One leaf value; `undefined` when a field points at records and there are none to point at. */
function fakeLeaf(schema: FieldSchema, refs: FakeRefs, making: Making): unknown {
  if (schema['x-ref']) {
    const ids = refs.ids?.(schema['x-ref']) ?? [];
    return schema['x-fake'] === 'spread' && making.deal ? making.deal(schema, ids) : pick(ids);
  }
  const code = dictionaryCode(schema);
  if (code !== undefined) return pick(refs.dictionaryKeys?.(code) ?? []);
  const hint = schema['x-fake'];
  if (hint) return fromHint(hint, schema, making);
  if (schema['x-options']) return faker.helpers.arrayElement(making.config[schema['x-options']].items).key;
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

const orders = new WeakMap<ResourceSchema, Field[]>();

/**
 * The fields the demo data makes, in the order it makes them: schema order, except that a field
 * made from another (`offset:<field>`) comes after it. Server-owned fields are left to the server.
 */
function makingOrder(root: ResourceSchema): Field[] {
  const cached = orders.get(root);
  if (cached) return cached;
  const made = fields(root).filter(({ schema }) => !(schema.readOnly && !schema['x-default']) && !schema['x-computed']);
  const byPath = new Map(made.map((f) => [f.path, f]));
  const order: Field[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (f: Field, chain: string[]) => {
    if (state.get(f.path) === 'done') return;
    if (state.get(f.path) === 'visiting')
      throw new Error(`Demo data of ${root.$id}: ${[...chain, f.path].join(' → ')} are made from one another in a circle`);
    state.set(f.path, 'visiting');
    const source = byPath.get(madeFrom(f.schema['x-fake']) ?? '');
    if (source) visit(source, [...chain, f.path]);
    state.set(f.path, 'done');
    order.push(f);
  };
  for (const f of made) visit(f, []);
  orders.set(root, order);
  return order;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const dot = path.indexOf('.');
  if (dot < 0) target[path] = value;
  else setPath((target[path.slice(0, dot)] ??= {}) as Record<string, unknown>, path.slice(dot + 1), value);
}

function deletePath(target: Record<string, unknown>, path: string) {
  const parts = path.split('.');
  const owner = parts.length === 1 ? target : getPath(target, parts.slice(0, -1).join('.'));
  if (owner && typeof owner === 'object') delete (owner as Record<string, unknown>)[parts[parts.length - 1]];
}

/** A field that `x-rules` require only while others hold given values is made only then (a failure reason only for a failed run). */
function dropUnmetConditions(root: ResourceSchema, record: Record<string, unknown>) {
  for (const rule of root['x-rules'] ?? []) {
    if (!rule.requiredWhen) continue;
    const met = Object.entries(rule.requiredWhen).every(([path, value]) => getPath(record, path) === value);
    if (!met) deletePath(record, rule.field);
  }
}

/** A scheduled job's period made one that runs: the parts its type uses brought into their ranges, the others left out. */
function fitPeriod(root: ResourceSchema, record: Record<string, unknown>) {
  const typeField = periodTypeField(root);
  const type = typeField ? record[typeField] : undefined;
  if (!(PERIOD_TYPES as readonly unknown[]).includes(type)) return;
  const used = periodFields(type as PeriodType);
  for (const part of PERIOD_PARTS) if (!used.some((u) => u.field === part)) delete record[part];
  for (const { field, min, max } of used) {
    const value = record[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) record[field] = min;
  }
}

/** One record: `preset` values kept as given, every other field made in making order. */
function makeRecord(root: ResourceSchema, refs: FakeRefs, making: Omit<Making, 'record'>, preset: Record<string, unknown> = {}) {
  const record: Record<string, unknown> = { ...preset };
  const context = { ...making, record };
  for (const { path, schema, required } of makingOrder(root)) {
    if (Object.hasOwn(preset, path)) continue;
    let value: unknown;
    try {
      value = fakeLeaf(schema, refs, context);
    } catch (error) {
      const hint = schema['x-fake'] ? ` (x-fake "${schema['x-fake']}")` : '';
      throw new Error(`Demo data of ${root.$id}: field ${path}${hint}: ${(error as Error).message}`);
    }
    if (value !== undefined) setPath(record, path, value);
    else if (required) {
      const target = schema['x-ref']
        ? `records of ${schema['x-ref']}`
        : dictionaryCode(schema) !== undefined
          ? `items in the dictionary list "${dictionaryCode(schema)}"`
          : undefined;
      throw new Error(
        `Demo data of ${root.$id}: field ${path} is required, but ${target ? `there are no ${target} to point at` : `its x-fake "${schema['x-fake']}" made no value`}`,
      );
    }
  }
  dropUnmetConditions(root, record);
  fitPeriod(root, record);
  return record;
}

/** Makes records again while one repeats the values an earlier record has in a unique (or distinct) set of fields. */
function uniqueKeeper(root: ResourceSchema) {
  const sets = [...(root['x-resource'].unique ?? []), ...(root['x-resource'].seed?.distinct ?? [])];
  const used = sets.map(() => new Set<string>());
  return (make: () => Record<string, unknown>) => {
    for (let attempt = 1; ; attempt++) {
      const record = make();
      const keys = sets.map((set) => (set.some((f) => record[f] === undefined) ? undefined : JSON.stringify(set.map((f) => record[f]))));
      const clash = keys.findIndex((key, i) => key !== undefined && used[i].has(key));
      if (clash < 0) {
        keys.forEach((key, i) => key !== undefined && used[i].add(key));
        return record;
      }
      if (attempt === UNIQUE_TRIES)
        throw new Error(
          `Demo data of ${root.$id}: ${UNIQUE_TRIES} records in a row repeat an earlier one's ${sets[clash].join(' and ')}; its x-fake makes too few different values`,
        );
    }
  };
}

/** A group of records, each made knowing the one made before it; returned oldest first. */
function makeGroup(size: number, make: (previous?: Record<string, unknown>) => Record<string, unknown>): Record<string, unknown>[] {
  const made: Record<string, unknown>[] = [];
  for (let i = 0; i < size; i++) made.push(make(made[made.length - 1]));
  return made.reverse();
}

/**
 * How many records each parent gets: from min to max each, `total` in all, or as near to it as
 * the bounds allow when the parents are fewer or more than the plan counted on.
 */
function shares(total: number, parents: number, [min, max]: [number, number]): number[] {
  if (parents === 0) return [];
  const target = Math.min(Math.max(total, parents * min), parents * max);
  const sizes = Array.from({ length: parents }, () => faker.number.int({ min, max }));
  let sum = sizes.reduce((a, b) => a + b, 0);
  while (sum !== target) {
    const i = faker.number.int({ min: 0, max: parents - 1 });
    const step = sum < target ? (sizes[i] < max ? 1 : 0) : sizes[i] > min ? -1 : 0;
    sizes[i] += step;
    sum += step;
  }
  return sizes;
}

/** Deals the ids of each `spread` field from a shuffled deck, dealt anew when it runs out. */
function dealer(): NonNullable<Making['deal']> {
  const decks = new Map<FieldSchema, number[]>();
  return (field, ids) => {
    let deck = decks.get(field);
    if (!deck?.length) decks.set(field, (deck = faker.helpers.shuffle([...ids])));
    return deck.pop();
  };
}

/** A stable number from a resource (or generator) name, so each has its own seed. */
export function seedOf(name: string, seed: number): number {
  let hash = seed;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return Math.abs(hash);
}

/** The generated records of a plan, shared among parents when it says so. */
function generated(schema: ResourceSchema, plan: SeedPlan, config: ConfigOptions, refs: FakeRefs): Record<string, unknown>[] {
  const keepUnique = uniqueKeeper(schema);
  const parent = schema['x-resource'].parent;
  const deal = dealer();
  if (!plan.perParent || !parent) {
    return makeGroup(plan.count, (previous) => keepUnique(() => makeRecord(schema, refs, { config, previous, deal })));
  }
  const ids = refs.ids?.(parent.resource) ?? [];
  const share = plan.parentShare ?? 1;
  const chosen = share >= 1 ? [...ids] : faker.helpers.arrayElements(ids, Math.round(share * ids.length)).sort((a, b) => a - b);
  const sizes = shares(plan.count, chosen.length, plan.perParent);
  return chosen.flatMap((id, i) => {
    const making = { config, deal, parent: refs.record?.(parent.resource, id) };
    return makeGroup(sizes[i], (previous) => keepUnique(() => makeRecord(schema, refs, { ...making, previous }, { [parent.field]: id })));
  });
}

/**
 * The demo records of a resource: `seed.count` generated ones, then the `seed.fixed` ones as they
 * are written. None for a plan that names a generator: that generator makes them (seed.ts).
 */
export function fakeRecords(schema: ResourceSchema, config: ConfigOptions, seed = 1, refs: FakeRefs = {}): Record<string, unknown>[] {
  const plan = schema['x-resource'].seed;
  if (!plan || plan.generator) return [];
  faker.seed(seedOf(schema.$id, seed));
  return [...generated(schema, plan, config, refs), ...structuredClone(plan.fixed ?? [])];
}

/** Whether the demo data of the resource reads its parent records (a `parent:` hint in a plan shared among parents). */
export function readsParents(schema: ResourceSchema): boolean {
  return Boolean(schema['x-resource'].seed?.perParent) && fields(schema).some((f) => f.schema['x-fake']?.startsWith('parent:'));
}

/**
 * Makes one record of the resource, pointing at stand-in ids, to throw on a broken hint: every
 * record fills every field, so one is enough to find a mistake of the schema, cheaply.
 */
export function checkFake(schema: ResourceSchema, config: ConfigOptions): void {
  if (schema['x-resource'].seed) makeRecord(schema, { ids: () => [1], dictionaryKeys: () => ['key'] }, { config });
}

/**
 * A record as a client would send it, for the examples of the published API document: made as
 * demo data is, its references pointing at the stand-in id 1 and its dictionary fields at the
 * given keys. The same on every call.
 */
export function exampleRecord(
  schema: ResourceSchema,
  config: ConfigOptions,
  dictionaryKeys: (code: string) => readonly string[],
  attempt = 1,
): Record<string, unknown> {
  faker.seed(seedOf(schema.$id, attempt));
  return makeRecord(schema, { ids: () => [1], dictionaryKeys }, { config });
}
