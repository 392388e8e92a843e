// npm run bench:pdf — the survey report of a 1,000-station well as a PDF (GET /project/survey/pdf),
// in Chinese: the first one (which loads pdfmake and the font) and the median of the next runs.
// Target: at most 2 s. Also prints the server's memory before and after the first PDF, as the
// library and the font are loaded only then.
import { loadRegistry } from '../../kernel/schema/load-node';
import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import { nodePdf } from '../../server/pdf/node';
import { PDF_PATHS } from '../../server/pdf/register';
import { MemoryStore } from '../../server/store/memory';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 2000;

const registry = loadRegistry();
const store = new MemoryStore();
const app = createApp({ registry, store, accounts: new MockAccounts(), pdf: nodePdf() });
const well = await store.insert('project', { wellNumber: 'BENCH-1', status: 0, designDepth: 5000, totalFootage: 0 });
const stations = Array.from({ length: STATIONS }, (_, i) => ({
  md: 50 + i * 4,
  inc: Math.min(88, i * 0.12),
  azi: (135 + i * 0.05) % 360,
}));
await store.insert('survey', {
  project: well.id,
  fileName: 'bench.csv',
  format: 'csv',
  importedAt: new Date().toISOString(),
  count: STATIONS,
  stations,
});

const megabytes = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
async function once(): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await app.fetch(
    new Request(`http://localhost/dev-api${PDF_PATHS.survey}?id=${well.id}`, {
      headers: { 'X-Token': 'admin-token', 'Accept-Language': 'zh' },
    }),
  );
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.headers.get('Content-Type') !== 'application/pdf') throw new Error(`no PDF: ${response.status}`);
  return { ms: performance.now() - started, bytes };
}

const before = megabytes();
const first = await once();
const after = megabytes();
const times: number[] = [];
let size = 0;
for (let i = 0; i < RUNS; i++) {
  const run = await once();
  times.push(run.ms);
  size = run.bytes;
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `Survey report of ${STATIONS.toLocaleString('en')} stations (zh): ${Math.round(median)} ms median of ${RUNS} (best ${Math.round(times[0])} ms), ${Math.round(size / 1024)} KB`,
);
console.log(`First report, loading pdfmake and the font: ${Math.round(first.ms)} ms; memory ${before} MB before it, ${after} MB after`);
console.log(median <= TARGET_MS ? `OK: within ${TARGET_MS} ms` : `SLOW: over ${TARGET_MS} ms`);
process.exit(median <= TARGET_MS ? 0 : 1);
