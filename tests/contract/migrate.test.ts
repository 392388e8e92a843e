// Migrations from the schemas: tables created once, a new schema field becomes a new column,
// each step recorded, a second run does nothing — on SQLite and PostgreSQL.
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Connection } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';
import { SqlStore } from '../../server/store/sql';
import { parseLegacyQuery } from '../../kernel/schema/query';
import type { ResourceSchema } from '../../kernel/schema/types';
import { dropPostgresSchemas, freshPostgres, freshSqlite, postgresUnavailable } from './databases';
import { registry } from './helpers';

const unavailable = await postgresUnavailable();
const databases: [string, () => Promise<Connection>][] = [['SQLite', async () => freshSqlite()]];
if (!unavailable) databases.push(['PostgreSQL', freshPostgres]);
afterAll(dropPostgresSchemas);

describe.each(databases)('migrations on %s', (_name, connect) => {
  it('create every table once and record each step', async () => {
    const connection = await connect();
    const first = await migrate(connection, registry);
    expect(first).toEqual(expect.arrayContaining(['create app_accounts', 'create crew', 'create device', 'index device.type+hour', 'index crew.teamNumber']));
    expect(await migrate(connection, registry)).toEqual([]);
    const recorded = await connection.db.selectFrom('app_migrations').select('name').execute();
    expect(recorded.map((r) => r.name).sort()).toEqual([...first].sort());
    await connection.db.destroy();
  });

  it('add a column for a new schema field, keeping the records', async () => {
    const connection = await connect();
    await migrate(connection, registry);
    const store = new SqlStore(connection, registry);
    const crew = await store.insert('crew', { teamNumber: 'ZJ9', leader: { name: 'Li' } });

    const grown = structuredClone(registry);
    const schema = grown.resources.crew as ResourceSchema;
    schema.properties!.rigName = { type: 'string', maxLength: 64 };
    schema['x-resource'].filters.push({ param: 'rig', field: 'rigName', op: 'eq' });
    expect(await migrate(connection, grown)).toEqual(['add crew.rigName', 'index crew.rigName', 'index crew.rigName+teamNumber']);

    const grownStore = new SqlStore(connection, grown);
    const updated = await grownStore.update('crew', crew.id, { teamNumber: 'ZJ9', leader: { name: 'Li' }, rigName: 'ZJ-70' });
    expect(updated).toMatchObject({ status: 'ok', row: { rigName: 'ZJ-70', leader: { name: 'Li' }, version: 2 } });
    const found = await grownStore.list('crew', parseLegacyQuery(schema, new URLSearchParams('rig=ZJ-70')));
    expect(found.rows.map((r) => r.id)).toEqual([crew.id]);
    const { rows } = await sql<{ n: number }>`select count(*) as n from app_migrations where name = 'add crew.rigName'`.execute(connection.db);
    expect(Number(rows[0].n)).toBe(1);
    await connection.db.destroy();
  });
});
