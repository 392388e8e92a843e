// Migrations from the schemas: tables created once, a new schema field becomes a new column,
// each step recorded, a second run does nothing — on SQLite and PostgreSQL.
import { afterAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, type CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import type { Connection } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';
import { SqlStore } from '../../server/store/sql';
import { parseLegacyQuery } from '../../kernel/schema/query';
import type { ResourceSchema } from '../../kernel/schema/types';
import { keptByAccounts } from '../../kernel/schema/access';
import { columnsOf, indexName, indexesOf } from '../../server/db/columns';
import { POSTGRES_URL, dropPostgresSchemas, freshPostgres, freshSqlite, postgresUnavailable } from './databases';
import { registry } from './helpers';

const unavailable = await postgresUnavailable();
const databases: [string, () => Promise<Connection>][] = [['SQLite', async () => freshSqlite()]];
if (!unavailable) databases.push(['PostgreSQL', freshPostgres]);
afterAll(dropPostgresSchemas);

describe.each(databases)('migrations on %s', (_name, connect) => {
  it('create every table once and record each step', async () => {
    const connection = await connect();
    const first = await migrate(connection, registry);
    expect(first).toEqual(
      expect.arrayContaining(['create app_accounts', 'create crew', 'create device', 'index device.type+hour', 'index crew.teamNumber']),
    );
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
    const { rows } = await sql<{ n: number }>`select count(*) as n from app_migrations where name = 'add crew.rigName'`.execute(
      connection.db,
    );
    expect(Number(rows[0].n)).toBe(1);
    await connection.db.destroy();
  });

  it('turn a text that became a reference into the id of the record it names, keeping the others as text', async () => {
    const connection = await connect();
    // The install as it was: a run's well typed as text.
    const before = structuredClone(registry);
    const runs = before.resources.userecord as ResourceSchema;
    const { projectName: _kept, ...fields } = runs.properties!;
    runs.properties = { ...fields, project: { type: 'string', maxLength: 64 } };
    runs['x-resource'].filters = runs['x-resource'].filters.filter((f) => f.field !== 'projectName' && f.field !== 'project');
    runs['x-resource'].search = ['reason'];
    await migrate(connection, before);
    const old = new SqlStore(connection, before);
    const well = await old.insert('project', { wellNumber: 'Su53-78H', status: 0 });
    const device = await old.insert('device', { numtype: 'T', num: '4773', type: 1, brand: 1, status: 0 });
    const run = (project: string) =>
      old.insert('userecord', { device: device.id, project, startcl: 100, starttime: '2026-01-01T00:00:00.000Z', status: 1 });
    const [linked, unknown] = [await run(' su53-78h '), await run('Gone-1')];

    const told: string[] = [];
    const steps = await migrate(connection, registry, (line) => told.push(line));
    expect(steps).toEqual(
      expect.arrayContaining([
        'keep userecord.project as projectName',
        'add userecord.project',
        'link userecord.project to project by wellNumber',
      ]),
    );
    const store = new SqlStore(connection, registry);
    expect(await store.get('userecord', linked.id)).toMatchObject({ project: well.id });
    expect((await store.get('userecord', linked.id))?.projectName).toBeUndefined();
    const kept = await store.get('userecord', unknown.id);
    expect(kept).toMatchObject({ projectName: 'Gone-1' });
    expect(kept?.project).toBeUndefined();
    expect(told).toEqual(['userecord.project: 1 linked to project by wellNumber, 1 kept as text in projectName for a person to link.']);
    const unlinked = await store.list('userecord', parseLegacyQuery(registry.resources.userecord, new URLSearchParams('unlinked=true')));
    expect(unlinked.rows.map((r) => r.id)).toEqual([unknown.id]);
    await connection.db.destroy();
  });
});

/** A value of a column's kind, for a condition whose SQL is looked at, not run for its rows. */
const sampleOf = (kind: string) => (kind === 'text' ? 'x' : kind === 'boolean' ? true : 1);

describe.skipIf(unavailable)('PostgreSQL sort indexes', () => {
  it('serve every list order, filtered by one field or not, without sorting the rows', async () => {
    const connection = await freshPostgres();
    await migrate(connection, registry);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(connection.db);
    const config = { connectionString: POSTGRES_URL, options: `-c search_path=${rows[0].schema}` };
    const pool = new pg.Pool({ ...config, max: 2 });
    // The page statements the store runs (it keeps no counts without a listener), caught on their way.
    const caught: CompiledQuery[] = [];
    const logged = new Kysely({ dialect: new PostgresDialect({ pool }), log: (event) => void caught.push(event.query) });
    const store = new SqlStore({ db: logged, dialect: 'postgres', describe: 'caught', ping: connection.ping }, registry);
    const client = new pg.Client(config);
    await client.connect();
    // Sorting made too dear to choose whenever an index gives the order.
    await client.query('set enable_sort = off');
    const sorted: string[] = [];
    let lists = 0;
    for (const [name, schema] of Object.entries(registry.resources)) {
      if (keptByAccounts(schema) || !schema['x-resource'].list) continue;
      const kinds = new Map(columnsOf(schema).map((c) => [c.name, c.kind]));
      const meta = schema['x-resource'];
      const equalities = [
        ...new Set([...meta.filters.filter((f) => f.op === 'eq').map((f) => f.field), ...(meta.parent ? [meta.parent.field] : [])]),
      ];
      for (const sortField of meta.list.sortable.filter((field) => kinds.has(field) && kinds.get(field) !== 'json')) {
        for (const filter of [undefined, ...equalities.filter((field) => field !== sortField && kinds.has(field))]) {
          for (const order of ['ASC', 'DESC'] as const) {
            caught.length = 0;
            const conditions = filter ? [{ field: filter, op: 'eq' as const, value: sampleOf(kinds.get(filter)!) }] : [];
            await store.list(name, { conditions, sort: { field: sortField, order }, page: 3, limit: 20 });
            const page = caught.find((query) => /order by/i.test(query.sql))!;
            const plan = (await client.query({ text: `explain ${page.sql}`, values: [...page.parameters] })).rows.map(
              (row) => row['QUERY PLAN'] as string,
            );
            lists++;
            if (plan.some((line) => /\bSort\b/.test(line)))
              sorted.push(`${name} by ${sortField} ${order}${filter ? ` where ${filter}` : ''}`);
          }
        }
      }
    }
    await client.end();
    await logged.destroy();
    await connection.db.destroy();
    expect(lists).toBeGreaterThan(0);
    expect(sorted).toEqual([]);
  }, 60_000);

  it('make a sort index of an older install again, ending with id', async () => {
    const connection = await freshPostgres();
    await migrate(connection, registry);
    const schema = registry.resources.device;
    const index = indexesOf(schema, 'postgres').find((candidate) => candidate.columns.join() === 'type,hour')!;
    const name = indexName('device', index);
    // As an install made before: the index without id, and the step not yet run.
    await sql`drop index ${sql.id(name)}`.execute(connection.db);
    await sql`create index ${sql.id(name)} on device (type, hour nulls first)`.execute(connection.db);
    await sql`delete from app_migrations where name = 'sort ties device'`.execute(connection.db);
    expect(await migrate(connection, registry)).toEqual(['sort ties device']);
    const { rows } = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where schemaname = current_schema() and indexname = ${name}`.execute(connection.db);
    expect(rows[0].indexdef).toMatch(/\(type, hour NULLS FIRST, id\)$/);
    await connection.db.destroy();
  });
});
