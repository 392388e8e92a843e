// Brings the database up to the schemas: creates missing tables, adds columns for new schema
// fields and the indexes lists and unique fields need, and records each step in app_migrations.
// Run on every start and by `npm run migrate`; a step already recorded is never run again.
import { type ColumnDefinitionBuilder, type Expression, sql, type Transaction } from 'kysely';
import type { Registry } from '../../kernel/schema/registry';
import type { ResourceSchema } from '../../kernel/schema/types';
import { keptByAccounts } from '../../kernel/schema/access';
import { type Column, type Index, columnsOf, indexName, indexesOf, sqlType } from './columns';
import type { Connection, Dialect } from './connect';
import { rollupSteps } from '../fleet/derive-steps';
import { linkSteps, renameSteps } from './unlinked-text';
import { duplicatesLine, sharedValues } from './duplicates';
import { assignedValueSteps } from './assigned-values';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Trx = Transaction<any>;

interface Step {
  name: string;
  run: (trx: Trx) => Promise<unknown>;
}

/** The product's own tables: accounts, sessions, the sign-in log and uploaded files. */
function internalSteps(connection: Connection, tell: (line: string) => void): Step[] {
  const id = (trx: Trx, table: string) =>
    connection.dialect === 'postgres'
      ? trx.schema.createTable(table).addColumn('id', 'serial', (c) => c.primaryKey())
      : trx.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return [
    {
      name: 'create app_accounts',
      run: (trx) =>
        trx.schema
          .createTable('app_accounts')
          .addColumn('username', 'text', (c) => c.primaryKey())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('roles', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('avatar', 'text')
          .addColumn('introduction', 'text')
          .addColumn('mobile', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute(),
    },
    {
      name: 'create app_sessions',
      run: async (trx) => {
        await trx.schema
          .createTable('app_sessions')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('username', 'text', (c) => c.notNull().references('app_accounts.username').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
        await trx.schema.createIndex('app_sessions_username').on('app_sessions').column('username').execute();
      },
    },
    {
      name: 'create app_login_log',
      run: async (trx) => {
        await id(trx, 'app_login_log')
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('success', 'integer', (c) => c.notNull())
          .addColumn('reason', 'text')
          .addColumn('at', 'text', (c) => c.notNull())
          .execute();
        await trx.schema.createIndex('app_login_log_username_at').on('app_login_log').columns(['username', 'at']).execute();
        await trx.schema.createIndex('app_login_log_address_at').on('app_login_log').columns(['address', 'at']).execute();
      },
    },
    {
      name: 'create app_uploads',
      run: (trx) =>
        id(trx, 'app_uploads')
          .addColumn('stored_name', 'text', (c) => c.notNull().unique())
          .addColumn('original_name', 'text', (c) => c.notNull())
          .addColumn('mime', 'text', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('created_by', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute(),
    },
    {
      // Files that belong to records; a database made before keeps its uploads, all unattached.
      name: 'app_uploads attachments',
      run: async (trx) => {
        for (const [column, type] of [
          ['resource', 'text'],
          ['record_id', 'integer'],
          ['attached_as', 'text'],
          ['thumbnail_name', 'text'],
        ] as const) {
          await trx.schema.alterTable('app_uploads').addColumn(column, type).execute();
        }
        await trx.schema.createIndex('app_uploads_record').on('app_uploads').columns(['resource', 'record_id']).execute();
        await trx.schema.createIndex('app_uploads_created_at').on('app_uploads').column('created_at').execute();
      },
    },
    {
      // Accounts managed in the console: a number to name them by, a switch, and a flag that
      // makes the owner of a password someone else set choose their own at the next sign-in.
      name: 'app_accounts management',
      run: async (trx) => {
        await trx.schema.alterTable('app_accounts').addColumn('id', 'integer').execute();
        await trx.schema
          .alterTable('app_accounts')
          .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
        await trx.schema
          .alterTable('app_accounts')
          .addColumn('must_change', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        const { rows } = await sql<{ username: string }>`select username from app_accounts order by created_at, username`.execute(trx);
        for (const [index, { username }] of rows.entries()) {
          await sql`update app_accounts set id = ${index + 1} where username = ${username}`.execute(trx);
        }
        await trx.schema.createIndex('app_accounts_id').unique().on('app_accounts').column('id').execute();
      },
    },
    {
      // Refusals of a locked address are counted in one entry rather than stored each.
      name: 'app_login_log repeats',
      run: async (trx) => {
        await trx.schema
          .alterTable('app_login_log')
          .addColumn('repeats', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
        await trx.schema.alterTable('app_login_log').addColumn('last_at', 'text').execute();
      },
    },
    {
      // An upload belongs to its uploader's account, no longer to a display name two accounts may
      // share. Those of before are given the account whose name they name when exactly one has
      // it; the others (a name shared, or no longer anyone's) belong to nobody: admins see them.
      name: 'app_uploads owner',
      run: async (trx) => {
        await trx.schema.alterTable('app_uploads').addColumn('owner_id', 'integer').execute();
        await trx.schema.createIndex('app_uploads_owner').on('app_uploads').column('owner_id').execute();
        const { rows } = await sql<{ name: string; ids: string; uploads: number }>`
          select u.created_by as name, count(distinct a.id) as ids, count(distinct u.id) as uploads
          from app_uploads u left join app_accounts a on a.name = u.created_by group by u.created_by order by u.created_by`.execute(trx);
        let mapped = 0;
        const unclear: string[] = [];
        for (const row of rows) {
          if (Number(row.ids) !== 1) {
            unclear.push(`"${row.name}" (${Number(row.uploads)}, ${Number(row.ids) === 0 ? 'no account' : `${Number(row.ids)} accounts`})`);
            continue;
          }
          await sql`update app_uploads set owner_id = (select id from app_accounts where name = ${row.name}) where created_by = ${row.name}`.execute(
            trx,
          );
          mapped += Number(row.uploads);
        }
        if (rows.length === 0) return;
        tell(
          `Uploads: ${mapped.toLocaleString('en')} now belong to the account of their uploader's name` +
            (unclear.length ? `; those of ${unclear.join(', ')} to no account (admins see and delete them).` : '.'),
        );
      },
    },
  ];
}

/**
 * Entries kept under a person's name (`user`) that came to be kept under their account too
 * (`user_id`: the operation and visit logs): those of before get the account whose name they name
 * when exactly one account has it, the others keep their name alone; the start says how many.
 */
function accountOfNameSteps(registry: Registry, tell: (line: string) => void): Step[] {
  return Object.entries(registry.resources)
    .filter(([, schema]) => schema.properties?.user?.type === 'string' && schema.properties?.user_id?.type === 'integer')
    .map(([name]) => ({
      name: `${name}.user_id from names`,
      run: async (trx: Trx) => {
        const table = sql.table(name);
        const one = sql`(select count(*) from app_accounts a where a.name = ${table}.${sql.ref('user')}) = 1`;
        const result = await sql`update ${table} set user_id = (select a.id from app_accounts a where a.name = ${table}.${sql.ref('user')})
          where user_id is null and ${one}`.execute(trx);
        const { rows } = await sql<{ n: number }>`select count(*) as n from ${table} where user_id is null`.execute(trx);
        const mapped = Number(result.numAffectedRows ?? 0);
        const left = Number(rows[0]?.n ?? 0);
        if (mapped + left > 0)
          tell(
            `${name}: ${mapped.toLocaleString('en')} entries now kept under the account of their name` +
              (left ? `, ${left.toLocaleString('en')} under their name alone (shared by several accounts, or nobody's now).` : '.'),
          );
      },
    }));
}

async function existingColumns(trx: Trx, connection: Connection, table: string): Promise<Set<string> | undefined> {
  if (connection.dialect === 'postgres') {
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`.execute(trx);
    return rows.length ? new Set(rows.map((r) => r.column_name)) : undefined;
  }
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(trx);
  return rows.length ? new Set(rows.map((r) => r.name)) : undefined;
}

/**
 * A column's definition. On PostgreSQL, resource text columns take the "C" collation: text then
 * orders by code point, as on SQLite and in memory, whatever the database's own locale.
 */
const definition = (column: Column, dialect: Dialect) => (c: ColumnDefinitionBuilder) =>
  column.kind === 'text' && dialect === 'postgres' ? c.modifyFront(sql`collate "C"`) : c;

/**
 * Lists put records with no value first going up and last going down. On PostgreSQL a sort
 * field's index keeps that order (NULLS FIRST, read backwards for descending) so that it still
 * serves the list; SQLite's indexes already do.
 */
const nullsFirst = (schema: ResourceSchema, column: string, dialect: Dialect) =>
  dialect === 'postgres' && schema['x-resource'].list.sortable.includes(column);

/**
 * Lists break ties by id, in the sort's direction. SQLite's indexes end with the row id (the id)
 * already; PostgreSQL keeps no order among equal keys, so there a sort field's index ends with id:
 * otherwise it finds the rows but every list page sorts them again (17 ms against 0.2 ms for a
 * page of 100,000 instruments).
 */
const tiedById = (schema: ResourceSchema, index: Index, dialect: Dialect) =>
  dialect === 'postgres' && !index.unique && schema['x-resource'].list.sortable.includes(index.columns[index.columns.length - 1]);

function indexColumns(schema: ResourceSchema, index: Index, dialect: Dialect): Expression<unknown> {
  const columns = index.columns.map((name) => (nullsFirst(schema, name, dialect) ? sql`${sql.ref(name)} nulls first` : sql.ref(name)));
  return sql.join(tiedById(schema, index, dialect) ? [...columns, sql.ref('id')] : columns);
}

const createIndex = (trx: Trx, table: string, schema: ResourceSchema, index: Index, dialect: Dialect) => {
  const builder = trx.schema.createIndex(indexName(table, index)).ifNotExists().on(table);
  return (index.unique ? builder.unique() : builder).expression(indexColumns(schema, index, dialect)).execute();
};

/**
 * A PostgreSQL table made before text ordered by code point and no value came first: its text
 * columns take the "C" collation (their indexes are rebuilt with them), and its sort indexes are
 * made again as they are made now. Does nothing on a table made since.
 */
async function orderLikeTheOtherStores(trx: Trx, table: string, schema: ResourceSchema) {
  const { rows: columns } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and data_type = 'text' and collation_name is distinct from 'C'`.execute(
    trx,
  );
  for (const { column_name } of columns) {
    await trx.schema
      .alterTable(table)
      .alterColumn(column_name, (c) => c.setDataType(sql`text collate "C"`))
      .execute();
  }
  await remakeSortIndexes(trx, table, schema);
}

/** PostgreSQL: the sort indexes of a table made before they were NULLS FIRST and ended with id, made again. */
async function remakeSortIndexes(trx: Trx, table: string, schema: ResourceSchema) {
  const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(trx);
  const definitions = new Map(indexes.map((i) => [i.indexname, i.indexdef]));
  for (const index of indexesOf(schema, 'postgres')) {
    const name = indexName(table, index);
    const existing = definitions.get(name);
    if (existing === undefined) continue;
    const ordered = !index.columns.some((column) => nullsFirst(schema, column, 'postgres')) || existing.includes('NULLS FIRST');
    const tied = !tiedById(schema, index, 'postgres') || /, id\)$/.test(existing);
    if (ordered && tied) continue;
    await trx.schema.dropIndex(name).execute();
    await createIndex(trx, table, schema, index, 'postgres');
  }
}

/**
 * PostgreSQL: every committed write to a resource table tells the other server instances, which
 * forget the counts they keep of it (store/count-cache.ts, db/changes.ts). A statement trigger
 * sends `schema.table` on COUNTS_CHANNEL; the notification leaves on commit only, and PostgreSQL
 * sends one per transaction however many statements wrote the table. It takes no lock that
 * concurrent serializable writers could conflict on (unlike a counter row).
 */
export const COUNTS_CHANNEL = 'console_counts';

const countSignalFunction = (trx: Trx) =>
  sql`create or replace function console_count_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(COUNTS_CHANNEL)}, tg_table_schema || '.' || tg_table_name);
      return null;
    end $$`.execute(trx);

const countSignal = (trx: Trx, table: string) =>
  sql`create trigger ${sql.id(`${table}_count_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
    for each statement execute function console_count_changed()`.execute(trx);

/** Applies what is missing; answers the names of the steps it ran. `tell` hears what a step did to the records. */
export async function migrate(connection: Connection, registry: Registry, tell: (line: string) => void = () => {}): Promise<string[]> {
  const { db, dialect } = connection;
  await db.schema
    .createTable('app_migrations')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();

  return db.transaction().execute(async (trx) => {
    // Several instances may start at once: only one migrates, the others wait and find it done.
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(7262001)`.execute(trx);
    const done = new Set((await trx.selectFrom('app_migrations').select('name').execute()).map((r) => r.name as string));
    const ran: string[] = [];
    const apply = async (step: Step) => {
      if (done.has(step.name)) return;
      await step.run(trx);
      await trx.insertInto('app_migrations').values({ name: step.name, applied_at: new Date().toISOString() }).execute();
      done.add(step.name);
      ran.push(step.name);
    };

    for (const step of internalSteps(connection, tell)) await apply(step);
    if (dialect === 'postgres') await apply({ name: 'count signal function', run: countSignalFunction });

    for (const [name, schema] of Object.entries(registry.resources)) {
      if (keptByAccounts(schema)) continue;
      const columns = columnsOf(schema);
      let present = await existingColumns(trx, connection, name);
      const renames = present ? renameSteps(registry, name, present) : [];
      for (const step of renames) await apply(step);
      if (renames.length > 0) present = await existingColumns(trx, connection, name);
      if (!present) {
        await apply({
          name: `create ${name}`,
          run: () => {
            let table =
              dialect === 'postgres'
                ? trx.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey())
                : trx.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
            table = table.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
            for (const column of columns) table = table.addColumn(column.name, sqlType(column.kind, dialect), definition(column, dialect));
            return table.execute();
          },
        });
      } else {
        for (const column of columns.filter((c) => !present.has(c.name))) {
          await apply({
            name: `add ${name}.${column.name}`,
            run: () =>
              trx.schema.alterTable(name).addColumn(column.name, sqlType(column.kind, dialect), definition(column, dialect)).execute(),
          });
        }
      }
      for (const index of indexesOf(schema, dialect)) {
        // Records stored before their values had to be unique keep them: the index waits, retried
        // at each start, until a person has resolved them (Home lists them meanwhile).
        const stepName = `unique ${name}.${index.columns.join('+')}`;
        if (index.unique && !done.has(stepName) && present) {
          const shared = await sharedValues(trx, name, index.columns);
          if (shared.length > 0) {
            tell(duplicatesLine(registry, name, index.columns, shared));
            continue;
          }
        }
        await apply({
          name: `${index.unique ? 'unique' : 'index'} ${name}.${index.columns.join('+')}`,
          run: () => createIndex(trx, name, schema, index, dialect),
        });
      }
      if (dialect === 'postgres') await apply({ name: `order ${name}`, run: () => orderLikeTheOtherStores(trx, name, schema) });
      if (dialect === 'postgres') await apply({ name: `sort ties ${name}`, run: () => remakeSortIndexes(trx, name, schema) });
      if (dialect === 'postgres') await apply({ name: `count signal ${name}`, run: () => countSignal(trx, name) });
    }
    for (const step of accountOfNameSteps(registry, tell)) await apply(step);
    // Totals over child records worked out once when a field becomes one (fleet/derive-steps.ts).
    for (const step of rollupSteps(connection, registry)) await apply(step);
    // Values assignments set on their members, for the members assigned now (assigned-values.ts).
    for (const step of assignedValueSteps(registry, tell)) await apply(step);
    // References that were texts, linked once their columns are in (unlinked-text.ts).
    for (const step of linkSteps(registry, tell)) await apply(step);
    return ran;
  });
}
