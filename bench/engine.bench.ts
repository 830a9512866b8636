// `npm run bench`: time to load and compile every generator (cold: a fresh process; warm: repeated in one
// process) and the wall time of `karya list`; then the near-duplicate check of one book against 1,000
// (bench/near-duplicate.bench.ts, against a linear scan in the same run). Prints figures; asserts nothing. Goal: warm <
// 100 ms.
// Warm is a real rebuild: every generator's text differs from the last build (as after an edit), so no
// YAML comes from the parse cache; the cache hit (same text) is printed next to it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildCatalog, compileAll } from '../engine/index.js';
import { loadCatalog, readSources, ROOT } from '../engine/node.js';
import { printNearDuplicateBench } from './near-duplicate.bench.js';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

let edits = 0;
function timeOnce(opts: { isCacheHit?: boolean } = {}): {
  read: number;
  build: number;
  compile: number;
  total: number;
  count: number;
} {
  const t0 = performance.now();
  const read = readSources();
  const edit = ++edits;
  const sources = opts.isCacheHit
    ? read
    : {
        ...read,
        generators: Object.fromEntries(Object.entries(read.generators).map(([k, v]) => [k, `${v}\n# edit ${edit}\n`])),
      };
  const t1 = performance.now();
  const catalog = buildCatalog(sources);
  const t2 = performance.now();
  compileAll(catalog);
  const t3 = performance.now();
  return { read: t1 - t0, build: t2 - t1, compile: t3 - t2, total: t3 - t0, count: catalog.specs.length };
}

const isChild = process.argv.includes('--cold-child');
const isCachedChild = process.argv.includes('--cold-cached-child');
if (isChild) {
  process.stdout.write(JSON.stringify(timeOnce()));
} else if (isCachedChild) {
  const t = performance.now();
  compileAll(loadCatalog({ useDiskCache: true }));
  process.stdout.write(JSON.stringify({ total: performance.now() - t }));
} else {
  const cold: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench/engine.bench.ts'), '--cold-child'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    cold.push((JSON.parse(r.stdout) as { total: number }).total);
  }
  const coldCached: number[] = [];
  loadCatalog({ useDiskCache: true, fresh: true });
  for (let i = 0; i < 5; i++) {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench/engine.bench.ts'), '--cold-cached-child'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    coldCached.push((JSON.parse(r.stdout) as { total: number }).total);
  }
  timeOnce();
  const warm: ReturnType<typeof timeOnce>[] = [];
  for (let i = 0; i < 20; i++) warm.push(timeOnce());
  const list: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    spawnSync(process.execPath, [path.join(ROOT, 'bin/karya.js'), 'list'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, OPENAI_API_KEY: '' },
    });
    list.push(performance.now() - t);
  }
  const f = (n: number) => `${n.toFixed(1)} ms`;
  const count = warm[0]!.count;
  console.log(`generators: ${count}`);
  console.log(`cold load+compile (fresh process, median of 5): ${f(median(cold))}`);
  console.log(`cold load+compile from the catalog cache (fresh process, median of 5): ${f(median(coldCached))}`);
  console.log(
    `warm real rebuild, every generator's YAML changed (median of 20): ${f(median(warm.map((w) => w.total)))}  ` +
      `[read ${f(median(warm.map((w) => w.read)))}, parse+resolve+check ${f(median(warm.map((w) => w.build)))}, ` +
      `schemas+forms ${f(median(warm.map((w) => w.compile)))}]`,
  );
  const hits: number[] = [];
  for (let i = 0; i < 10; i++) hits.push(timeOnce({ isCacheHit: true }).total);
  console.log(`warm load+compile with every YAML unchanged (parse cache hit, median of 10): ${f(median(hits))}`);
  console.log(`karya list (whole command, median of 5): ${f(median(list))}`);
  console.log(`goal: warm < 100 ms — ${median(warm.map((w) => w.total)) < 100 ? 'met' : 'NOT met'}`);
  printNearDuplicateBench();
}
