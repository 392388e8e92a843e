// npm run bench:search — the header search across everything (GET /search?q=) over 100,000
// instruments on SQLite: the median answer time of a few typical queries, each asked several
// times through the app in process. Target: at most 100 ms an answer.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegistry } from '../../kernel/schema/load-node';
import { connectSqlite } from '../../server/db/connect';
import { openSqlStore } from '../../server/db/open';
import { makeApi } from '../contract/helpers';

const INSTRUMENTS = Number(process.env.BENCH_INSTRUMENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const TARGET_MS = 100;
const PREFIXES = ['T', 'M', 'P', 'G'];

const registry = loadRegistry();
// BENCH_DB names a database file to keep and use again: filled only while it holds no instruments.
const file = process.env.BENCH_DB ?? join(mkdtempSync(join(tmpdir(), 'console-bench-search-')), 'console.db');
const store = await openSqlStore(connectSqlite(file), registry);
const filled = (await store.count('device', [])) >= INSTRUMENTS;
const { call } = await makeApi(store, { seed: !filled });

const filling = performance.now();
if (!filled)
  await store.transaction(async (tx) => {
    for (let i = 0; i < INSTRUMENTS; i++) {
      const numtype = PREFIXES[i % PREFIXES.length];
      const num = String(10_000 + i);
      await tx.insert('device', {
        numtype,
        num,
        name: `${numtype}${num}`,
        serialNumber: `SN${(i * 7919) % 1_000_003}`,
        model: `Model ${i % 40}`,
        type: 1 + (i % 3),
        status: 0,
        brand: 1,
        meth: 1,
      });
    }
  });
console.log(`${INSTRUMENTS.toLocaleString('en')} instruments stored in ${((performance.now() - filling) / 1000).toFixed(1)} s`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

const queries = ['T47', 'T4773', 'SN1234', 'zzz-nothing', 'a'];
let worst = 0;
for (const q of queries) {
  const times: number[] = [];
  let found = 0;
  for (let run = 0; run <= RUNS; run++) {
    const start = performance.now();
    const answer = await call<{ items: unknown[] }>('GET', '/search', { query: { q } });
    if (run > 0) times.push(performance.now() - start); // the first run warms the statements up
    found = answer.data.items.length;
  }
  const ms = median(times);
  worst = Math.max(worst, ms);
  console.log(`q=${JSON.stringify(q).padEnd(14)} ${ms.toFixed(1).padStart(6)} ms median of ${RUNS}, ${found} items`);
}
console.log(`slowest query: ${worst.toFixed(1)} ms (target ≤ ${TARGET_MS} ms): ${worst <= TARGET_MS ? 'met' : 'NOT met'}`);
await store.close();
