// Run the `karya` command inside the test process (cli/main.ts's runKarya) and collect what it prints:
// for every CLI test where a real process is not the point. Signals, kills, the installed launcher and
// several processes at once still spawn bin/karya.js (tests/cli/run-cli.ts).
// The environment, the working directory and the output streams belong to the whole process, so runs
// take turns (pool 'forks' gives each test file its own process, where process.chdir is allowed).
import path from 'node:path';
import { runKarya } from '../cli/main.js';
import { ROOT } from '../engine/node/load.js';

export interface InProcessRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface InProcessOptions {
  /**
   * Variables set for the run, on top of the test's environment without any OPENAI_* or KARYA_* one (but the suite's
   * KARYA_ACE and KARYA_DB_SYNC).
   */
  env?: Record<string, string | undefined>;
  /** Working directory of the run (default: the repository root). */
  cwd?: string;
}

/**
 * Provider and server settings of whoever runs the tests: never seen by a run unless it sets them. KARYA_ACE,
 * KARYA_DB_SYNC and KARYA_EPUBCHECK_IDLE_MS are the suite's own (vitest.config.ts turns DAISY Ace off and the fsync of
 * each SQLite commit, and keeps a worker's epubcheck JVM): a run keeps them unless it sets them.
 */
const SUITE_SETTINGS = new Set(['KARYA_ACE', 'KARYA_DB_SYNC', 'KARYA_EPUBCHECK_IDLE_MS']);
const isOwnSetting = (name: string) => /^(OPENAI_|KARYA_)/.test(name) && !SUITE_SETTINGS.has(name);

let turn: Promise<unknown> = Promise.resolve();

/**
 * `karya <args…>` as a user runs it, in this process: exit code, stdout and stderr (no terminal, NO_COLOR=1).
 * @example const r = await runKaryaInProcess(['list', '--json']); JSON.parse(r.stdout)
 */
export function runKaryaInProcess(args: readonly string[], opts: InProcessOptions = {}): Promise<InProcessRun> {
  const run = turn.then(() => runCaptured(args, opts));
  turn = run.catch(() => undefined);
  return run;
}

type Write = typeof process.stdout.write;

function capture(stream: NodeJS.WriteStream, chunks: Buffer[]): () => void {
  const write = stream.write;
  const tty = Object.getOwnPropertyDescriptor(stream, 'isTTY');
  stream.write = ((
    chunk: string | Uint8Array,
    encoding?: BufferEncoding | ((error?: Error | null) => void),
    done?: (error?: Error | null) => void,
  ) => {
    chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
        : Buffer.from(chunk),
    );
    const callback = typeof encoding === 'function' ? encoding : done;
    if (callback) process.nextTick(callback);
    return true;
  }) as Write;
  // What the command sees when its output goes to a pipe, as in a script or CI.
  Object.defineProperty(stream, 'isTTY', { value: false, configurable: true, writable: true });
  return () => {
    stream.write = write;
    if (tty) Object.defineProperty(stream, 'isTTY', tty);
    else delete (stream as { isTTY?: boolean }).isTTY;
  };
}

async function runCaptured(args: readonly string[], opts: InProcessOptions): Promise<InProcessRun> {
  const wanted: Record<string, string | undefined> = { NO_COLOR: '1', ...opts.env };
  const touched = new Set([...Object.keys(process.env).filter(isOwnSetting), ...Object.keys(wanted)]);
  const saved = new Map([...touched].map((name) => [name, process.env[name]]));
  const cwd = process.cwd();
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  for (const name of touched) delete process.env[name];
  for (const [name, value] of Object.entries(wanted)) if (value !== undefined) process.env[name] = value;
  process.chdir(path.resolve(opts.cwd ?? ROOT));
  const restoreStdout = capture(process.stdout, stdout);
  const restoreStderr = capture(process.stderr, stderr);
  try {
    const code = await runKarya(args);
    return { code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') };
  } finally {
    restoreStderr();
    restoreStdout();
    process.chdir(cwd);
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
