// A book's voice from what the writer gives, the same for the studio (PUT /progress/:bookType/voice),
// `karya generate --voice/--avoid` and a batch job's `voice:`/`avoid:`: a sample of their prose measured (its
// fingerprint and one or two paragraphs kept) and the phrases to avoid, checked.
import { avoidListOf, voiceFromSample, type BookVoice, type Lang } from '../../engine/index.js';

/**
 * The voice a book has from a sample (measured in `lang`; `null` removes the kept one, none given keeps it)
 * and the phrases to avoid (none given keeps the kept ones); undefined when it has neither. A VoiceError when
 * the sample or the list is refused (too short, another language, too many phrases…).
 * @example bookVoiceOf({ lang: 'en', sample: text, avoid: ['suddenly'] })
 */
export function bookVoiceOf(input: {
  lang: Lang;
  sample?: string | null;
  avoid?: readonly string[];
  kept?: BookVoice;
}): BookVoice | undefined {
  const { kept } = input;
  const sample =
    input.sample === undefined
      ? { fingerprint: kept?.fingerprint, exemplars: kept?.exemplars }
      : input.sample === null
        ? {}
        : voiceFromSample(input.sample, input.lang);
  const avoid = input.avoid !== undefined ? avoidListOf(input.avoid) : (kept?.avoid ?? []);
  const voice: BookVoice = {
    ...(sample.fingerprint ? { fingerprint: sample.fingerprint, exemplars: sample.exemplars ?? [] } : {}),
    ...(avoid.length ? { avoid } : {}),
  };
  return Object.keys(voice).length ? voice : undefined;
}
