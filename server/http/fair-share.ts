// The writers' fair shares of the server's costly work (server/http/security.ts hardens every route): each writer's
// costly requests under way counted (in this process and, by the store's leases, across instances), and the
// server's turns for the work itself, first come first served; a refusal is 429 or 503 with Retry-After.
import type { Request, RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import type { ShareLeaseRepository } from '../store/ports.js';
import { ApiError, tooMany } from '../errors/api-error.js';

/**
 * Fair shares of the server's costly work, so that one writer's burst never holds up another's cheap requests
 * (GET /api/me, a sign-in): the routes that read a file or a whole book (a cover's upload and check, a manuscript's
 * import and preview, an edition's side-by-side and bilingual reads) take one of the writer's shares for the whole
 * request, and run their work in one of the server's turns. A writer's shares are counted in this process and, given
 * the store's leases, across every server instance on one database (the writer's limit holds however a balancer
 * spreads their requests); the turns are this process's own (its CPU, its memory, sharp's and SQLite's threads).
 * docs/api.md names them.
 */
export const FAIR_SHARE = {
  /** A writer's costly requests under way at once; one more answers 429 `too_many_at_once` with Retry-After. */
  perUser: 2,
  /**
   * Costly work running at once, every writer's together (a cover checked and kept, a side-by-side read); more waits
   * its turn, first come first served.
   */
  running: 2,
  /** Work waiting for a turn at most; one more answers 503 `server_busy` with Retry-After. */
  waiting: 64,
  /** The Retry-After of both refusals (a share or a turn is given back within a second or two). */
  retryAfterMs: 2_000,
} as const;

export type FairShareLimits = { readonly [K in keyof typeof FAIR_SHARE]: number };

/** What a share is taken against: the answer (its close gives the share back, its Retry-After is set when refused). */
type ShareAnswer = { set(field: string, value: string): unknown; once(event: 'close', listener: () => void): unknown };

/** How long a share's lease in the store lives unless renewed: a killed process's shares stop counting by then. */
export const SHARE_LEASE_MS = 30_000;

export class FairShares {
  readonly #held = new Map<string, number>();
  readonly #waiting: Array<() => void> = [];
  #running = 0;

  /** `leases`: the store's, shared by every instance on the database (none: this process counts alone). */
  constructor(
    readonly limits: FairShareLimits = FAIR_SHARE,
    private readonly leases?: Pick<ShareLeaseRepository, 'claim' | 'renew' | 'release'>,
  ) {}

  /**
   * One of the writer's shares taken for this request until its answer closes (sent, or the client gone), or 429
   * `too_many_at_once` with Retry-After when every one is taken. Counted in this process in one synchronous step
   * before anything is awaited: of requests sent at once each sees the count the one before it left, so no burst gets
   * more than its share. Then, with the store's leases, taken there too (one transaction per writer): a writer's
   * requests spread over several instances are held to the same number.
   */
  async claim(userId: string, res: ShareAnswer): Promise<void> {
    const held = this.#held.get(userId) ?? 0;
    if (held >= this.limits.perUser) throw tooMany(res, this.limits.retryAfterMs, 'too_many_at_once');
    this.#held.set(userId, held + 1);
    let isClosed = false;
    let onClose: (() => void) | undefined;
    res.once('close', () => {
      isClosed = true;
      const left = (this.#held.get(userId) ?? 1) - 1;
      if (left > 0) this.#held.set(userId, left);
      else this.#held.delete(userId);
      onClose?.();
    });
    const leases = this.leases;
    if (!leases) return;
    const id = randomUUID();
    const now = Date.now();
    if (!(await leases.claim({ userId, id, limit: this.limits.perUser, now, until: now + SHARE_LEASE_MS })))
      throw tooMany(res, this.limits.retryAfterMs, 'too_many_at_once');
    // Renewed while the request runs (an upload's body, a long read), given back when it ends.
    const beat = setInterval(
      () => void leases.renew({ id, until: Date.now() + SHARE_LEASE_MS }).catch(() => undefined),
      SHARE_LEASE_MS / 3,
    );
    beat.unref();
    onClose = () => {
      clearInterval(beat);
      void leases.release(id).catch(() => undefined);
    };
    if (isClosed) onClose();
  }

  /** The writer's shares under way now. */
  heldBy(userId: string): number {
    return this.#held.get(userId) ?? 0;
  }

  /**
   * `work` run in one of the server's turns: in the event loop's next turn when one is free, else after the work that
   * came before it (503 `server_busy` with Retry-After when `waiting` already wait). A turn given back is handed on
   * in the next turn of the event loop too, so the requests waiting on the network (another writer's /api/me) are
   * answered between two pieces of work.
   */
  async run<T>(work: () => Promise<T> | T): Promise<T> {
    if (this.#running < this.limits.running) {
      this.#running++;
      // Begun in the next turn of the event loop all the same: of a burst that arrived together (sixty reads in one
      // read of the sockets), the requests already waiting on the network are answered before the first one's work.
      await new Promise<void>((resolve) => setImmediate(resolve));
    } else {
      if (this.#waiting.length >= this.limits.waiting) {
        const seconds = Math.ceil(this.limits.retryAfterMs / 1000);
        throw ApiError.catalogue(503, 'server_busy', undefined, { seconds: String(seconds) }).retryAfter(seconds);
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) setImmediate(next);
      else this.#running--;
    }
  }
}

const SHARES = new WeakMap<object, FairShares>();

/**
 * The server's fair shares (one per app context: every route of a server counts in the same ones), with its store's
 * leases.
 */
export function sharesOf(
  ctx: { repos?: { shareLeases?: ShareLeaseRepository } },
  limits?: FairShareLimits,
): FairShares {
  let shares = SHARES.get(ctx);
  if (!shares) SHARES.set(ctx, (shares = new FairShares(limits, ctx.repos?.shareLeases)));
  return shares;
}

/** A route's middleware that takes one of the signed-in writer's shares (FairShares.claim) before the route runs. */
export function fairShare(shares: FairShares, userOf: (req: Request) => string): RequestHandler {
  return (req, res, next) => {
    shares.claim(userOf(req), res).then(() => next(), next);
  };
}
