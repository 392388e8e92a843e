// Durability: 500 concurrent writes to the server on SQLite, killed with SIGKILL midway, restarted:
// every write that was answered with 20000 is there, and the database passes its integrity check.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { signInOverHttp, startServer } from '../server-process';

const PASSWORD = 'durability-password-1';
const WRITES = 500;

/** A stand-in console build: this test speaks only to the API. */
function emptyDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'console-dist-stub-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>stub</title>');
  return dir;
}

describe('durability on SQLite', () => {
  it('keeps every acknowledged write through a SIGKILL', { timeout: 180_000 }, async () => {
    const env = {
      DIST_DIR: emptyDist(),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'console-durability-')),
      ADMIN_PASSWORD: PASSWORD,
      EDITOR_PASSWORD: PASSWORD,
      DEMO: '0',
    };
    let server = await startServer(env);
    const token = await signInOverHttp(server.url, 'admin', PASSWORD);

    const acknowledged = new Map<string, number>();
    let answered = 0;
    let killing: Promise<void> | undefined;
    const write = async (i: number) => {
      const num = `D${String(i).padStart(4, '0')}`;
      try {
        const response = await fetch(`${server.url}/dev-api/device/create`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Token': token },
          body: JSON.stringify({ numtype: 'T', num, type: 1, status: 0, brand: 1, meth: 1, hour: i }),
        });
        const answer = (await response.json()) as { code: number; data: { id: number } };
        if (answer.code === 20000) acknowledged.set(num, answer.data.id);
      } catch {
        // the connection died with the server: this write was never acknowledged
      }
      answered++;
      if (answered === Math.floor(WRITES / 3)) killing = server.kill();
    };
    await Promise.all(Array.from({ length: WRITES }, (_, i) => write(i)));
    await killing;

    console.log(`durability: ${acknowledged.size} of ${WRITES} writes acknowledged before SIGKILL`);
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(acknowledged.size).toBeLessThan(WRITES); // the kill did land midway

    server = await startServer(env);
    try {
      const again = await signInOverHttp(server.url, 'admin', PASSWORD);
      const response = await fetch(`${server.url}/dev-api/device/list?limit=1000&sort=%2Bid`, { headers: { 'X-Token': again } });
      const { data } = (await response.json()) as { data: { total: number; items: { id: number; num: string; name: string }[] } };
      const stored = new Map(data.items.map((d) => [d.num, d.id]));
      const lost = [...acknowledged].filter(([num, id]) => stored.get(num) !== id);
      expect(lost).toEqual([]);
      expect(data.items.every((d) => d.name === `T${d.num}`)).toBe(true);
    } finally {
      await server.stop();
    }
    const db = new Database(join(env.DATA_DIR, 'console.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});
