// `karya batch` as a whole process (start to exit) against the fake API in a process of its own with a fixed
// latency per call, against the lower bound of its schedule: max(longest chain × latency, calls × latency ÷
// concurrency). Used by bench:all and bench:checks; run alone: `npx tsx bench/batch-process.ts [books]
// [concurrency] [latency ms]` (default 400 100 200). Beside the ratio: the process's CPU per call and its largest
// resident memory (GNU time, when the machine has it), how long it took to send its first call and how long it ran
// after its last answer, and the ratio those two alone give (no work between the calls brings a run below it).
// The middle is the program's own share: from the first request to the last answer, over the bound of its calls.
// The fake answers every part with one sentence repeated (its default: a text the checks read quickly but the
// echo check slowly); with `prose`, as a model writes, new prose of the length asked in the book's language (its
// writeRatio 1), which costs every check a model's words. Run alone, it runs the prose batch (BENCH_BATCH_PROSE=0:
// the repeated sentence) BENCH_BATCH_RUNS times (5) and prints each goal's median with its figure and pass or fail.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT } from '../engine/node.js';
import { startRemoteFake } from './remote-fake.js';

/**
 * Calls per book: 6 steps (outline, introduction, 3 chapters, conclusion) and a story-bible update after each part
 * (the introduction, each chapter and the conclusion: the bible reads the ending too). Counted as 10 before, which
 * left the conclusion's update out: the fake sees 4,400 calls for 400 books, and the bound of 4,000 made every ratio
 * 1.1 times what the calls made allow.
 */
export const CALLS_PER_BOOK = 11;
const GNU_TIME = '/usr/bin/time';

export interface BatchRun {
  wall: number;
  ratio: number;
  /** Process CPU (user + system) per call, ms; NaN without GNU time. */
  cpuPerCall: number;
  /**
   * The process's largest resident memory, MB (NaN without GNU time). The exit after the last answer grows with it:
   * the kernel frees every page before the caller sees the process end (~0.3 s for 430 MB on a loaded machine).
   */
  maxRssMb: number;
  /** From the start to the first call the fake saw, and from the last answer to the exit, s. */
  startup: number;
  tail: number;
  /**
   * The ratio the run would have had if its calls had followed one another with no time between them: the bound
   * plus its start and its exit alone. No work between the calls can bring a run below it on that machine.
   */
  floor: number;
  /** From the first request the fake saw to the last answer (its arrival + the latency), over the bound. */
  middle: number;
  /**
   * The main thread's CPU (bench/main-thread-cpu.mjs), ms: to its first call, and a call over the whole run (NaN on a
   * Node without process.threadCpuUsage). It reads every answer: its CPU a call sets the middle.
   */
  mainToFirstCall: number;
  mainCpuPerCall: number;
  load: number;
}

/** One whole-process batch of `books` books (English and Malay in turn), on a new fake and a new state file. */
export async function runBatchProcess(input: {
  books: number;
  concurrency: number;
  latencyMs: number;
  prose?: boolean;
}): Promise<BatchRun> {
  const { books, concurrency, latencyMs } = input;
  const calls = books * CALLS_PER_BOOK;
  const bound = Math.max(CALLS_PER_BOOK * latencyMs, (calls * latencyMs) / concurrency) / 1000;
  const fake = await startRemoteFake({ latencyMs, ...(input.prose ? { writeRatio: 1 } : {}) });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-bench-batch-'));
  try {
    const jobs = Array.from(
      { length: books },
      (_, j) => `- { id: book-${j + 1}, generator: romance, lang: ${j % 2 ? 'ms' : 'en'}, chapters: 3 }`,
    ).join('\n');
    writeFileSync(path.join(dir, 'jobs.yaml'), `${jobs}\n`);
    const before = (await fake.stats()).times.length;
    const load = os.loadavg()[0]!;
    const threadCpu = path.join(dir, 'thread-cpu.json');
    const command = [
      process.execPath,
      // Node flags for the measured process alone, e.g. BENCH_BATCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/p'.
      ...(process.env.BENCH_BATCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      pathToFileURL(path.join(ROOT, 'bench/main-thread-cpu.mjs')).href,
      path.join(ROOT, 'bin/karya.js'),
      'batch',
      path.join(dir, 'jobs.yaml'),
      '--concurrency',
      String(concurrency),
      '--out',
      path.join(dir, 'books'),
      '--state',
      path.join(dir, 'state.sqlite'),
      '--json',
    ];
    const timed = existsSync(GNU_TIME);
    const startedAt = Date.now();
    const started = performance.now();
    const run = spawnSync(
      timed ? GNU_TIME : command[0]!,
      timed ? ['-f', '%U %S %M', '-o', path.join(dir, 'cpu'), ...command] : command.slice(1),
      {
        cwd: dir,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: {
          ...process.env,
          OPENAI_API_KEY: 'sk-bench',
          OPENAI_BASE_URL: fake.baseURL,
          KARYA_BENCH_THREAD_CPU: threadCpu,
        },
      },
    );
    const wall = (performance.now() - started) / 1000;
    const endedAt = Date.now();
    if (run.status !== 0) throw new Error(`karya batch exited with ${run.status}: ${run.stderr.slice(-2000)}`);
    const times = (await fake.stats()).times.slice(before).sort((a, b) => a - b);
    if (times.length < calls) throw new Error(`the fake saw ${times.length} calls of ${calls}`);
    const [user = NaN, system = NaN, rssKb = NaN] = timed
      ? readFileSync(path.join(dir, 'cpu'), 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number)
      : [];
    const main = (existsSync(threadCpu) ? JSON.parse(readFileSync(threadCpu, 'utf8')) : {}) as {
      first?: number;
      total?: number;
    };
    const startup = (times[0]! - startedAt) / 1000;
    const tail = (endedAt - times.at(-1)! - latencyMs) / 1000;
    return {
      wall,
      ratio: wall / bound,
      cpuPerCall: ((user + system) * 1000) / calls,
      maxRssMb: rssKb / 1024,
      startup,
      tail,
      floor: (bound + startup + tail) / bound,
      middle: (times.at(-1)! + latencyMs - times[0]!) / 1000 / bound,
      mainToFirstCall: main.first ?? NaN,
      mainCpuPerCall: (main.total ?? NaN) / calls,
      load,
    };
  } finally {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A line of a run, as the benchmarks print it. */
export function runLine(r: BatchRun): string {
  return (
    `wall ${r.wall.toFixed(2)} s = ${r.ratio.toFixed(3)}× the bound, middle ${r.middle.toFixed(3)}×; ` +
    `CPU ${Number.isNaN(r.cpuPerCall) ? '?' : r.cpuPerCall.toFixed(2)} ms a call (main thread ` +
    `${Number.isNaN(r.mainCpuPerCall) ? '?' : r.mainCpuPerCall.toFixed(2)} ms, ` +
    `${Number.isNaN(r.mainToFirstCall) ? '?' : r.mainToFirstCall.toFixed(0)} ms to its first call); max ` +
    `RSS ${Number.isNaN(r.maxRssMb) ? '?' : r.maxRssMb.toFixed(0)} MB; first call ` +
    `after ${r.startup.toFixed(2)} s, exit ${r.tail.toFixed(2)} s after the last answer (these two ` +
    `alone: ${r.floor.toFixed(3)}×); load ${r.load.toFixed(1)}`
  );
}

/** The main thread's CPU to its first call and a call (their medians), beside the process's CPU a call. */
function mainThreadLine(runs: readonly BatchRun[], median: (pick: (r: BatchRun) => number) => number): string {
  const first = `${median((r) => r.mainToFirstCall).toFixed(0)} ms`;
  const perCall = median((r) => r.mainCpuPerCall).toFixed(2);
  return (
    `  ${'main thread CPU: to the first call'.padEnd(40)} ${first.padStart(9)}  a call ${perCall} ms ` +
    `(process ${median((r) => r.cpuPerCall).toFixed(2)} ms; ${runs.length} runs)`
  );
}

/** The goals of the 400-book prose batch, each with its figure from `runs` (their medians). */
export const BATCH_GOALS = { middle: 1.03, startup: 0.2, maxRssMb: 300 } as const;

export function goalLines(runs: readonly BatchRun[]): string[] {
  const median = (pick: (r: BatchRun) => number) => {
    const xs = runs.map(pick).sort((a, b) => a - b);
    return xs.length % 2 ? xs[(xs.length - 1) / 2]! : (xs[xs.length / 2 - 1]! + xs[xs.length / 2]!) / 2;
  };
  const line = (name: string, value: number, goal: number, text: (n: number) => string) =>
    `  ${name.padEnd(40)} ${text(value).padStart(9)}  goal ` +
    `≤ ${text(goal).padEnd(8)} ${value <= goal ? 'pass' : 'FAIL'}`;
  return [
    line(
      'middle (first request to last answer)',
      median((r) => r.middle),
      BATCH_GOALS.middle,
      (n) => `${n.toFixed(3)}×`,
    ),
    line(
      'first call after the launch',
      median((r) => r.startup),
      BATCH_GOALS.startup,
      (n) => `${n.toFixed(2)} s`,
    ),
    line(
      'peak resident memory',
      median((r) => r.maxRssMb),
      BATCH_GOALS.maxRssMb,
      (n) => (Number.isNaN(n) ? '?' : `${n.toFixed(0)} MB`),
    ),
    `  ${'floor (start and exit alone)'.padEnd(40)} ${`${median((r) => r.floor).toFixed(3)}×`.padStart(9)} ` +
      ` whole run ${median((r) => r.ratio).toFixed(3)}×; load ${runs.map((r) => r.load.toFixed(1)).join(' ')}`,
    // What holds on a busy machine, where the three above do not: the CPU of the thread that reads every answer.
    mainThreadLine(runs, median),
  ];
}

/**
 * The machine's own start, beside the goals: a bare Node's start and exit (`node -e 0`), wall, median of 5. Session
 * 42's build took 2.2 times the main-thread CPU to its first call on session 47's machine as on its own
 * (bench/results/batch-middle-2026-12-02.md, session 47): an absolute figure is read against this one.
 */
export function bareNodeLine(): string {
  const walls: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    walls.push(performance.now() - start);
  }
  const median = walls.sort((a, b) => a - b)[2]!;
  return `  ${'machine: a bare node -e 0, start to exit'.padEnd(40)} ${`${median.toFixed(0)} ms`.padStart(9)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [books = 400, concurrency = 100, latencyMs = 200] = process.argv.slice(2).map(Number);
  const prose = process.env.BENCH_BATCH_PROSE !== '0';
  const runs: BatchRun[] = [];
  for (let i = 0; i < Number(process.env.BENCH_BATCH_RUNS ?? 5); i++) {
    runs.push(await runBatchProcess({ books, concurrency, latencyMs, prose }));
    process.stdout.write(`run ${i + 1}: ${runLine(runs.at(-1)!)}\n`);
  }
  process.stdout.write(
    `${books} books, concurrency ${concurrency}, ${latencyMs} ms a ` +
      `call${prose ? ', prose written as asked' : ''}, medians of ${runs.length} ` +
      `(goals set for a quiet machine):\n${goalLines(runs).join('\n')}\n${bareNodeLine()}\n`,
  );
}
