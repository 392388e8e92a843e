// Builds the console once and starts the product's own Node entry on a free port, on a temporary
// SQLite database, for the browser tests.
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
    baseUrl: string;
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
  const dataDir = mkdtempSync(join(tmpdir(), 'console-data-'));
  if (!prebuilt) {
    const { build } = await import('vite');
    await build({ root: ROOT, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  }

  const server = await startServer({ DIST_DIR: dist, DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_PASSWORD, EDITOR_PASSWORD: E2E_PASSWORD });
  project.provide('baseUrl', server.url);
  project.provide('distDir', dist);

  return async () => {
    await server.stop();
    if (!prebuilt) rmSync(dist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
