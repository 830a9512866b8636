// `npm run bench:all`: every figure of the performance goals in one command, each as a ratio against a
// reference measured in the same run (never a bare time alone), with its goal and whether it holds, and
// the machine's load next to it. Runs in a few minutes; BENCH_QUICK=1 shortens the server rounds.
//
//   history search      20k items of one user: the search (FTS5) vs the old full scan (LIKE over every row)
//   streaming delay     event-loop delay while a user searches, vs while the same client asks /api/health
//   history payload     the first page (titles and metadata) vs the old answer (200 items with content)
//   batch               `karya batch` as a whole process (start to exit): its middle vs the bound of its calls, its
//                       first call and its peak memory (median of 3 runs, each on a new fake server; BENCH_BATCH_RUNS)
//   GET /api/me         req/s vs an Express hello-world (bench/server.bench.ts, alternating rounds)
//   studio assets       bytes sent for /signin (brotli) vs the files; cache headers as served
//   engine rebuild      a real rebuild of every generator in a warm process (YAML changed) vs the cache hit
//   per-step cost       saving a step at chapters 91-100 vs 1-10 of a 100-chapter book (bench/progress.bench.ts)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildCatalog, compileAll } from '../engine/index.js';
import { readSources, ROOT } from '../engine/node.js';
import { BATCH_GOALS, runBatchProcess, runLine, type BatchRun } from './batch-process.js';
import { benchHistory } from './all-history.js';

const QUICK = process.env.BENCH_QUICK === '1';

interface Row {
  figure: string;
  measured: string;
  goal: string;
  holds: boolean;
  load: string;
}
const rows: Row[] = [];
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function report(row: Omit<Row, 'load'>): void {
  const full = { ...row, load: load() };
  rows.push(full);
  const verdict = full.holds ? 'holds' : 'DOES NOT HOLD';
  process.stdout.write(`  → ${full.figure}: ${full.measured} — goal ${full.goal}: ${verdict} (load ${full.load})\n`);
}

// ---------------------------------------------------------------------------------------------------
// Batch: `karya batch` as a whole process against a fake API with a fixed latency (in its own process).

/** Runs of each batch case: the machines are shared and noisy, so the row is the median of these. */
const BATCH_RUNS = Number(process.env.BENCH_BATCH_RUNS ?? (QUICK ? 1 : 3));

async function benchBatch(input: {
  books: number;
  concurrency: number;
  latencyMs: number;
  prose?: boolean;
}): Promise<void> {
  const { books, concurrency, latencyMs } = input;
  const answers = input.prose ? 'prose written as asked' : 'one sentence repeated';
  process.stdout.write(
    `\nBatch: ${books} books × (6 steps + 5 story-bible updates), ${latencyMs} ms per call, concurrency ` +
      `${concurrency}, answers ${answers}, whole process (karya batch, start to exit), ${BATCH_RUNS} runs\n`,
  );
  const runs: BatchRun[] = [];
  for (let i = 0; i < BATCH_RUNS; i++) {
    // Each run on a new fake and a new state file: the runs are alike, and none pays for another's.
    runs.push(await runBatchProcess(input));
    process.stdout.write(`  run ${i + 1}: ${runLine(runs.at(-1)!)}\n`);
  }
  // The goals (bench/batch-process.ts BATCH_GOALS): the middle (first request to last answer) against the
  // bound of its calls, the first call after the launch and the peak memory, each the median of the runs.
  const figure = `batch, ${books} books × 6 steps, ${latencyMs} ms, concurrency ${concurrency}, ${answers}`;
  const middle = median(runs.map((r) => r.middle));
  const whole = median(runs.map((r) => r.ratio));
  const floor = median(runs.map((r) => r.floor));
  const of = ` (median of ${runs.length}; whole run ${whole.toFixed(3)}×, floor ${floor.toFixed(3)}×)`;
  report({
    figure: `${figure}: middle`,
    measured: `${middle.toFixed(3)}× the bound of its calls${of}`,
    goal: `≤ ${BATCH_GOALS.middle}×`,
    holds: middle <= BATCH_GOALS.middle,
  });
  const startup = median(runs.map((r) => r.startup));
  report({
    figure: `${figure}: first call`,
    measured: `${startup.toFixed(2)} s after the launch`,
    goal: `≤ ${BATCH_GOALS.startup} s`,
    holds: startup <= BATCH_GOALS.startup,
  });
  const rss = median(runs.map((r) => r.maxRssMb));
  report({
    figure: `${figure}: peak RSS`,
    measured: Number.isNaN(rss) ? '? (no GNU time)' : `${rss.toFixed(0)} MB`,
    goal: `≤ ${BATCH_GOALS.maxRssMb} MB`,
    holds: rss <= BATCH_GOALS.maxRssMb,
  });
}

// ---------------------------------------------------------------------------------------------------
// GET /api/me vs hello-world (bench/server.bench.ts in its own processes).

function benchMe(): void {
  process.stdout.write('\nGET /api/me vs Express hello-world, 10 connections (bench/server.bench.ts)\n');
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/server.bench.ts')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BENCH_SECONDS: QUICK ? '2' : '4', BENCH_ROUNDS: '3', BENCH_SKIP_GENERATE: '1' },
  });
  process.stdout.write(
    run.stdout
      .split('\n')
      .filter((l) => /req\/s|hello|api\/me|CPU/.test(l))
      .map((l) => `  ${l}\n`)
      .join(''),
  );
  const ratio = Number(/BENCH_ME_RATIO ([0-9.]+)/.exec(run.stdout)?.[1] ?? NaN);
  // Server CPU per request (Linux): far less moved by the machine's other load than req/s is.
  const cpuRatio = Number(/BENCH_ME_CPU_RATIO ([0-9.]+)/.exec(run.stdout)?.[1] ?? NaN);
  const cpuText = Number.isFinite(cpuRatio) ? `; server CPU per request hello/me ${cpuRatio.toFixed(2)}×` : '';
  report({
    figure: 'GET /api/me vs Express hello-world, 10 connections',
    measured: `${ratio.toFixed(2)}× req/s (median of 3 alternating rounds)${cpuText}`,
    goal: '≥ 0.6×',
    holds: ratio >= 0.6,
  });
}

// ---------------------------------------------------------------------------------------------------
// Studio assets: what /signin costs to download, and the headers it is served with.

async function benchAssets(): Promise<void> {
  process.stdout.write('\nStudio assets (/signin)\n');
  const dist = path.join(ROOT, 'studio', 'dist');
  spawnSync(process.execPath, [path.join(ROOT, 'studio/scripts/ensure-built.mjs')], { cwd: ROOT, stdio: 'inherit' });
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; css?: string[]; isEntry?: boolean; src?: string }
  >;
  const files = new Set<string>(['index.html']);
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const i of chunk.imports ?? []) add(i);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry || /SignIn/.test(key)) add(key);
  const size = (f: string) => (existsSync(f) ? statSync(f).size : undefined);
  let raw = 0;
  let br = 0;
  let gz = 0;
  for (const f of files) {
    const full = path.join(dist, f);
    const r = size(full)!;
    raw += r;
    br += size(`${full}.br`) ?? r;
    gz += size(`${full}.gz`) ?? r;
  }
  const { studioRoutes } = await import('../server/static.js');
  const express = (await import('express')).default;
  const app = express();
  app.use(studioRoutes(dist));
  const server: Server = await new Promise((r) => {
    const s = app.listen(0, '127.0.0.1', () => r(s));
  });
  const port = (server.address() as AddressInfo).port;
  const head = (p: string) =>
    new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      httpGet({ host: '127.0.0.1', port, path: p, headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      }).on('error', reject);
    });
  const asset = [...files].find((f) => f.startsWith('assets/') && f.endsWith('.js'))!;
  const a = await head(`/${asset}`);
  const i = await head('/signin');
  server.close();
  const kib = (n: number) => (n / 1024).toFixed(1);
  const sent = (h: typeof a) => `${h['content-encoding']}, ${h['cache-control']}`;
  process.stdout.write(
    `  ${files.size} files: ${kib(raw)} KiB as built, ${kib(gz)} KiB gzip, ${kib(br)} KiB brotli\n` +
      `  /${asset}: ${sent(a)}, Vary ${a.vary}; /signin: ${sent(i)}\n`,
  );
  report({
    figure: 'studio assets for /signin',
    measured:
      `${kib(br)} KiB sent = ${(br / raw).toFixed(3)}× the files (${kib(raw)} KiB); ` +
      `hashed: ${a['cache-control']}; index.html: ${i['cache-control']}`,
    goal: 'brotli/gzip pre-compressed, hashed assets immutable, index.html not cached',
    holds:
      a['content-encoding'] === 'br' &&
      a.vary === 'Accept-Encoding' &&
      String(a['cache-control']).includes('immutable') &&
      i['cache-control'] === 'no-store' &&
      br < raw / 2,
  });
}

// ---------------------------------------------------------------------------------------------------
// Engine: a real rebuild in a warm process (every YAML text changed, so nothing comes from the parse cache).

function benchEngine(): void {
  process.stdout.write('\nEngine: load + compile every generator in a warm process\n');
  const sources = readSources();
  const once = (edit: number | undefined) => {
    const changed =
      edit === undefined
        ? sources
        : {
            ...sources,
            generators: Object.fromEntries(
              Object.entries(sources.generators).map(([k, v]) => [k, `${v}\n# edit ${edit}\n`]),
            ),
          };
    const t = performance.now();
    compileAll(buildCatalog(changed as typeof sources));
    return performance.now() - t;
  };
  for (let i = 0; i < 3; i++) (once(undefined), once(-1 - i));
  const cached: number[] = [];
  const real: number[] = [];
  for (let i = 0; i < (QUICK ? 8 : 15); i++) {
    cached.push(once(undefined));
    real.push(once(i));
  }
  const r = median(real);
  const c = median(cached);
  // What an edit costs: one generator's text changed, the others unchanged (their parse is reused).
  const first = Object.keys(sources.generators)[0]!;
  const one: number[] = [];
  for (let i = 0; i < (QUICK ? 8 : 15); i++) {
    const changed = {
      ...sources,
      generators: { ...sources.generators, [first]: `${sources.generators[first]}\n# one edit ${i}\n` },
    };
    const t = performance.now();
    compileAll(buildCatalog(changed as typeof sources));
    one.push(performance.now() - t);
  }
  process.stdout.write(
    `  real rebuild (every YAML changed) median ${r.toFixed(1)} ms; ` +
      `one generator edited ${median(one).toFixed(1)} ms; same sources (parse cache hit) ${c.toFixed(1)} ms\n`,
  );
  // 100 ms on an idle machine, where the cache hit took 36 ms (the figure): on a loaded machine it
  // holds when the real rebuild is at most 100/36 of the cache hit measured in the same run.
  report({
    figure: 'engine real rebuild (warm process, YAML changed)',
    measured: `${r.toFixed(1)} ms = ${(r / c).toFixed(2)}× the parse-cache hit (${c.toFixed(1)} ms) in this run`,
    goal: '≤ 100 ms (idle; loaded: ≤ 2.78× the cache hit)',
    holds: r <= 100 || r / c <= 100 / 36,
  });
}

// ---------------------------------------------------------------------------------------------------
// Per-step cost as a book grows (bench/progress.bench.ts).

function benchProgress(): void {
  process.stdout.write('\nPer-step cost of a 100-chapter book (bench/progress.bench.ts)\n');
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/progress.bench.ts')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const line = run.stdout.split('\n').find((l) => l.startsWith('append one part'));
  process.stdout.write(
    run.stdout
      .split('\n')
      .filter((l) => l.startsWith('append') || l.startsWith('rewrite'))
      .map((l) => `  ${l}\n`)
      .join(''),
  );
  const m = line ? /bytes ([0-9.]+)×, time ([0-9.]+)×/.exec(line) : null;
  const bytes = Number(m?.[1] ?? NaN);
  const timeRatio = Number(m?.[2] ?? NaN);
  report({
    figure: 'per-step cost, chapters 91-100 vs 1-10',
    measured: `${bytes.toFixed(2)}× bytes, ${timeRatio.toFixed(2)}× time`,
    goal: 'constant (bytes ≤ 1.10×; time noise-bound)',
    holds: bytes <= 1.1,
  });
}

async function main(): Promise<void> {
  const started = performance.now();
  process.stdout.write(
    `bench:all on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()} (${os.platform()} ${os.release()}), ` +
      `Node ${process.version}; load at start ${load()}\n`,
  );
  // BENCH_ONLY=engine,history,batch,me,assets,progress runs a part of it.
  const only = process.env.BENCH_ONLY?.split(',');
  const wants = (part: string) => !only || only.includes(part);
  if (wants('engine')) benchEngine();
  if (wants('history')) await benchHistory(report);
  if (wants('batch')) {
    await benchBatch({ books: 60, concurrency: 20, latencyMs: 300 });
    await benchBatch({ books: 60, concurrency: 20, latencyMs: 300, prose: true });
  }
  if (wants('batch')) await benchBatch({ books: 400, concurrency: 100, latencyMs: 200, prose: true });
  if (wants('me')) benchMe();
  if (wants('assets')) await benchAssets();
  if (wants('progress')) benchProgress();
  process.stdout.write(
    `\n| figure | measured (ratio against a reference in the same run) ` +
      `| goal | holds | load (1/5/15 min) |\n|---|---|---|---|---|\n`,
  );
  for (const r of rows)
    process.stdout.write(`| ${r.figure} | ${r.measured} | ${r.goal} | ${r.holds ? 'yes' : '**no**'} | ${r.load} |\n`);
  process.stdout.write(
    `\n${rows.filter((r) => r.holds).length}/${rows.length} goals hold; ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s; load at end ${load()} on ${os.cpus().length} CPUs\n`,
  );
}

await main();
