// Fresh databases for the store suites: a temporary SQLite file, or a PostgreSQL schema of its own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connectSqlite, type Connection } from '../../server/db/connect';
import { connectPostgres } from '../../server/db/connect-postgres';

export const POSTGRES_URL = process.env.DATABASE_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function freshSqlite(): Connection {
  return connectSqlite(join(mkdtempSync(join(tmpdir(), 'console-db-')), 'console.db'));
}

/** Why PostgreSQL cannot be used here, or undefined when it can. */
export async function postgresUnavailable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return `${POSTGRES_URL}: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const schemas: string[] = [];

export async function freshPostgres(): Promise<Connection> {
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  schemas.push(schema);
  return connectPostgres(POSTGRES_URL, schema);
}

/** Two connections to one fresh PostgreSQL schema: two server instances on one database. */
export async function freshPostgresPair(): Promise<[Connection, Connection]> {
  const first = await freshPostgres();
  return [first, connectPostgres(POSTGRES_URL, schemas[schemas.length - 1])];
}

/** Drops the schemas freshPostgres made. */
export async function dropPostgresSchemas() {
  if (schemas.length === 0) return;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  for (const schema of schemas.splice(0)) await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}
