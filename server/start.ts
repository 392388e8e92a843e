// `npm start`: builds the console when needed, then serves it and the /dev-api back-end on PORT.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { seedStore } from '../mock/seed';
import { checkSchemas, formatProblem } from '../src/schema/check';
import { SCHEMA_DIR, loadRegistry, readSchemaFiles } from '../src/schema/load-node';
import { PAGES } from '../src/schema/route-component';
import { MockAccounts } from './accounts';
import { createApp } from './app';
import { MemoryStore } from './store/memory';
import { createWebApp } from './web';

const ROOT = join(import.meta.dirname, '..');
/** The built console; DIST_DIR lets tests serve a build of their own. */
const DIST = process.env.DIST_DIR ?? join(ROOT, 'dist');

async function buildConsoleIfNeeded() {
  if (existsSync(join(DIST, 'index.html'))) return;
  console.log('Building the console (first start)…');
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: DIST, emptyOutDir: true } });
}

async function main() {
  await buildConsoleIfNeeded();
  const registry = loadRegistry();
  const problems = checkSchemas(readSchemaFiles(), registry.config, registry.routes, PAGES);
  if (problems.length > 0) {
    console.error(`The schema files in ${SCHEMA_DIR} have problems:\n${problems.map(formatProblem).join('\n')}`);
    process.exit(1);
  }
  const store = new MemoryStore();
  if (process.env.DEMO !== '0') await seedStore(store, registry);
  const api = createApp({ registry, store, accounts: new MockAccounts() });
  const port = Number(process.env.PORT ?? 8080);
  const server = serve({ fetch: createWebApp(api, DIST).fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, () => {
    console.log(`Console ready at http://localhost:${port}/`);
  });

  const stop = (signal: string) => {
    console.log(`${signal}: finishing requests in flight, then stopping.`);
    server.close(async () => {
      await store.close();
      process.exit(0);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
