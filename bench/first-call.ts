// What a `karya batch` does before its first call: the 400-book prose batch of bench/batch-process.ts started against
// the fake and stopped as it sends its first chat request (bench/first-call-probe.mjs). Printed for each checkout, as
// medians of its runs: the main thread's CPU to that call and the process's (its other threads: V8's compilers and
// collectors), the time since the launch, the bundle's chunks loaded and the source modules in them (their source
// maps: the project's own and the packages'), and the main thread's CPU as the command's parts were loaded (the CLI,
// the batch command, the provider, the scheduler once the state is open). Run it on two checkouts in turn to compare
// a change on a busy machine, where CPU holds and wall times do not:
// `npx tsx bench/first-call.ts [runs] [checkout…]` (default 5 runs of this checkout; each needs `npm run build`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../engine/node.js';
import { startRemoteFake } from './remote-fake.js';

interface FirstCall {
  main: number;
  process: number;
  uptime: number;
  /** Minor page faults to the first call: the main thread's and the process's. */
  mainFaults: number;
  faults: number;
  chunks: number;
  own: number;
  packages: number;
  /** The main thread's CPU as each part's first file was loaded (ms), by part. */
  parts: Record<string, number>;
}

/** The bundle's files that start each part of the command (esbuild names a dynamic import's chunk after its file). */
const PARTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['cli', /\/dist\/cli\/main\.js$/],
  ['batch command', /\/dist\/cli\/batch-\w+\.js$/],
  ['provider', /\/dist\/cli\/generate-\w+\.js$/],
  ['scheduler', /\/dist\/cli\/scheduler-\w+\.js$/],
];

/** The source modules of the bundle's chunks that were loaded: the project's own and the packages'. */
function modulesIn(checkout: string, urls: readonly string[]): { chunks: number; own: number; packages: number } {
  const dist = pathToFileURL(path.join(checkout, 'dist', 'cli')).href;
  const chunks = urls.filter((u) => u.startsWith(`${dist}/`));
  let own = 0;
  let packages = 0;
  for (const chunk of chunks) {
    const map = `${new URL(chunk).pathname}.map`;
    if (!existsSync(map)) continue;
    for (const source of (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources)
      if (source.includes('node_modules/')) packages++;
      else own++;
  }
  return { chunks: chunks.length, own, packages };
}

/**
 * Flags for the measured process (BENCH_FIRST_CALL_NODE_ARGS, split at spaces: `--log-function-events`, `--cpu-prof`).
 */
const NODE_ARGS = (process.env.BENCH_FIRST_CALL_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** One batch of `checkout` to its first call, in a new folder against `baseURL`. */
function firstCall(checkout: string, baseURL: string, dir: string): FirstCall {
  const out = path.join(dir, 'first-call.json');
  rmSync(out, { force: true });
  rmSync(path.join(dir, 'state.sqlite'), { force: true });
  const run = spawnSync(
    process.execPath,
    [
      ...NODE_ARGS,
      '--import',
      pathToFileURL(path.join(ROOT, 'bench', 'first-call-probe.mjs')).href,
      path.join(checkout, 'bin', 'karya.js'),
      'batch',
      path.join(dir, 'jobs.yaml'),
      ...[
        '--concurrency',
        '100',
        '--out',
        path.join(dir, 'books'),
        '--state',
        path.join(dir, 'state.sqlite'),
        '--json',
      ],
    ],
    {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: baseURL, KARYA_BENCH_FIRST_CALL: out },
    },
  );
  if (!existsSync(out)) throw new Error(`karya batch made no first call (${run.status}): ${run.stderr.slice(-2000)}`);
  const probe = JSON.parse(readFileSync(out, 'utf8')) as Omit<FirstCall, 'chunks' | 'own' | 'packages' | 'parts'> & {
    loaded: Array<[string, number]>;
  };
  const parts: Record<string, number> = {};
  for (const [name, file] of PARTS) {
    const at = probe.loaded.find(([url]) => file.test(url));
    if (at) parts[name] = at[1];
  }
  const modules = modulesIn(
    checkout,
    probe.loaded.map(([url]) => url),
  );
  const { main, process: all, uptime, mainFaults, faults } = probe;
  return { main, process: all, uptime, mainFaults, faults, ...modules, parts };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** A checkout's line: the medians of its runs. */
function summary(checkout: string, runs: readonly FirstCall[]): string {
  const m = (pick: (r: FirstCall) => number) => median(runs.map(pick));
  const parts = PARTS.map(([name]) => `${name} ${m((r) => r.parts[name] ?? NaN).toFixed(0)}`).join(', ');
  return (
    `${checkout}: main thread ${m((r) => r.main).toFixed(0)} ms of CPU to the first call (process ` +
    `${m((r) => r.process).toFixed(0)} ms), ${m((r) => r.uptime).toFixed(2)} s after the launch; page faults: main ` +
    `thread ${m((r) => r.mainFaults)}, process ${m((r) => r.faults)}; ` +
    `${m((r) => r.chunks)} chunks, ${m((r) => r.own)} own modules and ${m((r) => r.packages)} packages' loaded; ` +
    `main thread's CPU as each part loaded (ms): ${parts}; ${runs.length} runs`
  );
}

const [runsArg, ...given] = process.argv.slice(2);
const checkouts = given.length ? given.map((c) => path.resolve(c)) : [ROOT];
const fake = await startRemoteFake({ latencyMs: 200, writeRatio: 1 });
const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-bench-first-call-'));
try {
  const jobs = Array.from(
    { length: 400 },
    (_, j) => `- { id: book-${j + 1}, generator: romance, lang: ${j % 2 ? 'ms' : 'en'}, chapters: 3 }`,
  );
  writeFileSync(path.join(dir, 'jobs.yaml'), `${jobs.join('\n')}\n`);
  const runs = new Map<string, FirstCall[]>(checkouts.map((c) => [c, []]));
  // The checkouts in turn, so a change of the machine's load falls on each alike.
  for (let i = 0; i < Number(runsArg ?? 5); i++)
    for (const checkout of checkouts) {
      const run = firstCall(checkout, fake.baseURL, dir);
      runs.get(checkout)!.push(run);
      process.stdout.write(
        `${path.basename(checkout)} run ${i + 1}: main ${run.main.toFixed(0)} ms, process ` +
          `${run.process.toFixed(0)} ms, page faults main ${run.mainFaults} ` +
          `process ${run.faults}; load ${os.loadavg()[0]!.toFixed(1)}\n`,
      );
    }
  for (const [checkout, list] of runs) process.stdout.write(`${summary(checkout, list)}\n`);
} finally {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
}
