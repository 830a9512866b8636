// Start the server: listen (answering 503 `starting` meanwhile), open the database (migrations run),
// refund generations a crash interrupted (and resume the imported books' story bibles it cut off), make the
// KARYA_ADMIN_EMAIL account admin, record a deployment for a new version, then hand requests to the app. A
// graceful stop lets requests under way finish.
import { withSeriesBooks } from './core/series.js';
import { createServer, type RequestListener, type Server } from 'node:http';
import { capConnections, timeoutOptions } from './http/connections.js';
import pino, { type Logger } from 'pino';
import { loadCatalog } from '../engine/node.js';
import { loadProviders, type Provider } from '../engine/node.js';
import type { Catalog } from '../engine/index.js';
import { configFromEnv, type ServerConfig } from './core/config.js';
import type { AppContext } from './core/context.js';
import type { OpenedDatabase } from './store/sqlite/connect.js';
import { holdOwnerLock, type OwnerLock } from './store/sqlite/owner-lock.js';
import { sqliteRepositories, Store } from './store/sqlite/index.js';
import { openStore, type OpenedStore } from './store/open.js';
import type { Repositories } from './store/ports.js';
import type { QueueTables } from './store/postgres/queue-tables.js';
import { createMailer, logsMailBodies } from './core/mail.js';
import {
  openQueue,
  queueDispatcher,
  startStepWorker,
  STEP_QUEUE,
  type StepQueue,
  type StepWorker,
} from './queue/index.js';
import { createApp } from './app.js';
import { createCheckout } from './core/payments.js';
import { countCredits, listen, metricsOf, withProcessMetrics, type QueueStats } from './core/metrics.js';
import { createLifecycle, NotReady, probe, startingHandler, type Lifecycle } from './http/lifecycle.js';
import { migrations } from '../migrations/index.js';
import { LIMITS_KEPT_MS, prepareStore } from './prepare-store.js';

const { providerFromEnv } = await loadProviders();

export { LIMITS_KEPT_MS, prepareStore } from './prepare-store.js';

/**
 * Where the server's log goes: standard output unless given (a file path or descriptor), written
 * asynchronously and in blocks. A synchronous write costs each request a system call on the event loop
 * (a tenth of a GET /api/me), and an asynchronous write per line a trip through the thread pool; lines
 * are gathered until 4 kB have come or 100 ms have passed, whichever is first (a quiet server's line
 * still shows within 100 ms), and whatever is pending is flushed synchronously when the process exits
 * (pino registers that for asynchronous destinations), a crash included.
 */
export function logDestination(dest: number | string = 1): pino.DestinationStream {
  return pino.destination({ dest, sync: false, minLength: 4096, periodicFlush: 100 });
}

export function createLogger(level: string, destination: pino.DestinationStream = logDestination()): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'req.body.password',
        'req.body.newPassword',
        'req.body.currentPassword',
      ],
      censor: '[redacted]',
    },
  };
  return pino(options, destination);
}

/** Everything a server needs, on open repositories (or an open SQLite database); used by startServer and by tests. */
export function createContext(input: {
  config: ServerConfig;
  database?: OpenedDatabase;
  repos?: Repositories;
  logger?: Logger;
  provider?: Provider;
  catalog?: Catalog;
}): AppContext {
  const { config, database } = input;
  const logger = input.logger ?? createLogger(config.logLevel);
  const repos = input.repos ?? (database ? sqliteRepositories(new Store(database.db, database.sqlite)) : undefined);
  if (!repos) throw new Error('createContext: give repos or an open database');
  const ctx: AppContext = {
    config,
    repos,
    // The resolved catalogue kept from an earlier start of the same sources and code (.karya/cache): parsing every
    // generator again is about a second of CPU at each start of a server or worker, before it answers /health.
    catalog: input.catalog ?? loadCatalog({ useDiskCache: true }),
    provider: input.provider ?? providerFromEnv(),
    logger,
    mailer: createMailer({
      ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}),
      from: config.mailFrom,
      outbox: repos.system,
      logger,
      logsBodies: logsMailBodies(config.publicUrl),
    }),
    ...(config.stripe ? { checkout: createCheckout({ config: config.stripe, publicUrl: config.publicUrl }) } : {}),
  };
  // Credits charged and refunded are counted where they happen: the generations repository.
  ctx.repos = countCredits(repos, metricsOf(ctx));
  // A book of a series is loaded with its place in it (server/core/series.ts).
  ctx.repos = { ...ctx.repos, books: withSeriesBooks(ctx.repos.books, ctx.repos, ctx.catalog) };
  return ctx;
}

export interface RunningServer {
  url: string;
  server: Server;
  ctx: AppContext;
  store: OpenedStore;
  /** starting → ready → stopping; /api/ready and the 503s while starting or stopping follow it. */
  lifecycle: Lifecycle;
  /** With Postgres: the job queue, and this process's worker unless runsWorker is false. */
  queue?: StepQueue;
  worker?: StepWorker;
  /**
   * A graceful stop (SIGTERM): take no new work (503 `shutting_down`), let requests under way (open
   * streams, running steps) finish for up to `graceMs` (default: the generation time-out), then close.
   */
  stop(opts?: { graceMs?: number }): Promise<void>;
  /** Close at once: connections, the worker, the queue, the store. */
  close(): Promise<void>;
}

/** Close the listening socket and every connection; resolves once the port is free. */
function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    // Already closed to new connections (a graceful stop): end the ones left (endless streams, idle ones).
    if (!server.listening) {
      server.closeAllConnections();
      return resolve();
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Start the server. The port is taken first, with a handler that answers every request at once while
 * the store, the queue and the app are made (503 `starting` with Retry-After, /api/health 200): nothing
 * that arrives during start-up hangs. A start-up failure frees the port and rejects (`karya serve` exits 1).
 */
export async function startServer(
  overrides: Partial<ServerConfig> = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningServer> {
  let config = configFromEnv(env, overrides);
  const lifecycle = createLifecycle({ phase: 'starting' });
  let handler: RequestListener = startingHandler({ version: config.version });
  const server = createServer(timeoutOptions(config.connections), (req, res) => handler(req, res));
  capConnections(server, config.connections);
  const port = await listen(server, config.port, config.host);
  // Port 0 picks a free port: links in e-mails must carry the real one.
  if (config.port === 0)
    config = { ...config, port, publicUrl: env.KARYA_PUBLIC_URL ? config.publicUrl : `http://localhost:${port}` };
  let database: OpenedStore | undefined;
  let queue: StepQueue | undefined;
  let worker: StepWorker | undefined;
  let owner: OwnerLock | undefined;
  let ctx: AppContext;
  try {
    // One server writes a SQLite file: its owner lock first (waiting for one that drains), so that the recovery of
    // the last stop's work (prepareStore) never touches work another server is still running.
    owner = await ownerOf(config);
    database = await openStore(config);
    const opened = database;
    ctx = createContext({ config, repos: opened.repos });
    const metrics = withProcessMetrics(ctx);
    if (opened.postgres) {
      queue = await openQueue(opened.postgres, ctx.logger);
      ctx.steps = queueDispatcher(queue, { ctx, startTimeoutMs: config.generationTimeoutMs });
      if (config.runsWorker) worker = await startStepWorker(ctx, queue, { concurrency: config.workerConcurrency });
      metrics.setQueueStats(queueStats(queue.tables));
    }
    await prepareStore(ctx);
    lifecycle.readiness = readinessOf(ctx, queue);
    handler = createApp(ctx, { lifecycle });
    lifecycle.phase = 'ready';
  } catch (error) {
    await closeServer(server);
    await worker?.stop().catch(() => undefined);
    await queue?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    owner?.release();
    throw error;
  }
  const store = database;
  const pruning = pruneLimitsHourly(ctx);
  const host =
    config.host === '0.0.0.0' || config.host === '127.0.0.1' || config.host === '::' ? 'localhost' : config.host;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(pruning);
      await closeServer(server);
      await worker?.stop();
      await queue?.close();
      await store.close();
      owner?.release();
    })());
  return {
    url: `http://${host}:${port}`,
    server,
    ctx,
    store,
    lifecycle,
    ...(queue ? { queue } : {}),
    ...(worker ? { worker } : {}),
    async stop(opts = {}) {
      const graceMs = opts.graceMs ?? config.generationTimeoutMs;
      lifecycle.phase = 'stopping';
      // No new connections; idle keep-alive ones end now, busy ones when their answer is sent.
      server.close();
      server.closeIdleConnections();
      const drained = await Promise.all([
        lifecycle.drained(graceMs),
        worker ? worker.stop({ drainMs: graceMs }).then(() => true) : true,
      ]);
      if (!drained[0])
        ctx.logger.warn({ open: lifecycle.inFlight }, 'stopping: requests still open after the grace period are cut');
      await close();
    },
    close,
  };
}

/** The checks of GET /ready: the store answers and, with the job queue, its queue is there and every migration ran. */
function readinessOf(ctx: AppContext, queue: StepQueue | undefined): Lifecycle['readiness'] {
  return async () => ({
    store: await probe(() => ctx.repos.system.ping()),
    queue: queue
      ? await probe(async () => {
          if (!(await queue.boss.getQueue(STEP_QUEUE))) throw new NotReady('missing');
        })
      : 'unused',
    migrations: queue ? await probe(() => migrationsApplied(queue.tables)) : 'ok',
  });
}

/** The untouched rate buckets and sign-in counters dropped every hour (the timer does not keep the process up). */
function pruneLimitsHourly(ctx: AppContext): NodeJS.Timeout {
  const pruning = setInterval(() => {
    ctx.repos.limits
      .prune({ olderThan: Date.now() - LIMITS_KEPT_MS })
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'could not prune old rate limit counters'));
  }, 60 * 60_000);
  pruning.unref();
  return pruning;
}

/**
 * The SQLite file's owner lock (none for Postgres, shared by instances, or an in-memory database), waited for while
 * another server holds it.
 */
async function ownerOf(config: ServerConfig): Promise<OwnerLock | undefined> {
  if (config.databaseUrl || config.dbFile === ':memory:') return undefined;
  return holdOwnerLock(config.dbFile, {
    waitMs: config.dbWaitMs ?? config.generationTimeoutMs + 30_000,
    onWait: (holder) =>
      createLogger(config.logLevel).warn(
        { file: config.dbFile, holder },
        `${config.dbFile} is held by another Karya ` +
          `server${holder ? ` (process ${holder.pid} on ${holder.host})` : ''}: ` +
          `waiting for it to stop (it finishes its running work first)`,
      ),
  });
}

/** Steps waiting in pg-boss's step queue and the age of the oldest, for the metrics. */
function queueStats(tables: QueueTables): QueueStats {
  return () => tables.waiting(STEP_QUEUE);
}

/** Every migration this version knows has run on the shared database (another version may have run more). */
async function migrationsApplied(tables: QueueTables): Promise<void> {
  const ran = new Set(await tables.migrationsRun());
  const missing = Object.keys(migrations).filter((name) => !ran.has(name));
  if (missing.length) throw new NotReady('pending');
}
