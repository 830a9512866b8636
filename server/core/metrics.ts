// Prometheus metrics (prom-client), one Registry per app context so that many apps in one process (the
// tests) never share or clash: request latency by route pattern, generations by provider and outcome,
// credits charged and refunded, queue depth and age, open streams, export durations. Served at
// GET /metrics behind KARYA_METRICS_TOKEN (server/app.ts); docs/operations.md names the alerts to set.
// A `karya worker` counts the credits of the steps it runs in its own registry and serves it on its own
// port (`--metrics-port`, serveWorkerMetrics): each process is scraped as its own target.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Repositories } from '../store/ports.js';
import { MESSAGES } from '../errors/api-error.js';

/** How many steps wait in the job queue and how old the oldest is (seconds); zeros without a queue. */
export type QueueStats = () => Promise<{ depth: number; oldestAgeSeconds: number }>;

export interface Metrics {
  readonly registry: Registry;
  readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  readonly generations: Counter<'provider' | 'outcome'>;
  readonly creditsCharged: Counter;
  readonly creditsRefunded: Counter;
  readonly openStreams: Gauge;
  readonly exportDuration: Histogram<'format' | 'outcome'>;
  /** Where queue depth and age come from (set by startServer when a job queue is used). */
  setQueueStats(stats: QueueStats | undefined): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  let queueStats: QueueStats | undefined;
  let lastStats: Promise<{ depth: number; oldestAgeSeconds: number }> | undefined;
  /** Depth and age are read together once per scrape (both gauges share one query). */
  const readStats = () => {
    if (!lastStats) {
      lastStats = (queueStats ? queueStats() : Promise.resolve({ depth: 0, oldestAgeSeconds: 0 })).catch(() => ({
        depth: 0,
        oldestAgeSeconds: 0,
      }));
      setImmediate(() => (lastStats = undefined));
    }
    return lastStats;
  };
  const metrics: Metrics = {
    registry,
    requestDuration: new Histogram({
      name: 'karya_http_request_duration_seconds',
      help: 'HTTP request latency by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 180],
      registers: [registry],
    }),
    generations: new Counter({
      name: 'karya_generations_total',
      help: 'Generation requests by provider and outcome (done, or the error code)',
      labelNames: ['provider', 'outcome'],
      registers: [registry],
    }),
    creditsCharged: new Counter({
      name: 'karya_credits_charged_total',
      help: 'Credits charged for generation steps',
      registers: [registry],
    }),
    creditsRefunded: new Counter({
      name: 'karya_credits_refunded_total',
      help: 'Credits given back for steps that did not deliver',
      registers: [registry],
    }),
    openStreams: new Gauge({
      name: 'karya_open_streams',
      help: 'Server-sent event streams open now',
      registers: [registry],
    }),
    exportDuration: new Histogram({
      name: 'karya_export_duration_seconds',
      help: 'Book exports and publish packages by format and outcome',
      labelNames: ['format', 'outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    setQueueStats(stats) {
      queueStats = stats;
    },
  };
  new Gauge({
    name: 'karya_queue_depth',
    help: 'Steps waiting in the job queue (0 without a queue)',
    registers: [registry],
    async collect() {
      this.set((await readStats()).depth);
    },
  });
  new Gauge({
    name: 'karya_queue_oldest_age_seconds',
    help: 'Age of the oldest step waiting in the job queue (0 without a queue or when empty)',
    registers: [registry],
    async collect() {
      this.set((await readStats()).oldestAgeSeconds);
    },
  });
  return metrics;
}

const METRICS = new WeakMap<object, Metrics>();

/** The metrics of one app context (made on first use), as bookLocks does for locks. */
export function metricsOf(ctx: object): Metrics {
  let metrics = METRICS.get(ctx);
  if (!metrics) METRICS.set(ctx, (metrics = createMetrics()));
  return metrics;
}

/** The repositories with the generations repository and the bible holds counting credits charged and refunded. */
export function countCredits(repos: Repositories, metrics: Metrics): Repositories {
  const generations = repos.generations;
  return {
    ...repos,
    generations: {
      ...generations,
      start: async (input) => {
        const charge = await generations.start(input);
        if (charge && charge.credits > 0) metrics.creditsCharged.inc(charge.credits);
        return charge;
      },
      refund: async (input) => {
        await generations.refund(input);
        // Credits taken from a hold go back to it: the balance changes when the hold is settled.
        if (input.charge.credits > 0 && !input.charge.isHeld) metrics.creditsRefunded.inc(input.charge.credits);
      },
    },
    bibleHolds: {
      ...repos.bibleHolds,
      accept: async (input) => {
        const accepted = await repos.bibleHolds.accept(input);
        if (accepted && accepted.held > 0) metrics.creditsCharged.inc(accepted.held);
        return accepted;
      },
      settle: async (input) => {
        const settled = await repos.bibleHolds.settle(input);
        if (settled.released > 0) metrics.creditsRefunded.inc(settled.released);
        return settled;
      },
    },
  };
}

/** Export routes: their latency also goes to karya_export_duration_seconds, by format. */
const EXPORT_ROUTE = /\/(export|publish\/package)$/;

/**
 * Times every request by its route pattern (`/api/books/:bookType/export`, never the raw path, so the
 * number of series stays bounded); requests that matched no route count as `unmatched`.
 */
export function requestMetrics(metrics: Metrics): (req: Request, res: Response, startedMs: number) => void {
  // Called when the response closes, a stream the client left included (server/http/request-end.ts).
  return (req, res, started) => {
    const seconds = (performance.now() - started) / 1000;
    const pattern = (req.route as { path?: unknown } | undefined)?.path;
    const route = typeof pattern === 'string' ? pattern : 'unmatched';
    // A stream's latency is its whole life: counted, but under its own route like any other.
    metrics.requestDuration.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
    if (req.method === 'GET' && EXPORT_ROUTE.test(route)) {
      const format =
        typeof req.query.format === 'string' && /^[a-z]{2,5}$/.test(req.query.format)
          ? req.query.format
          : route.endsWith('package')
            ? 'package'
            : 'unknown';
      metrics.exportDuration.observe(
        { format, outcome: res.statusCode < 400 ? 'ok' : String(res.statusCode) },
        seconds,
      );
    }
  };
}

/** `Authorization: Bearer <token>` compared in constant time. */
export function hasBearer(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!.trim());
  const wanted = Buffer.from(token);
  // Lengths differ: still compare something of the same length, so timing says nothing.
  return given.length === wanted.length ? timingSafeEqual(given, wanted) : (timingSafeEqual(wanted, wanted), false);
}

/**
 * A worker's metrics (its credits charged and refunded, its process metrics) as Prometheus text at
 * GET /metrics on `port` (0: any free one), behind the same Bearer token as the servers' /metrics; any
 * other path is 404. A worker has no other HTTP port: this is the one its scraper reads.
 */
export async function serveWorkerMetrics(
  ctx: object,
  input: { port: number; host: string; token: string },
): Promise<{ url: string; close(): Promise<void> }> {
  const { registry } = withProcessMetrics(ctx);
  const server = createServer((req, res) => {
    const answer = (status: number, code: 'not_found' | 'unauthenticated', headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        ...headers,
      });
      res.end(JSON.stringify({ error: { code, message: MESSAGES[code] } }));
    };
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return answer(404, 'not_found');
    if (!hasBearer(req.headers.authorization, input.token))
      return answer(401, 'unauthenticated', { 'www-authenticate': 'Bearer realm="metrics"' });
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  const port = await listen(server, input.port, input.host);
  return {
    url: `http://${input.host.includes(':') ? `[${input.host}]` : input.host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Listen on `port` (0: any free one) and `host`; the port taken, or the listen error (a port in use). */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** The process's metrics (CPU, memory, event-loop lag) added to its registry: a server's or a worker's. */
export function withProcessMetrics(ctx: object): Metrics {
  const metrics = metricsOf(ctx);
  collectDefaultMetrics({ register: metrics.registry, prefix: 'karya_' });
  return metrics;
}
