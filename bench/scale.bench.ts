// `npm run bench:scale`: Karya on one Postgres (a throw-away cluster, as the tests start it).
// 1. The same queued batch (`karya batch --queue`) with 1, 2 and 4 `karya worker` processes, each running
//    a fixed number of steps at once, against the fake OpenAI server with a fixed latency per call:
//    wall time ÷ lower bound for each, where the lower bound is max(longest chain × latency,
//    calls × latency ÷ (workers × concurrency)).
// 2. A credit race split across two `karya serve` instances: a user with CREDITS credits sends
//    REQUESTS generation requests alternating between them; prints how many succeed (must be CREDITS),
//    the balance left (must be 0) and the requests per second.
// Prints figures and asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startFakeOpenAI } from '../tests/fake-openai.js';
import { startPostgres } from '../tests/postgres.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'karya.js');
const BOOKS = 24;
const CHAPTERS = 2;
/** Calls per book: outline, introduction, chapters, conclusion, and a memory update after the introduction and each chapter. */
const CALLS = CHAPTERS + 3 + CHAPTERS + 1;
const LATENCY_MS = 150;
const CONCURRENCY = 4;
const CREDITS = 20;
const REQUESTS = 50;

const children: ChildProcess[] = [];
function karya(args: string[], env: NodeJS.ProcessEnv, cwd: string, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray; done: Promise<number | null> }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', KARYA_LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
  const lines = Array.from({ length: BOOKS }, (_, i) => `- { id: book-${i + 1}, generator: romance, lang: ${i % 2 ? 'ms' : 'en'}, chapters: ${CHAPTERS} }`);
  const file = path.join(dir, 'jobs.yaml');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function main(): Promise<void> {
  const cluster = await startPostgres();
  const fake = await startFakeOpenAI({ latencyMs: LATENCY_MS });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-bench-scale-'));
  const provider = { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: fake.baseURL };
  try {
    process.stdout.write(`bench:scale: ${BOOKS} books × ${CALLS} calls, ${LATENCY_MS} ms a call, ${CONCURRENCY} steps at once per worker\n`);
    for (const workers of [1, 2, 4]) {
      const url = await cluster.createDatabase();
      const env = { ...provider, KARYA_DATABASE_URL: url };
      // The workers start (and the first migrates) before the clock runs.
      const first = await karya(['worker', '--concurrency', String(CONCURRENCY)], env, dir, /karya worker \S+:/);
      const rest = await Promise.all(Array.from({ length: workers - 1 }, () => karya(['worker', '--concurrency', String(CONCURRENCY)], env, dir, /karya worker \S+:/)));
      const calls = BOOKS * CALLS;
      const bound = Math.max(CALLS * LATENCY_MS, (calls * LATENCY_MS) / (workers * CONCURRENCY)) / 1000;
      const started = performance.now();
      const batch = await karya(['batch', jobsFile(dir), '--queue', '--out', path.join(dir, `books-${workers}`)], env, dir, /karya batch: \d+ books/);
      const code = await batch.done;
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`  ${workers} worker${workers > 1 ? 's' : ' '}: ${seconds.toFixed(2)} s, lower bound ${bound.toFixed(2)} s, ratio ${(seconds / bound).toFixed(2)}${code === 0 ? '' : ` (batch exit ${code})`}\n`);
      for (const w of [first, ...rest]) w.child.kill('SIGKILL');
    }

    // The credit race across two instances (each with its own worker).
    const url = await cluster.createDatabase();
    const env = { ...provider, KARYA_DATABASE_URL: url, KARYA_SCRYPT_LOG_N: '4', KARYA_GENERATION_BURST: '100000', KARYA_ADMIN_EMAIL: 'boss@karya.test' };
    const a = (await karya(['serve', '--port', '0'], env, dir, /running at (http:\/\/\S+)/)).match[1]!;
    const b = (await karya(['serve', '--port', '0'], env, dir, /running at (http:\/\/\S+)/)).match[1]!;
    const signUp = await fetch(`${a}/api/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'racer@karya.test', password: 'secret1' }) });
    const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('UPDATE users SET credits_available = $1 WHERE email = $2', [CREDITS, 'racer@karya.test']);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        fetch(`${i % 2 ? b : a}/api/generators/poems/generate`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ settings: {} }) }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const balance = (await client.query<{ credits_available: number }>('SELECT credits_available FROM users WHERE email = $1', ['racer@karya.test'])).rows[0]!.credits_available;
    await client.end();
    const ok = statuses.filter((s) => s === 200).length;
    process.stdout.write(`  credit race over 2 instances: ${REQUESTS} requests, ${CREDITS} credits → ${ok} succeeded, ${statuses.filter((s) => s === 402).length} refused (402), balance ${balance}; ${(REQUESTS / seconds).toFixed(1)} requests/s\n`);
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await fake.close();
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
