// `npm start`: builds the console when needed, brings the database up to the schemas, creates the
// first accounts on an empty database (and loads the demo data unless DEMO=0), then serves on PORT.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { sql } from 'kysely';
import { checkSchemas, formatProblem } from '../kernel/schema/check';
import { SCHEMA_DIR, loadRegistry, readSchemaFiles } from '../kernel/schema/load-node';
import { PAGES } from '../kernel/schema/route-component';
import { createApp } from './app';
import { ensureFirstAccounts } from './auth/bootstrap';
import { SqlAccounts } from './auth/sql-accounts';
import { connectFromEnv } from './db/connect';
import { migrate } from './db/migrate';
import { log } from './log';
import { SqlStore } from './store/sql';
import { DEFAULT_UPLOAD_MAX_BYTES } from './uploads';
import { createWebApp } from './web';
import type { AppContext } from './context';

const ROOT = join(import.meta.dirname, '..');
/** The built console; DIST_DIR lets tests serve a build of their own. */
const DIST = process.env.DIST_DIR ?? join(ROOT, 'dist');

async function buildConsoleIfNeeded() {
  if (existsSync(join(DIST, 'index.html'))) return;
  log.info('Building the console (first start)…');
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: DIST, emptyOutDir: true } });
}

/** Behind a load balancer (TRUST_PROXY=1) the address is the first of X-Forwarded-For. */
function addressOf(c: AppContext): string {
  if (process.env.TRUST_PROXY === '1') {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return getConnInfo(c).remote.address ?? 'unknown';
}

async function main() {
  const registry = loadRegistry();
  const problems = checkSchemas(readSchemaFiles(), registry.config, registry.routes, PAGES);
  if (problems.length > 0) throw new Error(`The schema files in ${SCHEMA_DIR} have problems:\n${problems.map(formatProblem).join('\n')}`);
  await buildConsoleIfNeeded();

  const connection = connectFromEnv();
  const steps = await migrate(connection, registry);
  if (steps.length) log.info({ steps }, 'database migrated');
  const store = new SqlStore(connection, registry);
  const accounts = new SqlAccounts(connection.db);
  const created = await ensureFirstAccounts(accounts, process.env);
  for (const line of created) console.log(line);
  if (created.length > 0 && process.env.DEMO !== '0') {
    // Loaded only here: the fake-data library is large, and a running server never needs it again.
    const { seedStore } = await import('../kernel/demo/seed');
    await seedStore(store, registry);
    log.info('demo data loaded (DEMO=0 starts empty)');
  }

  const uploads = {
    db: connection.db,
    dir: process.env.UPLOAD_DIR ?? join(process.env.DATA_DIR ?? 'data', 'uploads'),
    maxBytes: Number(process.env.UPLOAD_MAX_BYTES ?? DEFAULT_UPLOAD_MAX_BYTES),
  };
  const api = createApp({ registry, store, accounts, addressOf, uploads, onError: (error) => log.error({ err: error }, 'request failed') });
  const web = createWebApp({ api, distDir: DIST, log, healthy: async () => void (await sql`select 1`.execute(connection.db)) });
  const port = Number(process.env.PORT ?? 8080);
  const server = serve({ fetch: web.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, () => {
    console.log(`Console ready at http://localhost:${port}/ (${connection.describe})`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing requests in flight, then stopping`);
    server.close(async () => {
      await store.close();
      log.info('stopped');
      process.exit(0);
    });
    // Idle keep-alive connections would hold the server open.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  log.fatal({ err: error }, 'could not start');
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
