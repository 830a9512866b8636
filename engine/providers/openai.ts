// The real provider through the `openai` package: OpenAI, Azure OpenAI or any OpenAI-compatible
// server. Chat completions (plain or streamed, usage recorded), cover images (generated, then
// downloaded: openai-image.ts), with the client pool (rotation, shared initialisation), the retry policy and a
// deadline.
import { directChat } from './direct.js';
import { generateImage } from './openai-image.js';
import { probeBody, probeConfig } from './bodies.js';
import { GenerationError } from '../errors.js';
import {
  type ImageRequest,
  type Provider,
  type ProviderEvent,
  type TextRequest,
  type TextResult,
} from '../provider.js';
import { configFromEnv, type ProviderConfig } from './config.js';
import { createClient } from './client.js';
import { ClientPool, type Lease } from './pool.js';
import { withRetries } from './retry.js';
import { toGenerationError as mapFailure, type FailureContext } from './failures.js';
import { completeOnce } from './completion.js';
import { PROVIDER_LIMITS, startDeadline, type ProviderLimits } from '../timing.js';
import { contextWindowOf } from './context.js';
import { contextTooLong, fittedMaxTokens } from '../context-window.js';

export { DEFAULT_MODEL } from './config.js';
export { chatBody, imageBody, probeConfig } from './bodies.js';

export interface OpenAIProviderOptions {
  /** One config the short way: a key and an optional base URL and model. */
  apiKey?: string;
  baseURL?: string;
  model?: string;
  /** Several configs; the active one rotates (see pool.ts). Takes precedence over apiKey. */
  configs?: readonly ProviderConfig[];
  /** Time-out of one generation, retries included, in ms (default 180 000). */
  timeoutMs?: number;
  /** Override timings and retry budgets (tests; spec/ fixes the defaults). */
  limits?: Partial<ProviderLimits>;
  fetch?: typeof globalThis.fetch;
  /** Initialisation, rotation, retry and usage reports (names only, never keys). */
  onEvent?: (event: ProviderEvent) => void;
  /**
   * Check a client alongside its first requests, and not again while requests succeed (pool.ts; `karya batch`).
   */
  probeAlongside?: boolean;
  /**
   * Send plain (not streamed) chat completions of OpenAI and OpenAI-compatible configs straight through
   * `fetch` (direct.ts) instead of the SDK's request machinery: same request, same errors, less CPU a
   * call (`karya batch`). Azure configs and streamed calls always use the SDK.
   */
  directChat?: boolean;
}

/** The real provider, with the names of its configs. */
export interface OpenAIProvider extends Provider {
  readonly configs: readonly ProviderConfig[];
  /** The name of the config in use now. */
  activeConfigName(): string;
}

/** Map an SDK or network failure to a catalogue error (kept for callers of the first version). */
export function toGenerationError(error: unknown, signal?: AbortSignal): GenerationError {
  return mapFailure(error, signal ? { signal } : {});
}

function configsOf(options: OpenAIProviderOptions): readonly ProviderConfig[] {
  if (options.configs?.length) return options.configs;
  if (!options.apiKey) throw new GenerationError('config_error');
  const env = { OPENAI_API_KEY: options.apiKey, OPENAI_BASE_URL: options.baseURL, KARYA_MODEL: options.model };
  const config = configFromEnv(env);
  return config ? [config] : [];
}

/**
 * The OpenAI-compatible provider.
 * @example createOpenAIProvider({ configs: loadProviderConfigs().configs })
 * @example createOpenAIProvider({ apiKey: 'x', baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3.1' })
 */
export function createOpenAIProvider(options: OpenAIProviderOptions): OpenAIProvider {
  const configs = configsOf(options);
  const limits: ProviderLimits = { ...PROVIDER_LIMITS, ...options.limits };
  const defaultTimeoutMs = options.timeoutMs ?? limits.generationTimeoutMs;
  const secrets = configs.map((c) => c.apiKey.reveal());
  const onEvent = options.onEvent;
  const direct = options.directChat ? (options.fetch ?? globalThis.fetch) : undefined;
  const margin = limits.requestTimeoutMarginMs;
  const requestTimeout = (timeoutMs: number) => (timeoutMs > margin * 2 ? timeoutMs - margin : timeoutMs);
  const pool = clientPool(options, { configs, limits, defaultTimeoutMs, requestTimeout, direct });
  const sending: Sending = { pool, limits, defaultTimeoutMs, secrets, requestTimeout, direct, onEvent };
  const generateFitted = (asked: TextRequest, contextTokens: number) => sendFitted(sending, asked, contextTokens);

  // The smallest window of the configs (any of them may answer a request), found once (context.ts); asked again
  // while a server cannot be reached (a worker started before its model's server), the default meanwhile.
  let window: Promise<number> | undefined;
  const contextWindow = () => {
    if (window) return window;
    const how = options.fetch ? { fetch: options.fetch } : {};
    const asked = Promise.all(configs.map((c) => contextWindowOf(c, how))).then((found) => {
      if (found.some((w) => w.isUnreachable) && window === asked) window = undefined;
      return Math.min(...found.map((w) => w.tokens));
    });
    window = asked;
    return asked;
  };

  return {
    name: 'openai',
    isOffline: false,
    configs,
    activeConfigName: () => pool.activeConfig().name,
    contextWindow,

    async generateText(asked: TextRequest): Promise<TextResult> {
      if (!asked.user.trim()) throw new GenerationError('prompt_required');
      const assumed = await contextWindow();
      try {
        return await generateFitted(asked, assumed);
      } catch (error) {
        // A server that refused the prompt as too long and named a smaller window than Karya assumed: its
        // word stands from now on, and the request is fitted to it (never sent again unchanged).
        const isTooLong = error instanceof GenerationError && error.code === 'context_too_long';
        const named = isTooLong ? Number(error.params?.window) : NaN;
        if (!(named < assumed) || asked.signal?.aborted) throw error;
        window = Promise.resolve(named);
        return generateFitted(asked, named);
      }
    },

    generateImage: (request: ImageRequest) => {
      const fetch = options.fetch ?? globalThis.fetch;
      return generateImage({ pool, secrets, limits, defaultTimeoutMs, requestTimeout, fetch, onEvent }, request);
    },
  };
}

/** What sending a text request needs: the pool, the limits and time-outs, the secrets to hide, the reports. */
interface Sending {
  pool: ClientPool;
  limits: ProviderLimits;
  defaultTimeoutMs: number;
  secrets: string[];
  requestTimeout: (ms: number) => number;
  direct: typeof globalThis.fetch | undefined;
  onEvent: ((event: ProviderEvent) => void) | undefined;
}

/**
 * One text request within `contextTokens`: its answer budget lowered to fit, else refused unsent; then sent with
 * the retry policy.
 */
async function sendFitted(env: Sending, asked: TextRequest, contextTokens: number): Promise<TextResult> {
  const { pool, limits, defaultTimeoutMs, secrets, requestTimeout, direct, onEvent } = env;
  const maxTokens = fittedMaxTokens(asked, contextTokens);
  if (maxTokens === undefined) throw contextTooLong(contextTokens);
  const request = { ...asked, maxTokens };
  const timeoutMs = request.timeoutMs ?? defaultTimeoutMs;
  const deadline = startDeadline(timeoutMs, request.signal);
  const { signal, isTimedOut } = deadline;
  const context: FailureContext = { signal, isTimedOut, secrets, contextTokens, timeoutMs };
  let hasStarted = false;
  let configName = pool.activeConfig().name;
  try {
    return await withRetries(
      async () => {
        let lease = await pool.acquire(deadline.signal);
        configName = lease.config.name;
        const send = (on: Lease) =>
          completeOnce(
            on,
            request,
            deadline.signal,
            requestTimeout(deadline.remainingMs() || 1),
            () => {
              hasStarted = true;
            },
            { direct, onEvent, isTimedOut: deadline.isTimedOut, timeoutMs },
          );
        try {
          const result = await send(lease);
          pool.markHealthy(lease);
          return result;
        } catch (error) {
          // Sent before its client's check finished (probeAlongside): when the check failed, the
          // config does not work; initialise as without probeAlongside (rotating, retrying) and send again.
          if (
            !lease.check ||
            hasStarted ||
            (await lease.check.then(
              () => true,
              () => false,
            ))
          )
            throw error;
          lease = await pool.acquire(deadline.signal, { isChecked: true });
          configName = lease.config.name;
          return await send(lease);
        }
      },
      {
        limits,
        signal: deadline.signal,
        context,
        lang: request.meta?.lang ?? 'en',
        canRetry: () => !hasStarted,
        onRetry: (notice) => {
          onEvent?.({ type: 'retry', config: configName, notice });
          request.onRetry?.(notice);
        },
      },
    );
  } catch (error) {
    throw mapFailure(error, context);
  } finally {
    deadline.dispose();
  }
}

/** The provider's pool of clients, one per config, each checked (probed) before its first request. */
function clientPool(
  options: OpenAIProviderOptions,
  env: Pick<Sending, 'limits' | 'defaultTimeoutMs' | 'requestTimeout' | 'direct'> & {
    configs: readonly ProviderConfig[];
  },
): ClientPool {
  const { configs, limits, defaultTimeoutMs, requestTimeout, direct } = env;
  const onEvent = options.onEvent;
  return new ClientPool({
    configs,
    limits,
    createClient: (config) =>
      createClient(config, {
        requestTimeoutMs: requestTimeout(defaultTimeoutMs),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    // Sent directly too: a batch then never builds the SDK's request (nor loads fetch's implementation).
    probe: direct
      ? async (lease, signal) => {
          if (lease.client.isAzure) return probeConfig(lease, signal);
          const how = { signal, timeout: requestTimeout(defaultTimeoutMs), fetch: direct };
          await directChat(lease.client, probeBody(lease.config), how);
        }
      : probeConfig,
    ...(onEvent ? { onEvent } : {}),
    ...(options.probeAlongside ? { probeAlongside: true } : {}),
  });
}
