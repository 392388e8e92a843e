// `npm run backup [file]`: a consistent copy of the SQLite database, taken with SQLite's online
// backup while the server keeps running, checked before it counts (backups/sqlite.ts, which the
// Backup screen uses too: a copy made here without a file name is listed there). PostgreSQL is
// backed up with pg_dump (see README).
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { PG_DUMP_COMMAND } from '../../kernel/contract/backups';
import { backupName, backupSqlite } from './sqlite';

if (process.env.DATABASE_URL) {
  console.error(`DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g. ${PG_DUMP_COMMAND}`);
  process.exit(1);
}
const dataDir = process.env.DATA_DIR ?? 'data';
const source = join(dataDir, 'console.db');
const target = process.argv[2] ?? join(dataDir, 'backups', backupName(new Date()));
mkdirSync(join(target, '..'), { recursive: true });

try {
  await backupSqlite(source, target);
} catch (error) {
  console.error(`Could not back up ${source} to ${target}: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`Backed up ${source} to ${target} (integrity check: ok).`);
