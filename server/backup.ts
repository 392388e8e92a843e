// `npm run backup [file]`: a consistent copy of the SQLite database, taken with SQLite's online
// backup while the server keeps running. PostgreSQL is backed up with pg_dump (see README).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g. pg_dump --format=custom "$DATABASE_URL" > console.dump');
  process.exit(1);
}
const dataDir = process.env.DATA_DIR ?? 'data';
const source = join(dataDir, 'console.db');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = process.argv[2] ?? join(dataDir, 'backups', `console-${stamp}.db`);
mkdirSync(join(target, '..'), { recursive: true });

const db = new Database(source, { fileMustExist: true, readonly: true });
await db.backup(target);
db.close();
const copy = new Database(target, { readonly: true });
const check = copy.pragma('integrity_check', { simple: true });
copy.close();
if (check !== 'ok') {
  console.error(`The copy ${target} failed its integrity check: ${check}`);
  process.exit(1);
}
console.log(`Backed up ${source} to ${target} (integrity check: ok).`);
