// Any OpenAI-compatible speech endpoint (`POST {baseURL}/audio/speech`: OpenAI, Azure, Kokoro-FastAPI,
// openedai-speech, Piper servers): the model, the language's voice and the format asked for; a 429, a 503 or a
// dropped connection retried by the one retry layer (providers/retry.ts) with the text providers' limits, each retry
// told to the caller (the run's budget counts it). Keys are sent only in the Authorization header, never logged.
// Several servers (`speech:` a list) rotate as the text providers do: one that answers 429, a 5xx or drops the
// connection hands that request (at once, as the layer's next try) and the ones after it to the next server.
import type { Lang } from '../spec/types.js';
import { GenerationError } from '../errors.js';
import { AudioError } from '../audio-error.js';
import { PROVIDER_LIMITS } from '../timing.js';
import { withRetries } from './retry.js';
import { redact } from './failures.js';
import { createEspeakVoice } from './espeak.js';
import { loadSpeechConfigs, type SpeechConfig } from './speech-config.js';
import type { SpeechVoice } from './speech-voice.js';

export type { SpeechVoice, SpeechRequest, VoiceCredit } from './speech-voice.js';
export { createEspeakVoice } from './espeak.js';
export {
  loadSpeechConfig,
  loadSpeechConfigs,
  parseSpeechBlock,
  parseSpeechBlocks,
  speechConfigFromEnv,
  type SpeechConfig,
} from './speech-config.js';

/** One request's time-out (ms): a paragraph's speech takes seconds, a slow local server a minute. */
const REQUEST_TIMEOUT_MS = 120_000;

/** A failed answer as the catalogue names it, retryable when waiting may mend it. */
function failureOf(status: number, detail: string, headers?: Headers): GenerationError {
  // The server's headers kept on the cause: the retry layer reads its retry-after.
  const cause = Object.assign(new Error(detail), headers ? { headers } : {});
  if (status === 401 || status === 403) return new GenerationError('auth_error', { status, cause });
  if (status === 429) return new GenerationError('rate_limited', { status, cause, isRetryable: true });
  if (status === 503) return new GenerationError('service_unavailable', { status, cause, isRetryable: true });
  if (status >= 500) return new GenerationError('server_error', { status, cause });
  return new GenerationError('generation_failed', { status, cause });
}

/** The voice a language is read in: its own, else the config's default. */
export const serverVoiceOf = (config: SpeechConfig, lang: Lang) => config.voices[lang] ?? config.voice;

/** A failure another server may not have: a 429, a 5xx, a connection refused or dropped. */
const isServersFault = (error: unknown) =>
  error instanceof GenerationError &&
  (error.status === 429 || (error.status ?? 0) >= 500 || (error.status === undefined && error.isRetryable));

/**
 * A speech server's voice; given several, they rotate: the one in use until it fails with isServersFault, then the
 * next (its request asked again there at once, a try of the one retry layer, counted like any retry).
 */
export function createSpeechVoice(
  given: SpeechConfig | readonly SpeechConfig[],
  opts: { fetch?: typeof globalThis.fetch } = {},
): SpeechVoice {
  const configs: readonly SpeechConfig[] = Array.isArray(given) ? given : [given as SpeechConfig];
  if (!configs.length) throw new GenerationError('config_error');
  const doFetch = opts.fetch ?? globalThis.fetch;
  const secrets = configs.map((c) => c.apiKey.reveal());
  let active = 0;
  /** Ask `text` of the server in use; its fault hands it, and the requests after it, to the next server. */
  const rotating = async (text: string, lang: Lang, signal: AbortSignal): Promise<Uint8Array> => {
    const at = active;
    try {
      return await once(configs[at]!, text, lang, signal);
    } catch (error) {
      if (configs.length < 2 || signal.aborted || !isServersFault(error)) throw error;
      if (active === at) active = (at + 1) % configs.length;
      // Asked again of the next server without waiting (the failed one's wait is its own).
      const status = (error as GenerationError).status;
      throw Object.assign(
        new GenerationError('service_unavailable', {
          ...(status !== undefined ? { status } : {}),
          isRetryable: true,
          cause: error,
        }),
        { retryAfterMs: 0 },
      );
    }
  };
  const once = async (config: SpeechConfig, text: string, lang: Lang, signal: AbortSignal): Promise<Uint8Array> => {
    let response: Response;
    try {
      response = await doFetch(`${config.baseURL}/audio/speech`, {
        method: 'POST',
        signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey.reveal()}` },
        body: JSON.stringify({
          model: config.model,
          voice: serverVoiceOf(config, lang),
          input: text,
          response_format: config.format,
        }),
      });
    } catch (error) {
      if (signal.aborted) throw error;
      // A connection refused or dropped: the one retry layer tries again.
      throw new GenerationError('generation_failed', {
        cause: new Error(redact(String((error as Error)?.message ?? error), secrets)),
        isRetryable: true,
      });
    }
    if (!response.ok)
      throw failureOf(
        response.status,
        redact((await response.text().catch(() => '')).slice(0, 300), secrets),
        response.headers,
      );
    const bytes = new Uint8Array(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    if (bytes.length < 64 || /json|text/.test(type))
      throw new AudioError('audio_not_audio', {
        name: config.name,
        detail: `${type || 'no type'}, ${bytes.length} bytes`,
      });
    return bytes;
  };
  return {
    isDemo: false,
    // The credits name the first server's voice (the one configured first: the edition's voice).
    credit: (lang) => ({ kind: 'server', voice: serverVoiceOf(configs[0]!, lang), name: configs[0]!.name }),
    check: () => undefined,
    speak: ({ text, lang, signal, onRetry }) => {
      const stop = signal ?? new AbortController().signal;
      return withRetries(() => rotating(text, lang, stop), {
        limits: PROVIDER_LIMITS,
        signal: stop,
        context: { signal: stop, secrets },
        lang,
        ...(onRetry ? { onRetry } : {}),
      });
    },
  };
}

/** The voice the environment asks for: the configured speech server, else the offline demo voice (espeak-ng). */
export function speechVoiceFromEnv(
  env: Record<string, string | undefined> = process.env,
  opts: { cwd?: string; fetch?: typeof globalThis.fetch } = {},
): SpeechVoice {
  const configs = loadSpeechConfigs({ env, ...(opts.cwd ? { cwd: opts.cwd } : {}) });
  return configs.length ? createSpeechVoice(configs, opts.fetch ? { fetch: opts.fetch } : {}) : createEspeakVoice();
}
