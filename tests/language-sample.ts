// The labelled sample of the language check (tests/fixtures/language/*.txt, written for it: Malaysian and
// Indonesian news in each press's register, fiction, verse, everyday writing; English; Malay with English
// loan words, names and places; single news sentences of each press) and the detector's accuracy on it,
// per class. Used by tests/session/language-accuracy.test.ts, tests/session/language-sentences.test.ts and
// `npm run eval -- --language`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectLanguage, findLanguageDrift, type TextLanguage } from '../engine/session/reading/index.js';
import type { Lang } from '../engine/spec/types.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'language');

/** A class of the sample: its file, the language it is in and the language a book asks it in. */
export const SAMPLE_CLASSES = {
  ms: { file: 'ms.txt', language: 'ms', asked: 'ms', about: 'Malaysian Malay' },
  id: { file: 'id.txt', language: 'id', asked: 'ms', about: 'Indonesian (asked for Malay)' },
  en: { file: 'en.txt', language: 'en', asked: 'en', about: 'English' },
  'ms-mixed': {
    file: 'ms-mixed.txt',
    language: 'ms',
    asked: 'ms',
    about: 'Malay with English loan words, names and places',
  },
  'ms-sentences': {
    file: 'ms-sentences.txt',
    language: 'ms',
    asked: 'ms',
    about: 'Malaysian news, one sentence a sample',
    byDrift: true,
  },
  'id-sentences': {
    file: 'id-sentences.txt',
    language: 'id',
    asked: 'ms',
    about: 'Indonesian news, one sentence a sample (asked for Malay)',
    byDrift: true,
  },
} as const satisfies Record<
  string,
  { file: string; language: TextLanguage; asked: Lang; about: string; byDrift?: boolean }
>;

export type SampleClass = keyof typeof SAMPLE_CLASSES;

export interface Sample {
  readonly label: SampleClass;
  /** The "### kind" it was filed under (news, fiction, verse, guide…). */
  readonly kind: string;
  readonly text: string;
}

/** The samples of one class: each follows a "### kind" line; lines starting with "#" before the first are a header. */
export function readSample(label: SampleClass): Sample[] {
  const raw = readFileSync(path.join(DIR, SAMPLE_CLASSES[label].file), 'utf8');
  return raw
    .split(/^### /m)
    .slice(1)
    .map((block) => {
      const [head = '', ...rest] = block.split('\n');
      return { label, kind: head.trim(), text: rest.join('\n').trim() };
    })
    .filter((s) => s.text);
}

/**
 * Told right: the verdict is the class's language, and the check of an answer asked in the class's
 * `asked` language agrees (no drift for Malay and English, a drift into Indonesian for Indonesian). For
 * the single sentences (`byDrift`) the check alone: a Malay sentence under the judged length gets no
 * verdict and is kept all the same.
 */
export function isToldRight(sample: Sample): boolean {
  const kind: { language: TextLanguage; asked: Lang; byDrift?: boolean } = SAMPLE_CLASSES[sample.label];
  const { language, asked } = kind;
  if (!kind.byDrift && detectLanguage(sample.text).language !== language) return false;
  const drift = findLanguageDrift(sample.text, asked);
  return language === asked ? drift === undefined : drift?.found === language;
}

export interface ClassAccuracy {
  readonly label: SampleClass;
  readonly about: string;
  readonly right: number;
  readonly total: number;
  /** right / total, 0–1. */
  readonly accuracy: number;
  /** What the wrong ones were told as, with the start of their text. */
  readonly wrong: ReadonlyArray<{ kind: string; found: TextLanguage | null; text: string }>;
}

/** The detector's accuracy on each class of the labelled sample. */
export function sampleAccuracy(): ClassAccuracy[] {
  return (Object.keys(SAMPLE_CLASSES) as SampleClass[]).map((label) => {
    const samples = readSample(label);
    const wrong = samples
      .filter((s) => !isToldRight(s))
      .map((s) => ({ kind: s.kind, found: detectLanguage(s.text).language, text: s.text.slice(0, 90) }));
    const right = samples.length - wrong.length;
    return {
      label,
      about: SAMPLE_CLASSES[label].about,
      right,
      total: samples.length,
      accuracy: right / samples.length,
      wrong,
    };
  });
}
