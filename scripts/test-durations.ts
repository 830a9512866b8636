// Rewrites tests/setup/durations.json (the seconds of every test file, which tests/setup/sequencer.ts starts
// longest first) from vitest's results cache of the last full run (node_modules/.vite/vitest/*/results.json).
// Run it after a full `npm test` on a quiet machine, and commit the table.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../engine/node.js';

interface Results {
  projects: Record<string, { files: Record<string, { duration: number; lastRun?: number }> }>;
}

const cache = path.join(ROOT, 'node_modules', '.vite', 'vitest');
const found = existsSync(cache) ? readdirSync(cache).map((d) => path.join(cache, d, 'results.json')).filter(existsSync) : [];
if (!found.length) {
  process.stderr.write(`no vitest results under ${cache}: run npm test first\n`);
  process.exit(1);
}
// A file may be listed under several projects (the cache keeps those of earlier project layouts): its latest run counts.
const latest: Record<string, { duration: number; lastRun: number }> = {};
for (const file of found) {
  const results = JSON.parse(readFileSync(file, 'utf8')) as Results;
  for (const project of Object.values(results.projects)) {
    for (const [test, r] of Object.entries(project.files)) {
      const lastRun = r.lastRun ?? 0;
      if (existsSync(path.join(ROOT, test)) && lastRun >= (latest[test]?.lastRun ?? -1)) latest[test] = { duration: r.duration, lastRun };
    }
  }
}
const seconds = Object.fromEntries(Object.entries(latest).map(([test, r]) => [test, Math.round(r.duration / 100) / 10]));
const sorted = Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a));
writeFileSync(path.join(ROOT, 'tests', 'setup', 'durations.json'), `${JSON.stringify(sorted, null, 1)}\n`);
process.stdout.write(`${Object.keys(sorted).length} files, ${Object.values(sorted).reduce((a, b) => a + b, 0).toFixed(0)} s in all\n`);
