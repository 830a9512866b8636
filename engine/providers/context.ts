// A model's context window (the tokens of prompt and answer together, docs/providers.md): the user's
// `contextTokens` (or KARYA_CONTEXT_TOKENS), else the table of known OpenAI models, else what the server
// says (llama.cpp's /props, Ollama's /api/show, vLLM's and LM Studio's /v1/models), else a safe default.
// Also: a provider's "prompt too long" answer named (the estimate and the refusal: engine/context-window.ts).
import { APIError } from 'openai/core/error';
import type { ProviderConfig } from './config.js';

/** The window assumed when nothing says otherwise (docs/providers.md). */
export const DEFAULT_CONTEXT_TOKENS = 8192;

/** Where a window came from: the user's setting, the model table, the server, or the default. */
export type WindowSource = 'config' | 'model' | 'server' | 'default';

export interface ContextWindow {
  readonly tokens: number;
  readonly source: WindowSource;
  /** The default because the server could not be reached (refused, no such host): worth asking again later. */
  readonly isUnreachable?: true;
}

/** Context windows of known OpenAI models, by name prefix (the longest prefix that matches wins). */
export const KNOWN_MODEL_WINDOWS: Readonly<Record<string, number>> = {
  'gpt-3.5-turbo': 16_385,
  'gpt-4': 8_192,
  'gpt-4-turbo': 128_000,
  'gpt-4o': 128_000,
  'gpt-4o-mini': 128_000,
  'gpt-4.1': 1_047_576,
  'gpt-4.5': 128_000,
  'gpt-5': 400_000,
  o1: 200_000,
  'o1-mini': 128_000,
  o3: 200_000,
  'o3-mini': 200_000,
  'o4-mini': 200_000,
};

/** Ollama's own window when a model sets no num_ctx (it cuts longer prompts from the front, silently). */
const OLLAMA_DEFAULT_NUM_CTX = 4096;

/** The window of a known OpenAI model name, if it is one. */
export function knownModelWindow(model: string): number | undefined {
  const name = model.trim().toLowerCase();
  const prefix = Object.keys(KNOWN_MODEL_WINDOWS)
    .filter((p) => name === p || name.startsWith(`${p}-`) || name.startsWith(`${p}.`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? KNOWN_MODEL_WINDOWS[prefix] : undefined;
}

type Fetch = typeof globalThis.fetch;
type Json = Record<string, unknown>;

const positive = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * A request that never reached a server (nothing listening, no such host, no route): not an answer about the window.
 */
const UNREACHABLE = Symbol('unreachable');
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
]);

/** The error's own code, or its cause's (the global fetch wraps the socket's error in a TypeError). */
function isUnreachableError(error: unknown): boolean {
  const codeOf = (e: unknown) =>
    e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : '';
  return (
    UNREACHABLE_CODES.has(codeOf(error)) ||
    UNREACHABLE_CODES.has(codeOf((error as { cause?: unknown } | undefined)?.cause))
  );
}

async function getJson(fetch: Fetch, url: string, init: RequestInit): Promise<Json | undefined | typeof UNREACHABLE> {
  try {
    const res = await fetch(url, init);
    if (!res.ok) return undefined;
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Json) : undefined;
  } catch (error) {
    return isUnreachableError(error) ? UNREACHABLE : undefined;
  }
}

/** llama.cpp's GET /props: default_generation_settings.n_ctx (or n_ctx). */
function fromProps(body: Json | undefined): number | undefined {
  const settings = body?.default_generation_settings as Json | undefined;
  return positive(settings?.n_ctx) ?? positive(body?.n_ctx);
}

/**
 * Ollama's POST /api/show: the model's num_ctx parameter, else its "<arch>.context_length" up to Ollama's default
 * window.
 */
function fromOllamaShow(body: Json | undefined): number | undefined {
  const numCtx =
    typeof body?.parameters === 'string' ? /(?:^|\n)\s*num_ctx\s+(\d+)/.exec(body.parameters)?.[1] : undefined;
  if (numCtx) return positive(numCtx);
  const info = (body?.model_info ?? {}) as Json;
  const length = Object.entries(info).find(([key]) => key.endsWith('.context_length'))?.[1];
  const trained = positive(length);
  return trained ? Math.min(trained, OLLAMA_DEFAULT_NUM_CTX) : undefined;
}

/** vLLM's and LM Studio's GET /v1/models: the model's max_model_len (or max_context_length). */
function fromModels(body: Json | undefined, model: string): number | undefined {
  const data = Array.isArray(body?.data) ? (body.data as Json[]) : [];
  const entry = data.find((m) => m.id === model) ?? (data.length === 1 ? data[0] : undefined);
  return positive(entry?.max_model_len) ?? positive(entry?.max_context_length);
}

/**
 * The window an OpenAI-compatible server reports for the config's model, asked with short requests
 * (llama.cpp, Ollama, vLLM, LM Studio); undefined when it says nothing, UNREACHABLE when none of them reached it.
 */
async function serverWindow(
  config: ProviderConfig,
  opts: { fetch?: Fetch; timeoutMs?: number },
): Promise<number | undefined | typeof UNREACHABLE> {
  if (config.type !== 'openai') return undefined;
  const fetch = opts.fetch ?? globalThis.fetch;
  const base = config.baseURL.replace(/\/+$/, '');
  const origin = base.replace(/\/v1$/, '');
  const headers = { authorization: `Bearer ${config.apiKey.reveal()}`, 'content-type': 'application/json' };
  const init = (extra: RequestInit = {}): RequestInit => ({
    headers,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 3000),
    ...extra,
  });
  // Asked side by side (one round trip, not three: a batch's first calls wait for the answer), read in this order.
  const answers = await Promise.all([
    getJson(fetch, `${origin}/props`, init()),
    getJson(fetch, `${origin}/api/show`, init({ method: 'POST', body: JSON.stringify({ model: config.model }) })),
    getJson(fetch, `${base}/models`, init()),
  ]);
  if (answers.every((a) => a === UNREACHABLE)) return UNREACHABLE;
  const [props, show, models] = answers.map((a) => (a === UNREACHABLE ? undefined : a));
  return fromProps(props) ?? fromOllamaShow(show) ?? fromModels(models, config.model);
}

/** The config's window: its setting, the model table (OpenAI's own service), the server's word, or the default. */
export async function contextWindowOf(
  config: ProviderConfig,
  opts: { fetch?: Fetch; timeoutMs?: number } = {},
): Promise<ContextWindow> {
  if (config.contextTokens) return { tokens: config.contextTokens, source: 'config' };
  const isOpenAI = config.type === 'azure' || /^https:\/\/api\.openai\.com\//.test(`${config.baseURL}/`);
  const known = isOpenAI ? knownModelWindow(config.model) : undefined;
  if (known) return { tokens: known, source: 'model' };
  const served = await serverWindow(config, opts);
  if (served === UNREACHABLE) return { tokens: DEFAULT_CONTEXT_TOKENS, source: 'default', isUnreachable: true };
  return served ? { tokens: served, source: 'server' } : { tokens: DEFAULT_CONTEXT_TOKENS, source: 'default' };
}

/** llama.cpp's and vLLM's words for a prompt over the window. */
const OVERFLOW_SERVED = /exceed_context_size|exceeds the available context size|maximum context length/.source;
/** OpenAI's and other providers' words for the same. */
const OVERFLOW_OTHERS = /context_length_exceeded|context length|prompt is too long|too many tokens/.source;
const OVERFLOW = new RegExp(`${OVERFLOW_SERVED}|${OVERFLOW_OTHERS}`, 'i');

/**
 * When a provider's failure says the prompt does not fit its window (llama.cpp's exceed_context_size_error,
 * vLLM's "This model's maximum context length is N tokens", OpenAI's context_length_exceeded): the window
 * it names (or `known`), else undefined.
 */
export function overflowWindow(error: unknown, known: number | undefined): number | undefined {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 413)) return undefined;
  const body = (error.error ?? {}) as Json;
  const words = [error.message, body.message, body.type, body.code].filter((v) => typeof v === 'string').join(' ');
  if (!OVERFLOW.test(words)) return undefined;
  const named = positive(body.n_ctx) ?? positive(/maximum context length is (\d+)/i.exec(words)?.[1]);
  return named ?? known ?? DEFAULT_CONTEXT_TOKENS;
}
