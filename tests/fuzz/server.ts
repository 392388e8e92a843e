// The server the suite runs against: the product's own Node entry (as `npm start` runs it) on a
// fresh SQLite database in a temporary DATA_DIR, with the demo data so that ids name records.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '../server-process';
import type { Account } from './callers';

export interface FuzzServer {
  server: RunningServer;
  databaseFile: string;
  accounts: Account[];
  /** Stops the server (answering its exit code: 0 when it stopped cleanly) and removes its data. */
  close: () => Promise<number | null>;
}

export async function startFuzzServer(env: NodeJS.ProcessEnv = process.env): Promise<FuzzServer> {
  const work = mkdtempSync(join(tmpdir(), 'console-fuzz-'));
  const dist = join(work, 'dist');
  const dataDir = join(work, 'data');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>stub</title>');
  const accounts: Account[] = [
    { username: 'admin', password: env.ADMIN_PASSWORD ?? 'fuzz-admin-password-1' },
    { username: 'editor', password: env.EDITOR_PASSWORD ?? 'fuzz-editor-password-1' },
  ];
  let server: RunningServer;
  try {
    server = await startServer({
      DIST_DIR: dist,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: accounts[0].password,
      EDITOR_PASSWORD: accounts[1].password,
      // Small, so that files past the limit cost little to send.
      UPLOAD_MAX_BYTES: '262144',
      LOG_LEVEL: 'error',
    });
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
  return {
    server,
    databaseFile: join(dataDir, 'console.db'),
    accounts,
    close: async () => {
      const code = await server.stop();
      rmSync(work, { recursive: true, force: true });
      return code;
    },
  };
}
