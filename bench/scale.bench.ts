// `npm run bench:scale`: Karya on one Postgres (a throw-away cluster, as the tests start it, but with
// fsync on, as a real database runs).
// 1. A queued batch (`karya batch --queue`) of BOOKS books of CALLS calls each on WORKERS `karya worker`
//    processes running CONCURRENCY steps at once, against the fake OpenAI server with a fixed latency per
//    call; beside it the same batch run locally (`karya batch --concurrency WORKERS×CONCURRENCY`). For
//    each, RUNS runs: wall time of the command ÷ lower bound, where the lower bound is
//    max(longest chain × latency, calls × latency ÷ calls at once); the median ratio is the figure (goal
//    ≤ 1.05 for the queued batch; the local run is its reference). The machine's load average is printed with
//    it: on a shared machine it moves the figures (the queued path more: two workers, the command and Postgres
//    share the cores), so each run also prints queued ÷ local, the two measured back to back.
// 2. A credit race split across two `karya serve` instances: a user with CREDITS credits sends
//    REQUESTS generation requests alternating between them; prints how many succeed (must be CREDITS),
//    the balance left (must be 0) and the requests per second.
// Prints figures and asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../server/index.js';
import { startFakeOpenAI } from '../tests/fake-openai.js';
import { startPostgres } from '../tests/postgres.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'karya.js');
/** 80 books of 10 calls: the 800 calls of 300 ms the queued batch's goal was set on (BENCH_BOOKS changes it). */
const BOOKS = Number(process.env.BENCH_BOOKS) || 80;
const CHAPTERS = 3;
/**
 * Calls per book: outline, introduction, chapters, conclusion, and a memory update after the introduction and each
 * chapter.
 */
const CALLS = CHAPTERS + 3 + CHAPTERS + 1;
const LATENCY_MS = 300;
const WORKERS = 2;
const CONCURRENCY = 10;
const RUNS = Number(process.env.BENCH_RUNS) || 3;
/** The queued batch's goal: ≤ 1.05× its lower bound, 2 workers × 10 on Postgres. */
const GOAL = 1.05;
const CREDITS = 20;
const REQUESTS = 50;

const children: ChildProcess[] = [];
/** `karya ARGS` started in `cwd`, once its output matches `ready`; `done` resolves with its exit code. */
function karya(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray; done: Promise<number | null> }> {
  const childEnv = { ...process.env, NO_COLOR: '1', KARYA_LOG_LEVEL: 'warn', ...env };
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const done = new Promise<number | null>((resolve) => child.on('close', resolve));
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match) resolve({ child, match, done });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`karya ${args[0]} exited with ${code}: ${out}`)));
  });
}

function jobsFile(dir: string): string {
  const lines = Array.from(
    { length: BOOKS },
    (_, i) => `- { id: book-${i + 1}, generator: romance, lang: ${i % 2 ? 'ms' : 'en'}, chapters: ${CHAPTERS} }`,
  );
  const file = path.join(dir, 'jobs.yaml');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const exitNote = (code: number | null) => (code === 0 ? '' : ` (batch exit ${code})`);

type Cluster = Awaited<ReturnType<typeof startPostgres>>;
type Fake = Awaited<ReturnType<typeof startFakeOpenAI>>;
/** What every run shares: the database cluster, the fake model and its environment, the folder, the lower bound. */
interface Bench {
  cluster: Cluster;
  fake: Fake;
  provider: NodeJS.ProcessEnv;
  dir: string;
  bound: number;
}

/**
 * Where a run's time beyond its calls goes: from the command's start to its first call, and from the last call's
 * answer (the fake's latency after the request) to the command's exit.
 */
function edges(fake: Fake, since: number): string {
  const end = Date.now();
  const times = fake
    .chatRequests()
    .map((r) => r.at)
    .filter((t) => t >= since);
  if (!times.length) return 'no calls';
  const first = ((Math.min(...times) - since) / 1000).toFixed(2);
  const exit = ((end - Math.max(...times) - LATENCY_MS) / 1000).toFixed(2);
  return `first call after ${first} s, exit ${exit} s after the last answer`;
}

/** A queued run: fresh database, the workers started (and the first migrating) before the clock runs; its ratio. */
async function queuedRun(bench: Bench, run: number): Promise<number> {
  const { cluster, fake, provider, dir, bound } = bench;
  const url = await cluster.createDatabase();
  const env = { ...provider, KARYA_DATABASE_URL: url };
  const worker = () => karya(['worker', '--concurrency', String(CONCURRENCY)], env, dir, /karya worker \S+:/);
  const first = await worker();
  const rest = await Promise.all(Array.from({ length: WORKERS - 1 }, worker));
  const loadBefore = load();
  const started = performance.now();
  const wallStart = Date.now();
  const args = ['batch', jobsFile(dir), '--queue', '--out', path.join(dir, `queued-${run}`)];
  const batch = await karya(args, env, dir, /karya batch: \d+ books/);
  const code = await batch.done;
  const seconds = (performance.now() - started) / 1000;
  const ratio = `ratio ${(seconds / bound).toFixed(3)}${exitNote(code)}`;
  process.stdout.write(
    `  run ${run} queued: ${seconds.toFixed(2)} s, ${ratio}; ${edges(fake, wallStart)}; load ${loadBefore}\n`,
  );
  for (const w of [first, ...rest]) w.child.kill('SIGKILL');
  return seconds / bound;
}

/** A local run: the same books in one `karya batch` process, its state in a file; its ratio. */
async function localRun(bench: Bench, run: number, queued: number): Promise<number> {
  const { fake, provider, dir, bound } = bench;
  const started = performance.now();
  const wallStart = Date.now();
  const out = ['--out', path.join(dir, `local-${run}`), '--state', path.join(dir, `local-${run}.db`)];
  const args = ['batch', jobsFile(dir), '--concurrency', String(WORKERS * CONCURRENCY), ...out];
  const local = await karya(args, provider, dir, /karya batch: \d+ books/);
  const code = await local.done;
  const seconds = (performance.now() - started) / 1000;
  const ratio = `ratio ${(seconds / bound).toFixed(3)}${exitNote(code)}`;
  const between = (queued / (seconds / bound)).toFixed(3);
  process.stdout.write(
    `  run ${run} local:  ${seconds.toFixed(2)} s, ${ratio}; ${edges(fake, wallStart)}; load ${load()}; ` +
      `queued ÷ local ${between}\n`,
  );
  return seconds / bound;
}

/** The credit race across two instances (each with its own worker): how many succeed, the balance, the rate. */
async function creditRace(bench: Bench): Promise<void> {
  const { cluster, provider, dir } = bench;
  const url = await cluster.createDatabase();
  const env = {
    ...provider,
    KARYA_DATABASE_URL: url,
    KARYA_SCRYPT_LOG_N: '4',
    KARYA_GENERATION_BURST: '100000',
    KARYA_ADMIN_EMAIL: 'boss@karya.test',
  };
  const a = (await karya(['serve', '--port', '0'], env, dir, /running at (http:\/\/\S+)/)).match[1]!;
  const b = (await karya(['serve', '--port', '0'], env, dir, /running at (http:\/\/\S+)/)).match[1]!;
  const signUp = await fetch(`${a}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'racer@karya.test', password: 'karya-secret1' }),
  });
  const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
  // The racer's credits, set through the store's own repositories (the same database the instances share).
  const store = await openStore({ dbFile: '', databaseUrl: url });
  const racer = (await store.repos.users.findByEmail('racer@karya.test'))!;
  await store.repos.credits.setBalance({ userId: racer.id, credits: CREDITS, reason: 'bench: the credit race' });
  const started = performance.now();
  const headers = { 'content-type': 'application/json', cookie };
  const generate = (i: number) =>
    fetch(`${i % 2 ? b : a}/api/generators/poems/generate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ settings: {} }),
    }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });
  const statuses = await Promise.all(Array.from({ length: REQUESTS }, (_, i) => generate(i)));
  const seconds = (performance.now() - started) / 1000;
  const balance = (await store.repos.users.findById(racer.id))!.credits_available;
  await store.close();
  const ok = statuses.filter((s) => s === 200).length;
  const refused = statuses.filter((s) => s === 402).length;
  process.stdout.write(
    `  credit race over 2 instances: ${REQUESTS} requests, ${CREDITS} credits → ${ok} succeeded, ` +
      `${refused} refused (402), balance ${balance}; ${(REQUESTS / seconds).toFixed(1)} requests/s\n`,
  );
}

async function main(): Promise<void> {
  const cluster = await startPostgres({ fsync: process.env.BENCH_FSYNC !== 'off' });
  const fake = await startFakeOpenAI({ latencyMs: LATENCY_MS });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-bench-scale-'));
  const provider = { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: fake.baseURL };
  const calls = BOOKS * CALLS;
  const slots = WORKERS * CONCURRENCY;
  const waves = Math.ceil(BOOKS / slots) * CALLS * LATENCY_MS;
  const bound = Math.max(CALLS * LATENCY_MS, waves, (calls * LATENCY_MS) / slots) / 1000;
  const bench = { cluster, fake, provider, dir, bound };
  try {
    const each = `${BOOKS} books × ${CALLS} calls, ${LATENCY_MS} ms a call`;
    const at = `${WORKERS} workers × ${CONCURRENCY} steps at once (local: --concurrency ${slots})`;
    process.stdout.write(
      `bench:scale: ${each}, ${at}; lower bound ${bound.toFixed(2)} ` +
        `s; ${RUNS} runs; fsync on; ${os.cpus().length} cores\n`,
    );
    const ratios = { queued: [] as number[], local: [] as number[] };
    for (let run = 1; run <= RUNS; run++) {
      ratios.queued.push(await queuedRun(bench, run));
      ratios.local.push(await localRun(bench, run, ratios.queued[run - 1]!));
    }
    const q = median(ratios.queued);
    const l = median(ratios.local);
    const between = median(ratios.queued.map((r, i) => r / ratios.local[i]!));
    const queued = `queued ${q.toFixed(3)} (${q <= GOAL ? 'within' : 'above'} the goal ${GOAL})`;
    process.stdout.write(
      `  median ratio: ${queued}, local ${l.toFixed(3)}; queued ÷ local ${between.toFixed(3)}; load now ${load()}\n`,
    );
    await creditRace(bench);
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await fake.close();
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
