import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { isQuickRun, leftOutQuick } from './tests/setup/tools.js';
import LongestFirst from './tests/setup/sequencer.js';

// A quick run (KARYA_QUICK=1) leaves out the test files that need a tool missing here (tests/setup/tools.ts
// prints them); a full run installs the tools or stops at once naming them (the globalSetup).
const leftOut = isQuickRun() ? leftOutQuick() : [];

// Folders whose files share one module graph per worker (isolate: false): each file then skips importing
// the engine and the server anew (1–3 s of a worker per file; tests/server alone went from 355 to 170 s of CPU).
// Their files set no environment or globals another file reads (or put back what they set), close the servers
// they start, and pass in any order (checked with --sequence.shuffle.files; translate and bench too, which joined
// later: their 14 files' imports went from 23 % to 7 % of their run; audio too, whose files then share the worker's
// epubcheck JVM and audio threads instead of starting their own; languages too: its files set a table and put the
// usual one back, and its 18 files took 35–36 s of CPU in fresh workers, 21–24 s shared). Studio files share theirs
// in a project of their own (jsdom), browser files (tests/e2e) in theirs; SOLO keep a fresh graph each.
const SHARED_GRAPH = ['architecture', 'audio', 'batch', 'bench', 'cli', 'contract', 'engine', 'export', 'generators', 'import', 'languages', 'print', 'providers', 'publish', 'scale', 'server', 'session', 'translate'].map((d) => `tests/${d}/**/*.test.ts`);
/**
 * Files of those folders that need a process of their own: export-limits sets the export time-out the process's
 * one export pool reads when it is first made; offline-text-languages and languages/fourth-language add a fourth
 * language, which the export pool's threads are handed when the pool is first made (a pool another file made first has
 * not got it: fourth-language's EPUB of an "xx" book failed after tests/publish/cli in one worker); working-title
 * mocks the catalogue's loader (vi.mock), which a graph shared with files that loaded it before would not take.
 */
const SOLO = ['tests/server/export-limits.test.ts', 'tests/generators/working-title.test.ts', 'tests/publish/offline-text-languages.test.ts', 'tests/languages/fourth-language.test.ts'];
/** Studio files (jsdom) share a graph too, with the studio's own modules evaluated anew for each (tests/studio/fresh-modules.ts). */
const STUDIO = ['tests/studio/**/*.test.ts', 'tests/studio/**/*.test.tsx'];
const ALL = ['tests/**/*.test.ts', 'tests/**/*.test.tsx'];
/** Browser files (tests/e2e): a project of their own, whose globalSetup starts the run's chromium. */
const BROWSER = ['tests/e2e/**/*.test.ts'];

export default defineConfig({
  test: {
    // Each project's own files (a project extends this config, and its lists add to this config's: none here).
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED_GRAPH, exclude: [...configDefaults.exclude, ...leftOut, ...SOLO], isolate: false } },
      { extends: true, test: { name: 'studio', include: STUDIO, exclude: [...configDefaults.exclude, ...leftOut], isolate: false, setupFiles: ['./tests/studio/fresh-modules.ts'] } },
      { extends: true, test: { name: 'isolated', include: ALL, exclude: [...configDefaults.exclude, ...leftOut, ...SHARED_GRAPH, ...STUDIO, ...BROWSER] } },
      // The browser files, connected to the run's one chromium (started only when one of them runs). They share a graph
      // (isolate: false): each starts its own `karya serve` and fakes and closes them, sets no environment, and mocks
      // nothing; a fresh worker per file imported playwright-core, the helpers and the language table again, 1.7 s of
      // CPU a file (six small browser files: 17.5 s of CPU in fresh workers, 7.4 s sharing two).
      { extends: true, test: { name: 'browser', include: BROWSER, exclude: [...configDefaults.exclude, ...leftOut], globalSetup: ['./tests/setup/chromium.ts'], isolate: false } },
      { extends: true, test: { name: 'solo', include: SOLO, exclude: [...configDefaults.exclude, ...leftOut] } },
    ],
    globalSetup: ['./tests/setup/tools.ts', './tests/setup/cli-bundle.ts', './tests/setup/postgres-cluster.ts'],
    // Every file removes the temporary folders it made (tests/temp.ts) when it ends.
    setupFiles: ['./tests/setup/temp-cleanup.ts', './tests/setup/languages.ts', './tests/setup/cpu-per-file.ts'],
    // DAISY Ace (engine/node/ace.ts) off in every test and every `karya` a test starts: a check is a Chromium and ~5 s
    // of CPU. The files that read Ace's verdict (tests/export/ace.test.ts) turn it on for their own checks.
    // KARYA_DB_SYNC=normal: the tests' SQLite files commit without an fsync each (server/store/sqlite/sync-level.ts),
    // as their Postgres clusters run with fsync off (tests/postgres.ts): a commit still survives a killed process,
    // which is what the crash tests kill; an fsync per commit was 7–10 ms of a test's wall on a busy disk.
    // KARYA_EPUBCHECK_IDLE_MS: a worker's epubcheck JVM (engine/node/epubcheck-server.ts) is kept for the whole run, not
    // ended after 45 s without a check: its files check EPUBs minutes apart, and each new JVM is ~3.5 s of CPU.
    env: { KARYA_ACE: 'off', KARYA_DB_SYNC: 'normal', KARYA_EPUBCHECK_IDLE_MS: '3600000' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One file more than the cores at a time (three on these 2-core machines). Vitest's default is one fewer than the
    // cores, which ran the suite file after file; with one a core, the cores were idle ~18 % of a run while files waited
    // on child processes (Chromium, Postgres, epubcheck, karya) and timers: a quiet full run took 719 s at 2 workers and
    // 583 s at 3, with the cores 96 % busy (/proc/stat), every file passing.
    maxWorkers: availableParallelism() + 1,
    // The longest files first (tests/setup/durations.json), so no long file starts last on 2 cores.
    sequence: { sequencer: LongestFirst },
    reporters: ['default', './tests/summary-reporter.ts'],
  },
});
