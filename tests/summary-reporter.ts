// Prints the closing line CI reads: `N passed, N failed, N skipped`.
// Skipped tests are counted so none hides from the summary (each says why in its name or output).
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && module.children.size === 0) failed++;
    }
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
