// The store matrix of the suites: memory, SQLite and PostgreSQL. Migrating every table takes
// seconds on PostgreSQL and the demo data takes seconds on every store, so each is done once per
// file and registry, into a template; every test then gets a copy of it:
// - memory: the template's tables copied record by record;
// - SQLite: the template's file copied;
// - PostgreSQL: a schema of its own, migrated once and then reset to the template's rows
//   (tables emptied and filled again, sequences set as the template's) each time it is handed out.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import { seedStore } from '../../kernel/demo/seed';
import type { Registry } from '../../kernel/schema/registry';
import { type Connection, connectSqlite } from '../../server/db/connect';
import { connectPostgres } from '../../server/db/connect-postgres';
import { migrate } from '../../server/db/migrate';
import { MemoryStore } from '../../server/store/memory';
import { SqlStore } from '../../server/store/sql';
import type { Store } from '../../server/store/types';
import { POSTGRES_URL, postgresUnavailable } from './databases';
import { registry as demoRegistry } from './helpers';

/** Why PostgreSQL is left out of the matrix (it cannot be reached), or undefined. */
export const postgresSkip = await postgresUnavailable();

export type StoreName = 'memory' | 'SQLite' | 'PostgreSQL';
export type SqlName = Exclude<StoreName, 'memory'>;

export interface TemplateOptions {
  /** The schemas the tables come from; the product's by default. */
  registry?: Registry;
  /** Whether the copies hold the demo data (seedStore with its defaults); empty tables by default. */
  seeded?: boolean;
}

type MemoryState = NonNullable<ConstructorParameters<typeof MemoryStore>[0]>;

const scratch = mkdtempSync(join(tmpdir(), 'console-stores-'));
let copies = 0;
const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${Date.now().toString(36)}_${(copies++).toString(36)}`;

/**
 * Registries are compared by their content: a suite that makes the same variant of the schemas
 * anew for each test still gets one template.
 */
const contentKeys = new WeakMap<Registry, string>();
function contentKey(registry: Registry): string {
  let key = contentKeys.get(registry);
  if (key === undefined) {
    key = createHash('sha256').update(JSON.stringify(registry)).digest('hex');
    contentKeys.set(registry, key);
  }
  return key;
}

const templates = new Map<string, Promise<unknown>>();
/** Builds each template once, on first use: a file whose tests all skip one store never builds it. */
function cached<V>(kind: string, options: TemplateOptions, build: () => Promise<V>): Promise<V> {
  const key = `${kind} ${options.seeded ? 'seeded' : 'empty'} ${contentKey(options.registry ?? demoRegistry)}`;
  let value = templates.get(key) as Promise<V> | undefined;
  if (!value) {
    value = build();
    templates.set(key, value);
  }
  return value;
}

// ---- memory

function memoryTemplate(options: TemplateOptions): Promise<MemoryState> {
  return cached('memory', options, async () => {
    const state: MemoryState = { tables: new Map(), lastIds: new Map(), queue: Promise.resolve() };
    if (options.seeded) await seedStore(new MemoryStore(state), options.registry ?? demoRegistry);
    await state.queue;
    return state;
  });
}

export async function memoryCopy(options: TemplateOptions = {}): Promise<MemoryStore> {
  const template = await memoryTemplate(options);
  const tables = new Map(
    [...template.tables].map(([name, rows]) => [name, new Map([...rows].map(([id, row]) => [id, structuredClone(row)]))]),
  );
  return new MemoryStore({ tables, lastIds: new Map(template.lastIds), queue: Promise.resolve() });
}

// ---- SQLite

function sqliteTemplate(options: TemplateOptions): Promise<string> {
  return cached('sqlite', options, async () => {
    const registry = options.registry ?? demoRegistry;
    const file = join(scratch, `${uniqueName('template')}.db`);
    const connection = connectSqlite(file);
    await migrate(connection, registry);
    const store = new SqlStore(connection, registry);
    if (options.seeded) await seedStore(store, registry);
    // Closing the last connection folds the write-ahead log into the file: the file alone is the database.
    await store.close();
    return file;
  });
}

/** A migrated (and, if asked, seeded) SQLite database of its own, in a file copied from the template. */
export async function sqliteCopy(options: TemplateOptions = {}): Promise<Connection> {
  const file = join(scratch, `${uniqueName('copy')}.db`);
  copyFileSync(await sqliteTemplate(options), file);
  return connectSqlite(file);
}

// ---- PostgreSQL

interface PostgresTemplate {
  schema: string;
  tables: string[];
  sequences: string[];
  /** Schemas migrated like the template and free to be reset and handed out. */
  free: string[];
}

const madeSchemas: string[] = [];
let adminClient: Promise<pg.Client> | undefined;
function admin(): Promise<pg.Client> {
  adminClient ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    return client;
  })();
  return adminClient;
}

async function migratedSchema(registry: Registry): Promise<string> {
  const schema = uniqueName('t');
  await (await admin()).query(`create schema ${schema}`);
  madeSchemas.push(schema);
  const connection = connectPostgres(POSTGRES_URL, schema);
  try {
    await migrate(connection, registry);
  } finally {
    await connection.db.destroy();
  }
  return schema;
}

function postgresTemplate(options: TemplateOptions): Promise<PostgresTemplate> {
  return cached('postgres', options, async () => {
    const registry = options.registry ?? demoRegistry;
    const schema = await migratedSchema(registry);
    if (options.seeded) {
      const store = new SqlStore(connectPostgres(POSTGRES_URL, schema), registry);
      await seedStore(store, registry);
      await store.close();
    }
    const client = await admin();
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by 1`,
      [schema],
    );
    const sequences = await client.query<{ name: string }>(
      `select sequence_name as name from information_schema.sequences where sequence_schema = $1 order by 1`,
      [schema],
    );
    return { schema, tables: tables.rows.map((r) => r.name), sequences: sequences.rows.map((r) => r.name), free: [] };
  });
}

/** Makes `schema` hold exactly the template's rows, its sequences where the template's are. */
async function resetTo(template: PostgresTemplate, schema: string) {
  const source = (name: string) => `${template.schema}."${name}"`;
  const target = (name: string) => `${schema}."${name}"`;
  // As a replica would: no trigger runs, neither the foreign keys' nor the count signals'. DELETE
  // rather than TRUNCATE: a truncated table's indexes are built anew, each written to disk at once.
  const statements = [
    'begin',
    'set local session_replication_role = replica',
    ...template.tables.map((table) => `delete from ${target(table)}`),
    ...template.tables.map((table) => `insert into ${target(table)} select * from ${source(table)}`),
    ...template.sequences.map((sequence) => `select setval('${target(sequence)}', last_value, is_called) from ${source(sequence)}`),
    'commit',
  ];
  const client = await admin();
  try {
    await client.query(statements.join(';\n'));
  } catch (error) {
    // A statement that failed leaves the transaction open, and the client refusing all else.
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/**
 * Connections to a PostgreSQL schema of their own, migrated (and, if asked, seeded): several are
 * several server instances on one database. The schema goes back to the pool, to be reset for the
 * next test, when every connection is closed (by the store over it).
 */
export async function postgresCopies(count: number, options: TemplateOptions = {}): Promise<Connection[]> {
  const template = await postgresTemplate(options);
  const schema = template.free.pop() ?? (await migratedSchema(options.registry ?? demoRegistry));
  await resetTo(template, schema);
  let open = count;
  return Array.from({ length: count }, () => {
    const connection = connectPostgres(POSTGRES_URL, schema);
    const destroy = connection.db.destroy.bind(connection.db);
    let closed = false;
    connection.db.destroy = async () => {
      await destroy();
      if (closed) return;
      closed = true;
      if (--open === 0) template.free.push(schema);
    };
    return connection;
  });
}

/** A PostgreSQL schema of its own, migrated (and, if asked, seeded), and the connection to it. */
export async function postgresCopy(options: TemplateOptions = {}): Promise<Connection> {
  const [connection] = await postgresCopies(1, options);
  return connection;
}

/** Drops every schema this file made; registered for every file that uses the matrix. */
afterAll(async () => {
  if (!adminClient) return;
  const client = await adminClient;
  adminClient = undefined;
  for (const schema of madeSchemas.splice(0)) await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
});

// ---- the matrix

/** A migrated (and, if asked, seeded) database of its own, on the SQL store named. */
export function sqlCopy(name: SqlName, options: TemplateOptions = {}): Promise<Connection> {
  return name === 'SQLite' ? sqliteCopy(options) : postgresCopy(options);
}

/** A store over a copy of the template, on the store named. */
export async function storeCopy(name: StoreName, options: TemplateOptions = {}): Promise<Store> {
  if (name === 'memory') return memoryCopy(options);
  return new SqlStore(await sqlCopy(name, options), options.registry ?? demoRegistry);
}

/** The stores to run a suite on: memory, SQLite and, when it can be reached, PostgreSQL. */
export function storeNames(): StoreName[] {
  return postgresSkip ? ['memory', 'SQLite'] : ['memory', 'SQLite', 'PostgreSQL'];
}

/** The SQL stores to run a suite on: SQLite and, when it can be reached, PostgreSQL. */
export function sqlNames(): SqlName[] {
  return postgresSkip ? ['SQLite'] : ['SQLite', 'PostgreSQL'];
}

/** `[name, make a store]` for describe.each, on every store of storeNames(). */
export function storeMatrix(options: TemplateOptions = {}): [StoreName, () => Promise<Store>][] {
  return storeNames().map((name) => [name, () => storeCopy(name, options)]);
}

/** `[name, make a connection]` for describe.each, on every SQL store of sqlNames(). */
export function databaseMatrix(options: TemplateOptions = {}): [SqlName, () => Promise<Connection>][] {
  return sqlNames().map((name) => [name, () => sqlCopy(name, options)]);
}
