// Hardening shared by every route: helmet, a same-origin check on every state-changing request, and
// the rate limiters (429 with Retry-After and a message that says the wait): kept in the store (shared by
// every instance) for sign-up, sign-in, resets, checkout and history search.
import type { Request, RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import type { LimitRepository, ShareLeaseRepository } from '../store/ports.js';
import helmet from 'helmet';
import type { RateLimit } from '../core/config.js';
import { ApiError, errorBody, tooMany, type WaitCode } from '../errors/api-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Helmet's default Strict-Transport-Security: a year, subdomains included. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers. They depend on nothing in the request (no nonces), so helmet runs once at start on a
 * recording response and every request gets the recorded headers in one loop: the same headers, without
 * a dozen middleware calls on the hot path of every request. Strict-Transport-Security only over https
 * (RFC 6797: never over plain http): when the site is https (KARYA_PUBLIC_URL) or the request came over TLS.
 * With `apiPrefix`, a request under it gets API_HEADERS instead (and the same Strict-Transport-Security).
 */
export function helmetMiddleware(opts: { isHttpsSite?: boolean; apiPrefix?: string } = {}): RequestHandler {
  const run = helmet({
    contentSecurityPolicy: {
      // No upgrade-insecure-requests: a self-hosted server is often reached over plain http on a LAN.
      directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'connect-src': ["'self'"], 'upgrade-insecure-requests': null },
    },
    strictTransportSecurity: false,
  });
  const headers: Array<[string, string | number | readonly string[]]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  };
  let isRecorded = false;
  run({ headers: {}, method: 'GET', url: '/' } as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    isRecorded = true;
  });
  const isHttpsSite = opts.isHttpsSite === true;
  const page: RequestHandler = !isRecorded
    ? (req, res, next) => {
        if (isHttpsSite || req.secure) res.setHeader('strict-transport-security', HSTS_VALUE);
        run(req, res, next);
      }
    : (req, res, next) => {
        for (const [name, value] of headers) res.setHeader(name, value);
        for (const name of removed) res.removeHeader(name);
        if (isHttpsSite || req.secure) res.setHeader('strict-transport-security', HSTS_VALUE);
        next();
      };
  if (opts.apiPrefix === undefined) return page;
  const prefix = opts.apiPrefix;
  return (req, res, next) => {
    if (!req.url.startsWith(prefix)) return page(req, res, next);
    for (const [name, value] of API_HEADERS) res.setHeader(name, value);
    if (isHttpsSite || req.secure) res.setHeader('strict-transport-security', HSTS_VALUE);
    next();
  };
}

/**
 * The headers of an API answer (JSON, an event stream, a download), after OWASP's REST Security Cheat
 * Sheet: nothing in it may run or be framed (`default-src 'none'; frame-ancestors 'none'`, `DENY`), its
 * type is the one declared (`nosniff`), no other site's page may embed it (`same-origin`), and no URL leaks
 * through a Referer. Helmet's page headers (script, style and font sources, cross-origin isolation of a
 * window, old-IE download options) say how a page may behave; an answer no browser renders as a page has
 * no use for them, and sending a dozen on each of the studio's calls costs every request.
 */
export const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

/** Names of this machine that no other site's page can take over (a rebound DNS name cannot be one of them). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `host` or `host:port` in lower case, or null for a malformed value. */
function hostOf(value: string): { name: string; port: string } | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(value.trim().toLowerCase());
  return match ? { name: match[1]!, port: match[2] ?? '' } : null;
}

/**
 * The hosts this server answers for: the host of KARYA_PUBLIC_URL (with its port), each entry of
 * KARYA_ALLOWED_HOSTS (`name` for any port, `name:port` for one), and the loopback names on any port
 * (a page on another site cannot make a browser send them: that is what a DNS rebinding attack needs).
 */
export function allowedHosts(input: { publicUrl: string; extra: readonly string[] }): (host: string | undefined) => boolean {
  const exact = new Set<string>();
  const anyPort = new Set<string>(LOOPBACK_HOSTS);
  const url = new URL(input.publicUrl);
  exact.add(url.host.toLowerCase());
  // The default port may or may not be in the Host header.
  if (!url.port) exact.add(`${url.hostname.toLowerCase()}:${url.protocol === 'https:' ? '443' : '80'}`);
  for (const entry of input.extra) {
    const parsed = hostOf(entry);
    if (!parsed) continue;
    if (parsed.port) exact.add(`${parsed.name}:${parsed.port}`);
    else anyPort.add(parsed.name);
  }
  const isAllowed = (host: string): boolean => {
    const parsed = hostOf(host);
    if (!parsed) return false;
    return anyPort.has(parsed.name) || exact.has(parsed.port ? `${parsed.name}:${parsed.port}` : parsed.name);
  };
  // The answer depends on the Host string only: remembered for the few values a server sees (bounded,
  // so a client sending many different Host headers only empties it).
  const answers = new Map<string, boolean>();
  return (host) => {
    if (!host) return false;
    let answer = answers.get(host);
    if (answer === undefined) {
      answer = isAllowed(host);
      if (answers.size >= 64) answers.clear();
      answers.set(host, answer);
    }
    return answer;
  };
}

/**
 * Answer only for the configured hosts (see allowedHosts): a request whose Host header names another
 * host (a DNS name rebound to this server by another site's page) gets 421 `host_not_allowed`.
 */
export function hostCheck(isAllowed: (host: string | undefined) => boolean): RequestHandler {
  return (req, _res, next) => (isAllowed(req.get('host')) ? next() : next(ApiError.catalogue(421, 'host_not_allowed')));
}

/**
 * Refuse a cross-site state-changing request: a browser sends Origin (and Sec-Fetch-Site) on every
 * POST/PUT/PATCH/DELETE, so a mismatch means another site is driving the user's cookies. Clients that
 * are not browsers (curl, the CLI, tests) send neither header and carry no ambient cookies to abuse.
 * The Origin must be KARYA_PUBLIC_URL, or this request's own origin on an allowed host.
 */
export function sameOriginCheck(input: { trustedOrigins: readonly string[]; isAllowedHost: (host: string | undefined) => boolean }): RequestHandler {
  const trusted = new Set(input.trustedOrigins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return next(ApiError.of(403, 'cross_origin'));
    const origin = req.get('origin');
    if (origin === undefined) return next();
    const host = req.get('host') ?? '';
    const own = `${req.protocol}://${host}`.toLowerCase();
    const given = origin.toLowerCase();
    if (trusted.has(given)) return next();
    return given === own && input.isAllowedHost(host) ? next() : next(ApiError.of(403, 'cross_origin'));
  };
}

/** A window limit as a token bucket: `limit` at once, then one more every `windowMs / limit`. */
export function bucketOf(rate: RateLimit): { capacity: number; refillMs: number } {
  return { capacity: Math.max(1, rate.limit), refillMs: Math.max(1, rate.windowMs / Math.max(1, rate.limit)) };
}

// The limiters' 429 (made with the errors, so the services that are not HTTP code make it too).
export { tooMany };

/**
 * A rate limit kept in the store (a token bucket per key), so every instance counts the same requests
 * and a restart forgets nothing: each request under `key` takes a token; none left, 429 with Retry-After.
 * A request without a key (no session) is not counted here.
 */
export function storeLimiter(limits: Pick<LimitRepository, 'take'>, input: { rate: RateLimit | { capacity: number; refillMs: number }; key: (req: Request) => string | undefined; code?: WaitCode }): RequestHandler {
  const bucket = 'capacity' in input.rate ? input.rate : bucketOf(input.rate);
  return (req, res, next) => {
    const key = input.key(req);
    if (!key) return next();
    limits.take({ key, ...bucket }).then((taken) => (taken.isAllowed ? next() : next(tooMany(res, taken.retryAfterMs, input.code))), next);
  };
}


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
  constructor(readonly limits: FairShareLimits = FAIR_SHARE, private readonly leases?: Pick<ShareLeaseRepository, 'claim' | 'renew' | 'release'>) {}

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
    if (!(await leases.claim({ userId, id, limit: this.limits.perUser, now, until: now + SHARE_LEASE_MS }))) throw tooMany(res, this.limits.retryAfterMs, 'too_many_at_once');
    // Renewed while the request runs (an upload's body, a long read), given back when it ends.
    const beat = setInterval(() => void leases.renew({ id, until: Date.now() + SHARE_LEASE_MS }).catch(() => undefined), SHARE_LEASE_MS / 3);
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
export function sharesOf(ctx: { repos?: { shareLeases?: ShareLeaseRepository } }, limits?: FairShareLimits): FairShares {
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
