// Builds the console once and starts the product's own Node entry for the browser tests: one server
// for each worker that runs test files at the same time, each on a free port and a temporary SQLite
// database of its own, so that files running side by side never see each other's records.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from '../server-process';
import { CHROMIUM } from './browser';
import { E2E_PASSWORD } from './constants';

const ROOT = join(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The servers' addresses, one for each worker (helpers.ts picks the worker's own). */
    baseUrls: string[];
    /** The console build the server serves, for tests that start servers of their own. */
    distDir: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium).`);
  // A build of this run's own, so that parallel runs never serve each other's files; or, to rerun a
  // file quickly while working on the tests, a build made beforehand (E2E_CONSOLE_DIST, kept).
  const prebuilt = process.env.E2E_CONSOLE_DIST;
  const dist = prebuilt ?? mkdtempSync(join(tmpdir(), 'console-dist-'));
  if (!prebuilt) {
    const { build } = await import('vite');
    await build({ root: ROOT, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  }

  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  const dataDirs = Array.from({ length: workers }, () => mkdtempSync(join(tmpdir(), 'console-data-')));
  const started = await Promise.allSettled(
    dataDirs.map((dataDir) =>
      startServer({ DIST_DIR: dist, DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_PASSWORD, EDITOR_PASSWORD: E2E_PASSWORD }),
    ),
  );
  const servers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const teardown = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    if (!prebuilt) rmSync(dist, { recursive: true, force: true });
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  };
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  );
  project.provide('distDir', dist);
  return teardown;
}
