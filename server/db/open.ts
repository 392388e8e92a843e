import type { Registry } from '../../kernel/schema/registry';
import { SqlStore } from '../store/sql';
import type { Connection } from './connect';
import { migrate } from './migrate';

/** A migrated database and the store over it. */
export async function openSqlStore(connection: Connection, registry: Registry): Promise<SqlStore> {
  await migrate(connection, registry);
  return new SqlStore(connection, registry);
}
