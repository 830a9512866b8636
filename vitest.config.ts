import { configDefaults, defineConfig } from 'vitest/config';
import { isQuickRun, leftOutQuick } from './tests/setup/tools.js';
import LongestFirst from './tests/setup/sequencer.js';

// A quick run (KARYA_QUICK=1) leaves out the test files that need a tool missing here (tests/setup/tools.ts
// prints them); a full run installs the tools or stops at once naming them (the globalSetup).
const leftOut = isQuickRun() ? leftOutQuick() : [];

// Folders whose files share one module graph per worker (isolate: false): each file then skips importing
// the engine anew (about a second of a worker per file). Their files start no server of their own in the
// process, set no environment or globals another file reads, and pass in any order (checked with
// --sequence.shuffle). Server, scale, studio (jsdom) and e2e files keep a fresh graph each.
const SHARED_GRAPH = ['architecture', 'batch', 'cli', 'contract', 'engine', 'export', 'generators', 'import', 'print', 'providers', 'publish', 'session'].map((d) => `tests/${d}/**/*.test.ts`);
const ALL = ['tests/**/*.test.ts', 'tests/**/*.test.tsx'];

export default defineConfig({
  test: {
    // Each project's own files (a project extends this config, and its lists add to this config's: none here).
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED_GRAPH, exclude: [...configDefaults.exclude, ...leftOut], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ALL, exclude: [...configDefaults.exclude, ...leftOut, ...SHARED_GRAPH] } },
    ],
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
