// Hardening shared by every route: helmet, a same-origin check on every state-changing request, and
// the rate limiters (429 with Retry-After and a message that says the wait): kept in the store (shared by
// every instance) for sign-up, sign-in, resets, checkout and history search. The writers' fair shares of the
// costly work are ./fair-share.ts.
import type { Request, RequestHandler } from 'express';
import type { LimitRepository } from '../store/ports.js';
import helmet from 'helmet';
import type { RateLimit } from '../core/config.js';
import { ApiError, tooMany, type WaitCode } from '../errors/api-error.js';

export { FAIR_SHARE, FairShares, SHARE_LEASE_MS, fairShare, sharesOf, type FairShareLimits } from './fair-share.js';

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
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
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
export function allowedHosts(input: {
  publicUrl: string;
  extra: readonly string[];
}): (host: string | undefined) => boolean {
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
export function sameOriginCheck(input: {
  trustedOrigins: readonly string[];
  isAllowedHost: (host: string | undefined) => boolean;
}): RequestHandler {
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
export function storeLimiter(
  limits: Pick<LimitRepository, 'take'>,
  input: {
    rate: RateLimit | { capacity: number; refillMs: number };
    key: (req: Request) => string | undefined;
    code?: WaitCode;
  },
): RequestHandler {
  const bucket = 'capacity' in input.rate ? input.rate : bucketOf(input.rate);
  return (req, res, next) => {
    const key = input.key(req);
    if (!key) return next();
    limits
      .take({ key, ...bucket })
      .then((taken) => (taken.isAllowed ? next() : next(tooMany(res, taken.retryAfterMs, input.code))), next);
  };
}
