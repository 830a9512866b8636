// A server's life: starting (the port is open, the store and queue are not ready yet: every request is
// answered at once, 503 `starting` with Retry-After, /api/health 200), ready, and stopping (SIGTERM: new
// work is refused with 503 `shutting_down`, requests under way finish). Readiness (/api/ready) is the
// store, the job queue when one is used, and the migrations.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { KaryaError, type Lang } from '../../engine/index.js';
import { ApiError } from '../errors/api-error.js';
import { errorReply } from '../errors/reply.js';
import { acceptedLang } from './accept-language.js';

export type Phase = 'starting' | 'ready' | 'stopping';

/** Each part /api/ready checks: `ok`, `unused` (no job queue on SQLite) or what is wrong. */
export type ReadinessChecks = Record<string, string>;

export interface Lifecycle {
  phase: Phase;
  /** Requests under way that a stop waits for (long-lived live views excluded). */
  readonly inFlight: number;
  /** The parts /api/ready checks; a part that is not `ok`/`unused` makes it 503. */
  readiness: () => Promise<ReadinessChecks>;
  /** Count one request; the app untracks it when its response closes (server/app.ts, one listener for all). */
  track(res: ServerResponse): void;
  /**
   * Stop counting a response (when it closes, or earlier: a stream that lives as long as its page, the admin's live
   * user list).
   */
  untrack(res: ServerResponse): void;
  /** Resolves when no tracked request is under way, or after `timeoutMs`: true when all finished. */
  drained(timeoutMs: number): Promise<boolean>;
}

export function createLifecycle(input: { phase?: Phase; readiness?: () => Promise<ReadinessChecks> } = {}): Lifecycle {
  // A response counted in `inFlight` carries this lifecycle's mark (a property, not a Set: no hashing per request).
  const TRACKED = Symbol('karya.tracked');
  type Tracked = ServerResponse & { [TRACKED]?: boolean };
  let open = 0;
  const waiters = new Set<() => void>();
  const settle = () => {
    if (open || !waiters.size) return;
    for (const wake of waiters) wake();
    waiters.clear();
  };
  const lifecycle: Lifecycle = {
    phase: input.phase ?? 'ready',
    get inFlight() {
      return open;
    },
    readiness: input.readiness ?? (async () => ({})),
    track(res: Tracked) {
      if (res[TRACKED]) return;
      res[TRACKED] = true;
      open++;
    },
    untrack(res: Tracked) {
      if (!res[TRACKED]) return;
      res[TRACKED] = false;
      open--;
      settle();
    },
    drained(timeoutMs) {
      if (!open) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          resolve(false);
        }, timeoutMs);
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        waiters.add(wake);
      });
    },
  };
  return lifecycle;
}

/** Seconds a client is told to wait before trying again while the server starts or stops. */
export const RETRY_AFTER_S = 1;

function langOf(req: IncomingMessage): Lang {
  return acceptedLang(req.headers['accept-language']);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * The 503 a server starting or stopping answers with (errors/reply.ts: the body every failure has), waiting
 * RETRY_AFTER_S.
 */
function phaseReply(
  code: 'starting' | 'shutting_down' | 'not_ready',
  req: IncomingMessage,
  vars: Record<string, string> = {},
) {
  return errorReply(ApiError.catalogue(503, code, undefined, vars).retryAfter(RETRY_AFTER_S), { lang: langOf(req) });
}

/**
 * What answers while the server starts (before the app exists): /api/health 200 `starting` (the process
 * lives), /api/ready and everything else 503 `starting` with Retry-After. Nothing waits.
 */
export function startingHandler(input: { version: string }): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    // The body is not read: whatever was sent is dropped with the connection's next request.
    if (path === '/api/health') return sendJson(res, 200, { status: 'starting', version: input.version });
    const { status, body, retryAfter } = phaseReply('starting', req);
    sendJson(res, status, path === '/api/ready' ? { status: 'starting', ...body } : body, {
      'retry-after': String(retryAfter),
    });
  };
}

/** Work (a generation, a publish) refused while stopping: 503 `shutting_down`, another instance takes it. */
export function refuseWhileStopping(lifecycle: Lifecycle): RequestHandler {
  return (req, res, next) => {
    if (lifecycle.phase !== 'stopping' || req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS')
      return next();
    const { status, body, retryAfter } = phaseReply('shutting_down', req);
    res.set({ 'retry-after': String(retryAfter), connection: 'close' });
    res.status(status).json(body);
  };
}

/** GET /api/ready: 200 `{status: "ready", checks}`, or 503 naming the parts that are not ready. */
export function readyRoute(lifecycle: Lifecycle): (req: Request, res: Response) => Promise<void> {
  return async (req, res) => {
    if (lifecycle.phase === 'stopping') {
      const { status, body, retryAfter } = phaseReply('shutting_down', req);
      res.set('retry-after', String(retryAfter));
      res.status(status).json({ status: 'stopping', checks: {}, ...body });
      return;
    }
    const checks = await lifecycle.readiness();
    const failing = Object.entries(checks).filter(([, state]) => state !== 'ok' && state !== 'unused');
    if (!failing.length) {
      res.json({ status: 'ready', checks });
      return;
    }
    const reply = phaseReply('not_ready', req, { parts: failing.map(([name]) => name).join(', ') });
    res.set('retry-after', String(reply.retryAfter));
    res
      .status(reply.status)
      .json({ status: 'not_ready', checks, error: { ...reply.body.error, fields: Object.fromEntries(failing) } });
  };
}

/** A check's own answer for what is wrong (`pending` migrations, a `missing` queue), shown as it is. */
export class NotReady extends KaryaError {
  readonly code = 'not_ready';
  constructor(readonly state: string) {
    super(state, { httpStatus: 503, isRetryable: true });
    this.name = 'NotReady';
  }
}

/** A check that fails instead of hanging: `ok`, a NotReady's state, `unreachable`, or `timed out` after `ms`. */
export async function probe(check: () => Promise<unknown>, ms = 2_000): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_resolve, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms))),
    ]);
    return 'ok';
  } catch (error) {
    // Never a driver's own words: /api/ready is public, and a driver message can name hosts or users.
    if (error instanceof NotReady) return error.state;
    return error instanceof Error && error.message === 'timed out' ? 'timed out' : 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}
