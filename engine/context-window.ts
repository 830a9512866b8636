// What fits a model's context window (the tokens of prompt and answer together): a conservative token
// estimate of a request, its max_tokens lowered to fit, and the catalogue error of one that cannot fit.
// The window itself is found by engine/providers/context.ts; the session trims prompts (engine/session/fit.ts).
import { GenerationError } from './errors.js';
import type { TextRequest } from './provider.js';
import { wordsOver } from './words.js';
import { scriptTokens } from './script-tokens.js';
import { byText } from './text-cache.js';

/** Tokens a chat request spends on its framing (roles, separators) besides its messages' text. */
const FRAMING_TOKENS = 16;

/**
 * A conservative count of the tokens a text takes in any model's tokenizer: one for every 3.5 characters of Latin
 * text (English and Malay prose take about 4.5 in OpenAI's o200k, about 4 in Llama 3's and Qwen's), more in other
 * scripts (engine/script-tokens.ts: one a Chinese character), and at least one a word. One for every 3 left a small
 * window (1,200 tokens) no room to continue a cut answer, a third over the server's own count; a server that still
 * refuses names its window and the request is fitted again.
 */
export function estimateTokens(text: string): number {
  return text.length < COUNTED_FROM ? tokensOf(text) : countedTokens(text);
}

function tokensOf(text: string): number {
  const least = scriptTokens(text);
  return Math.max(least, wordsOver(text, least));
}

/** Texts at least this long are counted once and remembered; a shorter one costs less to count than to look up. */
const COUNTED_FROM = 256;
/**
 * Prompts counted, for the last texts seen: a prompt too long to fit by its length alone (fitsWindow) is counted
 * when it is fitted to the window, again when the provider lowers its max_tokens, and a story-bible update's
 * when its pieces are chosen too (each count a pass over the whole prompt). Enough for the calls in flight
 * between those counts, few enough that the prompts kept cost little memory.
 */
const countedTokens = byText(128, tokensOf);

/** The estimated prompt tokens of a request (system and user messages with their framing). */
export function promptTokensOf(request: Pick<TextRequest, 'system' | 'user'>): number {
  return estimateTokens(request.system) + estimateTokens(request.user) + FRAMING_TOKENS;
}

/**
 * The most promptTokensOf can say of a request, from its length alone: a word takes at least a character and
 * the space after it, so a text has at most half its length in words, and a 3.5th is less.
 */
function promptTokensAtMost(request: Pick<TextRequest, 'system' | 'user'>): number {
  return Math.ceil(request.system.length / 2) + Math.ceil(request.user.length / 2) + FRAMING_TOKENS;
}

/**
 * True when the request's estimated prompt tokens and `room` more fit `window` (promptTokensOf + room <= window).
 * The prompt is read only when its length alone cannot tell: most prompts fit their window by far.
 */
export function fitsWindow(request: Pick<TextRequest, 'system' | 'user'>, room: number, window: number): boolean {
  return promptTokensAtMost(request) + room <= window || promptTokensOf(request) + room <= window;
}

/** The fewest answer tokens a request is sent with: less leaves no room to write (the request is refused instead). */
export const MIN_ANSWER_TOKENS = 256;

/**
 * The request's max_tokens lowered so prompt + answer fit the window; undefined when not even MIN_ANSWER_TOKENS fit.
 */
export function fittedMaxTokens(
  request: Pick<TextRequest, 'system' | 'user' | 'maxTokens'>,
  window: number,
): number | undefined {
  if (fitsWindow(request, request.maxTokens, window)) return request.maxTokens;
  const room = window - promptTokensOf(request);
  if (room < Math.min(MIN_ANSWER_TOKENS, request.maxTokens)) return undefined;
  return Math.min(request.maxTokens, room);
}

/** The catalogue error of a request that does not fit the window (what to set, in both languages). */
export function contextTooLong(window: number, cause?: unknown): GenerationError {
  return new GenerationError('context_too_long', {
    status: 400,
    params: { window: String(window) },
    ...(cause ? { cause } : {}),
  });
}
