// A failure of the audio edition as data: its code (engine/error-catalogue-audio.ts) and the params its message is
// filled from, worded per language by the catalogue (a tool missing names how to install it).
import { KaryaError } from './karya-error.js';
import { catalogueMessage, type CatalogueCode } from './errors.js';

/** The audio edition's codes (each has its words in languages/<code>/errors-audio.yaml). */
export type AudioErrorCode = Extract<CatalogueCode, `audio_${string}`>;

export class AudioError extends KaryaError {
  readonly code: AudioErrorCode;
  readonly vars: Readonly<Record<string, string>>;
  constructor(
    code: AudioErrorCode,
    vars: Record<string, string> = {},
    opts: { cause?: unknown; httpStatus?: number } = {},
  ) {
    super(catalogueMessage(code, 'en', vars), {
      httpStatus: opts.httpStatus ?? (code === 'audio_no_voice' ? 422 : 500),
      cause: opts.cause,
    });
    this.name = 'AudioError';
    this.code = code;
    this.vars = vars;
    (this as { params?: Readonly<Record<string, string>> }).params = vars;
  }
}
