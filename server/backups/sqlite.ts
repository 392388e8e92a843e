// Backups of the SQLite database, for `npm run backup` and for the Backup screen: SQLite's online
// backup (a consistent copy taken while the server keeps writing), checked with
// `PRAGMA integrity_check` (in a worker thread) before it counts. A copy is written under a temporary name and renamed
// once sound, so the list never shows half a backup. Node-only: only the Node entry and the CLI
// import this file.
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { BACKUP_NAME, type BackupFile } from '../../kernel/contract/backups';
import type { BackupService } from './types';

/**
 * The check, run in a worker thread: reading a whole copy (some 580 ms for 56 MB) would hold the
 * server's event loop, every request with it. The copy keeps the WAL mode of the database it came
 * from, so opening it would leave `-wal` and `-shm` files beside it: it is switched to a plain
 * rollback journal first, which makes it one self-contained file.
 */
const CHECK_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
try {
  db.pragma('journal_mode = DELETE');
  parentPort.postMessage(String(db.pragma('integrity_check', { simple: true })));
} finally {
  db.close();
}
`;

/** The integrity check's answer for the database `file` ('ok' when sound), from a worker thread. */
function checkCopy(file: string): Promise<string> {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(CHECK_SCRIPT, { eval: true, workerData: { file, module } });
    let answer: string | undefined;
    worker.once('message', (message: string) => (answer = message));
    worker.once('error', reject);
    worker.once('exit', (code) => (answer !== undefined ? resolve(answer) : reject(new Error(`the check stopped (exit code ${code})`))));
  });
}

/** The journal files SQLite may leave beside a database it opened. */
const removeJournals = (file: string) => Promise.all(['-wal', '-shm', '-journal'].map((end) => rm(`${file}${end}`, { force: true })));

/** The name of a backup made at that moment (`console-2026-11-22T03-51-00-000Z.db`), `-n` after it when taken. */
export const backupName = (at: Date, n = 0) => `console-${at.toISOString().replace(/[:.]/g, '-')}${n ? `-${n}` : ''}.db`;

/**
 * Copies the database `source` (an open handle, or a file opened read-only for the copy) to
 * `target` with SQLite's online backup, then checks the copy; throws with the reason when the check
 * fails, leaving no file at `target`.
 */
export async function backupSqlite(source: Database.Database | string, target: string): Promise<void> {
  const db = typeof source === 'string' ? new Database(source, { fileMustExist: true, readonly: true }) : source;
  const partial = `${target}.partial`;
  try {
    await db.backup(partial);
  } finally {
    if (typeof source === 'string') db.close();
  }
  let check: string;
  try {
    check = await checkCopy(partial);
  } catch (error) {
    check = error instanceof Error ? error.message : String(error);
  } finally {
    await removeJournals(partial);
  }
  if (check !== 'ok') {
    await rm(partial, { force: true });
    throw new Error(`the copy failed its integrity check: ${check}`);
  }
  await rename(partial, target);
}

/** The backups in `dir`, made from the open database `source`: the service the app's Backup screen uses. */
export function sqliteBackups({
  source,
  dir,
  now = () => new Date(),
}: {
  source: Database.Database | string;
  dir: string;
  now?: () => Date;
}): BackupService {
  const describe = async (name: string): Promise<BackupFile | undefined> => {
    const info = await stat(join(dir, name)).catch(() => undefined);
    return info?.isFile() ? { name, size: info.size, createdAt: info.mtime.toISOString() } : undefined;
  };
  const list = async (): Promise<BackupFile[]> => {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => BACKUP_NAME.test(name));
    const files = (await Promise.all(names.map(describe))).filter((file): file is BackupFile => file !== undefined);
    return files.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
  };
  /** A name the list gives, and only then: nothing else of the file system is reachable. */
  const listed = async (name: string) => (BACKUP_NAME.test(name) ? (await list()).find((file) => file.name === name) : undefined);

  // One backup at a time: a second asked for while one runs waits for it.
  let running: Promise<unknown> = Promise.resolve();
  const createOne = async (): Promise<BackupFile> => {
    await mkdir(dir, { recursive: true });
    const at = now();
    const taken = new Set(await readdir(dir));
    let n = 0;
    while (taken.has(backupName(at, n))) n++;
    const name = backupName(at, n);
    await backupSqlite(source, join(dir, name));
    return (await describe(name))!;
  };

  return {
    mode: 'sqlite',
    list,
    create() {
      const made = running.then(createOne, createOne);
      running = made.catch(() => undefined);
      return made;
    },
    async open(name) {
      const file = await listed(name);
      if (!file) return undefined;
      return { file, body: Readable.toWeb(createReadStream(join(dir, file.name))) as ReadableStream<Uint8Array> };
    },
    async remove(name) {
      const file = await listed(name);
      if (!file) return false;
      await rm(join(dir, file.name));
      return true;
    },
  };
}
