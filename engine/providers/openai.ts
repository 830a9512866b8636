// The real provider through the `openai` package: OpenAI, Azure OpenAI or any OpenAI-compatible
// server. Chat completions (plain or streamed, usage recorded), cover images (generated, then
// downloaded), with the client pool (rotation, shared initialisation), the retry policy and a deadline.
import OpenAI, { AzureOpenAI } from 'openai';
import { directChat } from './direct.js';
import { chatBody, imageBody, probeBody, probeConfig } from './bodies.js';
import { GenerationError } from '../errors.js';
import { isFilterFinish, type ImageRequest, type ImageResult, type Provider, type ProviderEvent, type TextRequest, type TextResult, type TokenUsage } from '../provider.js';
import { chatModelOf, configFromEnv, imageModelOf, type ProviderConfig } from './config.js';
import { createClient } from './client.js';
import { ClientPool, type Lease } from './pool.js';
import { withRetries } from './retry.js';
import { classifyFailure, cutBodyError, imageFailureMessage, statusText, timedOut, toGenerationError as mapFailure, type FailureContext } from './failures.js';
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
  /** Check a client alongside its first requests, and not again while requests succeed (pool.ts; `karya batch`). */
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

function toUsage(u: OpenAI.CompletionUsage | null | undefined): TokenUsage | undefined {
  return u ? { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens, totalTokens: u.total_tokens } : undefined;
}

function configsOf(options: OpenAIProviderOptions): readonly ProviderConfig[] {
  if (options.configs?.length) return options.configs;
  if (!options.apiKey) throw new GenerationError('config_error');
  const config = configFromEnv({ OPENAI_API_KEY: options.apiKey, OPENAI_BASE_URL: options.baseURL, KARYA_MODEL: options.model });
  return config ? [config] : [];
}

/**
 * One chat completion on a lease: streamed when the request takes deltas (`onStart` at the first), else one
 * answer (straight through `fetch` when `how.direct` is set and the client is not Azure); usage reported.
 */
async function completeOnce(lease: Lease, request: TextRequest, signal: AbortSignal, timeout: number, onStart: () => void, how: { direct: typeof globalThis.fetch | undefined; onEvent: ((event: ProviderEvent) => void) | undefined; isTimedOut: () => boolean; timeoutMs: number }): Promise<TextResult> {
  const { direct, onEvent } = how;
  const body = chatBody(request, chatModelOf(lease.config));
  // Each request sent is told to the caller (its first, a retry, one sent again on a checked client): what it counts.
  request.onRequest?.();
  let text = '';
  let usage: TokenUsage | undefined;
  let finishReason: string | undefined;
  let hasReasoning = false;
  // The model's own refusal field (OpenAI's `refusal`), sent instead of the text.
  let isRefusal = false;
  // The connection dropped mid-stream after some text: what came is a cut stream, continued from where it stops.
  let isDropped = false;
  if (request.onDelta) {
    const { data: stream, response } = await lease.client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } }, { signal, timeout }).withResponse();
    // A web page (a proxy's or a login page) served with 200 instead of the event stream: no model answered.
    if (!isModelAnswer(response)) throw new GenerationError('not_text', { status: response.status });
    try {
      for await (const chunk of stream) {
        const choice = chunk.choices?.[0];
        const delta = choice?.delta?.content ?? '';
        hasReasoning ||= !!reasoningOf(choice?.delta);
        isRefusal ||= hasRefusal(choice?.delta);
        if (delta) {
          onStart();
          text += delta;
          request.onDelta(delta);
        }
        finishReason = choice?.finish_reason ?? finishReason;
        usage = toUsage(chunk.usage) ?? usage;
      }
    } catch (error) {
      // A stream is one body: it breaking off is the connection, never the model (an error event the server sent
      // is its APIError, rethrown). Nothing came yet: asked again as a dropped connection is; some text: a cut stream.
      const isServerError = error instanceof OpenAI.APIError && !(error instanceof OpenAI.APIConnectionError);
      if (signal.aborted || isServerError) throw error;
      if (!text.trim()) throw cutBodyError(error, signal) ?? new OpenAI.APIConnectionError({ cause: error instanceof Error ? error : new Error(String(error)) });
      isDropped = true;
    }
    // The SDK ends a stream quietly when its signal aborts. Our deadline's abort mid-stream keeps what came,
    // marked as stopped by the time-out (continued from there, named as the time-out); nothing yet: the time-out.
    if (signal.aborted && how.isTimedOut()) {
      if (isRefusal || isFilterFinish(finishReason)) throw new GenerationError('filtered');
      if (!text.trim()) throw timedOut(how.timeoutMs);
      return { text, model: lease.config.model, config: lease.config.name, ...(usage ? { usage } : {}), isTimedOut: true };
    }
  } else {
    let answer: unknown;
    try {
      answer = direct && !(lease.client instanceof AzureOpenAI)
        ? await directChat(lease.client, body, { signal, timeout, fetch: direct })
        : await lease.client.chat.completions.create(body, { signal, timeout });
    } catch (error) {
      // A body that broke off mid-answer (the SDK reads it after the headers came): asked again as a dropped connection is.
      throw cutBodyError(error, signal) ?? error;
    }
    // The SDK hands back a body that is not JSON as text (an HTML error page served with 200).
    const choices = typeof answer === 'object' && answer !== null ? (answer as OpenAI.ChatCompletion).choices : undefined;
    if (!Array.isArray(choices)) throw new GenerationError('not_text');
    const choice = choices[0];
    text = choice?.message?.content ?? '';
    hasReasoning = !!reasoningOf(choice?.message);
    isRefusal = hasRefusal(choice?.message);
    finishReason = choice?.finish_reason ?? undefined;
    usage = toUsage((answer as OpenAI.ChatCompletion).usage);
  }
  // The provider's filter stopped the answer (or the model sent its refusal field): whatever text came is not
  // the part, and is refused as a whole (engine/session/answers/text.ts asks again once, then names the filter).
  if (isRefusal || isFilterFinish(finishReason)) throw new GenerationError('filtered');
  // A reasoning model that spent its whole budget thinking: reasoning came, no text.
  if (!text.trim() && hasReasoning) throw new GenerationError('reasoning_only');
  if (!text.trim()) throw new GenerationError('no_content');
  const shownModel = lease.config.model;
  if (usage) onEvent?.({ type: 'usage', config: lease.config.name, model: shownModel, usage });
  // A stream that ended with no finish reason broke off (the SDK ends quietly without [DONE]) when its text stops
  // mid-sentence; one that ends on a full stop came from a server that names no finish reason at all.
  const isBroken = isDropped || (request.onDelta !== undefined && !finishReason && !/[.!?…"”'’»)\]*_`~]\s*$/.test(text));
  return { text, model: shownModel, config: lease.config.name, ...(usage ? { usage } : {}), ...(finishReason ? { finishReason } : {}), ...(isBroken ? { isBroken: true as const } : {}) };
}

/** The reasoning a server sends beside the answer (DeepSeek, vLLM, Ollama: `reasoning_content`; OpenRouter: `reasoning`). */
function reasoningOf(part: unknown): string {
  const fields = (part ?? {}) as { reasoning_content?: unknown; reasoning?: unknown };
  const value = fields.reasoning_content ?? fields.reasoning;
  return typeof value === 'string' ? value : '';
}

/** True when a message or delta carries the model's refusal (OpenAI's `refusal` field) instead of text. */
function hasRefusal(part: unknown): boolean {
  const value = ((part ?? {}) as { refusal?: unknown }).refusal;
  return typeof value === 'string' && value.trim() !== '';
}

/** True for a streamed answer's response: an event stream (or JSON), not a web page. */
function isModelAnswer(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return !/text\/html|application\/xhtml/i.test(type);
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
  const requestTimeout = (timeoutMs: number) => (timeoutMs > limits.requestTimeoutMarginMs * 2 ? timeoutMs - limits.requestTimeoutMarginMs : timeoutMs);
  const pool = clientPool(options, { configs, limits, defaultTimeoutMs, requestTimeout, direct });

  /** One text request within `contextTokens`: its answer budget lowered to fit, else refused unsent; then sent with the retry policy. */
  async function generateFitted(asked: TextRequest, contextTokens: number): Promise<TextResult> {
    const maxTokens = fittedMaxTokens(asked, contextTokens);
    if (maxTokens === undefined) throw contextTooLong(contextTokens);
    const request = { ...asked, maxTokens };
    const timeoutMs = request.timeoutMs ?? defaultTimeoutMs;
    const deadline = startDeadline(timeoutMs, request.signal);
    const context: FailureContext = { signal: deadline.signal, isTimedOut: deadline.isTimedOut, secrets, contextTokens, timeoutMs };
    let hasStarted = false;
    let configName = pool.activeConfig().name;
    try {
      return await withRetries(
        async () => {
          let lease = await pool.acquire(deadline.signal);
          configName = lease.config.name;
          const send = (on: Lease) =>
            completeOnce(on, request, deadline.signal, requestTimeout(deadline.remainingMs() || 1), () => {
              hasStarted = true;
            }, { direct, onEvent, isTimedOut: deadline.isTimedOut, timeoutMs });
          try {
            const result = await send(lease);
            pool.markHealthy(lease);
            return result;
          } catch (error) {
            // Sent before its client's check finished (probeAlongside): when the check failed, the
            // config does not work; initialise as without probeAlongside (rotating, retrying) and send again.
            if (!lease.check || hasStarted || (await lease.check.then(() => true, () => false))) throw error;
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

  // The smallest window of the configs (any of them may answer a request), found once (context.ts); asked again
  // while a server cannot be reached (a worker started before its model's server), the default meanwhile.
  let window: Promise<number> | undefined;
  const contextWindow = () => {
    if (window) return window;
    const asked = Promise.all(configs.map((c) => contextWindowOf(c, options.fetch ? { fetch: options.fetch } : {}))).then((found) => {
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
        const named = error instanceof GenerationError && error.code === 'context_too_long' ? Number(error.params?.window) : NaN;
        if (!(named < assumed) || asked.signal?.aborted) throw error;
        window = Promise.resolve(named);
        return generateFitted(asked, named);
      }
    },

    generateImage: (request: ImageRequest) => generateImage({ pool, secrets, limits, defaultTimeoutMs, requestTimeout, fetch: options.fetch ?? globalThis.fetch, onEvent }, request),
  };
}

/** What generateImage works with: the provider's pool, keys to keep out of messages, limits and time-outs. */
interface ImageEnv {
  pool: ClientPool; secrets: string[]; limits: ProviderLimits; defaultTimeoutMs: number;
  requestTimeout: (ms: number) => number; fetch: typeof globalThis.fetch; onEvent: OpenAIProviderOptions['onEvent'];
}

/**
 * One picture from the pool's client (its URL fetched, or its bytes inline); a failure as the catalogue's image
 * errors. A 429 or 503 is waited out and asked again as a text's is (the one retry policy), each wait told to onRetry.
 */
async function generateImage(env: ImageEnv, request: ImageRequest): Promise<ImageResult> {
  if (!request.prompt.trim()) throw new GenerationError('prompt_required');
  const timeoutMs = request.timeoutMs ?? env.defaultTimeoutMs;
  const deadline = startDeadline(timeoutMs, request.signal);
  const context: FailureContext = { signal: deadline.signal, isTimedOut: deadline.isTimedOut, secrets: env.secrets, timeoutMs };
  const failed = (message: string, cause?: unknown) => new GenerationError('image_failed', { vars: { message }, ...(cause ? { cause } : {}) });
  try {
    const { lease, model, answer } = await withRetries(async () => {
      const leased = await env.pool.acquire(deadline.signal);
      const named = imageModelOf(leased.config);
      const body = imageBody(request, named);
      const options = { signal: deadline.signal, timeout: env.requestTimeout(deadline.remainingMs() || 1) };
      return { lease: leased, model: named, answer: await leased.client.images.generate(body, options) };
    }, {
      limits: env.limits, signal: deadline.signal, context, lang: request.meta?.lang ?? 'en',
      onRetry: (notice) => {
        env.onEvent?.({ type: 'retry', config: env.pool.activeConfig().name, notice });
        request.onRetry?.(notice);
      },
    });
    const first = answer.data?.[0];
    if (first?.url) {
      const res = await env.fetch(first.url, { signal: deadline.signal });
      if (!res.ok) throw failed(res.statusText || statusText(res.status) || `HTTP ${res.status}`);
      return { png: new Uint8Array(await res.arrayBuffer()), model, url: first.url, config: lease.config.name };
    }
    // Servers that cannot return URLs (gpt-image-1, some local servers) send the bytes inline.
    if (first?.b64_json) return { png: new Uint8Array(Buffer.from(first.b64_json, 'base64')), model, config: lease.config.name };
    throw new GenerationError('no_image_url');
  } catch (error) {
    if (error instanceof GenerationError) throw error;
    // Most local servers (Ollama, LM Studio, vLLM) serve chat only: their images route is missing (404),
    // not allowed (405) or not implemented (501). Named apart so publishing can make its own cover.
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 404 || status === 405 || status === 501) throw new GenerationError('no_image_endpoint', { status, vars: { status: String(status) } });
    const kind = classifyFailure(error, context);
    if (kind === 'timeout' || kind === 'aborted') throw mapFailure(error, context);
    throw failed(imageFailureMessage(error, env.secrets), mapFailure(error, context).cause);
  } finally {
    deadline.dispose();
  }
}

/** The provider's pool of clients, one per config, each checked (probed) before its first request. */
function clientPool(options: OpenAIProviderOptions, env: { configs: readonly ProviderConfig[]; limits: ProviderLimits; defaultTimeoutMs: number; requestTimeout: (ms: number) => number; direct: typeof globalThis.fetch | undefined }): ClientPool {
  const { configs, limits, defaultTimeoutMs, requestTimeout, direct } = env;
  const onEvent = options.onEvent;
  return new ClientPool({
    configs,
    limits,
    createClient: (config) => createClient(config, { requestTimeoutMs: requestTimeout(defaultTimeoutMs), ...(options.fetch ? { fetch: options.fetch } : {}) }),
    // Sent directly too: a batch then never builds the SDK's request (nor loads fetch's implementation).
    probe: direct
      ? async (lease, signal) => {
          if (lease.client instanceof AzureOpenAI) return probeConfig(lease, signal);
          await directChat(lease.client, probeBody(lease.config), { signal, timeout: requestTimeout(defaultTimeoutMs), fetch: direct });
        }
      : probeConfig,
    ...(onEvent ? { onEvent } : {}),
    ...(options.probeAlongside ? { probeAlongside: true } : {}),
  });
}
