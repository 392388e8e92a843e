// npm run bench:server — the real server (compiled, as `npm start` runs it) with 100,000 devices
// under load (autocannon, beside the server on this machine): a list page, a record, creates.
// Prints requests per second, p50 and p99 latency, the server's peak memory, and the raw rate of
// the SQL the list request runs (its page query and its count, prepared once and run in a loop
// with the same concurrency) with the server's ratio to it. On SQLite always; on PostgreSQL too
// when DATABASE_URL is set (in a schema of its own, dropped afterwards).
// Targets: SQLite list ≥ 4,000 req/s and p99 ≤ 10 ms, detail ≥ 15,000 req/s; PostgreSQL list
// ≥ 2,000 req/s; peak memory ≤ 150 MB.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { derive } from '../../kernel/schema/derive';
import { parseLegacyQuery } from '../../kernel/schema/query';
import { ensureFirstAccounts } from '../../server/auth/bootstrap';
import { SqlAccounts } from '../../server/auth/sql-accounts';
import { columnsOf, encode } from '../../server/db/columns';
import { type Connection, connectSqlite } from '../../server/db/connect';
import { connectPostgres } from '../../server/db/connect-postgres';
import { migrate } from '../../server/db/migrate';
import { SqlStore } from '../../server/store/sql';
import { fakeRecords, SEED_DATE } from '../../kernel/demo/fake';
import { loadRegistry } from '../../kernel/schema/load-node';
import { freePort, signInOverHttp } from '../server-process';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const PASSWORD = 'bench-password-1';
const ROOT = join(import.meta.dirname, '../..');
/** BENCH_SERVER_ROOT=<another checkout>: its server is measured instead (a before/after comparison on the same data). */
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? ROOT;
const LIST_QUERY = 'type=1&sort=-hour&page=20&limit=20';
/** BENCH_TSX=1 runs the server through the TypeScript loader instead (as `npm start` did before it was compiled). */
const SERVER_COMMAND = process.env.BENCH_TSX === '1' ? ['--import', 'tsx', 'server/start.ts'] : ['server/launch.js'];

const registry = loadRegistry();
const schema = registry.resources.device;
const work = mkdtempSync(join(tmpdir(), 'console-bench-'));
writeFileSync(join(work, 'index.html'), '<!doctype html><title>bench</title>');

console.log(`Generating ${DEVICES.toLocaleString('en')} devices…`);
const template = { ...schema, 'x-resource': { ...schema['x-resource'], seed: { count: DEVICES } } };
const devices = fakeRecords(template, registry.config, 7).map((d) => derive(schema, d, undefined, SEED_DATE));
const columns = columnsOf(schema);

/** Peak resident memory of a process so far, in MB (Linux VmHWM). */
const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** CPU time a process has used so far, user and system, in microseconds (Linux /proc, 10 ms steps). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, the 14th and 15th fields of the whole line, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU time per request: what the rate would be bounded by on a core of its own, whatever else the machine runs. */
  cpuPerRequest: number;
}

async function load(title: string, pid: number, options: autocannon.Options): Promise<Figures> {
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const cpuPerRequest = (cpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total);
  const figures = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuPerRequest,
  };
  console.log(
    `${title.padEnd(44)} ${figures.rps.toFixed(0).padStart(7)} req/s   p50 ${String(figures.p50).padStart(4)} ms   p99 ${String(figures.p99).padStart(4)} ms   errors ${figures.errors}   server CPU ${cpuPerRequest.toFixed(0)} µs/request`,
  );
  return figures;
}

/** The SQL one list request runs (page and count), as the store compiles it, caught on its way to the database. */
async function listSql(connection: Connection): Promise<CompiledQuery[]> {
  const caught: CompiledQuery[] = [];
  const dialect = connection.sqlite
    ? new SqliteDialect({ database: connection.sqlite })
    : new PostgresDialect({ pool: new pg.Pool({ max: 1, connectionString: process.env.BENCH_PG_URL }) });
  const db = new Kysely({ dialect, log: (event) => void caught.push(event.query) });
  // A connection without a way to hear other instances keeps no counts: both statements run.
  await new SqlStore({ db, dialect: connection.dialect, describe: 'bench', ping: connection.ping }, registry).list(
    'device',
    parseLegacyQuery(schema, new URLSearchParams(LIST_QUERY)),
  );
  if (!connection.sqlite) await db.destroy();
  return caught;
}

/** Runs `statements` one after another as fast as the database answers, `concurrency` loops at once: rounds per second. */
async function rawRate(connection: Connection, statements: CompiledQuery[], concurrency: number): Promise<number> {
  const until = performance.now() + (SECONDS * 1000) / 2;
  let rounds = 0;
  if (connection.sqlite) {
    const prepared = statements.map((s) => ({ statement: connection.sqlite!.prepare(s.sql), parameters: s.parameters as unknown[] }));
    while (performance.now() < until) {
      for (const { statement, parameters } of prepared) statement.all(...parameters);
      rounds++;
    }
  } else {
    const pool = new pg.Pool({ connectionString: process.env.BENCH_PG_URL, max: concurrency });
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const client = await pool.connect();
        while (performance.now() < until) {
          for (const [i, s] of statements.entries()) await client.query({ name: `raw${i}`, text: s.sql, values: [...s.parameters] });
          rounds++;
        }
        client.release();
      }),
    );
    await pool.end();
  }
  return rounds / ((SECONDS * 1000) / 2 / 1000);
}

async function fill(connection: Connection) {
  await migrate(connection, registry);
  await ensureFirstAccounts(new SqlAccounts(connection.db), { ADMIN_PASSWORD: PASSWORD, EDITOR_PASSWORD: PASSWORD });
  if (connection.sqlite) {
    const insert = connection.sqlite.prepare(
      `insert into device (${columns.map((c) => c.name).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    );
    connection.sqlite.transaction(() => {
      for (const device of devices) insert.run(...columns.map((c) => encode(c.kind, device[c.name], 'sqlite') as never));
    })();
    return;
  }
  for (let i = 0; i < devices.length; i += 500) {
    const rows = devices
      .slice(i, i + 500)
      .map((device) => Object.fromEntries(columns.map((c) => [c.name, encode(c.kind, device[c.name], 'postgres')])));
    await connection.db.insertInto('device').values(rows).execute();
  }
  await sql`analyze device`.execute(connection.db);
}

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_NODE_FLAGS: flags for the server's Node (a garbage collector setting, say), to compare.
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, ...profile, ...SERVER_COMMAND], {
    cwd: SERVER_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: '', DIST_DIR: work, DEMO: '0', LOG_LEVEL: 'error', ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { url, child, stop: () => (child.kill('SIGTERM'), exited) };
}

let wrongTotals = 0;

/** count(*) of the devices, straight from the database. */
async function countInDatabase(database: 'sqlite' | 'postgres', env: Record<string, string>): Promise<number> {
  if (database === 'sqlite') {
    const connection = connectSqlite(join(env.DATA_DIR, 'console.db'));
    const count = Number(connection.sqlite!.prepare('select count(*) from device').pluck().get());
    await connection.db.destroy();
    return count;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ n: string }>('select count(*) as n from device');
  await client.end();
  return Number(rows[0].n);
}

interface Outcome {
  database: string;
  list: Figures;
  detail: Figures;
  peak: number;
  raw: number;
  rawPage: number;
}

async function bench(database: 'sqlite' | 'postgres'): Promise<Outcome> {
  let connection: Connection;
  let env: Record<string, string>;
  let dropSchema = async () => undefined;
  if (database === 'sqlite') {
    connection = connectSqlite(join(work, 'data', 'console.db'));
    env = { DATA_DIR: join(work, 'data') };
  } else {
    const base = process.env.DATABASE_URL!;
    const name = `bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create schema ${name}`);
    await admin.end();
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema if exists ${name} cascade`);
      await client.end();
    };
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${name}`);
    process.env.BENCH_PG_URL = url.toString();
    connection = connectPostgres(base, name);
    env = { DATABASE_URL: url.toString() };
  }
  try {
    console.log(`\nFilling ${database}…`);
    await fill(connection);
    const statements = await listSql(connection);
    const raw = await rawRate(connection, statements, CONNECTIONS);
    const rawPage = await rawRate(connection, statements.slice(0, 1), CONNECTIONS);
    await connection.db.destroy();

    const server = await startServer(env);
    try {
      const token = await signInOverHttp(server.url, 'admin', PASSWORD);
      const headers = { 'X-Token': token, 'Content-Type': 'application/json' };
      console.log(
        `Server on ${database}: ${DEVICES.toLocaleString('en')} devices, ${CONNECTIONS} connections, ${SECONDS} s each; memory after start ${peakMb(server.child.pid!).toFixed(0)} MB`,
      );
      const list = await load(`list (${LIST_QUERY})`, server.child.pid!, {
        url: `${server.url}/dev-api/device/list?${LIST_QUERY}`,
        headers,
      });
      const detail = await load('detail (id=54321)', server.child.pid!, { url: `${server.url}/dev-api/device/detail?id=54321`, headers });
      const total = async () =>
        ((await (await fetch(`${server.url}/dev-api/device/list?limit=1`, { headers })).json()) as { data: { total: number } }).data.total;
      const before = await total();
      let n = 0;
      await load('create', server.child.pid!, {
        url: `${server.url}/dev-api/device/create`,
        method: 'POST',
        headers,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ numtype: 'JQ', num: `B${n++}`, type: 2, status: 0, brand: 3, meth: 1 }),
            }),
          },
        ],
      });
      // Creates the load generator sent before it stopped may still be running in the server: wait
      // until the table stops changing, then compare.
      let counted = await countInDatabase(database, env);
      for (let previous = -1; counted !== previous;) {
        await new Promise((r) => setTimeout(r, 300));
        [previous, counted] = [counted, await countInDatabase(database, env)];
      }
      const answered = await total();
      console.log(
        `  ${(answered - before).toLocaleString('en')} devices created; the list's total after them ${answered === counted ? 'equals' : 'DIFFERS FROM'} count(*) in the database (${counted})`,
      );
      if (answered !== counted) wrongTotals++;
      const peak = peakMb(server.child.pid!);
      console.log(
        `  raw SQL of the list request (page + count, prepared, ${database === 'sqlite' ? 'one loop: SQLite has one connection' : `${CONNECTIONS} connections`}): ${raw.toFixed(0)}/s; the page query alone: ${rawPage.toFixed(0)}/s`,
      );
      console.log(
        `  server list rate / raw SQL rate: ${(list.rps / raw).toFixed(2)}× (against the page query alone: ${(list.rps / rawPage).toFixed(2)}×)`,
      );
      console.log(`  server peak memory: ${peak.toFixed(0)} MB`);
      return { database, list, detail, peak, raw, rawPage };
    } finally {
      await server.stop();
    }
  } finally {
    await dropSchema();
  }
}

let exitCode = 0;
try {
  if (SERVER_COMMAND[0] === 'server/launch.js')
    execFileSync(process.execPath, ['server/launch.js', '--compile-only'], { cwd: SERVER_ROOT, stdio: 'inherit' });
  // BENCH_DATABASES=postgres (or sqlite) measures one of them alone.
  const wanted = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
  const outcomes = wanted.includes('sqlite') ? [await bench('sqlite')] : [];
  if (!wanted.includes('postgres')) console.log('\nPostgreSQL: not asked for (BENCH_DATABASES)');
  else if (process.env.DATABASE_URL) outcomes.push(await bench('postgres'));
  else console.log('\nPostgreSQL: skipped (DATABASE_URL is not set)');
  console.log('\nTargets:');
  const checks: [string, boolean][] = [];
  for (const o of outcomes) {
    if (o.database === 'sqlite') {
      checks.push([`SQLite list ${o.list.rps.toFixed(0)} req/s ≥ 4,000`, o.list.rps >= 4000]);
      checks.push([`SQLite list p99 ${o.list.p99} ms ≤ 10 ms`, o.list.p99 <= 10]);
      checks.push([`SQLite detail ${o.detail.rps.toFixed(0)} req/s ≥ 15,000`, o.detail.rps >= 15000]);
    } else checks.push([`PostgreSQL list ${o.list.rps.toFixed(0)} req/s ≥ 2,000`, o.list.rps >= 2000]);
    checks.push([`${o.database} peak memory ${o.peak.toFixed(0)} MB ≤ 150 MB`, o.peak <= 150]);
    checks.push([`${o.database} no errors`, o.list.errors + o.detail.errors === 0]);
  }
  checks.push(['every total answered after the creates equals count(*)', wrongTotals === 0]);
  for (const [text, met] of checks) console.log(`  ${met ? 'met   ' : 'MISSED'} ${text}`);
  console.log(
    `load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (2 cores, shared with the load generator)`,
  );
  exitCode = checks.every(([, met]) => met) ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
