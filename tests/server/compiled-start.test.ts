// `npm start` runs the server compiled to JavaScript (server/launch.js): it compiles on the first
// start, answers, starts again without compiling while the sources are the same, and compiles
// again when the compiled server no longer matches them (a pull, an edit).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, signInOverHttp } from '../server-process';

const ROOT = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'console-compiled-'));
// In the repository, like dist-server/: the compiled server finds its packages in node_modules above it.
const build = join(ROOT, `dist-server.test-${process.pid}`);
const dist = join(work, 'dist');
mkdirSync(dist);
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>compiled start</title>');
const PASSWORD = 'compiled-start-1';

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(build, { recursive: true, force: true });
});

/** `npm start`'s command, until the first answer of /healthz; answers the output so far and a stop. */
async function start(): Promise<{ url: string; output: () => string; child: ChildProcess; stop: () => Promise<unknown> }> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['server/launch.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      SERVER_BUILD_DIR: build,
      DATA_DIR: join(work, 'data'),
      DIST_DIR: dist,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: PASSWORD,
      EDITOR_PASSWORD: PASSWORD,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the compiled server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, output: () => output, child, stop: () => (child.kill('SIGTERM'), exited) };
}

describe('npm start runs the compiled server', () => {
  it('compiles once, answers, starts again without compiling, and compiles again when the sources no longer match', async () => {
    const first = await start();
    try {
      expect(first.output()).toContain('Compiling the server (first build)');
      // No TypeScript loader in the process: Node runs the launcher and the compiled JavaScript.
      const command = readFileSync(`/proc/${first.child.pid}/cmdline`, 'utf8').split('\0');
      expect(command.some((part) => part.includes('tsx'))).toBe(false);
      expect(readFileSync(join(build, '.build-stamp'), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
      const token = await signInOverHttp(first.url, 'admin', PASSWORD);
      const info = (await (await fetch(`${first.url}/dev-api/user/info`, { headers: { 'X-Token': token } })).json()) as { code: number };
      expect(info.code).toBe(20000);
    } finally {
      await first.stop();
    }

    const again = await start();
    await again.stop();
    expect(again.output()).not.toContain('Compiling');

    // What a pull leaves: a compiled server made from other sources.
    writeFileSync(join(build, '.build-stamp'), 'sources of another commit\n');
    const after = await start();
    try {
      expect(after.output()).toContain('Compiling the server (sources changed)');
      expect(readFileSync(join(build, '.build-stamp'), 'utf8')).not.toContain('another commit');
      expect((await fetch(`${after.url}/healthz`)).ok).toBe(true);
    } finally {
      await after.stop();
    }
  });
});
