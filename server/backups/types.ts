// What the app asks of whoever makes the database's backups: on SQLite the Node entry provides
// the copies it makes (sqlite.ts); on PostgreSQL it says pg_dump does it; the in-browser mock
// provides nothing. Only types here, so the app and the mock import no file system.
import type { BackupFile } from '../../kernel/contract/backups';

/** Backups this server makes, lists, serves and deletes itself (SQLite). */
export interface BackupService {
  mode: 'sqlite';
  /** Every backup, newest first. */
  list(): Promise<BackupFile[]>;
  /** Makes a consistent copy now and checks it; throws with the reason when the copy is not sound (nothing is kept then). */
  create(): Promise<BackupFile>;
  /** The bytes of a backup the list names, or undefined for any other name. */
  open(name: string): Promise<{ file: BackupFile; body: ReadableStream<Uint8Array> } | undefined>;
  /** Deletes a backup the list names; false for any other name. */
  remove(name: string): Promise<boolean>;
}

/** The app's backups: a service, or the explanation that PostgreSQL is backed up with pg_dump. */
export type Backups = BackupService | { mode: 'pg_dump' };
