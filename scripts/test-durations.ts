// Rewrites tests/setup/durations.json (the seconds of every test file, which tests/setup/sequencer.ts starts
// longest first) from a full run's results: vitest's results cache (node_modules/.vite/vitest/*/results.json) of this
// checkout, or of another one named (a clean clone's CI run: `npx tsx scripts/test-durations.ts /tmp/clone`), or a
// JSON reporter's file (`npx vitest run --reporter=json --outputFile=run.json`, then `... test-durations.ts run.json`).
// Run it after a full `npm test` on a quiet machine, and commit the table.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../engine/node.js';

interface Results {
  projects: Record<string, { files: Record<string, { duration: number; lastRun?: number }> }>;
}
/** What vitest's JSON reporter writes (the parts read here): each file's absolute name and its start and end. */
interface Reported {
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
}

/** Each test file (its path from the root, forward slashes) and its milliseconds, with when it last ran. */
type Runs = Record<string, { duration: number; lastRun: number }>;

function fromCache(checkout: string): Runs {
  const cache = path.join(checkout, 'node_modules', '.vite', 'vitest');
  const listed = existsSync(cache) ? readdirSync(cache).map((d) => path.join(cache, d, 'results.json')) : [];
  const found = listed.filter((file) => existsSync(file));
  if (!found.length) {
    process.stderr.write(`no vitest results under ${cache}: run npm test first\n`);
    process.exit(1);
  }
  // A file may be listed under several projects (the cache keeps those of earlier project layouts): its latest run
  // counts.
  const latest: Runs = {};
  for (const file of found) {
    const results = JSON.parse(readFileSync(file, 'utf8')) as Results;
    for (const project of Object.values(results.projects)) {
      for (const [test, r] of Object.entries(project.files)) {
        const lastRun = r.lastRun ?? 0;
        const isLatest = lastRun >= (latest[test]?.lastRun ?? -1);
        if (existsSync(path.join(ROOT, test)) && isLatest) latest[test] = { duration: r.duration, lastRun };
      }
    }
  }
  return latest;
}

function fromReport(file: string): Runs {
  const report = JSON.parse(readFileSync(file, 'utf8')) as Reported;
  const runs: Runs = {};
  for (const r of report.testResults) {
    // Named from the root of the checkout that ran it (which may be another clone of this one).
    const test = r.name.slice(r.name.lastIndexOf('/tests/') + 1);
    if (existsSync(path.join(ROOT, test))) runs[test] = { duration: r.endTime - r.startTime, lastRun: r.endTime };
  }
  return runs;
}

const from = process.argv[2] ? path.resolve(process.argv[2]) : ROOT;
const runs = statSync(from).isDirectory() ? fromCache(from) : fromReport(from);
const seconds = Object.fromEntries(Object.entries(runs).map(([test, r]) => [test, Math.round(r.duration / 100) / 10]));
const sorted = Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a));
writeFileSync(path.join(ROOT, 'tests', 'setup', 'durations.json'), `${JSON.stringify(sorted, null, 1)}\n`);
const total = Object.values(sorted).reduce((a, b) => a + b, 0);
process.stdout.write(`${Object.keys(sorted).length} files, ${total.toFixed(0)} s in all\n`);
