// npm run bench:start — how fast `npm start` answers on an existing database, and how much memory
// the process group holds once idle: the compiled server (node server/launch.js) beside the same
// server run through the TypeScript loader (tsx), interleaved. Prints the median time to the first
// answer of /healthz, the CPU time the process had used by then (what the start costs, whatever
// else the machine is doing), and the resident memory of the process group 2 s after the answer.
// Targets: first answer ≤ 500 ms, process group ≤ 150 MB idle.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../server-process';

const ROOT = join(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PASSWORD = 'bench-password-1';
const work = mkdtempSync(join(tmpdir(), 'console-start-'));
const dist = join(work, 'dist');
mkdirSync(dist);
// A console build of its own, served as it is (no stamp): the start never builds the console here.
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>bench</title>');

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};
/** Resident memory of every process in the group, in MB. */
function groupMb(pgid: number): number {
  let kb = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(stat[2]) !== pgid) continue;
      kb += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return kb / 1024;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const COMMANDS = {
  compiled: ['server/launch.js'],
  tsx: ['--import', 'tsx', 'server/start.ts'],
};
type Kind = keyof typeof COMMANDS;

async function start(kind: Kind): Promise<{ ms: number; cpu: number; mb: number }> {
  const port = await freePort();
  const began = performance.now();
  const child: ChildProcess = spawn(process.execPath, COMMANDS[kind], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: join(work, 'data'),
      DIST_DIR: dist,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: PASSWORD,
      EDITOR_PASSWORD: PASSWORD,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let ms = 0;
  let cpu = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${kind} start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
        ms = performance.now() - began;
        cpu = cpuMs(child.pid!);
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await new Promise((r) => setTimeout(r, 2000));
  const mb = groupMb(child.pid!);
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  return { ms, cpu, mb };
}

try {
  // The database, and the compiled server, made once before anything is timed.
  console.log('First start: compiling the server when needed, creating the database with the demo data…');
  execFileSync(process.execPath, ['server/launch.js', '--compile-only'], { cwd: ROOT, stdio: 'inherit' });
  await start('compiled');
  const figures: Record<Kind, { ms: number[]; cpu: number[]; mb: number[] }> = {
    compiled: { ms: [], cpu: [], mb: [] },
    tsx: { ms: [], cpu: [], mb: [] },
  };
  for (let run = 0; run < RUNS; run++) {
    for (const kind of ['compiled', 'tsx'] as Kind[]) {
      const { ms, cpu, mb } = await start(kind);
      figures[kind].ms.push(ms);
      figures[kind].cpu.push(cpu);
      figures[kind].mb.push(mb);
    }
  }
  console.log(`\nStart on an existing SQLite database, median of ${RUNS} interleaved runs:`);
  for (const kind of ['compiled', 'tsx'] as Kind[]) {
    const f = figures[kind];
    console.log(
      `${kind.padEnd(9)} first answer ${median(f.ms).toFixed(0).padStart(5)} ms   CPU by then ${median(f.cpu).toFixed(0).padStart(5)} ms   process group idle ${median(f.mb).toFixed(0).padStart(4)} MB`,
    );
  }
  const compiled = figures.compiled;
  console.log(
    `\ntargets: first answer ≤ 500 ms (${median(compiled.ms) <= 500 ? 'met' : 'MISSED'}; CPU ${median(compiled.cpu).toFixed(0)} ms), process group ≤ 150 MB idle (${median(compiled.mb) <= 150 ? 'met' : 'MISSED'})`,
  );
  console.log(`load average while measuring: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (2 cores)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
