// Why a voice sample or a list of phrases to avoid is refused: data (a catalogue code and its params),
// rendered per language by engine/errors.ts like every other message.

export type VoiceErrorCode =
  'voice_too_short' | 'voice_language' | 'voice_not_text' | 'avoid_too_many' | 'avoid_too_long' | 'voice_missing';
import type { Lang } from '../../spec/types.js';
import { answerLanguageName, catalogueMessage, KaryaError } from '../../errors.js';

export class VoiceError extends KaryaError {
  constructor(
    readonly code: VoiceErrorCode,
    override readonly params: Readonly<Record<string, string | number>>,
  ) {
    super(code, { httpStatus: 400 });
    this.name = 'VoiceError';
  }

  /** In `lang`, the languages it names in that language too. */
  override messageIn(lang: Lang): string {
    return voiceMessage(this, lang);
  }
}

/** A VoiceError's message in the writer's language (the catalogue's, with language names in that language). */
export function voiceMessage(error: VoiceError, lang: Lang): string {
  const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)]));
  for (const k of ['expected', 'found'] as const) {
    const code = params[k];
    if (code) params[k] = answerLanguageName(code, lang) ?? code;
  }
  return catalogueMessage(error.code, lang, params);
}
