// npm run bench:survey — the minimum-curvature computation on a 100,000-station well: runs it
// several times and prints the median time per station and stations per second, for the column
// path the server uses and for the object path (stations in and out as objects). Target: well
// under 1 µs per station in Node.
import { computeColumns, computeTrajectory, summarise } from '../../kernel/survey/minimum-curvature';

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
  console.log(`${label.padEnd(36)} ${ms.toFixed(1).padStart(8)} ms   ${perStation.toFixed(3)} µs/station   ${Math.round(STATIONS / (ms / 1000)).toLocaleString('en')} stations/s`);
  return perStation;
};

console.log(`Minimum curvature on a ${STATIONS.toLocaleString('en')}-station well, median of ${RUNS} runs (Node ${process.version})`);
const perStation = report('columns (Float64Array in and out)', columnsMs);
report('objects (stations in, stations out)', objectsMs);
console.log(`Target: well under ${TARGET_US} µs per station on the column path — ${perStation < TARGET_US ? 'met' : 'NOT met'}.`);
console.log('GET /project/trajectory on SQLite (10,000-station well, target under 50 ms) is measured once the endpoint is wired; not part of this run.');
if (!Number.isFinite(check)) throw new Error('the computation gave a non-finite TVD');
if (perStation >= TARGET_US) process.exitCode = 1;
