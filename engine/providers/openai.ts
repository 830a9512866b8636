// OpenAI-compatible provider through the `openai` package: chat completions with the spec's model
// settings; streamed deltas when asked. Errors map to the catalogue (engine/errors.ts).
import OpenAI from 'openai';
import type { ImageRequest, ImageResult, Provider, TextRequest, TextResult } from './types.js';
import { GenerationError } from '../errors.js';

export interface OpenAIProviderOptions {
  apiKey: string;
  baseURL?: string;
  model?: string;
  /** Per-request time-out in ms (default 180 000). */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

export const DEFAULT_MODEL = 'gpt-4o-mini';

/** Map an SDK or network failure to a catalogue error. */
export function toGenerationError(error: unknown, signal?: AbortSignal): GenerationError {
  if (error instanceof GenerationError) return error;
  if (error instanceof OpenAI.APIUserAbortError || signal?.aborted) return new GenerationError('aborted', { cause: error });
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new GenerationError('timeout', { cause: error });
  if (error instanceof OpenAI.APIConnectionError) return new GenerationError('generation_failed', { cause: error, isRetryable: true });
  if (error instanceof OpenAI.APIError) {
    const status = error.status;
    if (status === 401) return new GenerationError('auth_error', { status, cause: error });
    if (status === 429) return new GenerationError('rate_limited', { status, cause: error, isRetryable: true });
    if (status === 503) return new GenerationError('service_unavailable', { status, cause: error, isRetryable: true });
    if (status !== undefined && status >= 500) return new GenerationError('server_error', { status, cause: error });
    return new GenerationError('generation_failed', { status, cause: error });
  }
  return new GenerationError('generation_failed', { cause: error });
}

export function createOpenAIProvider(options: OpenAIProviderOptions): Provider {
  const model = options.model ?? DEFAULT_MODEL;
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    maxRetries: 0,
    timeout: options.timeoutMs ?? 180_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    name: 'openai',
    isOffline: false,
    async generateText(request: TextRequest): Promise<TextResult> {
      if (!request.user.trim()) throw new GenerationError('prompt_required');
      const body = {
        model,
        messages: [
          { role: 'system' as const, content: request.system },
          { role: 'user' as const, content: request.user },
        ],
        max_tokens: request.maxTokens,
        temperature: request.temperature,
        presence_penalty: request.presencePenalty,
        frequency_penalty: request.frequencyPenalty,
      };
      try {
        if (request.onDelta) {
          const stream = await client.chat.completions.create(
            { ...body, stream: true, stream_options: { include_usage: true } },
            { signal: request.signal },
          );
          let text = '';
          let usage: TextResult['usage'];
          for await (const chunk of stream) {
            const delta = chunk.choices[0]?.delta?.content ?? '';
            if (delta) {
              text += delta;
              request.onDelta(delta);
            }
            if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens, totalTokens: chunk.usage.total_tokens };
          }
          if (!text.trim()) throw new GenerationError('no_content');
          return { text, model, ...(usage ? { usage } : {}) };
        }
        const answer = await client.chat.completions.create(body, { signal: request.signal });
        const text = answer.choices[0]?.message?.content ?? '';
        if (!text.trim()) throw new GenerationError('no_content');
        const u = answer.usage;
        return { text, model, ...(u ? { usage: { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens, totalTokens: u.total_tokens } } : {}) };
      } catch (error) {
        throw toGenerationError(error, request.signal);
      }
    },
    async generateImage(request: ImageRequest): Promise<ImageResult> {
      try {
        const answer = await client.images.generate(
          { model: 'dall-e-3', prompt: request.prompt, n: 1, size: request.size, quality: 'standard', style: 'vivid', response_format: 'url' },
          { signal: request.signal },
        );
        const url = answer.data?.[0]?.url;
        if (!url) throw new GenerationError('no_image_url');
        const res = await (options.fetch ?? fetch)(url, { signal: request.signal });
        if (!res.ok) throw new GenerationError('image_failed', { vars: { message: res.statusText || `status ${res.status}` } });
        return { png: new Uint8Array(await res.arrayBuffer()), model: 'dall-e-3' };
      } catch (error) {
        if (error instanceof GenerationError) throw error;
        const message = error instanceof Error ? error.message : 'Unknown error';
        throw new GenerationError('image_failed', { vars: { message }, cause: error });
      }
    },
  };
}
