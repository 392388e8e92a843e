// Prints the closing line CI reads: `N passed, N failed, N skipped`.
// Skipped tests are counted and listed by their full names above it, so none hides from the
// summary: each says why in its name.
import type { Reporter, TestModule } from 'vitest/node';

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
    console.log(`\n${passed} passed, ${failed} failed, ${skipped.length} skipped`);
  }
}
