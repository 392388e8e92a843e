// `npm start`: builds the console when its sources changed, brings the database up to the schemas,
// loads what the demo data set still lacks (on an empty database unless DEMO=0), creates the first
// accounts on an empty database, then serves on PORT.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { sql } from 'kysely';
import { SCHEMA_DIR, readSchemaFiles } from '../kernel/schema/load-node';
import { loadServerRegistry } from './resources/registry';
import { createApp } from './app';
import { nodePdf } from './pdf/node';
import { workerSheetReader } from './sheets/worker';
import { accountLimitsOf, createParameters } from './settings/parameters';
import { sqliteBackups } from './backups/sqlite';
import { ensureFirstAccounts } from './auth/bootstrap';
import { buildReason, currentSourceStamp, writeStamp } from './build-stamp';
import { SqlAccounts } from './auth/sql-accounts';
import { type Connection, connectFromEnv } from './db/connect';
import { migrate } from './db/migrate';
import { demoDataSummary, migrationSummary } from './db/migration-summary';
import { log } from './log';
import { seedBegun, seedDatabase } from './db/seed';
import { SqlStore } from './store/sql';
import { DEFAULT_UPLOAD_MAX_BYTES } from './files/uploads';
import { uploadDirOf } from './files/seed-server';
import { DEFAULT_JSON_BODY_MAX_BYTES } from '../kernel/contract/limits';
import { parseInteger } from '../kernel/contract/integers';
import { SECURITY_HEADERS, createWebApp } from './http/web';
import { callerAddress, trustedHops } from './http/request';
import type { AppContext } from './context';
import type { Registry } from '../kernel/schema/registry';

const ROOT = join(import.meta.dirname, '..');
/** A plain line for the person at the terminal; what machines read stays in the JSON log. */
const tell = (line: string) => console.log(line);
/** How long a stop waits for requests in flight before cutting the connections left. */
const STOP_GRACE_MS = 10_000;
/** The built console; DIST_DIR lets tests serve a build of their own. */
const DIST = process.env.DIST_DIR ?? join(ROOT, 'dist');

/** Builds the console when it is missing or older than its sources; the stamp goes in last, once the build succeeded. */
async function buildConsoleIfNeeded() {
  const stamp = currentSourceStamp(ROOT);
  const reason = buildReason(DIST, stamp, process.env.DIST_DIR !== undefined);
  if (!reason) return;
  tell(`Building the console (${reason})…`);
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: DIST, emptyOutDir: true } });
  writeStamp(DIST, stamp);
}

/**
 * Checks the schema files, unless this very compiled server checked them already: server/launch.js
 * hands over the stamp of the sources it was compiled from (the schemas, the code, the packages'
 * versions, on which the check's answer depends alone) and a file recording the last stamp
 * checked. The check compiles the meta-schema and reads the icon names, most of a start's work,
 * so it is loaded only when it runs.
 */
async function checkSchemaFiles(registry: Registry) {
  const stamp = process.env.SERVER_SOURCE_STAMP;
  const record = process.env.SERVER_CHECKED_FILE;
  if (stamp && record && existsSync(record) && readFileSync(record, 'utf8').trim() === stamp) return;
  const [{ checkSchemas, formatProblem }, { materialIconComponents }] = await Promise.all([
    import('../kernel/schema/check'),
    import('../kernel/schema/icons-node'),
  ]);
  const problems = checkSchemas(readSchemaFiles(), registry.config, registry.routes, {
    icons: materialIconComponents(),
  });
  if (problems.length > 0) throw new Error(`The schema files in ${SCHEMA_DIR} have problems:\n${problems.map(formatProblem).join('\n')}`);
  if (stamp && record) writeFileSync(record, `${stamp}\n`);
}

/** Whether every resource with demo data has it in (app_seed lists it): then the demo data code is not even loaded. */
async function demoDataComplete(connection: Connection, registry: Registry): Promise<boolean> {
  const wanted = Object.keys(registry.resources).filter((name) => registry.resources[name]['x-resource'].seed);
  const { rows } = await sql<{ resource: string }>`select resource from app_seed`.execute(connection.db);
  const done = new Set(rows.map((row) => row.resource));
  return wanted.every((name) => done.has(name));
}

/**
 * The demo data set, when wanted: on an empty database (no account yet) unless DEMO=0, and on a
 * database that began it and lacks part of it (an interrupted first start, a resource added since).
 */
async function loadDemoData(connection: Connection, registry: Registry, fresh: boolean) {
  if (process.env.DEMO === '0' || !(fresh || (await seedBegun(connection)))) return;
  if (!fresh && (await demoDataComplete(connection, registry))) return;
  const { inserted } = await seedDatabase(connection, registry);
  log.debug({ inserted }, 'demo data loaded');
  const summary = demoDataSummary(inserted);
  if (summary) tell(summary);
}

/** The SQLite database's file, as connectFromEnv opens it: the backups read it through a connection of their own. */
const sqliteFileOf = () => join(process.env.DATA_DIR ?? 'data', 'console.db');

/** Behind TRUST_PROXY proxies, the address the nearest of them saw (request.ts). */
const TRUSTED_HOPS = trustedHops(process.env.TRUST_PROXY);
const addressOf = (c: AppContext): string =>
  callerAddress(c.req.header('X-Forwarded-For'), getConnInfo(c).remote.address ?? 'unknown', TRUSTED_HOPS);

async function main() {
  const registry = loadServerRegistry();
  await checkSchemaFiles(registry);
  await buildConsoleIfNeeded();

  const connection = await connectFromEnv();
  const steps = await migrate(connection, registry, tell);
  if (steps.length) log.debug({ steps }, 'database migrated');
  const migrated = migrationSummary(steps);
  if (migrated) tell(migrated);
  const store = new SqlStore(connection, registry);
  // Sign-in limits and session lifetime are system parameters, read when they are used.
  const parameters = createParameters({ registry, store });
  const accounts = new SqlAccounts(connection.db, async () => accountLimitsOf(await parameters.current()), undefined, connection.dialect);
  // Before the accounts: a start interrupted while loading finds no account and loads the rest.
  await loadDemoData(connection, registry, (await accounts.count()) === 0);
  // The demo data goes in around the store: counts it kept before are forgotten.
  store.forgetCounts();
  const created = await ensureFirstAccounts(accounts, process.env);
  for (const line of created) tell(line);

  const uploads = {
    db: connection.db,
    dir: uploadDirOf(),
    maxBytes: Number(process.env.UPLOAD_MAX_BYTES ?? DEFAULT_UPLOAD_MAX_BYTES),
  };
  const jsonBodyMaxBytes = parseInteger(process.env.JSON_BODY_MAX_BYTES ?? String(DEFAULT_JSON_BODY_MAX_BYTES), { min: 1024 });
  if (jsonBodyMaxBytes === undefined)
    throw new Error(`JSON_BODY_MAX_BYTES must be a whole number of bytes, at least 1024 (it is "${process.env.JSON_BODY_MAX_BYTES}")`);
  // Notifications reach the streams of every server instance on PostgreSQL through LISTEN/NOTIFY.
  // (The bus, with the PostgreSQL client, is loaded only then.)
  const postgresUrl = connection.dialect === 'postgres' ? process.env.DATABASE_URL : undefined;
  const bus = postgresUrl ? await import('./notify/pg-bus') : undefined;
  const noticeBus =
    postgresUrl && bus
      ? await bus.postgresBus(postgresUrl, undefined, (error) => log.error({ err: error }, 'notification bus'))
      : undefined;
  // So do changes of the menu and the roles, on a channel of their own: every instance checks the same rules at once.
  const accessSignal =
    postgresUrl && bus
      ? await bus.postgresBus(postgresUrl, 'console_access', (error) => log.error({ err: error }, 'access signal'))
      : undefined;
  const api = createApp({
    registry,
    store,
    accounts,
    addressOf,
    uploads,
    jsonBodyMaxBytes,
    noticeBus,
    accessSignal,
    parameters,
    // SQLite: copies made by this server, under DATA_DIR/backups (where `npm run backup` puts them too).
    backups:
      connection.dialect === 'sqlite'
        ? sqliteBackups({ source: sqliteFileOf(), dir: join(process.env.DATA_DIR ?? 'data', 'backups') })
        : { mode: 'pg_dump' },
    // Set on every answer by the web app (web.ts); the API's JSON answers are made with them.
    answerHeaders: SECURITY_HEADERS,
    // Reports and labels as PDF: the library and its font are loaded on the first one asked for.
    pdf: nodePdf(),
    // Uploaded spreadsheets are read in worker threads: the server answers other requests meanwhile.
    sheets: workerSheetReader(),
    onError: (error) => log.error({ err: error }, 'request failed'),
  });
  await api.access.ready();
  // Calibration reports of before (or of the demo data) become calibration records to complete.
  const adopted = await api.adoptReports();
  if (adopted > 0)
    tell(
      `Calibration reports: ${adopted.toLocaleString('en')} became calibration records with the result "unknown", to complete (Instruments → Calibrations, result Unknown).`,
    );
  api.scheduler.start();
  const web = createWebApp({
    api,
    rest: api.rest,
    distDir: DIST,
    log,
    healthy: () => connection.ping(),
  });
  const port = Number(process.env.PORT ?? 8080);
  const server = serve({ fetch: web.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, () => {
    tell(`Console ready at http://localhost:${port}/ (${connection.describe})`);
    // Values kept from other records (a well's trajectory) are worked out again in the background
    // once the server answers (right after demo data is loaded, or on an install made before they
    // were kept), a record at a time with requests let in between.
    const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
    setImmediate(
      () =>
        void api
          .settle(pause)
          .then(() => tell('derived values settled (trajectories and totals kept from other records)'))
          .catch((error) => log.error({ err: error }, 'settling derived values')),
    );
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    tell(`${signal}: finishing requests in flight, then stopping`);
    // Open notification streams would hold the server open: they end first, and no job starts.
    await api.notices?.close();
    await api.scheduler.stop();
    await accessSignal?.close();
    server.close(async () => {
      await store.close();
      tell('Stopped.');
      process.exit(0);
    });
    // Idle keep-alive connections would hold the server open (an ended stream's among them, once
    // its last bytes are out); whatever is still open after the grace period is cut.
    const closeIdle = () => 'closeIdleConnections' in server && server.closeIdleConnections();
    closeIdle();
    setTimeout(closeIdle, 200).unref();
    setTimeout(() => 'closeAllConnections' in server && server.closeAllConnections(), STOP_GRACE_MS).unref();
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  log.fatal({ err: error }, 'could not start');
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
