// npm run bench:soak — the real server under a long mixed load: SOAK_CLIENTS concurrent clients
// (200) for SOAK_SECONDS (60), each signing in, listing, reading, creating, updating with the
// version it read and deleting its own crews, on SQLite and then on PostgreSQL (SOAK_DATABASES=
// sqlite,postgres; DATABASE_URL, default postgres://127.0.0.1:5432/test, in a schema of its own
// that is dropped afterwards). Prints requests, errors, acknowledged writes missing afterwards,
// p99 latency and the server's resident memory at start and end. Targets: 0 errors, 0 missing.
// Sign-ins always use the right password: only failed ones count towards the lockout (five per
// account, twenty per address, in 15 minutes), so the load never locks an account.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type RunningServer, startServer } from '../server-process';

const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 200);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const DATABASES = (process.env.SOAK_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://127.0.0.1:5432/test';
const ACCOUNTS = [
  { username: 'admin', password: 'soak-admin-password-1' },
  { username: 'editor', password: 'soak-editor-password-1' },
];

/** The resource under load and how its records are written: crews, the simplest schema with a group. */
const RESOURCE = {
  list: '/crew/list',
  info: '/crew/info',
  add: '/crew/add',
  update: '/crew/update',
  del: '/crew/del',
  create: (client: number, n: number) => ({
    teamNumber: `SOAK-${client}-${n}`,
    leader: { name: `Leader ${client}.${n}`, phone: '+86 138 0000 0000' },
  }),
  edit: (client: number, n: number) => ({ leader: { name: `Edited ${client}.${n}` } }),
  /** What an acknowledged write must have left in the record. */
  matches: (row: Record<string, unknown>, expected: Record<string, unknown>) =>
    row.teamNumber === expected.teamNumber && (row.leader as { name?: string })?.name === (expected.leader as { name?: string })?.name,
};

/** Weights of what a client does next. */
const MIX: [Action, number][] = [
  ['signIn', 3],
  ['list', 30],
  ['read', 22],
  ['create', 17],
  ['update', 18],
  ['delete', 10],
];
type Action = 'signIn' | 'list' | 'read' | 'create' | 'update' | 'delete';

interface Envelope {
  code: number;
  data?: Record<string, unknown>;
  message?: string;
}

interface Figures {
  requests: number;
  errors: Map<string, number>;
  latencies: Map<Action | 'signOut', number[]>;
  /** Updates sent with a version another update had already replaced: 40009 is the right answer. */
  staleRefused: number;
}

/** Records a client wrote and the server acknowledged, with the state they must be in. */
interface Ledger {
  live: Map<number, { version: number; expected: Record<string, unknown> }>;
  deleted: Set<number>;
}

const rssMb = (pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
};

async function call(
  base: string,
  figures: Figures,
  action: Action | 'signOut',
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Envelope | undefined> {
  const started = performance.now();
  figures.requests++;
  const fail = (what: string) => figures.errors.set(`${action}: ${what}`, (figures.errors.get(`${action}: ${what}`) ?? 0) + 1);
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const list = figures.latencies.get(action) ?? [];
    list.push(performance.now() - started);
    figures.latencies.set(action, list);
    if (response.status !== 200) return void fail(`HTTP ${response.status}`);
    return JSON.parse(text) as Envelope;
  } catch (error) {
    return void fail(`no answer (${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message})`);
  }
}

async function client(base: string, index: number, until: number, figures: Figures, ledger: Ledger) {
  const account = ACCOUNTS[index % ACCOUNTS.length];
  const unexpected = (action: Action, answer: Envelope | undefined) => {
    if (!answer) return;
    const key = `${action}: code ${answer.code}${answer.message ? ` (${answer.message.slice(0, 60)})` : ''}`;
    figures.errors.set(key, (figures.errors.get(key) ?? 0) + 1);
  };
  const signIn = async () => {
    const answer = await call(base, figures, 'signIn', 'POST', '/user/login', undefined, account);
    if (answer?.code === 20000) return String(answer.data!.token);
    unexpected('signIn', answer);
    return undefined;
  };
  let token = await signIn();
  const mine: number[] = [];
  let n = 0;
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  while (performance.now() < until) {
    let roll = Math.random() * total;
    const action = MIX.find(([, weight]) => (roll -= weight) < 0)![0];
    n++;
    if (action === 'signIn' || !token) {
      const old = token;
      token = await signIn();
      if (old) await call(base, figures, 'signOut', 'POST', '/user/logout', old);
    } else if (action === 'list') {
      const answer = await call(
        base,
        figures,
        action,
        'GET',
        `${RESOURCE.list}?page=${1 + Math.floor(Math.random() * 5)}&limit=20&sort=-id`,
        token,
      );
      if (answer?.code !== 20000) unexpected(action, answer);
    } else if (action === 'read') {
      const known = [...ledger.live.keys()];
      const id =
        mine.length && Math.random() < 0.5
          ? mine[Math.floor(Math.random() * mine.length)]
          : known.length
            ? known[Math.floor(Math.random() * known.length)]
            : 1;
      const answer = await call(base, figures, action, 'GET', `${RESOURCE.info}?id=${id}`, token);
      // A record another client deletes meanwhile is rightly not found.
      if (answer?.code !== 20000 && !(answer?.code === 40004 && !mine.includes(id))) unexpected(action, answer);
    } else if (action === 'create' || mine.length === 0) {
      const body = RESOURCE.create(index, n);
      const answer = await call(base, figures, 'create', 'POST', RESOURCE.add, token, body);
      if (answer?.code === 20000) {
        const id = Number(answer.data!.id);
        mine.push(id);
        ledger.live.set(id, { version: Number(answer.data!.version), expected: body });
      } else unexpected('create', answer);
    } else if (action === 'update') {
      const id = mine[Math.floor(Math.random() * mine.length)];
      const entry = ledger.live.get(id)!;
      // One update in ten carries an older version on purpose: it must be refused with 40009.
      const stale = entry.version > 1 && Math.random() < 0.1;
      const changes = RESOURCE.edit(index, n);
      const answer = await call(base, figures, action, 'POST', RESOURCE.update, token, {
        id,
        version: stale ? entry.version - 1 : entry.version,
        ...changes,
      });
      if (stale && answer?.code === 40009) figures.staleRefused++;
      else if (!stale && answer?.code === 20000)
        ledger.live.set(id, {
          version: Number(answer.data!.version),
          expected: { ...entry.expected, ...changes, leader: { ...(entry.expected.leader as object), ...changes.leader } },
        });
      else unexpected(action, answer);
    } else {
      const id = mine.splice(Math.floor(Math.random() * mine.length), 1)[0];
      const answer = await call(base, figures, action, 'POST', RESOURCE.del, token, { id });
      if (answer?.code === 20000) {
        ledger.live.delete(id);
        ledger.deleted.add(id);
      } else unexpected(action, answer);
    }
  }
}

/** Every acknowledged write, read back once the load is over: created and edited records as acknowledged, deleted ones gone. */
async function missingWrites(base: string, ledger: Ledger): Promise<string[]> {
  const token = (await (
    await fetch(`${base}/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ACCOUNTS[0]),
    })
  ).json()) as Envelope;
  const headers = { 'X-Token': String(token.data?.token) };
  const ids = [...ledger.live.keys(), ...ledger.deleted];
  const found = new Map<number, Record<string, unknown>>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const answer = (await (await fetch(`${base}${RESOURCE.list}?ids=${chunk.join(',')}&limit=1000`, { headers })).json()) as Envelope;
    if (answer.code !== 20000) throw new Error(`Reading the written records back failed: ${JSON.stringify(answer).slice(0, 200)}`);
    const rows = ((answer.data as { items?: unknown[]; list?: unknown[] }).items ??
      (answer.data as { list?: unknown[] }).list ??
      []) as Record<string, unknown>[];
    for (const row of rows) found.set(Number(row.id), row);
  }
  const missing: string[] = [];
  for (const [id, { version, expected }] of ledger.live) {
    const row = found.get(id);
    if (!row) missing.push(`#${id} acknowledged at version ${version} is gone`);
    else if (Number(row.version) !== version || !RESOURCE.matches(row, expected))
      missing.push(`#${id} is at version ${String(row.version)} ${JSON.stringify(row).slice(0, 120)}, acknowledged at ${version}`);
  }
  for (const id of ledger.deleted) if (found.has(id)) missing.push(`#${id} was deleted (acknowledged) but is still there`);
  return missing;
}

async function soak(database: string): Promise<boolean> {
  const work = mkdtempSync(join(tmpdir(), 'console-soak-'));
  mkdirSync(join(work, 'dist'));
  writeFileSync(join(work, 'dist', 'index.html'), '<!doctype html><title>stub</title>');
  const schema = `soak_${Date.now().toString(36)}`;
  let env: Record<string, string> = {};
  let admin: pg.Client | undefined;
  if (database === 'postgres') {
    // Trust authentication with no user in the URL: the one this process runs as, as psql does.
    const url = new URL(POSTGRES_URL);
    url.username ||= userInfo().username;
    admin = new pg.Client({ connectionString: url.href });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env = { DATABASE_URL: url.href };
  }
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      ...env,
      DIST_DIR: join(work, 'dist'),
      DATA_DIR: join(work, 'data'),
      ADMIN_PASSWORD: ACCOUNTS[0].password,
      EDITOR_PASSWORD: ACCOUNTS[1].password,
      LOG_LEVEL: 'error',
    });
    const base = `${server.url}/dev-api`;
    const pid = server.child.pid!;
    const figures: Figures = { requests: 0, errors: new Map(), latencies: new Map(), staleRefused: 0 };
    const ledger: Ledger = { live: new Map(), deleted: new Set() };
    const rssStart = rssMb(pid);
    console.log(`\n${database}: ${CLIENTS} clients for ${SECONDS} s…`);
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(base, i, until, figures, ledger)));
    const seconds = (performance.now() - started) / 1000;
    const rssEnd = rssMb(pid);
    const missing = await missingWrites(base, ledger);
    const errors = [...figures.errors.values()].reduce((a, b) => a + b, 0);
    const all = [...figures.latencies.values()].flat();
    console.log(`  requests        ${figures.requests.toLocaleString('en')} (${(figures.requests / seconds).toFixed(0)}/s)`);
    console.log(
      `  errors          ${errors} (target 0)${errors ? `\n${[...figures.errors].map(([what, count]) => `    ${count} × ${what}`).join('\n')}` : ''}`,
    );
    console.log(
      `  acknowledged writes missing afterwards  ${missing.length} (target 0) of ${(ledger.live.size + ledger.deleted.size).toLocaleString('en')} records checked${
        missing.length
          ? `\n${missing
              .slice(0, 10)
              .map((m) => `    ${m}`)
              .join('\n')}`
          : ''
      }`,
    );
    console.log(`  stale updates refused with 40009        ${figures.staleRefused}`);
    console.log(
      `  latency p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${percentile(all, 100).toFixed(0)} ms`,
    );
    console.log(
      `  p99 by action   ${[...figures.latencies].map(([action, values]) => `${action} ${percentile(values, 99).toFixed(0)} ms (${values.length.toLocaleString('en')})`).join(', ')}`,
    );
    console.log(
      `  server memory   ${rssStart.toFixed(0)} MB at start, ${rssEnd.toFixed(0)} MB at end (peak ${rssMb(pid, 'VmHWM').toFixed(0)} MB)`,
    );
    return errors === 0 && missing.length === 0;
  } finally {
    if (server) await server.stop();
    if (admin) {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
    rmSync(work, { recursive: true, force: true });
  }
}

let ok = true;
for (const database of DATABASES) ok = (await soak(database)) && ok;
console.log(ok ? '\nAll targets met.' : '\nA target was missed.');
process.exit(ok ? 0 : 1);
