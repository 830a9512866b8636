// What a language's audio edition reads from languages/<code>/speech.yaml: espeak-ng's voice for the offline demo
// reading (none: the offline voice refuses the language), and the pace a chapter's speech may take before its audio
// is judged wrong. A language without the file has no offline voice and the default pace.
import { defineSection, type Lang } from '../../languages/index.js';
import { languageTableError } from '../../languages/errors.js';

export interface SpeechLanguage {
  /** espeak-ng's voice (`espeak-ng --voices`), undefined when espeak-ng does not speak the language. */
  readonly espeakVoice: string | undefined;
  /** Words a minute of speech a chapter may take (outside them its audio is judged wrong). */
  readonly wordsPerMinute: { readonly min: number; readonly max: number };
}

const DEFAULT_PACE = { min: 55, max: 280 } as const;

function parseSpeech(raw: unknown, table: { code: Lang }): SpeechLanguage {
  if (raw === undefined || raw === null) return { espeakVoice: undefined, wordsPerMinute: DEFAULT_PACE };
  const file = `languages/${table.code}/speech.yaml`;
  if (typeof raw !== 'object') throw languageTableError(file, 'speech', 'a map of espeakVoice and wordsPerMinute');
  const { espeakVoice, wordsPerMinute } = raw as {
    espeakVoice?: unknown;
    wordsPerMinute?: { min?: unknown; max?: unknown };
  };
  if (
    espeakVoice !== undefined &&
    espeakVoice !== null &&
    (typeof espeakVoice !== 'string' || !/^[A-Za-z0-9+_-]{2,40}$/.test(espeakVoice))
  )
    throw languageTableError(file, 'espeakVoice', 'an espeak-ng voice name, e.g. en');
  const pace = wordsPerMinute ?? DEFAULT_PACE;
  if (typeof pace.min !== 'number' || typeof pace.max !== 'number' || !(pace.min > 0 && pace.max > pace.min))
    throw languageTableError(file, 'wordsPerMinute', '{ min, max }: words a minute, min below max');
  return {
    espeakVoice: typeof espeakVoice === 'string' ? espeakVoice : undefined,
    wordsPerMinute: { min: pace.min, max: pace.max },
  };
}

/** A language's speech data. */
export const speechLanguageOf: (code: Lang) => SpeechLanguage = defineSection('speech', parseSpeech);
