// DAISY Ace in one long-lived Node process per process (ace-server.cjs beside this file), as epubcheck has its one
// long-lived JVM (epubcheck-server.ts). Each Ace run on its own starts Node, loads Ace and launches a headless
// Chromium: ~4.1 s of CPU a 3-chapter book; three books on one browser took 10.1 s. The process is started on the
// first check with the @daisy/ace-cli package's own checker, keeps its Chromium for the next checks, and ends after
// an idle while; Ace writes the same report.json into the same folder as its command line does.
// - One check at a time: callers queue, each answered for its own request.
// - A check that takes longer than its time-out kills the process and its Chromium (the next check starts anew); so
//   does one its caller gives up (its signal aborted: the package it was for failed), and one given up while it waits
//   for its turn is never started.
// - It never keeps the process alive: its channel and pipes are held only while a check is under way; when the
//   process exits or is killed, the checker sees its channel close, closes its Chromium and ends.
// - Where it cannot answer (a crash, a process that ends before its first answer), the caller runs Ace's command
//   line for that file, so no verdict is lost; one that never answered is not started again by this process.
import { fork, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import path from 'node:path';
import { ROOT } from './root.js';
import { OneAtATime } from './one-at-a-time.js';

/** A check's outcome: Ace wrote its report, it timed out, or `unavailable` (run Ace's command line instead). */
export type AceServed =
  { kind: 'done' } | { kind: 'timed-out' } | { kind: 'unavailable'; why: string } | { kind: 'given-up' };

/** One check asked of the process: the EPUB, the folder its report goes to, a folder to unzip it in. */
export interface AceJob {
  readonly epub: string;
  readonly outdir: string;
  readonly tmpdir: string;
  readonly timeoutMs: number;
}

const PROGRAM = path.join(ROOT, 'engine', 'node', 'ace-server.cjs');

type Reply = { browser: number } | { id: number; ok: boolean; error?: string };

/** Kill a process and, when it leads one, its group (Chromium's renderers), ignoring one already gone. */
function killGroup(pid: number | undefined): void {
  if (!pid) return;
  for (const target of [-pid, pid])
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // gone already
    }
}

/** One Node process that runs Ace's checks on a Chromium it keeps, one check at a time. */
export class AceChecker {
  private child: ChildProcess | null = null;
  private browserPid: number | undefined;
  private nextId = 1;
  /** The checks, one at a time; the process rests when none is queued and ends after `idleMs` of rest. */
  private readonly turns: OneAtATime;
  private pending: { id: number; settle: (outcome: AceServed) => void; timer: NodeJS.Timeout } | null = null;
  private brokenWhy: string | null = null;
  private hasAnswered = false;
  private stderrTail = '';
  /**
   * The process exits: the channel is closed, and the checker closes its Chromium as Puppeteer does (its profile
   * folder removed; a Chromium killed leaves it in the temporary folder), then ends (ace-server.cjs).
   */
  private readonly closeOnExit = () => {
    if (this.child?.connected) this.child.disconnect();
  };
  /** How many processes this checker has started (tests read it). */
  started = 0;

  constructor(
    /** The @daisy/ace-cli package's folder, whose dependencies the process loads. */
    private readonly cliPackage: string,
    /** The Chromium it drives. */
    private readonly chromium: string,
    idleMs = 45_000,
  ) {
    this.turns = new OneAtATime(idleMs, {
      rest: () => {
        if (this.child) this.hold(this.child, false);
        return !!this.child;
      },
      stop: () => this.stop(),
    });
  }

  /** Ace's check of one EPUB, after the checks queued before it; `signal` gives it up (never started, or ended). */
  check(job: AceJob, signal?: AbortSignal): Promise<AceServed> {
    return this.turns.run(() => (signal?.aborted ? Promise.resolve({ kind: 'given-up' }) : this.checkNow(job, signal)));
  }

  /** Ends the process now, asking it to close its Chromium first (a later check starts a new one). */
  stop(): void {
    const child = this.child;
    if (!child) return;
    this.forget(child);
    if (child.connected) child.disconnect();
    else this.kill(child);
  }

  private kill(child = this.child): void {
    killGroup(this.browserPid);
    if (child?.pid) killGroup(child.pid);
  }

  private forget(child: ChildProcess): void {
    if (child !== this.child) return;
    this.child = null;
    process.removeListener('exit', this.closeOnExit);
  }

  /** Whether the child's process, channel and pipes keep this process alive. */
  private hold(child: ChildProcess, held: boolean): void {
    if (held) child.ref();
    else child.unref();
    const channel = child.channel as { ref(): void; unref(): void } | undefined;
    if (held) channel?.ref();
    else channel?.unref();
    for (const pipe of [child.stdout, child.stderr]) if (pipe instanceof Socket) held ? pipe.ref() : pipe.unref();
  }

  private checkNow(job: AceJob, signal?: AbortSignal): Promise<AceServed> {
    if (this.brokenWhy) return Promise.resolve({ kind: 'unavailable', why: this.brokenWhy });
    const child = this.child ?? this.start();
    this.hold(child, true);
    const id = this.nextId++;
    return new Promise<AceServed>((resolve) => {
      // Ended before Ace's answer: the process and its Chromium are killed (a check cannot be stopped inside them).
      const end = (outcome: AceServed) => {
        if (this.pending?.id !== id) return;
        this.forget(child);
        this.kill(child);
        this.settle(id, outcome);
      };
      const giveUp = () => end({ kind: 'given-up' });
      signal?.addEventListener('abort', giveUp, { once: true });
      const settle = (outcome: AceServed) => {
        signal?.removeEventListener('abort', giveUp);
        resolve(outcome);
      };
      this.pending = { id, settle, timer: setTimeout(() => end({ kind: 'timed-out' }), job.timeoutMs) };
      const { epub, outdir, tmpdir, timeoutMs } = job;
      child.send({ id, epub: path.resolve(epub), outdir, tmpdir, timeout: timeoutMs }, (error) => {
        if (error) this.settle(id, { kind: 'unavailable', why: error.message });
      });
    });
  }

  private start(): ChildProcess {
    const child = fork(PROGRAM, [this.cliPackage], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { ...process.env, PUPPETEER_EXECUTABLE_PATH: this.chromium, PUPPETEER_SKIP_DOWNLOAD: '1' },
    });
    this.child = child;
    this.browserPid = undefined;
    this.hasAnswered = false;
    this.stderrTail = '';
    this.started++;
    process.on('exit', this.closeOnExit);
    child.stdout?.resume();
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = `${this.stderrTail}${chunk.toString('utf8')}`.slice(-2000);
    });
    child.on('message', (reply: Reply) => {
      if ('browser' in reply) this.browserPid = reply.browser;
      else {
        this.hasAnswered = true;
        this.settle(
          reply.id,
          reply.ok ? { kind: 'done' } : { kind: 'unavailable', why: reply.error ?? 'Ace did not check it' },
        );
      }
    });
    child.on('error', (error) => this.ended(child, error.message));
    child.on('exit', (code, signal) => this.ended(child, `Ace's process ended (${signal ?? code})`));
    return child;
  }

  private settle(id: number, outcome: AceServed): void {
    const pending = this.pending;
    if (!pending || pending.id !== id) return;
    this.pending = null;
    clearTimeout(pending.timer);
    pending.settle(outcome);
  }

  /** The process went (killed, crashed, never started): the check under way is run the one-shot way. */
  private ended(child: ChildProcess, how: string): void {
    const tail = this.stderrTail.trim().split('\n').at(-1);
    const why = `${how}${tail ? `: ${tail}` : ''}`;
    // One stopped or killed before is forgotten already: a later process's check is not its to answer.
    if (child !== this.child) return;
    this.forget(child);
    killGroup(this.browserPid);
    if (!this.hasAnswered) this.brokenWhy = why;
    if (this.pending) this.settle(this.pending.id, { kind: 'unavailable', why });
  }
}

const checkers = new Map<string, AceChecker>();

/** The process's one checker for an @daisy/ace-cli package and a Chromium, made on first use. */
export function sharedAceChecker(cliPackage: string, chromium: string): AceChecker {
  const key = `${cliPackage}\0${chromium}`;
  let checker = checkers.get(key);
  if (!checker) {
    checker = new AceChecker(cliPackage, chromium);
    checkers.set(key, checker);
  }
  return checker;
}
