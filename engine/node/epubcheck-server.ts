// epubcheck in one long-lived JVM per process. A fresh JVM per check spends four seconds of CPU starting
// (engine/node/java.ts); this one starts on the process's first check, answers each further check in a tenth
// of a second, and ends after an idle while. It runs epubcheck's own command line (EpubcheckServer.java beside
// this file, compiled once into the user's cache by engine/node/epubcheck-server-class.ts, else run from its
// source), so its report and exit code are the one-shot run's.
// - One check at a time: callers queue, and each gets the answer to its own request.
// - Answers are counted in bytes (EpubcheckServer.java), so no text inside an EPUB can cut one short.
// - A check that takes longer than its time-out kills the JVM (the next check starts a new one).
// - Class data sharing: the JVM maps a class archive, else writes its own (engine/node/epubcheck-server-class.ts).
//   Java writes one only when the program ends by itself: a JVM that writes one is ended at rest by closing its input.
// - It never keeps the process alive: the JVM is held only while a check is under way, its pipes never, and
//   it is killed when the process exits (or, killed itself, the JVM sees its input end and stops).
// - Files are sent by their whole path (the JVM runs in the root folder), so the process may change folders.
// - Where it cannot answer (no java, a JRE without the compiler module, a crash, a path it cannot be sent),
//   the caller checks that file the one-shot way, so no verdict is lost; a JVM that never answered once is
//   not started again by this process.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { Socket } from 'node:net';
import path from 'node:path';
import { JAVA_QUICK_START, findOnPath, isJar, jarLaunch, quickJava } from './java.js';
import { archiveOptions, compiledServer, endWhenWritten, type ArchiveWrite } from './epubcheck-server-class.js';
import { limitFromEnv } from './worker-limits.js';
import { ROOT } from './root.js';
import { OneAtATime } from './one-at-a-time.js';

/** What epubcheck's command line wrote and its exit code. */
export interface EpubcheckRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A check's outcome: the run, its time-out, or `unavailable` (check it the one-shot way). */
export type ServedCheck =
  { kind: 'run'; run: EpubcheckRun } | { kind: 'timed-out' } | { kind: 'unavailable'; why: string };

export interface EpubcheckServerOptions {
  /** How long the JVM waits for another check before it ends (default 45 s, or KARYA_EPUBCHECK_IDLE_MS). */
  idleMs?: number;
  /** How long one check may take (default 180 s, as the one-shot run). */
  timeoutMs?: number;
  /** The Java program (default EpubcheckServer.java beside this file in the sources). */
  source?: string;
}

/** How long one check may take, in the long-lived JVM or a process of its own. */
export const EPUBCHECK_TIMEOUT_MS = 180_000;
const SOURCE = path.join(ROOT, 'engine', 'node', 'EpubcheckServer.java');
const HEADER = /^(-?\d+) (\d+) (\d+)$/;

/**
 * How long a JVM waits for another check before it ends: KARYA_EPUBCHECK_IDLE_MS (a whole number of milliseconds, at
 * most a day), else 45 s; another value throws LimitSettingError (`karya serve` checks it at its start). The test suite
 * keeps each worker's JVM for its whole run.
 */
export function epubcheckIdleMs(env: NodeJS.ProcessEnv = process.env): number {
  return limitFromEnv(env, 'KARYA_EPUBCHECK_IDLE_MS', 45_000, 0, 86_400_000);
}

/** The request line: the path as Base64 of its UTF-8, or null when the path would not arrive as it is. */
function requestOf(file: string): string | null {
  const bytes = Buffer.from(file, 'utf8');
  // A lone surrogate would arrive as U+FFFD, and a NUL names no file: the one-shot way reports those as before.
  if (file.includes('\0') || bytes.toString('utf8') !== file) return null;
  return `${bytes.toString('base64')}\n`;
}

/** The pipes of a child never hold the process open (net.Socket is what a child's pipes are). */
function unrefPipes(child: ChildProcess): void {
  for (const pipe of [child.stdin, child.stdout, child.stderr]) if (pipe instanceof Socket) pipe.unref();
}

interface Pending {
  settle: (outcome: ServedCheck) => void;
  timer: NodeJS.Timeout;
}

/** One JVM that checks EPUBs with a jar's epubcheck, one at a time. */
export class EpubcheckServer {
  private readonly turns: OneAtATime;
  private readonly timeoutMs: number;
  private readonly source: string;
  private child: ChildProcess | null = null;
  private received = Buffer.alloc(0);
  private pending: Pending | null = null;
  /** Set when a JVM ended before its first answer: this process checks the one-shot way from then on. */
  private brokenWhy: string | null = null;
  private hasAnswered = false;
  /** Whether the JVM writes its class archive when it ends by itself. */
  private isArchiving = false;
  private stderrTail = '';
  /** The jar of the compiled program (null: run the source), looked for once. */
  private compiled: Promise<string | null> | null = null;
  private readonly killOnExit = () => this.child?.kill('SIGKILL');
  /** How many JVMs this checker has started (tests read it). */
  started = 0;

  constructor(
    private readonly jar: string,
    options: EpubcheckServerOptions = {},
  ) {
    // The JVM rests (unref'd) when no check is queued, and ends after idleMs of rest.
    this.turns = new OneAtATime(options.idleMs ?? epubcheckIdleMs(), {
      rest: () => {
        this.child?.unref();
        return !!this.child;
      },
      stop: () => this.end(),
    });
    this.timeoutMs = options.timeoutMs ?? EPUBCHECK_TIMEOUT_MS;
    this.source = options.source ?? SOURCE;
  }

  /** The JVM's process id while one runs (tests kill it). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** epubcheck's run on one file, after the checks queued before it. */
  check(file: string): Promise<ServedCheck> {
    return this.turns.run(() => this.checkNow(file));
  }

  /** Ends the JVM now (a later check starts a new one). */
  stop(): void {
    const child = this.child;
    if (!child) return;
    this.child = null;
    process.removeListener('exit', this.killOnExit);
    child.kill('SIGKILL');
  }

  /** Ends the JVM at rest: one that writes its class archive is let end by itself to write it, another killed. */
  private end(): void {
    const child = this.child;
    if (!child || !this.isArchiving) return this.stop();
    this.child = null;
    process.removeListener('exit', this.killOnExit);
    endWhenWritten(child);
  }

  private async checkNow(file: string): Promise<ServedCheck> {
    if (this.brokenWhy) return { kind: 'unavailable', why: this.brokenWhy };
    const request = requestOf(path.resolve(file));
    if (!request) return { kind: 'unavailable', why: 'a path that cannot be sent' };
    const child = this.child ?? (await this.startProgram());
    if (!child) return { kind: 'unavailable', why: this.brokenWhy ?? 'java did not start' };
    child.ref();
    return new Promise<ServedCheck>((resolve) => {
      const timer = setTimeout(() => {
        this.pending = null;
        this.stop();
        resolve({ kind: 'timed-out' });
      }, this.timeoutMs);
      this.pending = { settle: resolve, timer };
      child.stdin?.write(request);
    });
  }

  /** A JVM started from the compiled program, compiled first when the cache has none, or from the source. */
  private async startProgram(): Promise<ChildProcess | null> {
    if (!existsSync(this.source) || !findOnPath('java')) {
      this.brokenWhy = existsSync(this.source) ? 'java is not installed' : `${this.source} is missing`;
      return null;
    }
    this.compiled ??= compiledServer(this.source, this.jar);
    const compiled = await this.compiled;
    // The jar's class path as a quick one-shot run has it, so the class archive that run left serves this JVM too.
    const classPath = jarLaunch(this.jar)?.classPath ?? [this.jar];
    const program = compiled
      ? ['-cp', [...classPath, compiled].join(path.delimiter), path.basename(this.source, '.java')]
      : ['-cp', classPath.join(path.delimiter), this.source];
    const archive = archiveOptions(this.jar, compiled);
    return this.start([...archive.args, ...program], archive.writes);
  }

  private start(program: readonly string[], writes?: ArchiveWrite): ChildProcess {
    // An archive the JVM cannot use (another JVM's, cut short) is left aside by the JVM, its note kept off stderr.
    const args = [
      ...JAVA_QUICK_START,
      '-XX:+IgnoreUnrecognizedVMOptions',
      '-Xlog:disable',
      '-Xlog:all=error:stderr',
      ...program,
    ];
    // In the root folder, where epubcheck names a file by its whole path (it shortens those under its working
    // folder): the process may change folders between checks (karya in a test's process does), and a path
    // sent whole means the same file from anywhere.
    const child = spawn('java', args, { stdio: ['pipe', 'pipe', 'pipe'], cwd: path.parse(process.cwd()).root });
    this.child = child;
    this.received = Buffer.alloc(0);
    this.hasAnswered = false;
    this.stderrTail = '';
    this.started++;
    this.isArchiving = !!writes;
    process.on('exit', this.killOnExit);
    if (writes) child.once('exit', (code) => writes.ended(code === 0));
    unrefPipes(child);
    child.stdin?.on('error', () => undefined);
    child.stdout?.on('data', (chunk: Buffer) => this.read(child, chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = `${this.stderrTail}${chunk.toString('utf8')}`.slice(-2000);
    });
    child.on('error', (error) => this.ended(child, error.message, true));
    // Ended by itself before its first answer (no compiler module, a JVM that refuses an option): it will not do
    // better next time. Killed (a signal) it may.
    child.on('exit', (code, signal) => this.ended(child, `java ended (${signal ?? code})`, signal === null));
    return child;
  }

  /** Reads answers off the JVM's output: a header line, then exactly the bytes it counts. */
  private read(child: ChildProcess, chunk: Buffer): void {
    if (child !== this.child) return;
    this.received = Buffer.concat([this.received, chunk]);
    for (;;) {
      const newline = this.received.indexOf(10);
      if (newline < 0) return;
      const header = HEADER.exec(this.received.subarray(0, newline).toString('latin1'));
      if (!header) {
        this.brokenWhy = 'an answer that is not one';
        this.stop();
        this.settle({ kind: 'unavailable', why: 'an answer that is not one' });
        return;
      }
      const [outLength, errLength] = [Number(header[2]), Number(header[3])];
      const end = newline + 1 + outLength + errLength;
      if (this.received.length < end) return;
      const stdout = this.received.subarray(newline + 1, newline + 1 + outLength).toString('utf8');
      const stderr = this.received.subarray(newline + 1 + outLength, end).toString('utf8');
      this.received = this.received.subarray(end);
      this.hasAnswered = true;
      this.settle({ kind: 'run', run: { code: Number(header[1]), stdout, stderr } });
    }
  }

  private settle(outcome: ServedCheck): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    clearTimeout(pending.timer);
    if (this.child) this.child.unref();
    pending.settle(outcome);
  }

  /** The JVM went (killed, crashed, never started): the check under way is checked the one-shot way. */
  private ended(child: ChildProcess, how: string, isOwnEnd: boolean): void {
    if (child !== this.child && this.child !== null) return;
    const why = `${how}${this.stderrTail ? `: ${this.stderrTail.trim().split('\n')[0]}` : ''}`;
    if (child === this.child) {
      this.child = null;
      process.removeListener('exit', this.killOnExit);
      if (!this.hasAnswered && isOwnEnd) this.brokenWhy = why;
    }
    this.settle({ kind: 'unavailable', why });
  }
}

const servers = new Map<string, EpubcheckServer>();

/** The process's one checker for a jar, made on first use. */
export function sharedEpubcheckServer(jar: string): EpubcheckServer {
  // Debian's /usr/bin/epubcheck is a link to the jar the tests name: one checker for both.
  const real = realpathSync(jar);
  let server = servers.get(real);
  if (!server) {
    server = new EpubcheckServer(real);
    servers.set(real, server);
  }
  return server;
}

/** What running epubcheck came to: its output and exit code, or why it did not run. */
export type EpubcheckOutput = EpubcheckRun & {
  failure?:
    { kind: 'missing'; command: string } | { kind: 'timed-out'; seconds: number } | { kind: 'failed'; message: string };
};

/** epubcheck run once in a process of its own (a jar through java, started quickly: engine/node/java.ts). */
export function runEpubcheckOnce(command: string, file: string, timeoutMs: number): Promise<EpubcheckOutput> {
  const [program, run] = isJar(command)
    ? ['java', quickJava(command, [file])]
    : [command, { args: [file], ended: () => undefined }];
  return new Promise((resolve) => {
    execFile(program, run.args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      run.ended();
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      const failure =
        !error || typeof error.code === 'number'
          ? undefined
          : error.code === 'ENOENT'
            ? { kind: 'missing' as const, command: program }
            : error.killed
              ? { kind: 'timed-out' as const, seconds: Math.round(timeoutMs / 1000) }
              : { kind: 'failed' as const, message: error.message.split('\n')[0] ?? '' };
      resolve({ code, stdout: String(stdout), stderr: String(stderr), ...(failure ? { failure } : {}) });
    });
  });
}

/**
 * epubcheck on a file (the command found on PATH, or the jar itself): a jar in the process's long-lived JVM,
 * else, or where that JVM cannot answer, once in a process of its own.
 */
export async function runEpubcheckCommand(command: string, file: string): Promise<EpubcheckOutput> {
  const timeoutMs = EPUBCHECK_TIMEOUT_MS;
  if (!isJar(command)) return runEpubcheckOnce(command, file, timeoutMs);
  const served = await sharedEpubcheckServer(command).check(file);
  if (served.kind === 'run') return served.run;
  if (served.kind === 'timed-out')
    return { code: 1, stdout: '', stderr: '', failure: { kind: 'timed-out', seconds: Math.round(timeoutMs / 1000) } };
  return runEpubcheckOnce(command, file, timeoutMs);
}
