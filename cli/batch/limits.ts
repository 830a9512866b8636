// Tokens-per-minute for `karya batch`: a sliding-window budget on top of p-queue (which does the calls
// in flight and the requests per minute). A call reserves its tokens before it queues and the
// reservation becomes a window entry at the moment the request is actually sent, so the tokens sent
// in any window never pass the limit, while a call never waits when the window has room for it.

/** The budget a call is counted at: prompt tokens (estimated) + max_tokens, as the API counts them. */
export function estimatePromptTokens(...texts: string[]): number {
  // About 4 characters a token for English (OpenAI's rule of thumb), plus a few per message for the chat format.
  return texts.reduce((n, t) => n + Math.ceil(t.length / 4) + 4, 3);
}

/** Tokens held for one call: `send()` when the request goes out, `release()` if it never does. */
export interface TokenReservation {
  readonly tokens: number;
  send(): void;
  release(): void;
}

interface Waiter {
  tokens: number;
  resolve: (r: TokenReservation) => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** A sliding window of `limit` tokens per `windowMs`, first come first served. */
export class TokenWindow {
  private readonly sent: Array<{ at: number; tokens: number }> = [];
  private reserved = 0;
  private readonly waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly limit: number,
    readonly windowMs: number = 60_000,
    private readonly now: () => number = Date.now,
  ) {
    if (!(limit > 0)) throw new RangeError(`token_limit_not_positive: ${limit}`);
  }

  /** Tokens counted now: sent within the window plus reserved. */
  used(at: number = this.now()): number {
    this.expire(at);
    return this.sent.reduce((n, s) => n + s.tokens, 0) + this.reserved;
  }

  /** Reserve `tokens` (capped at the limit, so a huge call waits for an empty window instead of forever). */
  acquire(tokens: number, signal?: AbortSignal): Promise<TokenReservation> {
    const want = Math.min(Math.max(0, Math.ceil(tokens)), this.limit);
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { tokens: want, resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(signal.reason);
          this.pump();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
      this.pump();
    });
  }

  /** Stop timers (the batch is over). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private expire(at: number): void {
    while (this.sent.length && at - this.sent[0]!.at >= this.windowMs) this.sent.shift();
  }

  private pump(): void {
    const at = this.now();
    let used = this.used(at);
    while (this.waiters.length && used + this.waiters[0]!.tokens <= this.limit) {
      const w = this.waiters.shift()!;
      if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort);
      used += w.tokens;
      w.resolve(this.reserve(w.tokens));
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    // The head waits for the oldest sent entry to leave the window (reservations leave through send/release).
    if (this.waiters.length && this.sent.length) {
      this.timer = setTimeout(
        () => {
          this.timer = undefined;
          this.pump();
        },
        Math.max(1, this.sent[0]!.at + this.windowMs - at),
      );
    }
  }

  private reserve(tokens: number): TokenReservation {
    this.reserved += tokens;
    let isOpen = true;
    return {
      tokens,
      send: () => {
        if (!isOpen) return;
        isOpen = false;
        this.reserved -= tokens;
        this.sent.push({ at: this.now(), tokens });
        this.pump();
      },
      release: () => {
        if (!isOpen) return;
        isOpen = false;
        this.reserved -= tokens;
        this.pump();
      },
    };
  }
}
