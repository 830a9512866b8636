// One request in flight per key (a user's book): starting a new request for the same key aborts the
// one still running, so a double click or a second tab never pays for two generations of one step.

/** A running request's signal and the call that ends it. */
export interface InFlight {
  readonly signal: AbortSignal;
  /** Call when the request is over (success or failure); a later request for the key is unaffected. */
  done(): void;
}

/**
 * Tracks the latest request per key.
 * @example
 * const running = new RequestsByKey();
 * const job = running.start(`${userId}:${bookType}`, req.signal);
 * try { await provider.generateText({ ...request, signal: job.signal }); } finally { job.done(); }
 */
export class RequestsByKey {
  private readonly controllers = new Map<string, AbortController>();

  /**
   * Start a request for `key`, aborting the one in flight for it; `parent` (e.g. a closed connection) aborts it too.
   */
  start(key: string, parent?: AbortSignal): InFlight {
    this.abort(key);
    const controller = new AbortController();
    this.controllers.set(key, controller);
    const onParentAbort = () => controller.abort(parent?.reason);
    if (parent?.aborted) onParentAbort();
    else parent?.addEventListener('abort', onParentAbort, { once: true });
    return {
      signal: controller.signal,
      done: () => {
        parent?.removeEventListener('abort', onParentAbort);
        if (this.controllers.get(key) === controller) this.controllers.delete(key);
      },
    };
  }

  /** Abort the request in flight for `key`, if any. */
  abort(key: string): boolean {
    const controller = this.controllers.get(key);
    if (!controller) return false;
    this.controllers.delete(key);
    const reason = new Error(`superseded by a new request for ${key}`);
    reason.name = 'AbortError';
    controller.abort(reason);
    return true;
  }

  /** Whether a request for `key` is running. */
  has(key: string): boolean {
    return this.controllers.has(key);
  }

  get size(): number {
    return this.controllers.size;
  }
}
