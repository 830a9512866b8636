// What fits a model's context window (the tokens of prompt and answer together): a conservative token
// estimate of a request, its max_tokens lowered to fit, and the catalogue error of one that cannot fit.
// The window itself is found by engine/providers/context.ts; the session trims prompts (engine/session/fit.ts).
import { GenerationError } from './errors.js';
import type { TextRequest } from './provider.js';
import { countWords } from './words.js';

/** Tokens a chat request spends on its framing (roles, separators) besides its messages' text. */
const FRAMING_TOKENS = 16;

/**
 * A conservative count of the tokens a text takes in any model's tokenizer: one for every 3.5 characters
 * (English and Malay prose take about 4.5 in OpenAI's o200k, about 4 in Llama 3's and Qwen's), and at least
 * one a word. One for every 3 left a small window (1,200 tokens) no room to continue a cut answer, a third
 * over the server's own count; a server that still refuses names its window and the request is fitted again.
 */
export function estimateTokens(text: string): number {
  const words = countWords(text);
  return Math.max(Math.ceil(text.length / 3.5), words);
}

/** The estimated prompt tokens of a request (system and user messages with their framing). */
export function promptTokensOf(request: Pick<TextRequest, 'system' | 'user'>): number {
  return estimateTokens(request.system) + estimateTokens(request.user) + FRAMING_TOKENS;
}

/** The fewest answer tokens a request is sent with: less leaves no room to write (the request is refused instead). */
export const MIN_ANSWER_TOKENS = 256;

/** The request's max_tokens lowered so prompt + answer fit the window; undefined when not even MIN_ANSWER_TOKENS fit. */
export function fittedMaxTokens(request: Pick<TextRequest, 'system' | 'user' | 'maxTokens'>, window: number): number | undefined {
  const room = window - promptTokensOf(request);
  if (room < Math.min(MIN_ANSWER_TOKENS, request.maxTokens)) return undefined;
  return Math.min(request.maxTokens, room);
}

/** The catalogue error of a request that does not fit the window (what to set, in both languages). */
export function contextTooLong(window: number, cause?: unknown): GenerationError {
  return new GenerationError('context_too_long', { status: 400, params: { window: String(window) }, ...(cause ? { cause } : {}) });
}
