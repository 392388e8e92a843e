// The fuzz suite (tests/fuzz) in `npm test`: requests generated from the published OpenAPI
// document, valid and hostile, for every operation and every caller, against the real Node server
// on a temporary SQLite database. Here it runs one fixed seed and a fixed number of runs per
// property, so that the same code always meets the same requests: a change elsewhere cannot turn
// it red by chance. `npm run fuzz` (tests/fuzz/cli.ts) runs random seeds, and more of them.
// FUZZ_SEED, FUZZ_RUNS and FUZZ_BUDGET_S (a time budget, off by default here) change the run.
// A failure prints its request, answer and seed: replay it with `FUZZ_SEED=<seed> npm run fuzz`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../fuzz/callers';
import { type Exchange, violations } from '../fuzz/checks';
import type { Operation } from '../fuzz/document';
import { failureSummary, figures } from '../fuzz/report';
import { type FuzzServer, startFuzzServer } from '../fuzz/server';
import { type FuzzReport, runFuzz } from '../fuzz/suite';
import { documentProblems } from '../fuzz/verdict';
import type { FuzzRequest } from '../fuzz/wire';

/** The seed of `npm test`'s run: any fixed number; change it on purpose, never per run. */
const FIXED_SEED = 20_261_127;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : FIXED_SEED;
// One run of every property: each family of request for every operation and caller, about 2,750 requests.
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);
const BUDGET_S = process.env.FUZZ_BUDGET_S ? Number(process.env.FUZZ_BUDGET_S) : undefined;
/** The longest the run may take here, however slow the machine. */
const TIMEOUT_S = BUDGET_S ?? 240;

describe('fuzzing every operation of the published document', () => {
  let fuzzServer: FuzzServer;
  let report: FuzzReport;

  beforeAll(
    async () => {
      console.log(`fuzz: FUZZ_SEED=${SEED}, ${RUNS} runs per property${BUDGET_S ? `, budget ${BUDGET_S} s` : ''}`);
      fuzzServer = await startFuzzServer();
      report = await runFuzz({
        serverUrl: fuzzServer.server.url,
        databaseFile: fuzzServer.databaseFile,
        accounts: fuzzServer.accounts,
        runs: RUNS,
        budgetMs: BUDGET_S === undefined ? undefined : BUDGET_S * 1000,
        seed: SEED,
        serverOutput: fuzzServer.server.output,
      });
      console.log(figures(report));
    },
    (TIMEOUT_S + 90) * 1000,
  );

  afterAll(async () => {
    // A server that crashed along the way does not stop cleanly.
    if (fuzzServer) expect(await fuzzServer.close()).toBe(0);
  });

  it('tries every operation with every caller, but a change of who may do what with the callers it refuses only', () => {
    expect(report.operations.length).toBeGreaterThan(0);
    const skipped = new Set(report.skipped);
    const untried = report.operations
      .flatMap((operation) => report.callers.map((caller) => `${operation.key} · ${caller.name}`))
      .filter((key) => !report.coverage.get(key) && !skipped.has(key));
    expect(untried).toEqual([]);
    for (const key of report.skipped) {
      const operation = report.operations.find((o) => key.startsWith(`${o.key} · `));
      expect(operation?.changesAccess, key).toBe(true);
    }
  });

  it('finds nothing wrong with the document itself', () => {
    expect(report.documentProblems).toEqual([]);
  });

  it(`finds no failure (replay: FUZZ_SEED=${SEED} npm run fuzz)`, () => {
    expect(report.failures.length, `FUZZ_SEED=${SEED}\n\n${failureSummary(report)}`).toBe(0);
  });
});

// The suite's own judgement, on a small made-up document: what it calls invalid and what it calls
// a failure, so that a suite that could never fail would be caught here.
describe("the fuzz suite's judgement", () => {
  const envelope = { type: 'object', required: ['code'], properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} } };
  const answers = { '200': { types: ['application/json'], json: envelope } };
  const list: Operation = {
    method: 'GET',
    path: '/thing/list',
    key: 'GET /thing/list',
    parameters: [{ name: 'page', in: 'query', required: false, allowEmptyValue: false, schema: { type: 'integer', minimum: 1 } }],
    responses: answers,
    access: ['admin'],
    accessDeclared: true,
  };
  const thing = {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: { type: 'string', maxLength: 10 }, note: { type: 'string' } },
  };
  const add: Operation = {
    ...list,
    method: 'POST',
    path: '/thing/add',
    key: 'POST /thing/add',
    parameters: [],
    body: { required: true, content: { 'application/json': thing } },
  };
  const get = (query: string): FuzzRequest => ({ family: 'test', note: '', path: list.path, query });
  const post = (body: string | Uint8Array, contentType = 'application/json'): FuzzRequest => ({
    family: 'test',
    note: '',
    path: add.path,
    query: '',
    contentType,
    body: typeof body === 'string' ? new TextEncoder().encode(body) : body,
  });

  it('reads query integers strictly and bodies as UTF-8 JSON of the schema, empty values meaning "not given"', () => {
    expect(documentProblems(list, get('page=10'))).toEqual([]);
    for (const page of ['0x10', '%2010', '1e1', '010', '0', '', 'abc'])
      expect(documentProblems(list, get(`page=${page}`)), page).not.toEqual([]);
    expect(documentProblems(list, get('q=%FF'))).not.toEqual([]);
    expect(documentProblems(add, post('{"name":"a"}'))).toEqual([]);
    expect(documentProblems(add, post('{"name":"a","note":null}', 'application/json; charset=utf-8'))).toEqual([]);
    for (const body of [
      '{"name":"a","x":1}',
      '{"note":"a"}',
      '{"name":"a","note":""}'.replace('""', '5'),
      '{"name":"\\ud800"}',
      '{"name":"a",}',
      '',
    ]) {
      expect(documentProblems(add, post(body)), body).not.toEqual([]);
    }
    expect(documentProblems(add, post(new Uint8Array([...new TextEncoder().encode('{"name":"a'), 0xff, 0x22, 0x7d])))).not.toEqual([]);
    expect(documentProblems(add, post('{"name":"a"}', 'text/plain'))).not.toEqual([]);
  });

  const unchanged = { tables: new Map([['thing', '1:aaaa']]) };
  const admin: Caller = { name: 'admin', roles: ['admin'], token: 'admin-session' };
  const editor: Caller = { name: 'editor', roles: ['editor'], token: 'editor-session' };
  const exchange = (changes: Partial<Exchange> & { json?: unknown; status?: number }): Exchange => {
    const json = changes.json ?? { code: 20000, data: { items: [] } };
    return {
      document: { base: '', operations: [list, add], codes: new Set([20000, 40001, 40003, 50008]), problems: [], elsewhere: [] },
      operation: list,
      caller: admin,
      request: get('page=1'),
      token: { in: 'header', value: (changes.caller ?? admin).token ?? 'x' },
      problems: [],
      before: unchanged,
      after: unchanged,
      ...changes,
      answer: { status: changes.status ?? 200, contentType: 'application/json', text: JSON.stringify(json), json, ms: 1 },
    };
  };

  it('passes an answer that keeps every rule', () => {
    expect(violations(exchange({}))).toEqual([]);
    expect(violations(exchange({ caller: editor, json: { code: 40003, message: 'not for you' } }))).toEqual([]);
    expect(violations(exchange({ caller: { name: 'anonymous' }, token: undefined, json: { code: 50008, message: 'sign in' } }))).toEqual(
      [],
    );
  });

  it('fails server failures, wrong access, data in a refusal, invalid requests accepted, refusals that write and long echoes', () => {
    const failing: [string, Exchange][] = [
      ['HTTP 500', exchange({ status: 500, json: { code: 50000, message: 'boom' } })],
      ['anonymous served', exchange({ caller: { name: 'anonymous' }, token: undefined })],
      ['editor served', exchange({ caller: editor })],
      ['editor refused with data', exchange({ caller: editor, json: { code: 40003, message: 'no', data: { items: [] } } })],
      ['admin refused', exchange({ json: { code: 40003, message: 'no' } })],
      ['a token in the query', exchange({ token: { in: 'query', value: admin.token! } })],
      ['invalid accepted', exchange({ problems: ['query page: "0x10" is not written as integer'] })],
      ['a refusal that wrote', exchange({ json: { code: 40001, message: 'no' }, after: { tables: new Map([['thing', '2:bbbb']]) } })],
      ['a code the document does not name', exchange({ json: { code: 12345, message: '?' } })],
      ['a refusal without a message', exchange({ json: { code: 40001 } })],
      ['an answer outside the schema', exchange({ json: { code: 'ok' } })],
      ['a long echo', exchange({ request: get(`q=${'x'.repeat(300)}`), json: { code: 40001, message: `bad q: ${'x'.repeat(200)}` } })],
    ];
    for (const [what, failure] of failing) expect(violations(failure), what).not.toEqual([]);
    expect(
      violations(exchange({ request: get(`q=${'x'.repeat(300)}`), json: { code: 40001, message: `bad q: ${'x'.repeat(100)}…` } })),
    ).toEqual([]);
  });
});
