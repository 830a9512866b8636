// `npm run bench:publish-memory`: what a publish costs the server's memory with the largest cover it accepts.
// For each cover (a normal 1,600 × 2,560 JPEG; 5,000 × 8,000 noisy JPEG and PNG, the most pixels a cover may have,
// noisy so they stay a few MB and do not compress to nothing) and each load (1 publish, then 4 at once by four
// writers), a new `karya serve` (the built bundle, SQLite in a new folder, the offline provider) is started, each
// writer writes a short children's book and uploads the cover, the server is left to settle, and then the
// publishes are sent at once while the server process's resident memory is read from /proc/<pid>/status
// (VmRSS every 20 ms, and VmHWM, its high-water mark, reset before the publishes through /proc/<pid>/clear_refs).
// Each case runs BENCH_ROUNDS times (default 3), each on a new server; the median of each figure is printed, with the
// goal beside it and the machine's load. BENCH_BEFORE=<another checkout, built> runs that build's server in turn with
// this one's, round by round, and prints both and their ratio. BENCH_COVERS=normal.jpg,large.png runs only those
// covers.
// Goal: peak above idle ≤ 300 MB with any accepted cover, 4 publishes at once included.
// epubcheck (a JVM) and DAISY Ace (Chromium) run as processes of their own, outside the server's memory: they are
// left out (KARYA_ACE=off, epubcheck off the PATH) unless BENCH_CHECKS=1. Linux only (/proc).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startKarya, type KaryaServer } from './karya-serve.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LOADS = (process.env.BENCH_LOADS ?? '1,4').split(',').map(Number);
const ADMIN_EMAIL = 'bench-admin@karya.test';
const SAMPLE_MS = 20;
const MB = 1024 * 1024;
/** The goal: a publish's peak server memory above idle, in MB, with any accepted cover. */
const GOAL_MB = 300;

/** A status field of a process in kB (VmRSS, VmHWM), from /proc; undefined once it is gone. */
function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Reset a process's VmHWM to its VmRSS (Linux ≥ 4.0, same user); false when it cannot be. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** CPU time (µs) the process has used, from /proc/<pid>/stat. */
function cpuMicros(pid: number): number | undefined {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return undefined;
  const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1e6 / 100);
}

/**
 * Wait until the server is idle (under 5 % of a core over 500 ms, at most 60 s): the threads of the book's writing have
 * ended their work.
 */
async function settle(pid: number): Promise<void> {
  const started = performance.now();
  for (let last = cpuMicros(pid); last !== undefined && performance.now() - started < 60_000;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuMicros(pid);
    if (now === undefined || now - last < 0.05 * 500_000) break;
    last = now;
  }
}

/** The PATH without the folders that hold epubcheck (its JVM is a process of its own). */
function pathWithoutEpubcheck(): string {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !existsSync(path.join(dir, 'epubcheck')))
    .join(path.delimiter);
}

async function call(
  url: string,
  init: { method: string; cookie?: string; json?: unknown; body?: Buffer; type?: string },
): Promise<{ status: number; cookie?: string; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: init.method,
    headers: { ...(init.cookie ? { cookie: init.cookie } : {}), 'content-type': init.type ?? 'application/json' },
    ...(init.json !== undefined
      ? { body: JSON.stringify(init.json) }
      : init.body
        ? { body: new Uint8Array(init.body) }
        : {}),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text: text.slice(0, 200) };
  }
  return { status: res.status, cookie: res.headers.get('set-cookie')?.split(';')[0], body };
}

/** A writer with credits, a finished short children's book (the offline model) and `cover` uploaded as its picture. */
async function writerWithCover(url: string, adminCookie: string, n: number, cover: Cover): Promise<string> {
  const user = await call(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    json: { email: `bench-writer-${n}@karya.test`, password: 'bench-secret-1' },
  });
  if (!user.cookie) throw new Error(`sign-up failed: ${user.status} ${JSON.stringify(user.body)}`);
  const id = (user.body.user as { id: string }).id;
  const patch = await call(`${url}/api/admin/users/${id}`, {
    method: 'PATCH',
    cookie: adminCookie,
    json: { credits: 1_000_000 },
  });
  if (patch.status !== 200) throw new Error(`could not give the writer credits: ${patch.status}`);
  for (let step = 0; step < 50; step++) {
    const res = await call(`${url}/api/generators/children/generate`, {
      method: 'POST',
      cookie: user.cookie,
      json: { settings: { numberOfChapters: 3, ageGroup: '8-12' } },
    });
    if (res.status !== 200) throw new Error(`generate: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.next === null) break;
  }
  const quote = await call(`${url}/api/books/children/publish`, { method: 'GET', cookie: user.cookie });
  const bookId = quote.body.book_id as number;
  const put = await call(`${url}/api/books/${bookId}/cover?file=${cover.file}`, {
    method: 'PUT',
    cookie: user.cookie,
    body: cover.bytes,
    type: cover.type,
  });
  if (put.status !== 200) throw new Error(`cover upload: ${put.status} ${JSON.stringify(put.body)}`);
  return user.cookie;
}

interface Cover {
  name: string;
  file: string;
  type: string;
  bytes: Buffer;
}

/** The covers: a designer's normal one, and the largest the server accepts as a noisy JPEG and PNG. */
async function covers(): Promise<Cover[]> {
  const [W, H] = [5000, 8000];
  // Grain of 4 × 4 px: 8.6 MB as a JPEG at quality 40, 9.8 MB as a PNG, both under the 10 MB upload limit.
  const grain = { width: W / 4, height: H / 4, channels: 3 as const };
  const noisy = () =>
    sharp(randomBytes(grain.width * grain.height * 3), { raw: grain }).resize(W, H, { kernel: 'nearest' });
  const art =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="2560"><rect width="1600" height="2560" ' +
    'fill="rgb(30,140,60)"/><circle cx="800" cy="900" r="380" fill="rgb(250,240,200)"/></svg>';
  return [
    {
      name: '1,600 × 2,560 JPEG',
      file: 'normal.jpg',
      type: 'image/jpeg',
      bytes: await sharp(Buffer.from(art)).jpeg({ quality: 92 }).toBuffer(),
    },
    {
      name: '5,000 × 8,000 noisy JPEG',
      file: 'large.jpg',
      type: 'image/jpeg',
      bytes: await noisy().jpeg({ quality: 40 }).toBuffer(),
    },
    {
      name: '5,000 × 8,000 noisy PNG',
      file: 'large.png',
      type: 'image/png',
      bytes: await noisy().png({ compressionLevel: 9 }).toBuffer(),
    },
  ];
}

interface Run {
  idleMb: number;
  peakAboveMb: number;
  seconds: number;
  load: number;
  failed: number;
}

/** `karya serve` of `root` (this checkout unless another build is compared), as the bench runs it. */
function serve(root: string | undefined): Promise<KaryaServer> {
  const checks = process.env.BENCH_CHECKS === '1';
  return startKarya({
    adminEmail: ADMIN_EMAIL,
    prefix: 'karya-bench-memory-',
    stderr: 'on-failure',
    ...(root ? { root } : {}),
    env: {
      KARYA_LOG_LEVEL: process.env.KARYA_LOG_LEVEL ?? 'warn',
      ...(checks ? {} : { KARYA_ACE: 'off', PATH: pathWithoutEpubcheck() }),
    },
  });
}

/** One run on a new server: `writers` publish at once, the server's memory sampled throughout. */
async function runOnce(cover: Cover, writers: number, root?: string): Promise<Run> {
  const karya = await serve(root);
  const pid = karya.child.pid!;
  try {
    const admin = await call(`${karya.url}/api/auth/sign-up/email`, {
      method: 'POST',
      json: { email: ADMIN_EMAIL, password: 'bench-secret-1' },
    });
    const cookies: string[] = [];
    for (let n = 0; n < writers; n++) cookies.push(await writerWithCover(karya.url, admin.cookie!, n, cover));
    await settle(pid);
    const idleKb = statusKb(pid, 'VmRSS')!;
    const isReset = resetPeak(pid);
    let sampledKb = idleKb;
    const sampler = setInterval(() => {
      sampledKb = Math.max(sampledKb, statusKb(pid, 'VmRSS') ?? 0);
    }, SAMPLE_MS);
    const started = performance.now();
    const answers = await Promise.all(
      cookies.map((cookie) =>
        call(`${karya.url}/api/books/children/publish`, { method: 'POST', cookie, json: { author: 'Siti Aminah' } }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const peakKb = Math.max(sampledKb, isReset ? (statusKb(pid, 'VmHWM') ?? 0) : 0);
    const failed = answers.filter((a) => a.status !== 200);
    for (const a of failed)
      process.stderr.write(`  publish answered ${a.status}: ${JSON.stringify(a.body).slice(0, 300)}\n`);
    return {
      idleMb: idleKb / 1024,
      peakAboveMb: (peakKb - idleKb) / 1024,
      seconds,
      load: os.loadavg()[0]!,
      failed: failed.length,
    };
  } finally {
    await karya.stop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A case's row: the medians of its runs, and the goal beside its peak. */
function row(label: string, writers: number, runs: Run[]): string {
  const peak = median(runs.map((r) => r.peakAboveMb));
  return `${label.padEnd(34)} ${String(writers).padStart(7)} ${median(runs.map((r) => r.idleMb))
    .toFixed(0)
    .padStart(8)} ${peak.toFixed(0).padStart(19)} ${(peak <= GOAL_MB ? 'met' : 'NOT met').padStart(8)} ${runs
    .map((r) => r.peakAboveMb.toFixed(0))
    .join(', ')
    .padEnd(16)} ${median(runs.map((r) => r.seconds))
    .toFixed(1)
    .padStart(7)} ${median(runs.map((r) => r.load))
    .toFixed(1)
    .padStart(5)} ${String(runs.reduce((n, r) => n + r.failed, 0)).padStart(6)}\n`;
}

async function main(): Promise<void> {
  const wanted = process.env.BENCH_COVERS?.split(',').map((c) => c.trim());
  const all = (await covers()).filter((c) => !wanted || wanted.includes(c.file));
  const before = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : undefined;
  const load = os.loadavg().map((l) => l.toFixed(1));
  process.stdout.write(
    `Publish memory: median of ${ROUNDS} runs per case, each on a new server; ` +
      `Node ${process.version}, ${os.cpus().length} cores, load ${load.join(' ')}\n`,
  );
  process.stdout.write(`Covers: ${all.map((c) => `${c.name} ${(c.bytes.length / MB).toFixed(1)} MB`).join('; ')}\n`);
  if (before)
    process.stdout.write(
      `Before: the build in ${before}, run in turn with this one's (before, ` +
        `after, before, …) so the machine's load falls on both alike\n`,
    );
  process.stdout.write(
    `\n${'cover'.padEnd(34)} ${'at once'.padStart(7)} ${'idle MB'.padStart(8)} ` +
      `${'peak above idle MB'.padStart(19)} ${`≤ ${GOAL_MB}`.padStart(8)} ${'(runs)'.padEnd(16)} ` +
      `${'time s'.padStart(7)} ${'load'.padStart(5)} ${'failed'.padStart(6)}\n`,
  );
  let worst = 0;
  const ratios: string[] = [];
  for (const cover of all) {
    for (const writers of LOADS) {
      const runs: Run[] = [];
      const runsBefore: Run[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        if (before) runsBefore.push(await runOnce(cover, writers, before));
        runs.push(await runOnce(cover, writers));
      }
      const peak = median(runs.map((r) => r.peakAboveMb));
      worst = Math.max(worst, peak);
      if (before) {
        const was = median(runsBefore.map((r) => r.peakAboveMb));
        process.stdout.write(row(`${cover.name} (before)`, writers, runsBefore));
        ratios.push(
          `${cover.name}, ${writers} at once: ${was.toFixed(0)} → ${peak.toFixed(0)} MB (${(peak / was).toFixed(2)}×)`,
        );
      }
      process.stdout.write(row(cover.name, writers, runs));
    }
  }
  if (ratios.length)
    process.stdout.write(`\nPeak above idle, after / before:\n${ratios.map((r) => `  ${r}`).join('\n')}\n`);
  process.stdout.write(
    `\nGoal peak above idle ≤ ${GOAL_MB} MB with any accepted ` +
      `cover: ${worst <= GOAL_MB ? 'met' : 'NOT met'} (worst median ${worst.toFixed(0)} MB; ` +
      `load ${os.loadavg()[0]!.toFixed(1)})\nBENCH_PUBLISH_PEAK_MB ${worst.toFixed(0)}\n`,
  );
}

await main();
