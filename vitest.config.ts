import { defineConfig } from 'vitest/config';

// Two projects: fast unit and contract tests, and browser end-to-end tests in Chromium
// against the built console served by the real Node entry.
export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.ts'],
          environment: 'node',
          // The contract suites copy databases migrated and seeded once per file (tests/contract/stores.ts);
          // building those templates, or a test on a machine busy with the browser suites, may take more than 5 s.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core machine.
          // The files share nothing (a database, schema or directory of their own each), and much of
          // a contract file's time is spent waiting on PostgreSQL or the disk: two at a time.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/close-browser.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // Two files at a time, each worker against a server of its own (global-setup.ts); after the
          // unit and server projects, whose workers the machine's cores are left to.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // A page may take seconds to show what a poll waits for while the machine is busy with
          // the other suites: wait as long as a locator does rather than one second.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
