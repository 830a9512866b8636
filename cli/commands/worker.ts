// `karya worker [--concurrency N] [--metrics-port P]`: run generation steps from the Postgres job queue
// (KARYA_DATABASE_URL). Start as many as needed, on any machines; SIGTERM/SIGINT lets running steps finish
// (a second signal stops at once: those steps go back to the queue for another worker). With
// --metrics-port the worker serves its own GET /metrics (the credits of the steps it runs) behind
// KARYA_METRICS_TOKEN, on KARYA_HOST.
import { ConfigError, configFromEnv } from '../../server/index.js';
import { createContext } from '../../server/index.js';
import { openStore } from '../../server/index.js';
import { openQueue, serveWorkerMetrics, startStepWorker } from '../../server/index.js';
import { lightFetch, loadProviders } from '../../engine/node.js';

const { providerFromEnv } = await loadProviders();
import { EXIT, fail, info } from '../util.js';
import { exitOnFailure } from '../errors.js';
import { serveLang, serveWord } from '../serve-words.js';
import { limitSettingsOrExit } from './serve.js';

export async function workerCommand(opts: { concurrency?: string; metricsPort?: string }): Promise<void> {
  const lang = serveLang();
  let config;
  try {
    config = configFromEnv(process.env);
  } catch (error) {
    // A setting refused (a ConfigError: the variable, the value, what is allowed) in the locale's language.
    exitOnFailure(error, lang, { selfWorded: [ConfigError] });
    throw error;
  }
  if (!config.databaseUrl) fail(serveWord('workerNoDatabase', lang));
  // The worker reads the server's settings, the export limits too (checked as karya serve checks them).
  await limitSettingsOrExit(lang);
  let concurrency = config.workerConcurrency;
  if (opts.concurrency !== undefined) {
    concurrency = Number(opts.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256)
      fail(serveWord('workerConcurrency', lang, { value: opts.concurrency }));
  }
  let metricsPort: number | undefined;
  if (opts.metricsPort !== undefined) {
    metricsPort = Number(opts.metricsPort);
    if (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535)
      fail(serveWord('workerMetricsPort', lang, { value: opts.metricsPort }));
    if (!config.metricsToken) fail(serveWord('workerMetricsToken', lang));
  }
  const store = await openStore(config);
  const ctx = await createContext({ config, repos: store.repos });
  const queue = await openQueue(store.postgres!, ctx.logger);
  // Batch steps call the model as a local `karya batch` does: checked alongside the first calls, plain
  // calls straight through the lighter fetch (cli/provider.ts cliProvider).
  const batchProvider = ctx.provider.isOffline
    ? undefined
    : providerFromEnv(process.env, { probeAlongside: true, fetch: lightFetch, directChat: true });
  // The port first: a port taken stops the worker before it takes any step.
  let metrics: { url: string; close(): Promise<void> } | undefined;
  if (metricsPort !== undefined) {
    try {
      metrics = await serveWorkerMetrics(ctx, { port: metricsPort, host: config.host, token: config.metricsToken! });
    } catch (error) {
      await queue.close();
      await store.close();
      fail(
        serveWord('workerMetricsListen', lang, {
          host: config.host,
          port: metricsPort,
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  }
  const worker = await startStepWorker(ctx, queue, { concurrency, ...(batchProvider ? { batchProvider } : {}) });
  info(serveWord('workerRunning', lang, { id: worker.id, n: concurrency, location: store.location }));
  if (metrics) info(`  ${serveWord('workerMetrics', lang, { url: metrics.url })}`);
  const { provider } = ctx;
  const model = provider.isOffline
    ? serveWord('providerOffline', lang)
    : serveWord('provider', lang, { name: provider.name });
  info(`  ${model}`);
  await new Promise<void>((resolve) => {
    let signals = 0;
    const stop = () => {
      signals += 1;
      if (signals > 1) process.exit(EXIT.interrupted);
      const running = worker.active();
      info(serveWord(running === 1 ? 'workerStopping_one' : 'workerStopping', lang, { n: running }));
      worker
        .stop({ drainMs: config.generationTimeoutMs })
        .then(() => metrics?.close())
        .then(() => queue.close())
        .then(() => store.close())
        .then(done, done);
    };
    // Stopped, the worker stops listening (a command run inside another process leaves no listener behind).
    const done = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
