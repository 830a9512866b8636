// With KARYA_TEST_CPU=<folder>, every test file's CPU is written there as one JSON line a file (its worker's own
// user + system, and its reaped children's: a `karya` it started and waited for), for finding what a run spends
// (`npx tsx scripts/test-cpu.ts <folder>` sums them). Processes a file does not wait for (the run's Chromium,
// Ace's browser) are not counted. Without the variable this file does nothing.
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const folder = process.env.KARYA_TEST_CPU;

/** This process's own and its reaped children's CPU, seconds (/proc/self/stat's utime+stime and cutime+cstime). */
function cpuNow(): { self: number; children: number } {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const tick = 100;
  return {
    self: (Number(fields[11]) + Number(fields[12])) / tick,
    children: (Number(fields[13]) + Number(fields[14])) / tick,
  };
}

if (folder) {
  // The checkout: files are named from it (a test may have left the process in another folder). A studio file (jsdom)
  // loads this file by another scheme than file:, and names its files from the folder the run started in.
  const here = new URL('../..', import.meta.url);
  const root = here.protocol === 'file:' ? fileURLToPath(here) : process.cwd();
  // From here (a setup file runs before the test file is imported, for every file): the file's imports count too.
  const start = { ...cpuNow(), wall: performance.now() };
  afterAll(({}, suite) => {
    const now = cpuNow();
    const file = path.relative(root, suite.file?.filepath ?? suite.name);
    const line = {
      file,
      self: +(now.self - start.self).toFixed(2),
      children: +(now.children - start.children).toFixed(2),
      wall: +((performance.now() - start.wall) / 1000).toFixed(2),
    };
    mkdirSync(folder, { recursive: true });
    appendFileSync(path.join(folder, `${process.pid}.ndjson`), `${JSON.stringify(line)}\n`);
  });
}
