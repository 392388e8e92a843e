// `npm run seed` and the demo data on start, as Node processes on temporary SQLite databases.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedStore, seededResources } from '../../kernel/demo/seed';
import { MemoryStore } from '../../server/store/memory';
import { loadServerRegistry } from '../../server/resources/registry';
import { startServer } from '../server-process';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const PASSWORD = 'seed-password-1';
const registry = loadServerRegistry();
/**
 * What each seeded resource holds once the demo data set is complete, as it goes into a store in
 * memory, the same data set: its plan's count and fixed records, plus what a generator makes of
 * it (wells with their trips, and the runs made from those trips).
 */
async function completePlan(): Promise<Record<string, number>> {
  const store = new MemoryStore();
  await seedStore(store, registry);
  const plan: Record<string, number> = {};
  for (const name of seededResources(registry)) {
    const seed = registry.resources[name]['x-resource'].seed!;
    plan[name] = await store.count(name, []);
    if (seed.generator && seed.count > 0) expect(plan[name], `${name}: its generator makes ${seed.count}`).toBe(seed.count);
    if (!seed.generator) expect(plan[name]).toBeGreaterThanOrEqual(seed.count + (seed.fixed?.length ?? 0));
  }
  return plan;
}
let plan: Record<string, number>;
/** The plan's resources that hold demo records. */
const filled = () => Object.fromEntries(Object.entries(plan).filter(([, count]) => count > 0));
beforeAll(async () => {
  plan = await completePlan();
});

const seed = (dataDir: string) =>
  run(process.execPath, ['--import', 'tsx', 'server/db/seed-cli.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
  });

/**
 * What each resource with demo records holds. Those the demo data leaves empty are left out: the
 * server's jobs write some of them (a job that runs every five minutes records its run), so a
 * start that lasts past such a minute would count one.
 */
function counts(dataDir: string): Record<string, number> {
  const db = new Database(join(dataDir, 'console.db'), { readonly: true });
  try {
    return Object.fromEntries(
      Object.keys(plan)
        .filter((name) => plan[name] > 0)
        .map((name) => [name, (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

function stubDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'console-dist-stub-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>stub</title>');
  return dir;
}

describe('npm run seed', () => {
  it('loads the demo data set into a new database, and the second time says so and inserts nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-seed-'));
    const first = await seed(dataDir);
    expect(first.stdout).toContain('demo data inserted');
    expect(counts(dataDir)).toEqual(filled());

    const second = await seed(dataDir);
    expect(second.stdout).toContain('the demo data set is there already; nothing inserted.');
    expect(counts(dataDir)).toEqual(filled());
  });
});

describe('the demo data on start', () => {
  it('completes a demo data set that lacks a resource, on a database that already has its accounts', async () => {
    const env = {
      DIST_DIR: stubDist(),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'console-seed-start-')),
      ADMIN_PASSWORD: PASSWORD,
      EDITOR_PASSWORD: PASSWORD,
    };
    let server = await startServer(env);
    await server.stop();
    expect(counts(env.DATA_DIR)).toEqual(filled());

    // As if the first start had died before the last resource made field by field alone (or a
    // schema was added since). A generator's records go in as one set, all or none.
    const ownOnly = (name: string) => {
      const seed = registry.resources[name]['x-resource'].seed!;
      return !seed.generator && plan[name] > 0 && plan[name] === seed.count + (seed.fixed?.length ?? 0);
    };
    const last = Object.keys(plan).filter(ownOnly).at(-1)!;
    const db = new Database(join(env.DATA_DIR, 'console.db'));
    db.prepare(`delete from "${last}"`).run();
    db.prepare('delete from app_seed where resource = ?').run(last);
    db.close();

    server = await startServer(env);
    await server.stop();
    expect(counts(env.DATA_DIR)).toEqual(filled());
  });

  it('leaves a database that began empty (DEMO=0) without demo data on later starts', async () => {
    const env = {
      DIST_DIR: stubDist(),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'console-seed-empty-')),
      ADMIN_PASSWORD: PASSWORD,
      EDITOR_PASSWORD: PASSWORD,
    };
    let server = await startServer({ ...env, DEMO: '0' });
    await server.stop();
    server = await startServer(env);
    await server.stop();
    expect(Object.values(counts(env.DATA_DIR)).every((n) => n === 0)).toBe(true);
  });
});
