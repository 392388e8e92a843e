// npm run fuzz: the suite against a server of its own, longer than in `npm test`.
// FUZZ_RUNS runs per property (default 100), FUZZ_SEED to replay a run, FUZZ_ONLY to run only the
// properties whose name holds that text, FUZZ_BUDGET_S to fit the run in about that many seconds
// (fewer runs per property), FUZZ_SHRINK=0 to report failures as found instead of looking for smaller ones.
import { failureSummary, figures } from './report';
import { startFuzzServer } from './server';
import { runFuzz } from './suite';

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const runs = Number(process.env.FUZZ_RUNS ?? 100);
console.log(`FUZZ_SEED=${seed} FUZZ_RUNS=${runs}${process.env.FUZZ_ONLY ? ` FUZZ_ONLY=${JSON.stringify(process.env.FUZZ_ONLY)}` : ''}`);

const fuzzServer = await startFuzzServer();
let failed = true;
try {
  const report = await runFuzz({
    serverUrl: fuzzServer.server.url,
    databaseFile: fuzzServer.databaseFile,
    accounts: fuzzServer.accounts,
    runs,
    seed,
    only: process.env.FUZZ_ONLY,
    budgetMs: process.env.FUZZ_BUDGET_S ? Number(process.env.FUZZ_BUDGET_S) * 1000 : undefined,
    shrink: process.env.FUZZ_SHRINK !== '0',
    serverOutput: fuzzServer.server.output,
    log: (line) => console.log(line),
  });
  console.log(`\n${figures(report)}`);
  if (report.documentProblems.length) console.log(`\nThe document:\n${report.documentProblems.map((p) => `  - ${p}`).join('\n')}`);
  if (report.failures.length) console.log(`\nFailures by kind (replay with FUZZ_SEED=${seed}):\n\n${failureSummary(report)}`);
  failed = report.failures.length > 0 || report.documentProblems.length > 0;
} finally {
  await fuzzServer.close();
}
process.exit(failed ? 1 : 0);
