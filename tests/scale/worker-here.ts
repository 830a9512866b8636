// A `karya worker` run in the test's own process, on its own store, pools and listening connection, as another
// process would have them (beside a `karya serve --no-worker` started with startServer), and the provider of this
// process pointed at a test's fake for the length of a file.
import pino from 'pino';
import { createContext } from '../../server/start.js';
import { configFromEnv } from '../../server/core/config.js';
import { openStore } from '../../server/store/open.js';
import { openQueue, startStepWorker, type StepQueue, type StepWorker } from '../../server/queue/index.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import type { Provider } from '../../engine/index.js';

/**
 * Point this process's provider (read from its environment) at `baseURL`; the function returned puts the environment
 * back.
 */
export function providerAt(baseURL: string): () => void {
  const saved = { OPENAI_API_KEY: process.env.OPENAI_API_KEY, OPENAI_BASE_URL: process.env.OPENAI_BASE_URL };
  Object.assign(process.env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: baseURL });
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}

/**
 * A provider for a worker here that calls the fake it was last pointed at: one worker (and its database) then
 * serves a file's cases, each with a fake of its own (a fake's habits and record are one case's).
 */
export function switchableProvider(baseURL: string): { provider: Provider; pointAt: (baseURL: string) => void } {
  const at = (url: string) => providerFromEnv({ ...process.env, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: url });
  let current = at(baseURL);
  const provider: Provider = {
    name: current.name,
    isOffline: current.isOffline,
    generateText: (request) => current.generateText(request),
    generateImage: (request) => current.generateImage(request),
    ...(current.contextWindow ? { contextWindow: () => current.contextWindow!() } : {}),
  };
  return {
    provider,
    pointAt: (url) => {
      current = at(url);
    },
  };
}

export interface WorkerHere {
  queue: StepQueue;
  worker: StepWorker;
  /** Stop the worker, then close its queue and its store. */
  close(): Promise<void>;
}

/** Start a worker here on the database `env` names; `prepare` may change its queue before the worker starts. */
export async function startWorkerHere(
  env: Record<string, string>,
  opts: { concurrency: number; prepare?: (queue: StepQueue) => void; provider?: Provider },
): Promise<WorkerHere> {
  const config = configFromEnv({ ...process.env, ...env });
  const store = await openStore(config);
  const ctx = createContext({
    config,
    repos: store.repos,
    logger: pino({ level: 'silent' }),
    provider: opts.provider ?? providerFromEnv(process.env),
  });
  const queue = await openQueue(store.postgres!, ctx.logger);
  opts.prepare?.(queue);
  const worker = await startStepWorker(ctx, queue, { concurrency: opts.concurrency });
  return {
    queue,
    worker,
    close: async () => {
      await worker.stop();
      await queue.close();
      await store.close();
    },
  };
}
