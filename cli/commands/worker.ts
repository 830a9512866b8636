// `karya worker [--concurrency N]`: run generation steps from the Postgres job queue (KARYA_DATABASE_URL).
// Start as many as needed, on any machines; SIGTERM/SIGINT lets running steps finish (a second signal
// stops at once: those steps go back to the queue for another worker).
import { configFromEnv } from '../../server/index.js';
import { createContext } from '../../server/index.js';
import { openStore } from '../../server/index.js';
import { openQueue, startStepWorker } from '../../server/index.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { lightFetch } from '../../engine/node/light-fetch.js';
import { EXIT, fail, info } from '../util.js';

export async function workerCommand(opts: { concurrency?: string }): Promise<void> {
  let config;
  try {
    config = configFromEnv(process.env);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (!config.databaseUrl) fail('karya worker runs steps from the Postgres job queue: set KARYA_DATABASE_URL=postgres://… (the same as the servers\')');
  let concurrency = config.workerConcurrency;
  if (opts.concurrency !== undefined) {
    concurrency = Number(opts.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256) fail(`--concurrency: "${opts.concurrency}" must be a whole number from 1 to 256`);
  }
  const store = await openStore(config);
  const ctx = await createContext({ config, repos: store.repos });
  const queue = await openQueue(store.postgres!, ctx.logger);
  // Batch steps call the model as a local `karya batch` does: checked alongside the first calls, plain
  // calls straight through the lighter fetch (cli/commands/generate.ts cliProvider).
  const batchProvider = ctx.provider.isOffline ? undefined : providerFromEnv(process.env, { probeAlongside: true, fetch: lightFetch, directChat: true });
  const worker = await startStepWorker(ctx, queue, { concurrency, ...(batchProvider ? { batchProvider } : {}) });
  info(`karya worker ${worker.id}: running up to ${concurrency} steps at once from ${store.location}`);
  info(`  provider: ${ctx.provider.isOffline ? 'offline (demo text; set OPENAI_API_KEY for a real model)' : ctx.provider.name}`);
  await new Promise<void>((resolve) => {
    let signals = 0;
    const stop = () => {
      signals += 1;
      if (signals > 1) process.exit(EXIT.interrupted);
      info(`karya worker: stopping after ${worker.active()} running step(s) (signal again to stop now)`);
      worker
        .stop({ drainMs: config.generationTimeoutMs })
        .then(() => queue.close())
        .then(() => store.close())
        .then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
