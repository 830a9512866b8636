// With KARYA_TEST_CPU=<folder>, every test file's CPU is written there as one JSON line a file (its worker's own
// user + system, and its reaped children's: a `karya` it started and waited for), for finding what a run spends
// (`npx tsx scripts/test-cpu.ts <folder>` sums them). Processes a file does not wait for (the run's Chromium,
// Ace's browser) are not counted in those; the run's Chromium is a figure of its own, what it spent while the file ran
// (its own only when the file ran alone: --maxWorkers=1). Without the variable this file does nothing.
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * The CPU (s) of the run's chromium (tests/setup/chromium.ts): every chromium process under this worker's parent, its
 * exited renderers included (a zombie's own time, or its reaper's children's time once reaped). Named by the process's
 * name, which a zombie keeps (its executable's link is gone).
 */
function chromiumNow(): number {
  const stats = new Map<number, { name: string; fields: string[] }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      stats.set(Number(name), {
        name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        fields: stat.slice(stat.lastIndexOf(')') + 2).split(' '),
      });
    } catch {
      // (gone meanwhile)
    }
  }
  const isUnderRun = (pid: number): boolean => {
    for (let p = pid, n = 0; p > 1 && n < 50; n++, p = Number(stats.get(p)?.fields[1] ?? 0))
      if (p === process.ppid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, { name, fields: f }] of stats)
    if (name.startsWith('chromium') && isUnderRun(pid))
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  return ticks / 100;
}

if (folder) {
  // The checkout: files are named from it (a test may have left the process in another folder). A studio file (jsdom)
  // loads this file by another scheme than file:, and names its files from the folder the run started in.
  const here = new URL('../..', import.meta.url);
  const root = here.protocol === 'file:' ? fileURLToPath(here) : process.cwd();
  // From here (a setup file runs before the test file is imported, for every file): the file's imports count too.
  const start = { ...cpuNow(), wall: performance.now(), chromium: chromiumNow() };
  afterAll(({}, suite) => {
    const now = cpuNow();
    const file = path.relative(root, suite.file?.filepath ?? suite.name);
    const line = {
      file,
      self: +(now.self - start.self).toFixed(2),
      children: +(now.children - start.children).toFixed(2),
      wall: +((performance.now() - start.wall) / 1000).toFixed(2),
      chromium: +(chromiumNow() - start.chromium).toFixed(2),
    };
    mkdirSync(folder, { recursive: true });
    appendFileSync(path.join(folder, `${process.pid}.ndjson`), `${JSON.stringify(line)}\n`);
  });
}
