// Prints the closing line CI reads: `N passed, N failed, N skipped`, and the wall time just above it.
// Skipped tests are counted and listed by their full names above it, so none hides from the
// summary: each says why in its name.
import { readFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Seconds since `npm test` started, read from the start time of the shell npm runs the script in
 * (this process's parent: the type check and the lint run in it before the tests), or since this
 * process started when it was not run that way or the system does not say (Linux's /proc does).
 */
export function secondsSinceStart(): number {
  const own = process.uptime();
  if (process.env.npm_lifecycle_event !== 'test') return own;
  try {
    // Field 22 of /proc/<pid>/stat is the start time in clock ticks after boot (100 a second on Linux);
    // the command name, field 2, is in parentheses and may hold spaces.
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
    const parent = uptime - startTicks / 100;
    return Number.isFinite(parent) && parent >= own ? parent : own;
  } catch {
    return own;
  }
}

export const formatDuration = (seconds: number) => {
  const whole = Math.round(seconds);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
};

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped.push(`${module.moduleId.replace(process.cwd() + '/', '')} > ${test.fullName}`);
      }
      if (module.state() === 'failed' && module.children.size === 0) failed++;
    }
    for (const name of skipped) console.log(`skipped: ${name}`);
    const what = process.env.npm_lifecycle_event === 'test' ? 'npm test' : 'vitest';
    console.log(`\nWall time: ${formatDuration(secondsSinceStart())} (${what}, from its start)`);
    console.log(`${passed} passed, ${failed} failed, ${skipped.length} skipped`);
  }
}
