// npm run bench:survey — the minimum-curvature computation on a 100,000-station well: runs it
// several times and prints the median time per station and stations per second, for the column
// path the server uses and for the object path (stations in and out as objects). Target: well
// under 1 µs per station in Node. Then GET /project/trajectory for a 10,000-station well on
// SQLite (target under 50 ms).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegistry } from '../../kernel/schema/load-node';
import { computeColumns, computeTrajectory, summarise } from '../../kernel/survey/minimum-curvature';
import { connectSqlite } from '../../server/db/connect';
import { openSqlStore } from '../../server/db/open';
import { makeApi as makeBenchApp } from '../contract/helpers';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const TARGET_US = 1;

/** A long well that keeps turning: inclination swinging 0–120°, azimuth turning round and round. */
function syntheticWell(count: number) {
  const md = new Float64Array(count);
  const inc = new Float64Array(count);
  const azi = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    md[i] = i * 0.2;
    inc[i] = 60 - 60 * Math.cos(i / 5000);
    azi[i] = (i * 0.05) % 360;
  }
  return { md, inc, azi };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function time(run: () => unknown): number {
  run(); // warm up: let the JIT compile it
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return median(times);
}

// GET /project/trajectory over HTTP semantics (the Hono app, in process) on a SQLite file: a well
// with a 10,000-station imported listing and 300 daily reports, each call reading the records,
// merging, computing and encoding the answer. Measured first, in a fresh heap: the 100,000-station
// runs below leave garbage that would be collected during it.
const TRAJECTORY_STATIONS = Number(process.env.BENCH_TRAJECTORY_STATIONS ?? 10_000);
const TARGET_MS = 50;
const registry = loadRegistry();
const store = await openSqlStore(connectSqlite(join(mkdtempSync(join(tmpdir(), 'console-bench-survey-')), 'console.db')), registry);
const { app } = await makeBenchApp(store, { seed: false });
const spec = registry.resources.project['x-resource'].survey!;
const wellRow = await store.insert('project', {
  wellNumber: 'Bench-1H',
  wellType: 'horizontal',
  oilArea: 'Bench',
  clientUnit: 'Bench',
  startDate: '2025-03-01',
  status: 0,
});
const listing = syntheticWell(TRAJECTORY_STATIONS);
const lines = [
  'MD,Inc,Azi',
  ...Array.from(listing.md, (md, i) => `${(md * 5).toFixed(2)},${listing.inc[i].toFixed(2)},${listing.azi[i].toFixed(2)}`),
];
const trip = await store.insert('trip', {
  wellId: wellRow.id,
  tripNumber: 1,
  startTime: '2025-03-02T08:00:00.000Z',
  endTime: '2025-04-02T08:00:00.000Z',
  startDepth: 0,
  endDepth: 10000,
});
for (let day = 0; day < 300; day++) {
  const md = 5 + day * 30;
  await store.insert('daily', {
    tripNumber: trip.id,
    wellId: wellRow.id,
    day: new Date(Date.UTC(2025, 2, 2 + day)).toISOString().slice(0, 10),
    status: 'draft',
    drillingParams: { measuredDepth: md, inclination: 10, azimuth: 20 },
  });
}
const form = new FormData();
form.append('file', new File([lines.join('\n')], 'bench.csv'));
const imported = await (
  await app.fetch(
    new Request(`http://localhost/dev-api${spec.import}?id=${wellRow.id}`, {
      method: 'POST',
      headers: { 'X-Token': 'admin-token' },
      body: form,
    }),
  )
).json();
if (imported.code !== 20000) throw new Error(`the import was refused: ${JSON.stringify(imported).slice(0, 300)}`);
let answered = 0;
const getTrajectory = async () => {
  const response = await app.fetch(
    new Request(`http://localhost/dev-api${spec.trajectory}?id=${wellRow.id}`, { headers: { 'X-Token': 'admin-token' } }),
  );
  answered = (await response.text()).length; // the whole answer received
};
// Cold: a write to the well just before each call, so the answer is worked out afresh (records
// read, merged, computed, encoded). Warm: the same answer again, kept until a record changes.
const { id: _id, version: _version, ...wellFields } = wellRow;
const trajectoryMs = await timeAsync(getTrajectory, async () => void (await store.update('project', wellRow.id, wellFields)));
const warmMs = await timeAsync(getTrajectory);
console.log(
  `GET ${spec.trajectory} on SQLite, ${TRAJECTORY_STATIONS.toLocaleString('en')}-station listing + 300 daily reports (${(answered / 1e6).toFixed(1)} MB answered), median of ${RUNS}:`,
);
console.log(
  `  worked out afresh after a write  ${trajectoryMs.toFixed(1).padStart(7)} ms — target under ${TARGET_MS} ms: ${trajectoryMs < TARGET_MS ? 'met' : 'NOT met'}`,
);
console.log(`  unchanged since the last call    ${warmMs.toFixed(1).padStart(7)} ms`);
await store.close();
const trajectoryMissed = trajectoryMs >= TARGET_MS;

const well = syntheticWell(STATIONS);
const stations = Array.from(well.md, (md, i) => ({ md, inc: well.inc[i], azi: well.azi[i] }));
let check = 0;

const columnsMs = time(() => {
  const columns = computeColumns(well.md, well.inc, well.azi, { vsAzimuth: 45 });
  check += summarise(columns)!.tvd;
});
const objectsMs = time(() => {
  check += computeTrajectory(stations, { vsAzimuth: 45 }).totals!.tvd;
});

const report = (label: string, ms: number) => {
  const perStation = (ms * 1000) / STATIONS;
  console.log(
    `${label.padEnd(36)} ${ms.toFixed(1).padStart(8)} ms   ${perStation.toFixed(3)} µs/station   ${Math.round(STATIONS / (ms / 1000)).toLocaleString('en')} stations/s`,
  );
  return perStation;
};

console.log(`Minimum curvature on a ${STATIONS.toLocaleString('en')}-station well, median of ${RUNS} runs (Node ${process.version})`);
const perStation = report('columns (Float64Array in and out)', columnsMs);
report('objects (stations in, stations out)', objectsMs);
console.log(`Target: well under ${TARGET_US} µs per station on the column path — ${perStation < TARGET_US ? 'met' : 'NOT met'}.`);
if (!Number.isFinite(check)) throw new Error('the computation gave a non-finite TVD');
if (perStation >= TARGET_US || trajectoryMissed) process.exitCode = 1;

/** The median of RUNS calls once the JIT has compiled the path (a server answers many); `before` runs untimed before each. */
async function timeAsync(run: () => Promise<unknown>, before?: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) {
    await before?.();
    await run();
  }
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await before?.();
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}
