// The real provider's cover pictures (openai.ts sends its texts): one image asked of the pool's client, its URL
// fetched or its bytes taken inline, a failure named as the catalogue's image errors.
import { GenerationError } from '../errors.js';
import type { ImageRequest, ImageResult, ProviderEvent } from '../provider.js';
import { imageBody } from './bodies.js';
import { imageModelOf } from './config.js';
import {
  classifyFailure,
  imageFailureMessage,
  statusText,
  toGenerationError as mapFailure,
  type FailureContext,
} from './failures.js';
import type { ClientPool } from './pool.js';
import { withRetries } from './retry.js';
import { startDeadline, type ProviderLimits } from '../timing.js';

/** What asking for a picture needs: the pool, the limits and time-outs, the secrets to hide, the reports, a fetch. */
export interface ImageSending {
  pool: ClientPool;
  limits: ProviderLimits;
  defaultTimeoutMs: number;
  secrets: string[];
  requestTimeout: (ms: number) => number;
  onEvent: ((event: ProviderEvent) => void) | undefined;
  fetch: typeof globalThis.fetch;
}

/**
 * One picture from the pool's client (its URL fetched, or its bytes inline); a failure as the catalogue's image
 * errors. A 429 or 503 is waited out and asked again as a text's is (the one retry policy), each wait told to onRetry.
 */
export async function generateImage(env: ImageSending, request: ImageRequest): Promise<ImageResult> {
  if (!request.prompt.trim()) throw new GenerationError('prompt_required');
  const timeoutMs = request.timeoutMs ?? env.defaultTimeoutMs;
  const deadline = startDeadline(timeoutMs, request.signal);
  const { signal, isTimedOut } = deadline;
  const context: FailureContext = { signal, isTimedOut, secrets: env.secrets, timeoutMs };
  const failed = (message: string, cause?: unknown) =>
    new GenerationError('image_failed', { vars: { message }, ...(cause ? { cause } : {}) });
  try {
    const { lease, model, answer } = await withRetries(
      async () => {
        const leased = await env.pool.acquire(deadline.signal);
        const named = imageModelOf(leased.config);
        const body = imageBody(request, named);
        const options = { signal: deadline.signal, timeout: env.requestTimeout(deadline.remainingMs() || 1) };
        return {
          lease: leased,
          model: named,
          answer: await (await leased.client.sdk()).images.generate(body, options),
        };
      },
      {
        limits: env.limits,
        signal: deadline.signal,
        context,
        lang: request.meta?.lang ?? 'en',
        onRetry: (notice) => {
          env.onEvent?.({ type: 'retry', config: env.pool.activeConfig().name, notice });
          request.onRetry?.(notice);
        },
      },
    );
    const first = answer.data?.[0];
    if (first?.url) {
      const res = await env.fetch(first.url, { signal: deadline.signal });
      if (!res.ok) throw failed(res.statusText || statusText(res.status) || `HTTP ${res.status}`);
      return { png: new Uint8Array(await res.arrayBuffer()), model, url: first.url, config: lease.config.name };
    }
    // Servers that cannot return URLs (gpt-image-1, some local servers) send the bytes inline.
    if (first?.b64_json) {
      return { png: new Uint8Array(Buffer.from(first.b64_json, 'base64')), model, config: lease.config.name };
    }
    throw new GenerationError('no_image_url');
  } catch (error) {
    if (error instanceof GenerationError) throw error;
    // Most local servers (Ollama, LM Studio, vLLM) serve chat only: their images route is missing (404),
    // not allowed (405) or not implemented (501). Named apart so publishing can make its own cover.
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 404 || status === 405 || status === 501) {
      throw new GenerationError('no_image_endpoint', { status, vars: { status: String(status) } });
    }
    const kind = classifyFailure(error, context);
    if (kind === 'timeout' || kind === 'aborted') throw mapFailure(error, context);
    throw failed(imageFailureMessage(error, env.secrets), mapFailure(error, context).cause);
  } finally {
    deadline.dispose();
  }
}
