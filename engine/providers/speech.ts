// Any OpenAI-compatible speech endpoint (`POST {baseURL}/audio/speech`: OpenAI, Azure, Kokoro-FastAPI,
// openedai-speech, Piper servers): the model, the language's voice and the format asked for; a 429, a 503 or a
// dropped connection retried by the one retry layer (providers/retry.ts) with the text providers' limits, each retry
// told to the caller (the run's budget counts it). Keys are sent only in the Authorization header, never logged.
import type { Lang } from '../spec/types.js';
import { GenerationError } from '../errors.js';
import { AudioError } from '../audio-error.js';
import { PROVIDER_LIMITS } from '../timing.js';
import { withRetries } from './retry.js';
import { redact } from './failures.js';
import { createEspeakVoice } from './espeak.js';
import { loadSpeechConfig, type SpeechConfig } from './speech-config.js';
import type { SpeechVoice } from './speech-voice.js';

export type { SpeechVoice, SpeechRequest, VoiceCredit } from './speech-voice.js';
export { createEspeakVoice } from './espeak.js';
export { loadSpeechConfig, parseSpeechBlock, speechConfigFromEnv, type SpeechConfig } from './speech-config.js';

/** One request's time-out (ms): a paragraph's speech takes seconds, a slow local server a minute. */
const REQUEST_TIMEOUT_MS = 120_000;

/** A failed answer as the catalogue names it, retryable when waiting may mend it. */
function failureOf(status: number, detail: string): GenerationError {
  const cause = new Error(detail);
  if (status === 401 || status === 403) return new GenerationError('auth_error', { status, cause });
  if (status === 429) return new GenerationError('rate_limited', { status, cause, isRetryable: true });
  if (status === 503) return new GenerationError('service_unavailable', { status, cause, isRetryable: true });
  if (status >= 500) return new GenerationError('server_error', { status, cause });
  return new GenerationError('generation_failed', { status, cause });
}

/** The voice a language is read in: its own, else the config's default. */
export const serverVoiceOf = (config: SpeechConfig, lang: Lang) => config.voices[lang] ?? config.voice;

/** A speech server's voice. */
export function createSpeechVoice(config: SpeechConfig, opts: { fetch?: typeof globalThis.fetch } = {}): SpeechVoice {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const secrets = [config.apiKey.reveal()];
  const once = async (text: string, lang: Lang, signal: AbortSignal): Promise<Uint8Array> => {
    let response: Response;
    try {
      response = await doFetch(`${config.baseURL}/audio/speech`, {
        method: 'POST', signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey.reveal()}` },
        body: JSON.stringify({ model: config.model, voice: serverVoiceOf(config, lang), input: text, response_format: config.format }),
      });
    } catch (error) {
      if (signal.aborted) throw error;
      // A connection refused or dropped: the one retry layer tries again.
      throw new GenerationError('generation_failed', { cause: new Error(redact(String((error as Error)?.message ?? error), secrets)), isRetryable: true });
    }
    if (!response.ok) throw failureOf(response.status, redact((await response.text().catch(() => '')).slice(0, 300), secrets));
    const bytes = new Uint8Array(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    if (bytes.length < 64 || /json|text/.test(type)) throw new AudioError('audio_not_audio', { name: config.name, detail: `${type || 'no type'}, ${bytes.length} bytes` });
    return bytes;
  };
  return {
    isDemo: false,
    credit: (lang) => ({ kind: 'server', voice: serverVoiceOf(config, lang), name: config.name }),
    check: () => undefined,
    speak: ({ text, lang, signal, onRetry }) => {
      const stop = signal ?? new AbortController().signal;
      return withRetries(() => once(text, lang, stop), { limits: PROVIDER_LIMITS, signal: stop, context: { signal: stop, secrets }, lang, ...(onRetry ? { onRetry } : {}) });
    },
  };
}

/** The voice the environment asks for: the configured speech server, else the offline demo voice (espeak-ng). */
export function speechVoiceFromEnv(env: Record<string, string | undefined> = process.env, opts: { cwd?: string; fetch?: typeof globalThis.fetch } = {}): SpeechVoice {
  const config = loadSpeechConfig({ env, ...(opts.cwd ? { cwd: opts.cwd } : {}) });
  return config ? createSpeechVoice(config, opts.fetch ? { fetch: opts.fetch } : {}) : createEspeakVoice();
}
