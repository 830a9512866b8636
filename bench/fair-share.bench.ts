// `npm run bench:fair-share`: what one writer's (or twenty writers') costly requests cost everybody else. A real
// server in a child process (bench/fair-share-server.ts: SQLite in a new folder, its model a fake that translates),
// and in this process, phase by phase, 20 at once of each: a PNG declaring 6,250 × 10,000 px (refused by its
// header), a TIFF (refused by its first bytes), a 30 MB body (refused by its declared length), a 9.8 MB JPEG (kept),
// each from its own writer; then 60 side-by-side reads of one writer's edition. Meanwhile another writer asks for
// GET /api/me one request after another. Prints, per phase, that writer's /api/me median and p99, the refusals'
// median and max time and their answers, and the machine's load average; BENCH_RUNS runs (default 3) and their
// medians. Asserts nothing. Goal: refusals ≤ 100 ms, /api/me p99 ≤ 300 ms.
import { Agent, request } from 'node:http';
import os from 'node:os';
import { declaredPng, jpegOf, tiffCover } from '../tests/pictures.js';
import { ADMIN, startChild } from './fair-share-server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const AT_ONCE = 20;
const READS = 60;
const MB = 1024 * 1024;
const PASSWORD = 'bench-writer-secret';

/** One answer: its status, its error code, and the time from the request's start to its status line. */
interface Answer {
  status: number;
  code?: string;
  ms: number;
}

/**
 * A request with `body` sent a 64 KB piece at a time, each once the one before is written (as a client on a fast
 * network sends it), declaring its whole length; the answer as soon as it comes, whether or not the body was read.
 */
function send(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: Buffer; agent?: Agent },
): Promise<Answer> {
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
    req.on(
      'error',
      (error) =>
        isAnswered ||
        resolve({ status: 0, code: (error as NodeJS.ErrnoException).code ?? 'error', ms: performance.now() - started }),
    );
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

async function json(
  url: string,
  method: string,
  body: unknown,
  cookie?: string,
): Promise<{ status: number; body: Record<string, unknown>; cookie?: string }> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    ...(res.headers.get('set-cookie') ? { cookie: res.headers.get('set-cookie')!.split(';')[0]! } : {}),
  };
}

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : NaN);
const pct = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]! : NaN;

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
  return {
    stop: async () => {
      isStopped = true;
      await loop;
      agent.destroy();
      return times;
    },
  };
}

interface PhaseResult {
  name: string;
  meMedian: number;
  meP99: number;
  meCount: number;
  refusalMedian: number;
  refusalMax: number;
  loopMax: number;
  answers: string;
  load: number;
}

type Server = Awaited<ReturnType<typeof startChild>>;
type Writer = { cookie: string; id: string; bookId: number };

/**
 * The administrator signed in, and a maker of new writers (made by the administrator: sign-ups are limited per
 * address), each signed in with a romance saved.
 */
async function writers(server: Server): Promise<() => Promise<Writer>> {
  const { url } = server;
  const admin = await json(`${url}/api/auth/sign-in/email`, 'POST', ADMIN);
  if (admin.status !== 200) throw new Error(`the administrator could not sign in: ${admin.status}`);
  let made = 0;
  return async () => {
    const email = `bench-writer-${++made}@karya.test`;
    const added = await json(`${url}/api/admin/users`, 'POST', { email, password: PASSWORD }, admin.cookie);
    if (added.status !== 201) throw new Error(`could not add ${email}: ${added.status} ${JSON.stringify(added.body)}`);
    const signedIn = await json(`${url}/api/auth/sign-in/email`, 'POST', { email, password: PASSWORD });
    const id = (signedIn.body.user as { id: string }).id;
    return { cookie: signedIn.cookie!, id, bookId: await server.seed(id) };
  };
}

interface Phase {
  name: string;
  isRefusal: boolean;
  fire: () => Array<Promise<Answer>>;
}

/** The phases of one run: idle, each costly upload from `AT_ONCE` writers at once, the side-by-side reads. */
function phasesOf(
  url: string,
  uploaders: readonly Writer[],
  reads: { cookie: string; editionId: number },
  bodies: Record<string, Buffer>,
): Phase[] {
  const cover = (w: { cookie: string; bookId: number }, bytes: Buffer, type: string, file: string) => {
    const headers = { cookie: w.cookie, 'content-type': type };
    return send(`${url}/api/books/${w.bookId}/cover?file=${file}`, { method: 'PUT', headers, body: bytes });
  };
  const upload = (bytes: Buffer, type: string, file: string) => () => uploaders.map((w) => cover(w, bytes, type, file));
  const sideBySide = () =>
    send(`${url}/api/books/${reads.editionId}/side-by-side`, { method: 'GET', headers: { cookie: reads.cookie } });
  const idle = () => [new Promise<Answer>((r) => setTimeout(() => r({ status: 200, ms: 0 }), 2_000))];
  return [
    { name: 'idle', isRefusal: false, fire: idle },
    { name: `${AT_ONCE} × PNG 6,250 × 10,000`, isRefusal: true, fire: upload(bodies.png!, 'image/png', 'big.png') },
    { name: `${AT_ONCE} × TIFF`, isRefusal: true, fire: upload(bodies.tiff!, 'image/png', 'cover.png') },
    { name: `${AT_ONCE} × 30 MB body`, isRefusal: true, fire: upload(bodies.body30!, 'image/jpeg', 'scan.jpg') },
    { name: `${AT_ONCE} × 9.8 MB JPEG`, isRefusal: false, fire: upload(bodies.jpeg!, 'image/jpeg', 'cover.jpg') },
    {
      name: `${READS} × side-by-side, one writer`,
      isRefusal: false,
      fire: () => Array.from({ length: READS }, sideBySide),
    },
  ];
}

/** One phase fired while the polling writer asks for /api/me: its figures. */
async function runPhase(server: Server, pollerCookie: string, phase: Phase): Promise<PhaseResult> {
  await server.delays();
  const polling = pollMe(server.url, pollerCookie);
  await new Promise((r) => setTimeout(r, 200));
  const answers = await Promise.all(phase.fire());
  await new Promise((r) => setTimeout(r, 200));
  const me = await polling.stop();
  const loop = await server.delays();
  const counted = new Map<string, number>();
  for (const a of answers) {
    const key = `${a.status}${a.code ? ` ${a.code}` : ''}`;
    counted.set(key, (counted.get(key) ?? 0) + 1);
  }
  const times = phase.isRefusal ? answers.map((a) => a.ms) : [];
  return {
    name: phase.name,
    meMedian: median(me),
    meP99: pct(me, 99),
    meCount: me.length,
    refusalMedian: median(times),
    refusalMax: times.length ? Math.max(...times) : NaN,
    loopMax: loop.max,
    answers: phase.name === 'idle' ? '' : [...counted].map(([k, n]) => `${n}× ${k}`).join(', '),
    load: os.loadavg()[0]!,
  };
}

/** Each phase's figures, the median over the runs. */
function mediansOf(runs: PhaseResult[][]): PhaseResult[] {
  const of = (i: number, f: (r: PhaseResult) => number) => median(runs.map((r) => f(r[i]!)));
  return runs[0]!.map((row, i) => ({
    ...row,
    meMedian: of(i, (r) => r.meMedian),
    meP99: of(i, (r) => r.meP99),
    meCount: of(i, (r) => r.meCount),
    refusalMedian: of(i, (r) => r.refusalMedian),
    refusalMax: of(i, (r) => r.refusalMax),
    loopMax: of(i, (r) => r.loopMax),
    load: of(i, (r) => r.load),
  }));
}

/** The medians' table and whether the goals are met. */
function printMedians(medians: PhaseResult[]): void {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const machine = `Node ${process.version}, ${os.availableParallelism()} cores, load average now ${load}`;
  process.stdout.write(`\nFair shares, medians of ${RUNS} runs (${machine}):\n${table(medians)}\n`);
  const worst = Math.max(...medians.map((m) => m.meP99));
  const slowest = Math.max(...medians.filter((m) => Number.isFinite(m.refusalMax)).map((m) => m.refusalMax));
  const me = `others' /api/me p99 ≤ 300 ms: ${worst <= 300 ? 'met' : 'NOT met'} (worst phase ${worst.toFixed(1)} ms)`;
  const refusals = `refusals ≤ 100 ms: ${slowest <= 100 ? 'met' : 'NOT met'} (slowest ${slowest.toFixed(1)} ms)`;
  process.stdout.write(`Goal: ${me}; ${refusals}\n`);
}

async function main(): Promise<void> {
  const server = await startChild();
  const { url } = server;
  try {
    const writer = await writers(server);
    const poller = await writer();
    const reader = await writer();
    const edition = await json(`${url}/api/books/${reader.bookId}/editions`, 'POST', { to: 'ms' }, reader.cookie);
    if (edition.status !== 200)
      throw new Error(`the edition was not made: ${edition.status} ${JSON.stringify(edition.body)}`);
    const editionId = (edition.body.edition as { id: number }).id;
    const [png, tiff, body30, jpeg] = [
      declaredPng(6_250, 10_000, 243 * 1024),
      await tiffCover(),
      Buffer.alloc(30 * MB, 0xff),
      await jpegOf(Math.round(9.8 * MB)),
    ];
    const runs: PhaseResult[][] = [];
    for (let run = 0; run < RUNS; run++) {
      const uploaders: Writer[] = [];
      for (let i = 0; i < AT_ONCE; i++) uploaders.push(await writer());
      const phases = phasesOf(url, uploaders, { cookie: reader.cookie, editionId }, { png, tiff, body30, jpeg });
      const results: PhaseResult[] = [];
      // BENCH_ONLY=jpeg: the phases whose name holds it (and idle).
      const only = process.env.BENCH_ONLY?.toLowerCase();
      for (const phase of phases.filter((p) => !only || p.name === 'idle' || p.name.toLowerCase().includes(only))) {
        results.push(await runPhase(server, poller.cookie, phase));
      }
      runs.push(results);
      process.stdout.write(`run ${run + 1}:\n${table(results)}\n`);
    }
    printMedians(mediansOf(runs));
  } finally {
    server.child.send({ stop: true });
    const timer = setTimeout(() => server.child.kill(), 10_000);
    await new Promise((resolve) => server.child.once('exit', resolve));
    clearTimeout(timer);
  }
}

function table(rows: PhaseResult[]): string {
  const heads = [
    'phase'.padEnd(34),
    'me n'.padStart(5),
    'me p50'.padStart(7),
    'me p99'.padStart(7),
    'refused p50'.padStart(11),
    'max'.padStart(7),
    'loop max'.padStart(8),
    'load'.padStart(5),
  ];
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
  const row = (r: PhaseResult) => {
    const cells = [
      r.name.padEnd(34),
      String(r.meCount).padStart(5),
      f(r.meMedian).padStart(7),
      f(r.meP99).padStart(7),
      f(r.refusalMedian).padStart(11),
      f(r.refusalMax).padStart(7),
      f(r.loopMax).padStart(8),
      r.load.toFixed(2).padStart(5),
    ];
    return `${cells.join(' ')}  ${r.answers}`;
  };
  return [`${heads.join(' ')}  answers`, ...rows.map(row)].join('\n');
}

await main();
