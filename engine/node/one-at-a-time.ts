// The checks a long-lived helper process runs (epubcheck's JVM: epubcheck-server.ts; Ace's Node: ace-checker.ts), one
// at a time: callers queue, each answered for its own check; once the last one queued is done the helper rests (no
// longer keeps this process alive) and is stopped after `idleMs` with nothing asked of it.

export interface Resting {
  /** Called when nothing is queued: lets the helper rest; false when there is none to stop later. */
  rest: () => boolean;
  /** Ends the helper (a later check starts a new one). */
  stop: () => void;
}

export class OneAtATime {
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly idleMs: number,
    private readonly helper: Resting,
  ) {}

  /** `task` run after the ones queued before it. */
  run<T>(task: () => Promise<T>): Promise<T> {
    this.waiting++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const turn = this.queue.then(task).finally(() => {
      if (--this.waiting === 0) this.restIdle();
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private restIdle(): void {
    if (!this.helper.rest()) return;
    this.idleTimer = setTimeout(() => this.helper.stop(), this.idleMs);
    this.idleTimer.unref();
  }
}
