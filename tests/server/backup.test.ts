// `npm run backup` takes a consistent copy of the SQLite database while the server keeps running;
// /healthz answers while the database does.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { signInOverHttp, startServer } from '../server-process';

const run = promisify(execFile);
const PASSWORD = 'backup-password-1';

describe('backup while running', () => {
  it('copies every record written before it, and the copy passes its integrity check', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'console-dist-stub-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>stub</title>');
    const env = {
      DIST_DIR: dist,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'console-backup-')),
      ADMIN_PASSWORD: PASSWORD,
      EDITOR_PASSWORD: PASSWORD,
    };
    const server = await startServer(env);
    try {
      expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ ok: true });
      const token = await signInOverHttp(server.url, 'admin', PASSWORD);
      const created = await fetch(`${server.url}/dev-api/crew/add`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Token': token },
        body: JSON.stringify({ teamNumber: 'BACKUP-1', leader: { name: 'Sun Li' } }),
      });
      expect(((await created.json()) as { code: number }).code).toBe(20000);

      // Writes keep going during the copy.
      const writing = Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          fetch(`${server.url}/dev-api/crew/add`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Token': token },
            body: JSON.stringify({ teamNumber: `DURING-${i}`, leader: { name: 'x' } }),
          }),
        ),
      );
      const target = join(env.DATA_DIR, 'copy.db');
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/backups/cli.ts', target], {
        cwd: join(import.meta.dirname, '../..'),
        env: { ...process.env, ...env, DATABASE_URL: '' },
      });
      await writing;
      expect(stdout).toContain('integrity check: ok');

      const copy = new Database(target, { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare("select count(*) as n from crew where teamNumber = 'BACKUP-1'").get()).toEqual({ n: 1 });
      expect((copy.prepare('select count(*) as n from crew').get() as { n: number }).n).toBeGreaterThanOrEqual(25);
      copy.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
