// Start the server: open the database (migrations run), refund generations a crash interrupted, make
// the KARYA_ADMIN_EMAIL account admin, record a deployment for a new version, then listen.
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import pino, { type Logger } from 'pino';
import { loadCatalog } from '../engine/node/load.js';
import { providerFromEnv, type Provider } from '../engine/providers/index.js';
import type { Catalog } from '../engine/index.js';
import { configFromEnv, type ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import type { OpenedDatabase } from './store/sqlite/connect.js';
import { sqliteRepositories, Store } from './store/sqlite/index.js';
import { openStore, type OpenedStore } from './store/open.js';
import type { Repositories } from './store/ports.js';
import { createMailer } from './mail.js';
import { openQueue, queueDispatcher, startStepWorker, type StepQueue, type StepWorker } from './queue/index.js';
import { createApp } from './app.js';
import { createCheckout } from './payments.js';

/**
 * Where the server's log goes: standard output unless given (a file path or descriptor), written
 * asynchronously. A synchronous write costs each request a system call on the event loop (a tenth of a
 * GET /api/me); written asynchronously, lines that arrive while a write is under way go out together in
 * the next one, a lone line still goes out at once, and whatever is pending is flushed synchronously when
 * the process exits (pino registers that for asynchronous destinations), a crash included.
 */
export function logDestination(dest: number | string = 1): pino.DestinationStream {
  return pino.destination({ dest, sync: false });
}

export function createLogger(level: string, destination: pino.DestinationStream = logDestination()): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'req.body.password', 'req.body.newPassword', 'req.body.currentPassword'],
      censor: '[redacted]',
    },
  };
  return pino(options, destination);
}

/** Everything a server needs, on open repositories (or an open SQLite database); used by startServer and by tests. */
export function createContext(input: { config: ServerConfig; database?: OpenedDatabase; repos?: Repositories; logger?: Logger; provider?: Provider; catalog?: Catalog }): AppContext {
  const { config, database } = input;
  const logger = input.logger ?? createLogger(config.logLevel);
  const repos = input.repos ?? (database ? sqliteRepositories(new Store(database.db, database.sqlite)) : undefined);
  if (!repos) throw new Error('createContext: give repos or an open database');
  return {
    config,
    repos,
    catalog: input.catalog ?? loadCatalog(),
    provider: input.provider ?? providerFromEnv(),
    logger,
    mailer: createMailer({ ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}), from: config.mailFrom, outbox: repos.system, logger }),
    ...(config.stripe ? { checkout: createCheckout({ config: config.stripe, publicUrl: config.publicUrl }) } : {}),
  };
}

/** Work done once at start: crash recovery, the administrator account, the deployment record. */
export async function prepareStore(ctx: AppContext): Promise<void> {
  const { repos, config, logger } = ctx;
  // With the job queue, a step interrupted by a stopped process is retried or refunded by the queue (other
  // instances' steps are running now); the single server refunds what its own last stop interrupted.
  if (!ctx.steps) {
    const refunded = await repos.generations.refundInterrupted();
    if (refunded) logger.warn({ refunded }, 'refunded generations interrupted by the last stop');
    // Their requests were refunded above: a retry with the same Idempotency-Key runs again.
    await repos.idempotency.releaseRunning();
  }
  await repos.auth.deleteExpiredSessions();
  await repos.limits.prune({ olderThan: Date.now() - LIMITS_KEPT_MS });
  if (config.adminEmail) {
    const admin = await repos.users.promoteToAdmin({ email: config.adminEmail, reason: 'KARYA_ADMIN_EMAIL account made administrator' });
    if (admin) logger.info({ email: admin.email }, 'KARYA_ADMIN_EMAIL account is now the administrator');
  }
  const deployment = await repos.system.recordStart({ version: config.version, url: config.publicUrl });
  if (deployment) logger.info({ version: deployment.version }, 'new version: deployment recorded');
}

/**
 * How long an untouched rate bucket or sign-in failure counter is kept: far longer than any bucket takes
 * to refill or any sign-in delay lasts, so forgetting it changes nothing.
 */
export const LIMITS_KEPT_MS = 24 * 60 * 60 * 1000;

export interface RunningServer {
  url: string;
  server: Server;
  ctx: AppContext;
  store: OpenedStore;
  /** With Postgres: the job queue, and this process's worker unless runsWorker is false. */
  queue?: StepQueue;
  worker?: StepWorker;
  close(): Promise<void>;
}

export async function startServer(overrides: Partial<ServerConfig> = {}, env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  let config = configFromEnv(env, overrides);
  const database = await openStore(config);
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  // Port 0 picks a free port: links in e-mails must carry the real one.
  if (config.port === 0) config = { ...config, port, publicUrl: env.KARYA_PUBLIC_URL ? config.publicUrl : `http://localhost:${port}` };
  const ctx = createContext({ config, repos: database.repos });
  let queue: StepQueue | undefined;
  let worker: StepWorker | undefined;
  if (database.postgres) {
    queue = await openQueue(database.postgres, ctx.logger);
    ctx.steps = queueDispatcher(queue, { ctx, startTimeoutMs: config.generationTimeoutMs });
    if (config.runsWorker) worker = await startStepWorker(ctx, queue, { concurrency: config.workerConcurrency });
  }
  await prepareStore(ctx);
  const pruning = setInterval(() => {
    ctx.repos.limits.prune({ olderThan: Date.now() - LIMITS_KEPT_MS }).catch((error: unknown) => ctx.logger.warn({ err: error }, 'could not prune old rate limit counters'));
  }, 60 * 60_000);
  pruning.unref();
  server.on('request', createApp(ctx));
  const host = config.host === '0.0.0.0' || config.host === '127.0.0.1' || config.host === '::' ? 'localhost' : config.host;
  return {
    url: `http://${host}:${port}`,
    server,
    ctx,
    store: database,
    ...(queue ? { queue } : {}),
    ...(worker ? { worker } : {}),
    async close() {
      clearInterval(pruning);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await worker?.stop();
      await queue?.close();
      await database.close();
    },
  };
}
