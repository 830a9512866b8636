// A voice that reads text aloud: the offline demo voice (espeak-ng, engine/providers/espeak.ts) or any
// OpenAI-compatible
// `/v1/audio/speech` endpoint (engine/providers/speech.ts). What the audio edition asks of either.
import type { Lang } from '../spec/types.js';
import type { RetryNotice } from '../provider.js';

export interface SpeechRequest {
  readonly text: string;
  readonly lang: Lang;
  readonly signal?: AbortSignal;
  /** A request about to be sent again (a 429, a 503, a dropped connection): the budget counts it. */
  readonly onRetry?: (notice: RetryNotice) => void;
}

/** Who reads the edition, as its credits say it: the offline demo voice, or a server's voice by name. */
export type VoiceCredit =
  { readonly kind: 'demo' } | { readonly kind: 'server'; readonly voice: string; readonly name: string };

export interface SpeechVoice {
  /** The offline demo voice (espeak-ng): clearly said so in the credits and the run's lines. */
  readonly isDemo: boolean;
  /** Who reads `lang`, for the credits. */
  credit(lang: Lang): VoiceCredit;
  /** Throws AudioError audio_no_voice when this voice cannot read `lang` (before anything is made). */
  check(lang: Lang): void;
  /** The audio of `text` (WAV, MP3 or any format FFmpeg reads). */
  speak(request: SpeechRequest): Promise<Uint8Array>;
}
