// The fuzz suite: the properties of properties.ts run one after the other with fast-check, each
// generated request sent to the server and judged by checks.ts. Requests go one at a time: the
// database is compared before and after each. Failures are collected, not thrown, so that one
// finding does not hide the others.
import fc from 'fast-check';
import { type Account, type Caller, endsSession, prepareCallers, signIn } from './callers';
import { type Exchange, violations } from './checks';
import { DatabaseWatcher, changes } from './database';
import { type ApiDocument, type Operation, loadDocument } from './document';
import { type Property, propertiesOf, propertySeed } from './properties';
import { documentProblems } from './verdict';
import { type Answer, type FuzzRequest, type TokenPlacement, describeAnswer, describeRequest, send } from './wire';

export interface FuzzOptions {
  /** The running server, e.g. http://127.0.0.1:4000. */
  serverUrl: string;
  /** Its SQLite database file, read only. */
  databaseFile: string;
  /** The accounts to sign in with (admin, editor). */
  accounts: Account[];
  /** Runs per property. */
  runs: number;
  seed: number;
  /** Only the properties whose name contains this text (to replay one). */
  only?: string;
  /**
   * Time for the whole run: each property gets an equal share of what is left, turned into runs
   * at the pace measured so far (at least one, at most `runs`). Without it every property makes `runs` runs.
   */
  budgetMs?: number;
  /** Look for a smaller failing request after a failure (longer; the test leaves it out). */
  shrink?: boolean;
  /** The server's output so far, quoted when it fails. */
  serverOutput?: () => string;
  log?: (line: string) => void;
}

export interface Failure {
  property: string;
  seed: number;
  text: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  ms: number;
  properties: number;
  /** Answer code (or "HTTP <status>") → count. */
  codes: Map<string, number>;
  /** "<operation> · <caller>" → requests sent. */
  coverage: Map<string, number>;
  /** Mutation family → requests sent. */
  families: Map<string, number>;
  latencies: number[];
  documentProblems: string[];
  operations: Operation[];
  callers: Caller[];
  failures: Failure[];
  /** Operations not sent by callers they admit, because they change who may do what (properties.ts). */
  skipped: string[];
  /** Operations of another dialect, left out (document.ts). */
  elsewhere: string[];
}

/** The body size limit the document states: past it, the server may close the connection while the body arrives. */
const LARGE_BODY = 1_000_000;

/** Shrinking a failure sends requests too: this many steps at most. */
const MAX_SHRINKS = 40;

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

interface Context {
  document: ApiDocument;
  watcher: DatabaseWatcher;
  report: FuzzReport;
  serverOutput?: () => string;
}

/** A session of its own for an operation that ends the one it is called with. */
async function withOwnSession(
  context: Context,
  property: Property,
  placement: TokenPlacement,
): Promise<{ caller: Caller; token: TokenPlacement }> {
  const { caller } = property;
  if (!endsSession(property.operation) || !caller.token || !caller.account || placement?.value !== caller.token)
    return { caller, token: placement };
  const fresh = await signIn(context.document.base, caller.account);
  return { caller: { ...caller, token: fresh }, token: { ...placement, value: fresh } };
}

/** Sends one request and judges the answer: undefined when all is well, else the failure in words. */
async function exchange(
  context: Context,
  property: Property,
  request: FuzzRequest,
  placement: TokenPlacement,
): Promise<string | undefined> {
  const { document, watcher, report } = context;
  const { operation } = property;
  const { caller, token } = await withOwnSession(context, property, placement);
  const problems = documentProblems(operation, request);
  const outputBefore = context.serverOutput?.().length ?? 0;
  const before = watcher.snapshot();
  report.requests++;
  count(report.coverage, `${operation.key} · ${property.caller.name}`);
  count(report.families, request.family);
  let answer: Answer;
  try {
    answer = await send(document.base, operation, request, token);
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    if ((request.body?.length ?? 0) <= LARGE_BODY) {
      count(report.codes, 'no answer');
      return `${describeRequest(operation, request, token)}\n  ✗ no HTTP answer: ${cause}`;
    }
    // A body past the size limit may be cut off while it arrives; it must still change nothing.
    count(report.codes, 'cut off while sending');
    const changed = changes(before, watcher.snapshot());
    return changed.length
      ? `${describeRequest(operation, request, token)}\n  ✗ cut off while sending (${cause}), yet the database changed: ${changed.join(', ')}`
      : undefined;
  }
  const after = watcher.snapshot();
  report.latencies.push(answer.ms);
  const code = (answer.json as { code?: unknown } | undefined)?.code;
  count(report.codes, typeof code === 'number' ? String(code) : `HTTP ${answer.status}`);
  const found = violations({ document, operation, caller, request, token, problems, answer, before, after } satisfies Exchange);
  if (found.length === 0) return undefined;
  const serverLog = context.serverOutput?.().slice(outputBefore).trim();
  return [
    describeRequest(operation, request, token),
    `  document: ${problems.length ? problems.slice(0, 3).join('; ') : 'a valid request'}`,
    `  answer: ${describeAnswer(answer)}`,
    ...found.map((v) => `  ✗ ${v}`),
    ...(serverLog ? [`  server output: ${serverLog.slice(0, 600)}`] : []),
  ].join('\n');
}

/** Turns the time left into runs for each property, at the pace measured so far (a run is never cut short: requests stay one at a time). */
function pacer(budgetMs: number | undefined, runs: number, properties: number) {
  const deadline = budgetMs === undefined ? undefined : performance.now() + budgetMs;
  const pace = { ms: 0, requests: 0 };
  return {
    runsFor(index: number): number {
      if (deadline === undefined) return runs;
      const share = (deadline - performance.now()) / (properties - index);
      const perRequest = pace.requests > 0 ? pace.ms / pace.requests : 10;
      return Math.max(1, Math.min(runs, Math.floor(share / perRequest)));
    },
    record(ms: number, requests: number) {
      pace.ms += ms;
      pace.requests += requests;
    },
  };
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const document = await loadDocument(options.serverUrl);
  const callers = await prepareCallers(document.base, options.accounts);
  const report: FuzzReport = {
    seed: options.seed,
    requests: 0,
    ms: 0,
    properties: 0,
    codes: new Map(),
    coverage: new Map(),
    families: new Map(),
    latencies: [],
    documentProblems: document.problems,
    operations: document.operations,
    callers: callers.all,
    failures: [],
    skipped: [],
    elsewhere: document.elsewhere,
  };
  const context: Context = { document, watcher: new DatabaseWatcher(options.databaseFile), report, serverOutput: options.serverOutput };
  const properties = propertiesOf(document, callers, report.skipped).filter((p) => !options.only || p.name.includes(options.only));
  report.properties = properties.length;
  log(
    `fuzz: ${document.operations.length} operations × ${callers.all.length} callers → ${properties.length} properties × ${options.runs} runs (FUZZ_SEED=${options.seed})`,
  );
  const pace = pacer(options.budgetMs, options.runs, properties.length);
  try {
    for (const [index, property] of properties.entries()) {
      const propertyStarted = performance.now();
      const requestsBefore = report.requests;
      const requests = options.shrink ? fc.limitShrink(property.requests, MAX_SHRINKS) : property.requests;
      const details = await fc.check(
        fc.asyncProperty(requests, async ([request, placement]) => {
          const failure = await exchange(context, property, request, placement);
          if (failure) throw new Error(failure);
        }),
        { seed: propertySeed(options.seed, property.name), numRuns: pace.runsFor(index), endOnFailure: !options.shrink },
      );
      pace.record(performance.now() - propertyStarted, report.requests - requestsBefore);
      if (details.failed && details.errorInstance) {
        const text = (details.errorInstance as Error).message;
        report.failures.push({ property: property.name, seed: options.seed, text });
        log(`✗ ${property.name} (FUZZ_SEED=${options.seed}, after ${details.numRuns} runs, ${details.numShrinks} shrinks)\n${text}`);
      }
    }
  } finally {
    context.watcher.close();
    report.ms = performance.now() - started;
  }
  return report;
}
