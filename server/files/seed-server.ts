// The demo calibration certificates on the real server: in its database and its upload directory,
// for the demo data step (server/db/seed.ts) once the instruments are in.
import { join } from 'node:path';
import type { Registry } from '../../kernel/schema/registry';
import type { Connection } from '../db/connect';
import { createPermissions } from '../access/permissions';
import { SqlStore } from '../store/sql';
import { seedDemoReports } from './demo';
import { serverUploads } from './node';
import { createFiles } from './service';

/** Where the server keeps uploaded files: UPLOAD_DIR, else DATA_DIR/uploads. */
export const uploadDirOf = (env: NodeJS.ProcessEnv = process.env) => env.UPLOAD_DIR ?? join(env.DATA_DIR ?? 'data', 'uploads');

/** Adds the demo reports the instruments lack; answers how many files it added. */
export async function seedServerReports(connection: Connection, registry: Registry, dir = uploadDirOf()): Promise<number> {
  const store = new SqlStore(connection, registry);
  const files = createFiles({
    storage: serverUploads({ db: connection.db, dir }),
    registry,
    store,
    permissions: createPermissions(registry),
  });
  return seedDemoReports(files, store, registry);
}
