// `npm run bench:server`: in one run and one process tree, autocannon (this process) against two
// servers in child processes: an Express hello-world, and `karya serve` (the built bundle, as a user
// runs it) for GET /api/me with a session and a credit-charging generation with the offline provider. The cases
// alternate for BENCH_ROUNDS rounds (default 3) of BENCH_SECONDS each (default 5), so a change in machine load hits
// every case alike; it prints the median req/s and p99 of each and the ratios to hello-world.
// Goal: GET /api/me ≥ 0.6× hello-world at 10 connections. Prints figures; asserts nothing.
// BENCH_SKIP_GENERATE=1 leaves out the generation case (bench:all).
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { startKarya } from './karya-serve.js';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface Case {
  name: string;
  url: string;
  pid: number | undefined;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}
type Autocannon = (
  options: { url: string; connections: number; duration: number } & Pick<Case, 'method' | 'headers' | 'body'>,
) => Promise<AutocannonResult>;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const ADMIN_EMAIL = 'bench-admin@karya.test';
const SELF = fileURLToPath(import.meta.url);

/**
 * CPU time (user + system, µs) a server process has used, from /proc (Linux; undefined elsewhere).
 * Req/s on a shared machine moves with everybody else's load; a server's own CPU per request moves
 * much less, so it is printed next to the req/s. (Clock ticks: 10 ms, so a round needs some seconds.)
 */
function cpuMicros(pid: number | undefined): number | undefined {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return undefined;
  const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1e6 / 100);
}

/**
 * Wait until the server is idle (under 5 % of a core over 250 ms, at most 60 s) and answer the
 * milliseconds waited: a case measures its own requests, not the work an earlier case left running
 * (the generations the POST case started finish in the background, writing to the database).
 */
async function settle(pid: number | undefined): Promise<number> {
  const started = performance.now();
  for (let last = cpuMicros(pid); last !== undefined && performance.now() - started < 60_000;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = cpuMicros(pid);
    if (now === undefined || now - last < 0.05 * 250_000) break;
    last = now;
  }
  return performance.now() - started;
}

/** A child: print `READY <url>` once listening. */
async function runChild(kind: string): Promise<void> {
  if (kind === 'hello') {
    const { default: express } = await import('express');
    const app = express();
    app.get('/', (_req, res) => {
      res.send('Hello World!');
    });
    const server = app.listen(0, '127.0.0.1', () => {
      process.stdout.write(`READY http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
    });
    return;
  }
}

function startChild(kind: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--child', kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, OPENAI_API_KEY: '', KARYA_LOG_LEVEL: process.env.KARYA_LOG_LEVEL ?? 'info' },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\S+)/.exec(out);
      if (match) resolve({ url: match[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

async function post(
  url: string,
  body: unknown,
  cookie?: string,
): Promise<{ status: number; cookie?: string; body: Record<string, unknown> }> {
  const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = (await res.json()) as Record<string, unknown>;
  return { status: res.status, cookie: res.headers.get('set-cookie')?.split(';')[0], body: answer };
}

type Karya = Awaited<ReturnType<typeof startKarya>>;

/** The bench user signed up, with credits enough given by the administrator: its session cookie. */
async function benchUser(karya: Karya): Promise<string> {
  const admin = await post(`${karya.url}/api/auth/sign-up/email`, { email: ADMIN_EMAIL, password: 'bench-secret' });
  const user = await post(`${karya.url}/api/auth/sign-up/email`, {
    email: 'bench-user@karya.test',
    password: 'bench-secret',
  });
  const userId = (user.body.user as { id: string }).id;
  const patch = await fetch(`${karya.url}/api/admin/users/${userId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie: admin.cookie! },
    body: JSON.stringify({ credits: 1_000_000_000 }),
  });
  if (patch.status !== 200) throw new Error(`could not give the bench user credits: ${patch.status}`);
  return user.cookie!;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The cases, alternating for ROUNDS rounds: each one's medians, its failed requests and its server CPU per request. */
async function measure(autocannon: Autocannon, cases: readonly Case[]) {
  const runs = cases.map(() => [] as AutocannonResult[]);
  const cpu = cases.map(() => [] as number[]);
  const settled = cases.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, c] of cases.entries()) {
      const sent = {
        ...(c.method ? { method: c.method } : {}),
        ...(c.headers ? { headers: c.headers } : {}),
        ...(c.body ? { body: c.body } : {}),
      };
      const options = { url: c.url, connections: CONNECTIONS, ...sent };
      settled[i]!.push(await settle(c.pid));
      await autocannon({ ...options, duration: 1 });
      const before = cpuMicros(c.pid);
      const result = await autocannon({ ...options, duration: SECONDS });
      const after = cpuMicros(c.pid);
      runs[i]!.push(result);
      if (before !== undefined && after !== undefined && result.requests.total > 0)
        cpu[i]!.push((after - before) / result.requests.total);
    }
  }
  const rows = cases.map((c, i) => {
    const r = runs[i]!;
    return {
      name: c.name,
      rps: median(r.map((x) => x.requests.average)),
      p50: median(r.map((x) => x.latency.p50)),
      p99: median(r.map((x) => x.latency.p99)),
      bad: r.reduce((n, x) => n + x.non2xx + x.errors + x.timeouts, 0),
      cpu: cpu[i]!.length ? median(cpu[i]!) : NaN,
    };
  });
  return { rows, settled };
}

type Row = Awaited<ReturnType<typeof measure>>['rows'][number];

/** The table of the cases against hello-world. */
function printRows(rows: readonly Row[]): void {
  const base = rows[0]!.rps;
  const rounds = `median of ${ROUNDS} alternating rounds of ${SECONDS} s per case (1 s warm-up each)`;
  process.stdout.write(`\nServer benchmark: ${CONNECTIONS} connections, ${rounds}, Node ${process.version}\n\n`);
  const heads = [
    'case'.padEnd(42),
    'req/s'.padStart(9),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    '× hello'.padStart(8),
    'non-2xx'.padStart(8),
    'server CPU µs/req'.padStart(18),
  ];
  process.stdout.write(`${heads.join(' ')}\n`);
  for (const row of rows) {
    const cells = [
      row.name.padEnd(42),
      row.rps.toFixed(0).padStart(9),
      row.p50.toFixed(1).padStart(7),
      row.p99.toFixed(1).padStart(7),
      (row.rps / base).toFixed(2).padStart(8),
      String(row.bad).padStart(8),
      row.cpu.toFixed(0).padStart(18),
    ];
    process.stdout.write(`${cells.join(' ')}\n`);
  }
}

/** The goal, met or not, the waits for an idle server, and the servers' CPU per request (the lines bench:all reads). */
function printGoal(rows: readonly Row[], settled: number[][]): void {
  const base = rows[0]!.rps;
  const me = rows[1]!;
  const ratio = me.rps / base;
  const figures = `${ratio.toFixed(2)}×, p99 ${me.p99} ms; load ${os.loadavg()[0]!.toFixed(1)}`;
  process.stdout.write(
    `\nGoal GET /api/me ≥ 0.6× hello-world: ${ratio >= 0.6 ? 'met' : 'NOT met'} (${figures})\n` +
      `BENCH_ME_RATIO ${ratio.toFixed(3)}\n`,
  );
  // Hello-world's CPU per request over /api/me's: the req/s ratio a server would reach when CPU-bound alone.
  const waits = settled.flat().filter((ms) => ms > 300);
  if (waits.length) {
    const longest = (Math.max(...waits) / 1000).toFixed(1);
    process.stdout.write(
      `Waited for the server to be idle before a case ${waits.length} time(s), up to ${longest} s ` +
        `(background work of an earlier case).\n`,
    );
  }
  if (Number.isFinite(me.cpu)) {
    const hello = rows[0]!.cpu;
    process.stdout.write(
      `Server CPU per request: hello-world ${hello.toFixed(0)} µs, GET /api/me ${me.cpu.toFixed(0)} µs ` +
        `(hello/me ${(hello / me.cpu).toFixed(2)}×)\nBENCH_ME_CPU_RATIO ${(hello / me.cpu).toFixed(3)}\n`,
    );
  }
}

async function main(): Promise<void> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const hello = await startChild('hello');
  // The Karya server as a user starts it, logging at info level to standard output (here /dev/null).
  const karya = await startKarya({ adminEmail: ADMIN_EMAIL, startSeconds: 30 });
  try {
    const cookie = await benchUser(karya);
    const generate = {
      name: 'POST generate poems (offline, 1 credit)',
      url: `${karya.url}/api/generators/poems/generate`,
      pid: karya.child.pid,
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ settings: {} }),
    };
    const cases: Case[] = [
      { name: 'Express hello-world', url: `${hello.url}/`, pid: hello.child.pid },
      { name: 'GET /api/me (session)', url: `${karya.url}/api/me`, pid: karya.child.pid, headers: { cookie } },
      ...(process.env.BENCH_SKIP_GENERATE === '1' ? [] : [generate]),
    ];
    const { rows, settled } = await measure(autocannon, cases);
    printRows(rows);
    printGoal(rows, settled);
  } finally {
    hello.child.kill();
    await karya.stop();
  }
}

const childKind = process.argv.indexOf('--child');
if (childKind >= 0) await runChild(process.argv[childKind + 1]!);
else await main();
