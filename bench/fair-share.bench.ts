// `npm run bench:fair-share`: what one writer's (or twenty writers') costly requests cost everybody else. A real
// server in a child process (startServer: SQLite in a new folder, logging at info level to /dev/null, its model a
// fake that translates: tests/fake-translator.ts), and in this process, phase by phase, 20 at once of each: a PNG
// declaring 6,250 × 10,000 px (refused by its header), a TIFF (refused by its first bytes), a 30 MB body (refused by
// its declared length), a 9.8 MB JPEG (kept), each from its own writer; then 60 side-by-side reads of one writer's
// edition. Meanwhile another writer asks for GET /api/me one request after another. Prints, per phase, that writer's
// /api/me median and p99, the refusals' median and max time and their answers, and the machine's load average;
// BENCH_RUNS runs (default 3) and their medians. Asserts nothing. Goal: refusals ≤ 100 ms, /api/me p99 ≤ 300 ms.
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { declaredPng, jpegOf, tiffCover } from '../tests/pictures.js';

const SELF = fileURLToPath(import.meta.url);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const AT_ONCE = 20;
const READS = 60;
const MB = 1024 * 1024;
const ADMIN = { email: 'bench-admin@karya.test', password: 'bench-admin-secret' };
const PASSWORD = 'bench-writer-secret';

/** The child: the server, and the book of a writer the parent names (`seed`) saved in its store. */
async function serveChild(): Promise<void> {
  const [{ startFakeOpenAI }, { fakeTranslator }, { underWriter }, { romanceSaves }, { startServer }] = await Promise.all([
    import('../tests/fake-openai.js'), import('../tests/fake-translator.js'), import('../tests/scripted-models.js'), import('../tests/translate/book.js'), import('../server/index.js'),
  ]);
  const translator = fakeTranslator();
  const fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: (body) => translator.reply(body) }));
  // The provider is read from the process's environment.
  Object.assign(process.env, { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: fake.baseURL });
  const running = await startServer({ port: 0 });
  process.send!({ url: running.url.replace('localhost', '127.0.0.1') });
  // The event loop's delays (how long a request that arrived had to wait for the loop), phase by phase.
  const delays = monitorEventLoopDelay({ resolution: 5 });
  delays.enable();
  process.on('message', (message: { seed: string } | { delays: true } | { stop: true }) => {
    // A stop that lets `--cpu-prof` (BENCH_CPU_PROF) write its profile.
    if ('stop' in message) return void running.close().then(() => process.exit(0));
    if ('delays' in message) {
      process.send!({ max: delays.max / 1e6, p99: delays.percentile(99) / 1e6 });
      return void delays.reset();
    }
    void (async () => {
      await running.ctx.repos.credits.setBalance({ userId: message.seed, credits: 1000, reason: 'bench' });
      const bookId = await running.ctx.repos.books.saveImport({ userId: message.seed, key: 'romance', saves: romanceSaves('en') });
      process.send!({ bookId });
    })();
  });
}

function startChild(): Promise<{ child: ChildProcess; url: string; seed(userId: string): Promise<number>; delays(): Promise<{ max: number; p99: number }> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'karya-fair-share-'));
  // BENCH_CPU_PROF=<folder>: the server's CPU profile, written there when the bench ends (chrome://inspect, or
  // speedscope).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', SELF, '--child'], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, KARYA_DB: path.join(dir, 'karya.sqlite'), KARYA_ADMIN_EMAIL: ADMIN.email, KARYA_ADMIN_PASSWORD: ADMIN.password, KARYA_LOG_LEVEL: process.env.KARYA_LOG_LEVEL ?? 'info' },
  });
  const next = <T>() => new Promise<T>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the server exited with ${code}`));
    child.once('exit', exited);
    child.once('message', (m) => {
      child.off('exit', exited);
      resolve(m as T);
    });
  });
  return next<{ url: string }>().then(({ url }) => ({
    child,
    url,
    seed: async (userId) => {
      const answer = next<{ bookId: number }>();
      child.send({ seed: userId });
      return (await answer).bookId;
    },
    delays: async () => {
      const answer = next<{ max: number; p99: number }>();
      child.send({ delays: true });
      return answer;
    },
  }));
}

/** One answer: its status, its error code, and the time from the request's start to its status line. */
interface Answer { status: number; code?: string; ms: number }

/**
 * A request with `body` sent a 64 KB piece at a time, each once the one before is written (as a client on a fast
 * network sends it), declaring its whole length; the answer as soon as it comes, whether or not the body was read.
 */
function send(url: string, init: { method: string; headers: Record<string, string>; body?: Buffer; agent?: Agent }): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let isAnswered = false;
    const headers = { ...init.headers, ...(init.body ? { 'content-length': String(init.body.length) } : {}) };
    const req = request(url, { method: init.method, headers, agent: init.agent ?? false }, (res) => {
      isAnswered = true;
      const ms = performance.now() - started;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let code: string | undefined;
        try {
          code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
        } catch {
          code = undefined;
        }
        resolve({ status: res.statusCode ?? 0, ...(code ? { code } : {}), ms });
      });
    });
    req.on('error', (error) => isAnswered || resolve({ status: 0, code: (error as NodeJS.ErrnoException).code ?? 'error', ms: performance.now() - started }));
    const body = init.body;
    if (!body) return void req.end();
    let at = 0;
    const more = () => {
      if (isAnswered) return;
      if (at >= body.length) return void req.end();
      const piece = body.subarray(at, at + 64 * 1024);
      at += piece.length;
      req.write(piece, () => setImmediate(more));
    };
    more();
  });
}

async function json(url: string, method: string, body: unknown, cookie?: string): Promise<{ status: number; body: Record<string, unknown>; cookie?: string }> {
  const res = await fetch(url, { method, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, ...(res.headers.get('set-cookie') ? { cookie: res.headers.get('set-cookie')!.split(';')[0]! } : {}) };
}

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : NaN);
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]! : NaN);

/** GET /api/me as one writer, one request after another, until stopped: each one's time. */
function pollMe(url: string, cookie: string): { stop(): Promise<number[]> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let isStopped = false;
  const loop = (async () => {
    while (!isStopped) {
      const answer = await send(`${url}/api/me`, { method: 'GET', headers: { cookie }, agent });
      if (answer.status === 200) times.push(answer.ms);
      else times.push(Number.POSITIVE_INFINITY);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return { stop: async () => {
    isStopped = true;
    await loop;
    agent.destroy();
    return times;
  } };
}

interface PhaseResult { name: string; meMedian: number; meP99: number; meCount: number; refusalMedian: number; refusalMax: number; loopMax: number; answers: string; load: number }

async function main(): Promise<void> {
  const server = await startChild();
  const { url } = server;
  try {
    const admin = await json(`${url}/api/auth/sign-in/email`, 'POST', ADMIN);
    if (admin.status !== 200) throw new Error(`the administrator could not sign in: ${admin.status}`);
    let made = 0;
    /** A new writer (made by the administrator: sign-ups are limited per address), signed in, with a romance saved. */
    const writer = async () => {
      const email = `bench-writer-${++made}@karya.test`;
      const added = await json(`${url}/api/admin/users`, 'POST', { email, password: PASSWORD }, admin.cookie);
      if (added.status !== 201) throw new Error(`could not add ${email}: ${added.status} ${JSON.stringify(added.body)}`);
      const signedIn = await json(`${url}/api/auth/sign-in/email`, 'POST', { email, password: PASSWORD });
      const id = (signedIn.body.user as { id: string }).id;
      return { cookie: signedIn.cookie!, id, bookId: await server.seed(id) };
    };
    const poller = await writer();
    const reader = await writer();
    const edition = await json(`${url}/api/books/${reader.bookId}/editions`, 'POST', { to: 'ms' }, reader.cookie);
    if (edition.status !== 200) throw new Error(`the edition was not made: ${edition.status} ${JSON.stringify(edition.body)}`);
    const editionId = (edition.body.edition as { id: number }).id;
    const [png, tiff, body30, jpeg] = [
      declaredPng(6_250, 10_000, 243 * 1024),
      await tiffCover(),
      Buffer.alloc(30 * MB, 0xff),
      await jpegOf(Math.round(9.8 * MB)),
    ];
    const runs: PhaseResult[][] = [];
    for (let run = 0; run < RUNS; run++) {
      const uploaders: Array<Awaited<ReturnType<typeof writer>>> = [];
      for (let i = 0; i < AT_ONCE; i++) uploaders.push(await writer());
      const cover = (w: { cookie: string; bookId: number }, bytes: Buffer, type: string, file: string) =>
        send(`${url}/api/books/${w.bookId}/cover?file=${file}`, { method: 'PUT', headers: { cookie: w.cookie, 'content-type': type }, body: bytes });
      const phases: Array<{ name: string; isRefusal: boolean; fire: () => Array<Promise<Answer>> }> = [
        { name: 'idle', isRefusal: false, fire: () => [new Promise((r) => setTimeout(() => r({ status: 200, ms: 0 }), 2_000))] },
        { name: `${AT_ONCE} × PNG 6,250 × 10,000`, isRefusal: true, fire: () => uploaders.map((w) => cover(w, png, 'image/png', 'big.png')) },
        { name: `${AT_ONCE} × TIFF`, isRefusal: true, fire: () => uploaders.map((w) => cover(w, tiff, 'image/png', 'cover.png')) },
        { name: `${AT_ONCE} × 30 MB body`, isRefusal: true, fire: () => uploaders.map((w) => cover(w, body30, 'image/jpeg', 'scan.jpg')) },
        { name: `${AT_ONCE} × 9.8 MB JPEG`, isRefusal: false, fire: () => uploaders.map((w) => cover(w, jpeg, 'image/jpeg', 'cover.jpg')) },
        { name: `${READS} × side-by-side, one writer`, isRefusal: false, fire: () => Array.from({ length: READS }, () => send(`${url}/api/books/${editionId}/side-by-side`, { method: 'GET', headers: { cookie: reader.cookie } })) },
      ];
      const results: PhaseResult[] = [];
      // BENCH_ONLY=jpeg: the phases whose name holds it (and idle).
      const only = process.env.BENCH_ONLY?.toLowerCase();
      for (const phase of phases.filter((p) => !only || p.name === 'idle' || p.name.toLowerCase().includes(only))) {
        await server.delays();
        const polling = pollMe(url, poller.cookie);
        await new Promise((r) => setTimeout(r, 200));
        const answers = await Promise.all(phase.fire());
        await new Promise((r) => setTimeout(r, 200));
        const me = await polling.stop();
        const loop = await server.delays();
        const counted = new Map<string, number>();
        for (const a of answers) counted.set(`${a.status}${a.code ? ` ${a.code}` : ''}`, (counted.get(`${a.status}${a.code ? ` ${a.code}` : ''}`) ?? 0) + 1);
        const times = phase.isRefusal ? answers.map((a) => a.ms) : [];
        results.push({ name: phase.name, meMedian: median(me), meP99: pct(me, 99), meCount: me.length, refusalMedian: median(times), refusalMax: times.length ? Math.max(...times) : NaN, loopMax: loop.max, answers: phase.name === 'idle' ? '' : [...counted].map(([k, n]) => `${n}× ${k}`).join(', '), load: os.loadavg()[0]! });
      }
      runs.push(results);
      process.stdout.write(`run ${run + 1}:\n${table(results)}\n`);
    }
    const medians = runs[0]!.map((row, i) => ({
      ...row,
      meMedian: median(runs.map((r) => r[i]!.meMedian)), meP99: median(runs.map((r) => r[i]!.meP99)), meCount: median(runs.map((r) => r[i]!.meCount)),
      refusalMedian: median(runs.map((r) => r[i]!.refusalMedian)), refusalMax: median(runs.map((r) => r[i]!.refusalMax)), loopMax: median(runs.map((r) => r[i]!.loopMax)), load: median(runs.map((r) => r[i]!.load)),
    }));
    process.stdout.write(`\nFair shares, medians of ${RUNS} runs (Node ${process.version}, ${os.availableParallelism()} cores, load average now ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}):\n${table(medians)}\n`);
    const worst = Math.max(...medians.map((m) => m.meP99));
    const slowest = Math.max(...medians.filter((m) => Number.isFinite(m.refusalMax)).map((m) => m.refusalMax));
    process.stdout.write(`Goal: others' /api/me p99 ≤ 300 ms: ${worst <= 300 ? 'met' : 'NOT met'} (worst phase ${worst.toFixed(1)} ms); refusals ≤ 100 ms: ${slowest <= 100 ? 'met' : 'NOT met'} (slowest ${slowest.toFixed(1)} ms)\n`);
  } finally {
    server.child.send({ stop: true });
    const timer = setTimeout(() => server.child.kill(), 10_000);
    await new Promise((resolve) => server.child.once('exit', resolve));
    clearTimeout(timer);
  }
}

function table(rows: PhaseResult[]): string {
  const head = `${'phase'.padEnd(34)} ${'me n'.padStart(5)} ${'me p50'.padStart(7)} ${'me p99'.padStart(7)} ${'refused p50'.padStart(11)} ${'max'.padStart(7)} ${'loop max'.padStart(8)} ${'load'.padStart(5)}  answers`;
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
  return [head, ...rows.map((r) => `${r.name.padEnd(34)} ${String(r.meCount).padStart(5)} ${f(r.meMedian).padStart(7)} ${f(r.meP99).padStart(7)} ${f(r.refusalMedian).padStart(11)} ${f(r.refusalMax).padStart(7)} ${f(r.loopMax).padStart(8)} ${r.load.toFixed(2).padStart(5)}  ${r.answers}`)].join('\n');
}

if (process.argv.includes('--child')) await serveChild();
else await main();
