// `npm run bench:all`: every figure of the performance goals in one command, each as a ratio against a
// reference measured in the same run (never a bare time alone), with its goal and whether it holds, and
// the machine's load next to it. Runs in a few minutes; BENCH_QUICK=1 shortens the server rounds.
//
//   history search      20k items of one user: the search (FTS5) vs the old full scan (LIKE over every row)
//   streaming delay     event-loop delay while a user searches, vs while the same client asks /api/health
//   history payload     the first page (titles and metadata) vs the old answer (200 items with content)
//   batch ×2            `karya batch` as a whole process (start to exit) vs the lower bound of its schedule
//                       (median of 3 runs, each on a new fake server; BENCH_BATCH_RUNS changes the count)
//   GET /api/me         req/s vs an Express hello-world (bench/server.bench.ts, alternating rounds)
//   studio assets       bytes sent for /signin (brotli) vs the files; cache headers as served
//   engine rebuild      a real rebuild of every generator in a warm process (YAML changed) vs the cache hit
//   per-step cost       saving a step at chapters 91-100 vs 1-10 of a 100-chapter book (bench/progress.bench.ts)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pino from 'pino';
import { buildCatalog, compileAll } from '../engine/index.js';
import { readSources, ROOT } from '../engine/node.js';
import { runBatchProcess, runLine } from './batch-process.js';

const QUICK = process.env.BENCH_QUICK === '1';

interface Row {
  figure: string;
  measured: string;
  goal: string;
  holds: boolean;
  load: string;
}
const rows: Row[] = [];
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function report(row: Omit<Row, 'load'>): void {
  const full = { ...row, load: load() };
  rows.push(full);
  process.stdout.write(`  → ${full.figure}: ${full.measured} — goal ${full.goal}: ${full.holds ? 'holds' : 'DOES NOT HOLD'} (load ${full.load})\n`);
}

// ---------------------------------------------------------------------------------------------------
// History: 20k items of one user, searched through the repository and over HTTP.

const WORDS = (() => {
  // A vocabulary of 3000 made-up words (deterministic), so searches hit a realistic share of items.
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed / 0x7fffffff);
  const syllables = ['ka', 'ri', 'ma', 'lo', 'sen', 'ta', 'bu', 'ngi', 'pe', 'ros', 'da', 'hu', 'lan', 'mi', 'tor', 'sa', 'we', 'jan', 'ko', 'la'];
  return { list: Array.from({ length: 3000 }, () => Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => syllables[Math.floor(rnd() * syllables.length)]).join('')), rnd };
})();
function text(words: number): string {
  return Array.from({ length: words }, () => WORDS.list[Math.floor(WORDS.rnd() ** 2 * WORDS.list.length)]).join(' ');
}

/** A server on a fresh SQLite database, one user with 20 000 history items and another with 2 000. */
async function historyServer() {
  const { openDatabase } = await import('../server/store/sqlite/connect.js');
  const { createContext, createLogger, prepareStore } = await import('../server/start.js');
  const { configFromEnv } = await import('../server/core/config.js');
  const { createApp } = await import('../server/app.js');
  const { createOfflineProvider } = await (await import('../engine/node.js')).loadProviders();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-bench-history-'));
  const config = configFromEnv({ ...process.env, OPENAI_API_KEY: '' }, { dbFile: path.join(dir, 'k.sqlite'), adminEmail: 'admin@karya.test' });
  const database = await openDatabase(config.dbFile);
  const ctx = createContext({ config, database, provider: createOfflineProvider(), logger: createLogger('warn', pino.destination({ dest: '/dev/null', sync: true })) });
  await prepareStore(ctx);
  const server = createServer(createApp(ctx));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signUp = async (email: string) => {
    const res = await fetch(`${url}/api/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-secret' }) });
    return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, id: ((await res.json()) as { user: { id: string } }).user.id };
  };
  const alice = await signUp('alice@karya.test');
  const bob = await signUp('bob@karya.test');
  const types = ['romance', 'poem', 'amazon_pdp', 'riddles', 'self_help', 'cover', 'sci_fi', 'guide'];
  const insert = database.sqlite.prepare('INSERT INTO content_history (user_id, title, content_type, content, generator_id, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  database.sqlite.transaction(() => {
    for (let i = 0; i < 22_000; i++) {
      const owner = i % 11 === 10 ? bob.id : alice.id;
      const type = types[i % types.length]!;
      insert.run(owner, `${text(4)} — Chapter ${i % 40}`, type, `# ${text(5)}\n\n${text(300)}`, type, new Date(1_700_000_000_000 + i * 1000).toISOString());
    }
  })();
  const { sqliteRepositories, Store } = await import('../server/store/sqlite/index.js');
  const repos = sqliteRepositories(new Store(database.db, database.sqlite));
  const common = WORDS.list[0]!;
  const rare = WORDS.list[2900]!;
  const searches = [common, rare, `${WORDS.list[3]} ${WORDS.list[10]}`, common.slice(0, 2), 'nothingmatches', 'chapter 7'];

  return { database, server, url, dir, alice, repos, searches };
}

/** The event loop's delay while a client searches back to back, against the same client asking /api/health. */
async function benchStreamingDelay(url: string, cookie: string, searches: readonly string[]): Promise<void> {
  // Streaming delay: the event loop's delay while a client searches back to back (4 connections), vs the
  // same client asking /api/health. A streamed delta waits exactly this long for its turn. The two run in
  // alternating half-second rounds, each into its own histogram, so a change in the machine's load (other
  // processes) falls on both alike instead of on whichever ran second.
  // The delay is sampled by a 1 ms timer's lateness (what monitorEventLoopDelay does), recorded into the
  // round's own list; a histogram from monitorEventLoopDelay cannot be paused and resumed without
  // counting the pause as a delay.
  const delays = { reference: [] as number[], searching: [] as number[] };
  const requests = { reference: 0, searching: 0 };
  const cpu = { reference: 0, searching: 0 };
  let phase: keyof typeof delays | undefined;
  let sampling = true;
  const sample = () => {
    const due = performance.now() + 1;
    setTimeout(() => {
      if (phase) delays[phase].push(performance.now() - due);
      if (sampling) sample();
    }, 1);
  };
  sample();
  const hammer = async (into: keyof typeof delays, pathAndQuery: (i: number) => string, ms: number) => {
    phase = into;
    const used = process.cpuUsage();
    const until = performance.now() + ms;
    await Promise.all(Array.from({ length: 4 }, async () => {
      while (performance.now() < until) {
        try {
          const res = await fetch(`${url}${pathAndQuery(requests[into]++)}`, { headers: { cookie: cookie } });
          await res.arrayBuffer();
        } catch {
          // A kept-alive connection closed under the client on a loaded machine: ask again.
        }
      }
    }));
    phase = undefined;
    const { user, system } = process.cpuUsage(used);
    cpu[into] += (user + system) / 1000;
  };
  const seconds = QUICK ? 1500 : 3000;
  for (let round = 0; round < seconds / 500; round++) {
    await hammer('reference', () => '/api/health', 250);
    await hammer('searching', (i) => `/api/history?search=${encodeURIComponent(searches[i % searches.length]!)}`, 500);
    await hammer('reference', () => '/api/health', 250);
  }
  sampling = false;
  const summary = (k: keyof typeof delays) => {
    const xs = delays[k].sort((a, b) => a - b);
    return { p99: xs[Math.floor(xs.length * 0.99)] ?? 0, max: xs[xs.length - 1] ?? 0, requests: requests[k], cpuPerRequest: cpu[k] / Math.max(1, requests[k]) };
  };
  const reference = summary('reference');
  const searching = summary('searching');
  process.stdout.write(`  event-loop delay: searching p99 ${searching.p99.toFixed(1)} ms, max ${searching.max.toFixed(1)} ms (${searching.requests} searches); reference /api/health p99 ${reference.p99.toFixed(1)} ms, max ${reference.max.toFixed(1)} ms; CPU of this process (server and client) per request: search ${searching.cpuPerRequest.toFixed(2)} ms, /api/health ${reference.cpuPerRequest.toFixed(2)} ms\n`);
  report({ figure: 'delay to others\' streaming while one user searches', measured: `event-loop delay p99 ${searching.p99.toFixed(1)} ms vs ${reference.p99.toFixed(1)} ms for /api/health (${(searching.p99 / Math.max(0.001, reference.p99)).toFixed(2)}×)`, goal: 'no added delay (p99 within 2 ms of the reference)', holds: searching.p99 <= reference.p99 + 2 });

}

async function benchHistory(): Promise<void> {
  process.stdout.write('\nHistory (SQLite, one user with 20 000 items, another with 2 000)\n');
  const { database, server, url, dir, alice, repos, searches } = await historyServer();
  // Reference: the old query (every row of the user scanned on the event loop, content included, 200 items).
  const old = database.sqlite.prepare(`SELECT id, title, content_type, content, generator_id, created_at FROM content_history WHERE user_id = ?
    AND (lower(title) LIKE ? ESCAPE '\\' OR lower(content_type) LIKE ? ESCAPE '\\') ORDER BY id DESC LIMIT 200`);
  const oldTypes = database.sqlite.prepare('SELECT DISTINCT content_type FROM content_history WHERE user_id = ? ORDER BY content_type');
  const time = async (fn: () => unknown, n: number) => {
    const xs: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fn();
      xs.push(performance.now() - t);
    }
    return median(xs);
  };
  const perSearchOld: number[] = [];
  const perSearchNew: number[] = [];
  for (const s of searches) {
    const pattern = `%${s.toLowerCase()}%`;
    perSearchOld.push(await time(() => (old.all(alice.id, pattern, pattern), oldTypes.all(alice.id)), 15));
    // The route's database work: one page and the types (each query runs synchronously in a turn of its
    // own; awaiting adds those turns, so this is an upper bound on the time the event loop is held).
    perSearchNew.push(await time(() => Promise.all([repos.history.list({ userId: alice.id, search: s, limit: 50 }), repos.history.types({ userId: alice.id })]), 200));
  }
  const worstNew = Math.max(...perSearchNew);
  const worstOld = Math.max(...perSearchOld);
  process.stdout.write(`  searches ${JSON.stringify(searches)}\n  new (FTS5 page + types) ms: ${perSearchNew.map((x) => x.toFixed(3)).join(', ')}\n  old (LIKE scan) ms:         ${perSearchOld.map((x) => x.toFixed(2)).join(', ')}\n`);
  // The goal is 2 ms on an idle machine, where the old scan took 25.7 ms (the figure): on a loaded
  // machine it holds when the search is at most 2/25.7 of the old scan measured in the same run.
  report({ figure: 'history search, 20k items', measured: `worst ${worstNew.toFixed(3)} ms per search = ${(worstNew / worstOld).toFixed(4)}× the old full scan (${worstOld.toFixed(1)} ms) in this run`, goal: '≤ 2 ms (idle; loaded: ≤ 0.078× the old scan)', holds: worstNew <= 2 || worstNew / worstOld <= 2 / 25.7 });

  await benchStreamingDelay(url, alice.cookie, searches);

  // Payload: the studio's first page vs the old answer.
  const page = await (await fetch(`${url}/api/history?limit=30`, { headers: { cookie: alice.cookie } })).text();
  const oldPayload = JSON.stringify({ items: old.all(alice.id, '%%', '%%'), types: oldTypes.all(alice.id).map((r) => (r as { content_type: string }).content_type) });
  report({ figure: 'history list payload', measured: `first page ${(page.length / 1024).toFixed(1)} KiB (titles and metadata, 30 items, content on open) = ${(page.length / oldPayload.length).toFixed(3)}× the old answer (${(oldPayload.length / 1024).toFixed(0)} KiB, 200 items with content)`, goal: 'no content in lists', holds: !page.includes('"content"') });
  server.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------------
// Batch: `karya batch` as a whole process against a fake API with a fixed latency (in its own process).

/** Runs of each batch case: the machines are shared and noisy, so the row is the median of these. */
const BATCH_RUNS = Number(process.env.BENCH_BATCH_RUNS ?? (QUICK ? 1 : 3));

async function benchBatch(input: { books: number; concurrency: number; latencyMs: number; prose?: boolean }): Promise<void> {
  const { books, concurrency, latencyMs } = input;
  const answers = input.prose ? 'prose written as asked' : 'one sentence repeated';
  process.stdout.write(`\nBatch: ${books} books × (6 steps + 4 memory updates), ${latencyMs} ms per call, concurrency ${concurrency}, answers ${answers}, whole process (karya batch, start to exit), ${BATCH_RUNS} runs\n`);
  const ratios: number[] = [];
  for (let i = 0; i < BATCH_RUNS; i++) {
    // Each run on a new fake and a new state file: the runs are alike, and none pays for another's.
    const r = await runBatchProcess(input);
    ratios.push(r.ratio);
    process.stdout.write(`  run ${i + 1}: ${runLine(r)}\n`);
  }
  const middle = median(ratios);
  const runs = ratios.length > 1 ? ` (median of ${ratios.length} runs: ${ratios.map((r) => r.toFixed(3)).join(', ')})` : '';
  report({ figure: `batch, ${books} books × 6 steps, ${latencyMs} ms, concurrency ${concurrency}, ${answers}`, measured: `${middle.toFixed(3)}× the lower bound (whole process)${runs}`, goal: '≤ 1.10×', holds: middle <= 1.1 });
}

// ---------------------------------------------------------------------------------------------------
// GET /api/me vs hello-world (bench/server.bench.ts in its own processes).

function benchMe(): void {
  process.stdout.write('\nGET /api/me vs Express hello-world, 10 connections (bench/server.bench.ts)\n');
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/server.bench.ts')], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, BENCH_SECONDS: QUICK ? '2' : '4', BENCH_ROUNDS: '3', BENCH_SKIP_GENERATE: '1' },
  });
  process.stdout.write(run.stdout.split('\n').filter((l) => /req\/s|hello|api\/me|CPU/.test(l)).map((l) => `  ${l}\n`).join(''));
  const ratio = Number(/BENCH_ME_RATIO ([0-9.]+)/.exec(run.stdout)?.[1] ?? NaN);
  // Server CPU per request (Linux): far less moved by the machine's other load than req/s is.
  const cpuRatio = Number(/BENCH_ME_CPU_RATIO ([0-9.]+)/.exec(run.stdout)?.[1] ?? NaN);
  const cpuText = Number.isFinite(cpuRatio) ? `; server CPU per request hello/me ${cpuRatio.toFixed(2)}×` : '';
  report({ figure: 'GET /api/me vs Express hello-world, 10 connections', measured: `${ratio.toFixed(2)}× req/s (median of 3 alternating rounds)${cpuText}`, goal: '≥ 0.6×', holds: ratio >= 0.6 });
}

// ---------------------------------------------------------------------------------------------------
// Studio assets: what /signin costs to download, and the headers it is served with.

async function benchAssets(): Promise<void> {
  process.stdout.write('\nStudio assets (/signin)\n');
  const dist = path.join(ROOT, 'studio', 'dist');
  spawnSync(process.execPath, [path.join(ROOT, 'studio/scripts/ensure-built.mjs')], { cwd: ROOT, stdio: 'inherit' });
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean; src?: string }>;
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
  const head = (p: string) => new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path: p, headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers));
    }).on('error', reject);
  });
  const asset = [...files].find((f) => f.startsWith('assets/') && f.endsWith('.js'))!;
  const a = await head(`/${asset}`);
  const i = await head('/signin');
  server.close();
  process.stdout.write(`  ${files.size} files: ${(raw / 1024).toFixed(1)} KiB as built, ${(gz / 1024).toFixed(1)} KiB gzip, ${(br / 1024).toFixed(1)} KiB brotli\n  /${asset}: ${a['content-encoding']}, ${a['cache-control']}, Vary ${a.vary}; /signin: ${i['content-encoding']}, ${i['cache-control']}\n`);
  report({
    figure: 'studio assets for /signin',
    measured: `${(br / 1024).toFixed(1)} KiB sent = ${(br / raw).toFixed(3)}× the files (${(raw / 1024).toFixed(1)} KiB); hashed: ${a['cache-control']}; index.html: ${i['cache-control']}`,
    goal: 'brotli/gzip pre-compressed, hashed assets immutable, index.html not cached',
    holds: a['content-encoding'] === 'br' && a.vary === 'Accept-Encoding' && String(a['cache-control']).includes('immutable') && i['cache-control'] === 'no-store' && br < raw / 2,
  });
}

// ---------------------------------------------------------------------------------------------------
// Engine: a real rebuild in a warm process (every YAML text changed, so nothing comes from the parse cache).

function benchEngine(): void {
  process.stdout.write('\nEngine: load + compile every generator in a warm process\n');
  const sources = readSources();
  const once = (edit: number | undefined) => {
    const changed = edit === undefined ? sources : { ...sources, generators: Object.fromEntries(Object.entries(sources.generators).map(([k, v]) => [k, `${v}\n# edit ${edit}\n`])) };
    const t = performance.now();
    compileAll(buildCatalog(changed as typeof sources));
    return performance.now() - t;
  };
  for (let i = 0; i < 3; i++) once(undefined), once(-1 - i);
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
    const changed = { ...sources, generators: { ...sources.generators, [first]: `${sources.generators[first]}\n# one edit ${i}\n` } };
    const t = performance.now();
    compileAll(buildCatalog(changed as typeof sources));
    one.push(performance.now() - t);
  }
  process.stdout.write(`  real rebuild (every YAML changed) median ${r.toFixed(1)} ms; one generator edited ${median(one).toFixed(1)} ms; same sources (parse cache hit) ${c.toFixed(1)} ms\n`);
  // 100 ms on an idle machine, where the cache hit took 36 ms (the figure): on a loaded machine it
  // holds when the real rebuild is at most 100/36 of the cache hit measured in the same run.
  report({ figure: 'engine real rebuild (warm process, YAML changed)', measured: `${r.toFixed(1)} ms = ${(r / c).toFixed(2)}× the parse-cache hit (${c.toFixed(1)} ms) in this run`, goal: '≤ 100 ms (idle; loaded: ≤ 2.78× the cache hit)', holds: r <= 100 || r / c <= 100 / 36 });
}

// ---------------------------------------------------------------------------------------------------
// Per-step cost as a book grows (bench/progress.bench.ts).

function benchProgress(): void {
  process.stdout.write('\nPer-step cost of a 100-chapter book (bench/progress.bench.ts)\n');
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/progress.bench.ts')], { cwd: ROOT, encoding: 'utf8' });
  const line = run.stdout.split('\n').find((l) => l.startsWith('append one part'));
  process.stdout.write(run.stdout.split('\n').filter((l) => l.startsWith('append') || l.startsWith('rewrite')).map((l) => `  ${l}\n`).join(''));
  const m = line ? /bytes ([0-9.]+)×, time ([0-9.]+)×/.exec(line) : null;
  const bytes = Number(m?.[1] ?? NaN);
  const timeRatio = Number(m?.[2] ?? NaN);
  report({ figure: 'per-step cost, chapters 91-100 vs 1-10', measured: `${bytes.toFixed(2)}× bytes, ${timeRatio.toFixed(2)}× time`, goal: 'constant (bytes ≤ 1.10×; time noise-bound)', holds: bytes <= 1.1 });
}

async function main(): Promise<void> {
  const started = performance.now();
  process.stdout.write(`bench:all on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()} (${os.platform()} ${os.release()}), Node ${process.version}; load at start ${load()}\n`);
  // BENCH_ONLY=engine,history,batch,me,assets,progress runs a part of it.
  const only = process.env.BENCH_ONLY?.split(',');
  const wants = (part: string) => !only || only.includes(part);
  if (wants('engine')) benchEngine();
  if (wants('history')) await benchHistory();
  if (wants('batch')) {
    await benchBatch({ books: 60, concurrency: 20, latencyMs: 300 });
    await benchBatch({ books: 60, concurrency: 20, latencyMs: 300, prose: true });
  }
  if (wants('batch')) await benchBatch({ books: 400, concurrency: 100, latencyMs: 200 });
  if (wants('me')) benchMe();
  if (wants('assets')) await benchAssets();
  if (wants('progress')) benchProgress();
  process.stdout.write(`\n| figure | measured (ratio against a reference in the same run) | goal | holds | load (1/5/15 min) |\n|---|---|---|---|---|\n`);
  for (const r of rows) process.stdout.write(`| ${r.figure} | ${r.measured} | ${r.goal} | ${r.holds ? 'yes' : '**no**'} | ${r.load} |\n`);
  process.stdout.write(`\n${rows.filter((r) => r.holds).length}/${rows.length} goals hold; ${((performance.now() - started) / 1000).toFixed(0)} s; load at end ${load()} on ${os.cpus().length} CPUs\n`);
}

await main();
