// What the database holds, read straight from the server's SQLite file through a read-only
// connection: a row count and a checksum per table, to tell whether a request changed anything.
// The sign-in bookkeeping (sessions, the sign-in log) changes by design on every sign-in attempt,
// so it is left out. Tables are read again only after the server committed something.
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

const BOOKKEEPING = new Set(['app_sessions', 'app_login_log']);

export interface Snapshot {
  /** table → `rows:checksum` */
  tables: Map<string, string>;
}

export class DatabaseWatcher {
  private db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
  }

  private last?: { version: number; snapshot: Snapshot };

  /** SQLite counts the commits other connections make: an unchanged count means unchanged data. */
  private dataVersion(): number {
    return this.db.pragma('data_version', { simple: true }) as number;
  }

  snapshot(): Snapshot {
    const version = this.dataVersion();
    if (this.last?.version === version) return this.last.snapshot;
    const snapshot = this.read();
    this.last = { version, snapshot };
    return snapshot;
  }

  private read(): Snapshot {
    const tables = new Map<string, string>();
    const names = this.db.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[];
    const read = this.db.transaction(() => {
      for (const name of names.filter((n) => !BOOKKEEPING.has(n))) {
        const rows = this.db
          .prepare(`select * from "${name.replace(/"/g, '""')}"`)
          .raw()
          .all();
        // SQLite's AUTOINCREMENT counters: the bookkeeping tables' own move with every sign-in attempt.
        if (name === 'sqlite_sequence')
          rows.splice(0, rows.length, ...rows.filter((row) => !BOOKKEEPING.has(String((row as unknown[])[0]))));
        const hash = createHash('sha256');
        for (const row of rows)
          hash.update(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : Buffer.isBuffer(v) ? v.toString('hex') : v)));
        tables.set(name, `${rows.length}:${hash.digest('hex').slice(0, 16)}`);
      }
    });
    read();
    return { tables };
  }

  close() {
    this.db.close();
  }
}

/** The tables whose rows changed between two snapshots, each as `name rows before → after`. */
export function changes(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.tables.keys(), ...after.tables.keys()]);
  return [...names]
    .filter((name) => before.tables.get(name) !== after.tables.get(name))
    .map(
      (name) => `${name} (rows ${before.tables.get(name)?.split(':')[0] ?? 'none'} → ${after.tables.get(name)?.split(':')[0] ?? 'none'})`,
    );
}
