import { configDefaults, defineConfig } from 'vitest/config';
import { isQuickRun, leftOutQuick } from './tests/setup/tools.js';

// A quick run (KARYA_QUICK=1) leaves out the test files that need a tool missing here (tests/setup/tools.ts
// prints them); a full run installs the tools or stops at once naming them (the globalSetup).
const leftOut = isQuickRun() ? leftOutQuick() : [];

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: [...configDefaults.exclude, ...leftOut],
    globalSetup: ['./tests/setup/tools.ts', './tests/setup/postgres-cluster.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './tests/summary-reporter.ts'],
  },
});
