// Work bounded in time and memory, off the caller's event loop: a small pool of worker threads, each with a
// heap limit (resourceLimits), each job with a time limit. A worker that hits either is ended (whatever it is
// stuck in) and the job answers the pool's own error for it, while the server (or the CLI) goes on with
// everything else. Exports (export/pool.ts) and manuscript reading (import/pool.ts) each keep one. What runs
// inside a thread (its reply, its errors as data, its ready word, its language table) is in worker-thread.ts; the
// limits a pool is given, in worker-limits.ts.
//
// Jobs may carry a key (a user): at most `perKey` jobs of one key run at once, and a free thread takes the
// oldest job whose key has room, so one writer's six uploads never hold every thread from another's.
import { Worker } from 'node:worker_threads';
import type { LanguageSource } from '../languages/index.js';
import { HANDED_LANGUAGES, READY, type SerializedError, type WorkerReply } from './worker-thread.js';
import type { PoolFailures, PoolLimits } from './worker-limits.js';

// A pool's limits and its errors are in worker-limits.ts; named here too, for the pools that import them from here.
export { limitFromEnv, type PoolFailures, type PoolLimits } from './worker-limits.js';

interface Job<Request, Value> {
  id: number;
  key?: string;
  request: Request;
  failures: PoolFailures;
  /** Its time limit (the pool's, unless the job was given its own). */
  timeoutMs: number;
  transfer: readonly ArrayBuffer[];
  resolve: (value: Value) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
  slot?: Slot<Request, Value>;
}

interface Slot<Request, Value> {
  worker: Worker;
  /** The jobs given to it, in the order given (it answers them in that order). */
  jobs: Job<Request, Value>[];
  idleTimer?: NodeJS.Timeout;
  /** Whether its module has loaded (a pool of threads that announce it, `announcesReady`): a job's time starts then. */
  isReady: boolean;
  startTimer?: NodeJS.Timeout;
}

/** A thread that has not loaded in this long is ended, its jobs failed (a pool with `announcesReady`). */
const STARTUP_MS = 120_000;

/** An idle worker is ended after this long, so a quiet server holds no threads. */
const IDLE_MS = 30_000;

export class WorkerPool<Request extends object, Value> {
  private readonly slots = new Set<Slot<Request, Value>>();
  private readonly queue: Job<Request, Value>[] = [];
  private readonly running = new Map<string, number>();
  private nextId = 1;
  private isClosed = false;

  /**
   * `entry` is the worker thread's module; it answers each `{id, ...request}` with a WorkerReply. `workerData`, when
   * given, is what each thread is handed as it starts (withLanguages: the table this process read). With
   * `announcesReady` a job's time limit counts from when its thread has loaded (announceReady), not from the thread's
   * start: a new thread's loading on a busy machine is not a file's time.
   */
  constructor(
    private readonly entry: URL,
    readonly limits: PoolLimits,
    private readonly options: { workerData?: () => unknown; announcesReady?: boolean } = {},
  ) {}

  /** Jobs running and waiting now. */
  get load(): { running: number; queued: number } {
    return { running: [...this.slots].reduce((n, s) => n + s.jobs.length, 0), queued: this.queue.length };
  }

  /**
   * The job's value from a worker thread within the limits, or the pool's error for the limit it hit. `timeoutMs`: a
   * time limit of its own (a thread given two kinds of work, each with its own bound: cli/batch/book-end.ts).
   */
  run(
    request: Request,
    opts: { failures: PoolFailures; key?: string; transfer?: readonly ArrayBuffer[]; timeoutMs?: number },
  ): Promise<Value> {
    if (this.isClosed) return Promise.reject(new Error('the worker pool is closed'));
    if (this.queue.length >= this.limits.maxQueued) return Promise.reject(opts.failures.busy());
    return new Promise<Value>((resolve, reject) => {
      const job: Job<Request, Value> = {
        id: this.nextId++,
        request,
        failures: opts.failures,
        timeoutMs: opts.timeoutMs ?? this.limits.timeoutMs,
        transfer: opts.transfer ?? [],
        resolve,
        reject,
        ...(opts.key !== undefined ? { key: opts.key } : {}),
      };
      if (this.limits.countsWaiting) job.timer = setTimeout(() => this.timedOut(job), job.timeoutMs);
      else if (this.limits.waitMs !== undefined) job.timer = setTimeout(() => this.timedOut(job), this.limits.waitMs);
      this.queue.push(job);
      this.dispatch();
    });
  }

  /**
   * Start a thread now, idle, so the first job does not wait for it to load (unused, it ends after IDLE_MS like any
   * idle one).
   */
  warm(): void {
    if (!this.isClosed && this.slots.size === 0) this.idle(this.spawn());
  }

  /** End every worker; jobs still running or waiting are refused. */
  async close(): Promise<void> {
    this.isClosed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new Error('the worker pool is closed'));
    await Promise.all(
      [...this.slots].map(async (slot) => {
        for (const job of [...slot.jobs]) this.settle(job, new Error('the worker pool is closed'));
        await this.end(slot);
      }),
    );
  }

  /** The oldest waiting job whose key has room, taken off the queue. */
  private nextJob(): Job<Request, Value> | undefined {
    const index = this.queue.findIndex(
      (job) => job.key === undefined || (this.running.get(job.key) ?? 0) < this.limits.perKey,
    );
    return index < 0 ? undefined : this.queue.splice(index, 1)[0];
  }

  private dispatch(): void {
    const perThread = this.limits.perThread ?? 1;
    while (this.queue.length) {
      // An idle thread first, then one with room in its queue, then a new one.
      const slots = [...this.slots];
      let slot =
        slots.find((s) => !s.jobs.length) ??
        (this.slots.size >= this.limits.workers ? slots.find((s) => s.jobs.length < perThread) : undefined);
      if (!slot && this.slots.size >= this.limits.workers) return;
      const job = this.nextJob();
      if (!job) return;
      slot ??= this.spawn();
      clearTimeout(slot.idleTimer);
      slot.jobs.push(job);
      job.slot = slot;
      if (job.key !== undefined) this.running.set(job.key, (this.running.get(job.key) ?? 0) + 1);
      // A bounded wait is over: the job's own time starts now.
      if (!this.limits.countsWaiting && this.limits.waitMs !== undefined) {
        clearTimeout(job.timer);
        delete job.timer;
      }
      if (slot.isReady) job.timer ??= setTimeout(() => this.timedOut(job), job.timeoutMs);
      // A busy worker keeps the process alive (a CLI awaiting its file); an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage({ ...job.request, id: job.id }, [...job.transfer]);
    }
  }

  private spawn(): Slot<Request, Value> {
    const worker = new Worker(this.entry, {
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.memoryMb,
        maxYoungGenerationSizeMb:
          this.limits.youngMb ?? Math.min(32, Math.max(8, Math.floor(this.limits.memoryMb / 8))),
      },
      stdout: false,
      stderr: false,
      ...(this.options.workerData ? { workerData: this.options.workerData() } : {}),
    });
    const slot: Slot<Request, Value> = { worker, jobs: [], isReady: !this.options.announcesReady };
    this.slots.add(slot);
    if (!slot.isReady) {
      slot.startTimer = setTimeout(() => {
        this.slots.delete(slot);
        void slot.worker.terminate();
        for (const job of [...slot.jobs]) this.settle(job, new Error('the worker thread did not start'));
        this.dispatch();
      }, STARTUP_MS);
      slot.startTimer.unref();
    }
    worker.on('message', (reply: WorkerReply<Value> | typeof READY) => {
      if (reply === READY) {
        clearTimeout(slot.startTimer);
        slot.isReady = true;
        for (const job of slot.jobs) job.timer ??= setTimeout(() => this.timedOut(job), job.timeoutMs);
        return;
      }
      const job = slot.jobs.find((j) => j.id === reply.id);
      if (!job) return;
      if (slot.jobs.length === 1) this.idle(slot);
      if ('value' in reply) this.settle(job, null, reply.value);
      else this.settle(job, job.failures.revive(reply.error));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      this.slots.delete(slot);
      // The job it was on fails for it; those queued behind it fail with it (their thread is gone).
      const [job, ...behind] = slot.jobs;
      if (job) this.settle(job, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? job.failures.tooLarge() : error);
      for (const other of behind) this.settle(other, new Error('the worker thread stopped unexpectedly'));
      this.dispatch();
    });
    worker.on('exit', () => {
      if (!this.slots.delete(slot)) return;
      // Ended without an error event (a crash of the thread itself): its jobs fail, the next one gets a new thread.
      for (const job of [...slot.jobs]) this.settle(job, new Error('the worker thread stopped unexpectedly'));
      this.dispatch();
    });
    return slot;
  }

  private idle(slot: Slot<Request, Value>): void {
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void this.end(slot), IDLE_MS);
    slot.idleTimer.unref();
    // The next job is dispatched after this reply settles (dispatch runs from settle).
  }

  private async end(slot: Slot<Request, Value>): Promise<void> {
    clearTimeout(slot.idleTimer);
    clearTimeout(slot.startTimer);
    this.slots.delete(slot);
    await slot.worker.terminate();
  }

  private timedOut(job: Job<Request, Value>): void {
    const index = this.queue.indexOf(job);
    if (index >= 0) {
      // It waited for a thread all its time: the pool is busy, not the job too big.
      this.queue.splice(index, 1);
      this.settle(job, job.failures.busy());
      return;
    }
    // The thread is ended (whatever it is stuck in) and never given another job; jobs queued behind it end with it.
    const slot = job.slot;
    if (slot) {
      this.slots.delete(slot);
      clearTimeout(slot.idleTimer);
      void slot.worker.terminate();
      for (const other of slot.jobs.filter((j) => j !== job))
        this.settle(other, new Error('the worker thread stopped unexpectedly'));
    }
    this.settle(job, job.failures.tooSlow());
  }

  private settle(job: Job<Request, Value>, error: Error | null, value?: Value): void {
    clearTimeout(job.timer);
    const at = job.slot ? job.slot.jobs.indexOf(job) : -1;
    if (at >= 0) job.slot!.jobs.splice(at, 1);
    if (job.slot && job.key !== undefined) {
      const left = (this.running.get(job.key) ?? 1) - 1;
      if (left > 0) this.running.set(job.key, left);
      else this.running.delete(job.key);
      job.slot = undefined;
    }
    if (error) job.reject(error);
    else job.resolve(value!);
    queueMicrotask(() => this.dispatch());
  }
}

/**
 * A worker's entry module beside `here` (the caller's import.meta.url): from the TypeScript sources (tsx,
 * vitest) a small .mjs that registers tsx first; from the esbuild bundle (dist/cli/) the bundled .js of
 * that name beside the chunk.
 */
export function workerEntry(here: string, name: string): URL {
  return /\.[cm]?ts$/.test(new URL(here).pathname) ? new URL(`./${name}.mjs`, here) : new URL(`./${name}.js`, here);
}

/** A thread's workerData holding the language table as this process read it: the thread reads no file of it again. */
export function withLanguages(sources: readonly LanguageSource[]): Record<string, unknown> {
  return { [HANDED_LANGUAGES]: sources };
}
