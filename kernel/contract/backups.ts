// Backups of the database (Settings → System → Backup), as the console and the server both see
// them: the page's name, the calls' paths, what a listed backup carries, and which backups this
// server can make: SQLite copies it makes itself, PostgreSQL ones made with pg_dump, or none (the
// in-browser mock). Nothing here touches a file: the work is in server/backups/sqlite.ts.

/** The page a route names (`"component": "backups"`). */
export const BACKUP_PAGE = 'backups';

export const BACKUP_PATHS = {
  /** The state and the backups made, newest first. */
  list: '/setting/backup/list',
  /** Makes a backup now (POST). */
  create: '/setting/backup/create',
  /** The bytes of one backup (`?name=` one of the list's names). */
  download: '/setting/backup/download',
  /** Deletes one backup (POST `{name}`). */
  del: '/setting/backup/del',
} as const;

/** One backup file: its name, its size in bytes, and when it was made (ISO time). */
export interface BackupFile {
  name: string;
  size: number;
  createdAt: string;
}

/**
 * How this server backs up: `sqlite` (it makes, lists and serves copies), `pg_dump` (PostgreSQL:
 * an operator runs `command`), or `none` (the in-browser mock keeps nothing to back up).
 */
export type BackupMode = 'sqlite' | 'pg_dump' | 'none';

/** What the list call answers. */
export interface BackupListing {
  mode: BackupMode;
  list: BackupFile[];
  count: number;
  /** On PostgreSQL: the commands that back up and restore. */
  command?: string;
  restore?: string;
}

/** The commands that back up and restore a PostgreSQL database, told to the admin. */
export const PG_DUMP_COMMAND = 'pg_dump --format=custom "$DATABASE_URL" > console.dump';
export const PG_RESTORE_COMMAND = 'pg_restore --clean --dbname "$DATABASE_URL" console.dump';

/** The only names a backup may have: the server makes them so, and refuses any other. */
export const BACKUP_NAME = /^console-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(-\d{1,3})?\.db$/;
