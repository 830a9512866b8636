// The provider interface every caller (CLI, server, batch) uses. Providers never see settings objects,
// only a rendered prompt; `meta` carries structured facts for the offline provider.
import type { PromptMeta, RenderedPrompt } from './compile/prompt.js';
import type { CatalogueCode } from './errors.js';

/** A rendered prompt (system, user, token budget, sampling) plus what the call needs. */
export interface TextRequest extends Omit<RenderedPrompt, 'meta'> {
  meta?: PromptMeta;
  /** Cancels the request at once. */
  signal?: AbortSignal;
  /** Called with each text delta as it arrives (streaming). */
  onDelta?: (delta: string) => void;
  /** Called before an automatic retry (network failure, 429 or 503); `message` is what a user sees. */
  onRetry?: (notice: RetryNotice) => void;
  /**
   * Called as each request of this call goes out to the model server: its first, then each one sent again (a
   * retry, a request sent again on a checked client). What a caller counts as calls is what the server saw.
   */
  onRequest?: () => void;
  /** Time-out for the whole generation, retries included, in ms (default: the provider's, 180 000). */
  timeoutMs?: number;
}

/** An automatic retry about to happen. */
export interface RetryNotice {
  /** `network`: "Connection error. Retrying... (n/3)"; `rate_limited` (429) and `service_unavailable` (503). */
  reason: 'network' | 'rate_limited' | 'service_unavailable';
  /**
   * The failure retried, as the catalogue names it (rate_limited, service_unavailable, generation_failed…), and its
   * HTTP status when it had one.
   */
  code: CatalogueCode;
  status?: number;
  /** 1-based number of this retry. */
  attempt: number;
  /** The most retries allowed for this reason. */
  of: number;
  /** Wait before the retry, in ms. */
  delayMs: number;
  /** Catalogue message in the request's language, e.g. "Connection error. Retrying... (1/3)". */
  message: string;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** Two calls' token usage added (either may be unknown). */
export function addUsage(a: TokenUsage | undefined, b: TokenUsage | undefined): TokenUsage | undefined {
  if (!a || !b) return a ?? b;
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

export interface TextResult {
  text: string;
  usage?: TokenUsage;
  /** Why the model stopped: `length` means the text was cut at the token limit (OpenAI's finish_reason). */
  finishReason?: string;
  /** A stream that ended with no finish reason (the connection or the server gave out): the text may stop mid-word. */
  isBroken?: true;
  /**
   * A stream the generation's time-out (KARYA_TIMEOUT_MS) stopped while it was still arriving: the text is what came
   * before it.
   */
  isTimedOut?: true;
  model: string;
  /** Name of the provider config that answered (real providers). */
  config?: string;
}

export interface ImageRequest {
  prompt: string;
  size: '1024x1024' | '1024x1792' | '1792x1024';
  meta?: PromptMeta;
  signal?: AbortSignal;
  /** Time-out for the image call and its download, in ms (default: the provider's, 180 000). */
  timeoutMs?: number;
  /** A 429 or 503 of the image server is waited out and asked again (as a text request's): each wait told here. */
  onRetry?: (notice: RetryNotice) => void;
}

export interface ImageResult {
  /** PNG bytes (downloaded from the image URL for real providers). */
  png: Uint8Array;
  model: string;
  /** The URL the image was downloaded from (real providers). */
  url?: string;
  /** Name of the provider config that answered (real providers). */
  config?: string;
}

/** What a real provider reports while it works (names only: never a key). */
export type ProviderEvent =
  | {
      type: 'init';
      config: string;
      attempt: number;
      isOk: boolean;
      latencyMs: number;
      code?: CatalogueCode;
      status?: number;
    }
  | { type: 'rotate'; from: string; to: string; reason: 'interval' | 'init-failure' }
  | { type: 'retry'; config: string; notice: RetryNotice }
  | { type: 'usage'; config: string; model: string; usage: TokenUsage };

export interface Provider {
  readonly name: string;
  readonly isOffline: boolean;
  generateText(request: TextRequest): Promise<TextResult>;
  generateImage(request: ImageRequest): Promise<ImageResult>;
  /**
   * The model's context window in tokens (prompt and answer together; engine/providers/context.ts), when
   * the provider has one: the session fits every request in it. Absent: no limit (the offline provider).
   */
  contextWindow?(): Promise<number>;
}

/**
 * `provider` with each of its calls passed through `through` (a call slot, a budget, a hook on the request): its
 * name, whether it is offline and its window as they are. What a batch scheduler puts between the books and the
 * model (cli/batch, server/queue/batch.ts); an image call goes straight through unless `image` is given.
 */
export function providerThrough(
  provider: Provider,
  through: {
    text: (request: TextRequest, send: (request: TextRequest) => Promise<TextResult>) => Promise<TextResult>;
    image?: (request: ImageRequest, send: (request: ImageRequest) => Promise<ImageResult>) => Promise<ImageResult>;
  },
): Provider {
  const sendText = (request: TextRequest) => provider.generateText(request);
  const sendImage = (request: ImageRequest) => provider.generateImage(request);
  const wrapped: Provider = {
    name: provider.name,
    isOffline: provider.isOffline,
    generateText: (request) => through.text(request, sendText),
    generateImage: (request) => (through.image ? through.image(request, sendImage) : sendImage(request)),
    ...(provider.contextWindow ? { contextWindow: () => provider.contextWindow!() } : {}),
  };
  // The calls through it still count in the run's budget (engine/budget.ts) the provider's count in.
  const counter = COUNTERS.get(provider);
  if (counter) COUNTERS.set(wrapped, counter);
  return wrapped;
}

/** What a run counts its calls in (engine/budget.ts CallBudget), by the provider they go through. */
const COUNTERS = new WeakMap<Provider, object>();

/** The counter `provider`'s calls are counted in (set by countedIn, kept by providerThrough), if any. */
export function counterOf(provider: Provider): object | undefined {
  return COUNTERS.get(provider);
}

/** `provider`, its calls counted in `counter` from now on (engine/budget.ts withBudget). */
export function countedIn<P extends Provider>(provider: P, counter: object): P {
  COUNTERS.set(provider, counter);
  return provider;
}

/**
 * True when the answer did not end on its own: cut at the token limit, a stream that broke off, or one the
 * time-out stopped. Such an answer is continued from where it stops, never taken as whole.
 */
export function isCutOff(result: Pick<TextResult, 'finishReason' | 'isBroken' | 'isTimedOut'>): boolean {
  return result.finishReason === 'length' || result.isBroken === true || result.isTimedOut === true;
}

/**
 * Finish reasons that mean the provider's own filter stopped the answer (OpenAI and Azure `content_filter`;
 * Gemini's OpenAI-compatible `safety`, `recitation`, `prohibited_content`, `blocklist`, `spii`): the text, if
 * any, is not the part, so it is refused as a whole, never kept as a cut answer.
 */
export const FILTER_FINISH_REASONS: readonly string[] = [
  'content_filter',
  'safety',
  'recitation',
  'prohibited_content',
  'blocklist',
  'spii',
];

/** True for a finish reason that names the provider's filter (any case). */
export function isFilterFinish(reason: string | null | undefined): boolean {
  return !!reason && FILTER_FINISH_REASONS.includes(reason.toLowerCase());
}

export { countWords } from './words.js';
