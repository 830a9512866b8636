// One chat completion on a client of the pool (openai.ts): streamed or in one answer, read into the part's text
// with its finish reason and usage; a refusal, a filter, a reasoning-only answer or a web page instead of an
// answer named as the catalogue's errors, a stream cut off kept as far as it came.
import type OpenAI from 'openai';
import { APIConnectionError, APIError } from 'openai/core/error';
import { directChat } from './direct.js';
import { chatBody } from './bodies.js';
import { GenerationError } from '../errors.js';
import { isFilterFinish, type ProviderEvent, type TextRequest, type TextResult, type TokenUsage } from '../provider.js';
import { chatModelOf } from './config.js';
import type { Lease } from './pool.js';
import { cutBodyError, timedOut } from './failures.js';

/**
 * One chat completion on a lease: streamed when the request takes deltas (`onStart` at the first), else one
 * answer (straight through `fetch` when `how.direct` is set and the client is not Azure); usage reported.
 */
export async function completeOnce(
  lease: Lease,
  request: TextRequest,
  signal: AbortSignal,
  timeout: number,
  onStart: () => void,
  how: {
    direct: typeof globalThis.fetch | undefined;
    onEvent: ((event: ProviderEvent) => void) | undefined;
    isTimedOut: () => boolean;
    timeoutMs: number;
  },
): Promise<TextResult> {
  const { direct, onEvent } = how;
  const body = chatBody(request, chatModelOf(lease.config));
  // Each request sent is told to the caller (its first, a retry, one sent again on a checked client): what it
  // counts.
  request.onRequest?.();
  const read = request.onDelta
    ? await readStream(lease, body, request.onDelta, { signal, timeout, onStart })
    : await readAnswer(lease, body, { signal, timeout, direct });
  const { text, usage, finishReason, hasReasoning, isRefusal, isDropped } = read;
  // The SDK ends a stream quietly when its signal aborts. Our deadline's abort mid-stream keeps what came,
  // marked as stopped by the time-out (continued from there, named as the time-out); nothing yet: the time-out.
  if (request.onDelta && signal.aborted && how.isTimedOut()) {
    if (isRefusal || isFilterFinish(finishReason)) throw new GenerationError('filtered');
    if (!text.trim()) throw timedOut(how.timeoutMs);
    const used = usage ? { usage } : {};
    return { text, model: lease.config.model, config: lease.config.name, ...used, isTimedOut: true };
  }
  // The provider's filter stopped the answer (or the model sent its refusal field): whatever text came is not
  // the part, and is refused as a whole (engine/session/answers/ask.ts asks again once, then names the filter).
  if (isRefusal || isFilterFinish(finishReason)) throw new GenerationError('filtered');
  // A reasoning model that spent its whole budget thinking: reasoning came, no text.
  if (!text.trim() && hasReasoning) throw new GenerationError('reasoning_only');
  if (!text.trim()) throw new GenerationError('no_content');
  const shownModel = lease.config.model;
  if (usage) onEvent?.({ type: 'usage', config: lease.config.name, model: shownModel, usage });
  // A stream that ended with no finish reason broke off (the SDK ends quietly without [DONE]) when its text stops
  // mid-sentence; one that ends on a full stop came from a server that names no finish reason at all.
  const endsWhole = /[.!?…"”'’»)\]*_`~]\s*$/.test(text);
  const isBroken = isDropped || (request.onDelta !== undefined && !finishReason && !endsWhole);
  return {
    text,
    model: shownModel,
    config: lease.config.name,
    ...(usage ? { usage } : {}),
    ...(finishReason ? { finishReason } : {}),
    ...(isBroken ? { isBroken: true as const } : {}),
  };
}

/** What an answer came with, streamed or whole. */
interface Read {
  text: string;
  usage?: TokenUsage | undefined;
  finishReason?: string | undefined;
  hasReasoning: boolean;
  /** The model's own refusal field (OpenAI's `refusal`), sent instead of the text. */
  isRefusal: boolean;
  /** The connection dropped mid-stream after some text: what came is a cut stream, continued from where it stops. */
  isDropped: boolean;
}

/** A streamed answer, each piece of text handed to `onDelta` as it comes (`onStart` at the first). */
async function readStream(
  lease: Lease,
  body: ReturnType<typeof chatBody>,
  onDelta: (delta: string) => void,
  { signal, timeout, onStart }: { signal: AbortSignal; timeout: number; onStart: () => void },
): Promise<Read> {
  const read: Read = { text: '', hasReasoning: false, isRefusal: false, isDropped: false };
  const streamed = { ...body, stream: true as const, stream_options: { include_usage: true } };
  const sdk = await lease.client.sdk();
  const { data: stream, response } = await sdk.chat.completions.create(streamed, { signal, timeout }).withResponse();
  // A web page (a proxy's or a login page) served with 200 instead of the event stream: no model answered.
  if (!isModelAnswer(response)) throw new GenerationError('not_text', { status: response.status });
  try {
    for await (const chunk of stream) {
      const choice = chunk.choices?.[0];
      const delta = choice?.delta?.content ?? '';
      read.hasReasoning ||= !!reasoningOf(choice?.delta);
      read.isRefusal ||= hasRefusal(choice?.delta);
      if (delta) {
        onStart();
        read.text += delta;
        onDelta(delta);
      }
      read.finishReason = choice?.finish_reason ?? read.finishReason;
      read.usage = toUsage(chunk.usage) ?? read.usage;
    }
  } catch (error) {
    // A stream is one body: it breaking off is the connection, never the model (an error event the server sent
    // is its APIError, rethrown). Nothing came yet: asked again as a dropped connection is; some text: a cut
    // stream.
    const isServerError = error instanceof APIError && !(error instanceof APIConnectionError);
    if (signal.aborted || isServerError) throw error;
    const cause = error instanceof Error ? error : new Error(String(error));
    if (!read.text.trim()) throw cutBodyError(error, signal) ?? new APIConnectionError({ cause });
    read.isDropped = true;
  }
  return read;
}

/** An answer in one piece (straight through `fetch` when `direct` is set and the client is not Azure). */
async function readAnswer(
  lease: Lease,
  body: ReturnType<typeof chatBody>,
  { signal, timeout, direct }: { signal: AbortSignal; timeout: number; direct: typeof globalThis.fetch | undefined },
): Promise<Read> {
  let answer: unknown;
  try {
    answer =
      direct && !lease.client.isAzure
        ? await directChat(lease.client, body, { signal, timeout, fetch: direct })
        : await (await lease.client.sdk()).chat.completions.create(body, { signal, timeout });
  } catch (error) {
    // A body that broke off mid-answer (the SDK reads it after the headers came): asked again as a dropped
    // connection is.
    throw cutBodyError(error, signal) ?? error;
  }
  // The SDK hands back a body that is not JSON as text (an HTML error page served with 200).
  const isObject = typeof answer === 'object' && answer !== null;
  const choices = isObject ? (answer as OpenAI.ChatCompletion).choices : undefined;
  if (!Array.isArray(choices)) throw new GenerationError('not_text');
  const choice = choices[0];
  return {
    text: choice?.message?.content ?? '',
    hasReasoning: !!reasoningOf(choice?.message),
    isRefusal: hasRefusal(choice?.message),
    finishReason: choice?.finish_reason ?? undefined,
    usage: toUsage((answer as OpenAI.ChatCompletion).usage),
    isDropped: false,
  };
}

/**
 * The reasoning a server sends beside the answer (DeepSeek, vLLM, Ollama: `reasoning_content`; OpenRouter:
 * `reasoning`).
 */
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

/** The usage an answer reports, in the provider's words. */
function toUsage(u: OpenAI.CompletionUsage | null | undefined): TokenUsage | undefined {
  if (!u) return undefined;
  return { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens, totalTokens: u.total_tokens };
}
