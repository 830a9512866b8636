// Why a voice sample or a list of phrases to avoid is refused: data (a catalogue code and its params),
// rendered per language by engine/errors.ts like every other message.

export type VoiceErrorCode = 'voice_too_short' | 'voice_language' | 'voice_not_text' | 'avoid_too_many' | 'avoid_too_long' | 'voice_missing';
import type { Lang } from '../../spec/types.js';
import { ANSWER_LANGUAGE_NAMES, catalogueMessage, KaryaError, type AnswerLanguage } from '../../errors.js';

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
  for (const k of ['expected', 'found'] as const) if (params[k]) params[k] = ANSWER_LANGUAGE_NAMES[lang][params[k] as AnswerLanguage] ?? params[k]!;
  return catalogueMessage(error.code, lang, params);
}
