// npm run bench:server — the real server on SQLite with 100,000 devices under load (autocannon),
// beside json-server on the same data. Prints requests per second, p50 and p99 latency, and the
// server's peak memory. Targets: list p99 ≤ 25 ms, ≥ 10× json-server's list throughput, ≤ 250 MB.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { derive } from '../../kernel/schema/derive';
import { ensureFirstAccounts } from '../../server/auth/bootstrap';
import { SqlAccounts } from '../../server/auth/sql-accounts';
import { columnsOf, encode } from '../../server/db/columns';
import { connectSqlite } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';
import { fakeRecords, SEED_DATE } from '../../kernel/demo/fake';
import { loadRegistry } from '../../kernel/schema/load-node';
import { freePort, signInOverHttp, startServer } from '../server-process';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const PASSWORD = 'bench-password-1';
const ROOT = join(import.meta.dirname, '../..');

const registry = loadRegistry();
const schema = registry.resources.device;
const work = mkdtempSync(join(tmpdir(), 'console-bench-'));

console.log(`Generating ${DEVICES.toLocaleString('en')} devices…`);
const template = { ...schema, 'x-resource': { ...schema['x-resource'], seed: { count: DEVICES } } };
const devices = fakeRecords(template, registry.config, 7).map((d) => derive(schema, d, undefined, SEED_DATE));

// The real server's database, filled directly in one transaction.
const connection = connectSqlite(join(work, 'data', 'console.db'));
await migrate(connection, registry);
await ensureFirstAccounts(new SqlAccounts(connection.db), { ADMIN_PASSWORD: PASSWORD, EDITOR_PASSWORD: PASSWORD });
const columns = columnsOf(schema);
const insert = connection.sqlite!.prepare(`insert into device (${columns.map((c) => c.name).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
connection.sqlite!.transaction(() => {
  for (const device of devices) insert.run(...columns.map((c) => encode(c.kind, device[c.name], 'sqlite') as never));
})();
await connection.db.destroy();

// json-server on the same devices.
writeFileSync(join(work, 'db.json'), JSON.stringify({ device: devices.map((d, i) => ({ id: i + 1, ...d })) }));
writeFileSync(join(work, 'index.html'), '<!doctype html><title>bench</title>');

/** Peak resident memory of a process so far, in MB (Linux VmHWM). */
const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(title: string, options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const figures = { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
  console.log(`${title.padEnd(34)} ${figures.rps.toFixed(0).padStart(7)} req/s   p50 ${String(figures.p50).padStart(4)} ms   p99 ${String(figures.p99).padStart(4)} ms   errors ${figures.errors}`);
  return figures;
}

const LIST_QUERY = 'type=1&sort=-hour&page=20&limit=20';
let exitCode = 0;
const server = await startServer({ DATA_DIR: join(work, 'data'), DIST_DIR: work, DEMO: '0', LOG_LEVEL: 'error' });
try {
  const token = await signInOverHttp(server.url, 'admin', PASSWORD);
  console.log(`server memory after start: ${peakMb(server.child.pid!).toFixed(0)} MB peak`);
  const headers = { 'X-Token': token, 'Content-Type': 'application/json' };
  console.log(`\nServer: ${DEVICES.toLocaleString('en')} devices on SQLite, ${CONNECTIONS} connections, ${SECONDS} s each`);
  const list = await load(`list (${LIST_QUERY})`, { url: `${server.url}/dev-api/device/list?${LIST_QUERY}`, headers });
  console.log(`  peak so far ${peakMb(server.child.pid!).toFixed(0)} MB`);
  await load('detail (id=54321)', { url: `${server.url}/dev-api/device/detail?id=54321`, headers });
  console.log(`  peak so far ${peakMb(server.child.pid!).toFixed(0)} MB`);
  const total = async () => ((await (await fetch(`${server.url}/dev-api/device/list?limit=1`, { headers })).json()) as { data: { total: number } }).data.total;
  const before = await total();
  let n = 0;
  await load('create', {
    url: `${server.url}/dev-api/device/create`,
    method: 'POST',
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ numtype: 'JQ', num: `B${n++}`, type: 2, status: 0, brand: 3, meth: 1 }) }) }],
  });
  const created = (await total()) - before;
  console.log(`  ${created.toLocaleString('en')} devices created (every create answered 20000: ${created === n ? 'yes' : 'NO'})`);
  const serverPeak = peakMb(server.child.pid!);

  const port = await freePort();
  const jsonServer = spawn(process.execPath, [join(ROOT, 'node_modules/json-server/lib/cli/bin.js'), '--port', String(port), '--host', '127.0.0.1', '--quiet', join(work, 'db.json')], { stdio: 'ignore' });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/device/1`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  console.log('\njson-server 0.17 on the same devices:');
  const theirs = await load('list (type=1, sort hour desc, p.20)', { url: `http://127.0.0.1:${port}/device?type=1&_sort=hour&_order=desc&_page=20&_limit=20` });
  jsonServer.kill('SIGKILL');

  const ratio = list.rps / theirs.rps;
  console.log(`\nlist throughput: ${ratio.toFixed(1)}× json-server (target ≥ 10×)`);
  console.log(`list p99: ${list.p99} ms (target ≤ 25 ms)`);
  console.log(`server peak memory: ${serverPeak.toFixed(0)} MB (target ≤ 250 MB)`);
  const met = ratio >= 10 && list.p99 <= 25 && serverPeak <= 250 && list.errors === 0;
  console.log(met ? 'All targets met.' : 'A target was missed.');
  exitCode = met ? 0 : 1;
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
