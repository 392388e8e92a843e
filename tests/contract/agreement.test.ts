// The three stores answer alike: the same records put into memory, SQLite and PostgreSQL give
// the same rows, in the same order, and the same totals, for random list queries over every
// real schema and over a fixture schema with one field of every kind. Text includes what
// tends to split stores apart: case, accents, CJK, emoji, code points past the surrogates,
// LIKE wildcards, empty and absent values.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Condition, ListQuery } from '../../kernel/schema/query';
import { type Registry, field, properties, resolve } from '../../kernel/schema/registry';
import type { FieldSchema, FilterSpec, ResourceSchema } from '../../kernel/schema/types';
import type { Connection } from '../../server/db/connect';
import { openSqlStore } from '../../server/db/open';
import { MemoryStore } from '../../server/store/memory';
import type { Store } from '../../server/store/types';
import { dropPostgresSchemas, freshPostgres, freshSqlite, postgresUnavailable } from './databases';
import { registry } from './helpers';
import { keptByAccounts } from '../../kernel/schema/access';

const unavailable = await postgresUnavailable();
if (unavailable) console.warn(`The agreement test compares memory and SQLite only: PostgreSQL is not reachable (${unavailable})`);

/** A schema with a field of every kind, all of them optional, and every filter operator. */
const fixture: ResourceSchema = {
  $id: 'fixture',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string' },
    code: { type: 'string' },
    rank: { type: 'integer' },
    score: { type: 'number' },
    active: { type: 'boolean' },
    owner: { $ref: '#/definitions/contact' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  definitions: {
    contact: { type: 'object', properties: { name: { type: 'string' }, phone: { type: 'string' }, age: { type: 'integer' } } },
  },
  'x-resource': {
    endpoints: {},
    list: {
      columns: ['id', 'name'],
      sortable: ['id', 'name', 'code', 'rank', 'score', 'active'],
      sort: { field: 'id', order: 'ASC' },
      perPage: 10,
    },
    filters: [
      { param: 'name', field: 'name', op: 'eq' },
      { param: 'nameHas', field: 'name', op: 'contains' },
      { param: 'codeFrom', field: 'code', op: 'gte' },
      { param: 'codeTo', field: 'code', op: 'lte' },
      { param: 'rank', field: 'rank', op: 'eq' },
      { param: 'rankFrom', field: 'rank', op: 'gte' },
      { param: 'rankTo', field: 'rank', op: 'lte' },
      { param: 'score', field: 'score', op: 'eq' },
      { param: 'scoreFrom', field: 'score', op: 'gte' },
      { param: 'scoreTo', field: 'score', op: 'lte' },
      { param: 'active', field: 'active', op: 'eq' },
      { param: 'ownerHas', field: 'owner.name', op: 'contains' },
    ],
    recordRepresentation: 'name',
    search: ['name', 'code', 'owner.name', 'owner.phone', 'rank'],
  },
};

/** Characters the stores may disagree on: case pairs in and out of ASCII, LIKE wildcards, code points past the surrogates. */
const pairs = [...'aAéÉßẞiIİıkKKωΩ%_\\中😀\ue000'];
const others = [...'bBzZeèǅǆ文日😃👍🏽 -09Ａａ\u00a0\uffee\ufffd', 'e\u0301'];
/** Short texts from few characters, so that values collide, share prefixes, tie and contain one another. */
const shortText = fc.string({
  unit: fc.oneof({ arbitrary: fc.constantFrom(...pairs), weight: 3 }, fc.constantFrom(...others)),
  maxLength: 4,
});
/** What `contains` and `search` look for. */
const needle = fc.string({ unit: fc.constantFrom(...pairs), maxLength: 2 });
// Neither database takes NUL or a lone surrogate.
const anyText = fc.string({ unit: 'grapheme', maxLength: 6 }).filter((s) => !/\p{Cs}|\0/u.test(s));
const text = fc.oneof({ arbitrary: shortText, weight: 4 }, { arbitrary: anyText, weight: 1 });
const integer = fc.oneof(
  { arbitrary: fc.integer({ min: -3, max: 3 }), weight: 3 },
  { arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), weight: 1 },
);
const number = fc.oneof(
  { arbitrary: fc.integer({ min: -3, max: 3 }), weight: 3 },
  { arbitrary: fc.constantFrom(0.5, -0, 0.1 + 0.2, 1e-300, 5e-324, Number.MAX_VALUE, -1.5), weight: 1 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
);

function valueOf(root: ResourceSchema, raw: FieldSchema): fc.Arbitrary<unknown> {
  const schema = resolve(root, raw);
  switch (schema.type) {
    case 'integer':
      return integer;
    case 'number':
      return number;
    case 'boolean':
      return fc.boolean();
    case 'object': {
      const members = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, valueOf(root, v)]));
      return fc.record(members, { requiredKeys: [] });
    }
    case 'array':
      return fc.array(schema.items ? valueOf(root, schema.items) : text, { maxLength: 3 });
    default:
      return text;
  }
}

/** Records, any field of which may be absent or null; no two share the values of a unique set. */
function recordsOf(schema: ResourceSchema): fc.Arbitrary<Record<string, unknown>[]> {
  const record = fc.record(
    Object.fromEntries(
      Object.entries(properties(schema))
        .filter(([name]) => name !== 'id')
        .map(([name, prop]) => [
          name,
          fc.oneof({ arbitrary: valueOf(schema, prop), weight: 4 }, { arbitrary: fc.constantFrom(undefined, null), weight: 1 }),
        ]),
    ),
    { requiredKeys: [] },
  );
  const uniques = schema['x-resource'].unique ?? [];
  return fc.array(record, { maxLength: 25 }).map((records) => {
    const seen = new Set<string>();
    return records.filter((r) => {
      // A set with a field left empty clashes with nothing, as in SQL.
      const keys = uniques.filter((set) => set.every((f) => r[f] != null)).map((set) => JSON.stringify(set.map((f) => [f, r[f]])));
      if (keys.some((k) => seen.has(k))) return false;
      keys.forEach((k) => seen.add(k));
      return true;
    });
  });
}

/** A value to look for in a field: of its type mostly, sometimes as the text a query string would carry. */
function wanted(schema: ResourceSchema, path: string): fc.Arbitrary<string | number | boolean> {
  const type = path === 'id' ? 'integer' : field(schema, path)?.schema.type;
  if (type === 'boolean') return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false'));
  if (type === 'integer' || type === 'number') {
    const n = type === 'integer' ? fc.oneof(integer, fc.double({ min: -4, max: 4, noNaN: true })) : number;
    return fc.oneof({ arbitrary: n, weight: 4 }, { arbitrary: n.map(String), weight: 1 });
  }
  return shortText;
}

function conditionOf(schema: ResourceSchema, filter: FilterSpec): fc.Arbitrary<Condition> {
  if (filter.op === 'contains') return needle.map((value) => ({ field: filter.field, op: 'contains', value }));
  const value = wanted(schema, filter.field);
  if (filter.op !== 'eq') return value.map((v) => ({ field: filter.field, op: filter.op, value: v }));
  return fc.oneof(
    value.map((v) => ({ field: filter.field, op: 'eq' as const, value: v })),
    fc.array(value, { maxLength: 3 }).map((vs) => ({ field: filter.field, op: 'in' as const, value: vs as (string | number)[] })),
  );
}

function queryOf(schema: ResourceSchema): fc.Arbitrary<ListQuery> {
  const meta = schema['x-resource'];
  const conditions: fc.Arbitrary<Condition>[] = [
    ...meta.filters.map((f) => conditionOf(schema, f)),
    fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 5 }).map((ids): Condition => ({ field: 'id', op: 'in', value: ids })),
  ];
  if (meta.search?.length) conditions.push(needle.map((value): Condition => ({ op: 'search', fields: meta.search!, value })));
  return fc.record({
    conditions: fc.array(fc.oneof(...conditions), { maxLength: 3 }),
    sort: fc.record({ field: fc.constantFrom(...meta.list.sortable), order: fc.constantFrom('ASC' as const, 'DESC' as const) }),
    page: fc.integer({ min: 1, max: 4 }),
    limit: fc.integer({ min: 1, max: 12 }),
  });
}

/** Every schema whose records a store keeps (the accounts are the accounts' own), and the fixture. */
const schemas = [...Object.values(registry.resources).filter((schema) => !keptByAccounts(schema)), fixture];
const everything: Registry = { ...registry, resources: Object.fromEntries(schemas.map((s) => [s.$id, s])) };

/** One database of each kind for every schema, emptied before each run. */
const databases: { name: string; connection: Connection; store: Awaited<ReturnType<typeof openSqlStore>> }[] = [];
beforeAll(async () => {
  const connections = [['SQLite', freshSqlite()] as const, ...(unavailable ? [] : [['PostgreSQL', await freshPostgres()] as const])];
  for (const [name, connection] of connections) {
    // Nothing here needs to survive a power cut: SQLite may skip waiting for the disk.
    connection.sqlite?.pragma('synchronous = OFF');
    databases.push({ name, connection, store: await openSqlStore(connection, everything) });
  }
}, 60_000);
afterAll(async () => {
  for (const { store } of databases) await store.close();
  await dropPostgresSchemas();
});

/**
 * Deletes every record of a table, its ids starting again at 1. The rows go behind the store's
 * back (through its own connection, which no notification or data version reports), so its
 * remembered counts are dropped by hand.
 */
const empty = async ({ connection, store }: (typeof databases)[number], table: string) => {
  await connection.db.transaction().execute(async (trx) => {
    await trx.deleteFrom(table).execute();
    await (
      connection.dialect === 'postgres'
        ? sql`select setval(pg_get_serial_sequence(${table}, 'id'), 1, false)`
        : sql`delete from sqlite_sequence where name = ${table}`
    ).execute(trx);
  });
  store.forgetCounts();
};

const fill = (store: Store, resource: string, records: Record<string, unknown>[]) =>
  store.transaction(async (tx) => {
    for (const record of records) await tx.insert(resource, record);
  });

describe('memory, SQLite and PostgreSQL agree on every list', () => {
  it.each(schemas.map((s) => [s.$id, s] as const))('%s', { timeout: 60_000 }, async (name, schema) => {
    await fc.assert(
      fc.asyncProperty(recordsOf(schema), fc.array(queryOf(schema), { minLength: 1, maxLength: 10 }), async (records, queries) => {
        const memory = new MemoryStore();
        await fill(memory, name, records);
        for (const database of databases) {
          await empty(database, name);
          await fill(database.store, name, records);
        }
        const all = { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 100 } satisfies ListQuery;
        for (const query of [all, ...queries]) {
          const expected = await memory.list(name, query);
          const ids = await memory.findIds(name, query.conditions);
          expect(await memory.count(name, query.conditions)).toBe(expected.total);
          for (const { name: storeName, store } of databases) {
            const why = `${storeName} ≠ memory for ${JSON.stringify(query)}`;
            expect(await store.list(name, query), why).toStrictEqual(expected);
            expect(await store.count(name, query.conditions), why).toBe(expected.total);
            expect(await store.findIds(name, query.conditions), why).toEqual(ids);
          }
        }
      }),
      // A fixed seed in `npm test` (PROPERTY_SEED to try others): a failure is the same on every run.
      { numRuns: name === 'fixture' ? 40 : 10, seed: Number(process.env.PROPERTY_SEED ?? 20261127) },
    );
  });
});
