import { configDefaults, defineConfig } from 'vitest/config';
import { isQuickRun, leftOutQuick } from './tests/setup/tools.js';
import LongestFirst from './tests/setup/sequencer.js';

// A quick run (KARYA_QUICK=1) leaves out the test files that need a tool missing here (tests/setup/tools.ts
// prints them); a full run installs the tools or stops at once naming them (the globalSetup).
const leftOut = isQuickRun() ? leftOutQuick() : [];

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: [...configDefaults.exclude, ...leftOut],
    globalSetup: ['./tests/setup/tools.ts', './tests/setup/cli-bundle.ts', './tests/setup/postgres-cluster.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time. Vitest's default is one fewer than the cores: one worker on these 2-core machines, which ran
    // the suite file after file while most files wait on child processes (karya, Postgres, Chromium, epubcheck).
    maxWorkers: 2,
    // The longest files first (tests/setup/durations.json), so no long file starts last on 2 cores.
    sequence: { sequencer: LongestFirst },
    reporters: ['default', './tests/summary-reporter.ts'],
  },
});
