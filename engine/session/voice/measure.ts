// A part against the writer's voice: its fingerprint, the distance per statistic (1 at the edge of the
// sample's own bounds, bounds.ts), one overall figure (their mean) and the statistics outside them, with the
// words that name them ("sentences 2.1× longer, no dialogue"); and the overused phrases it uses.
import type { Lang } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { VoiceError } from './error.js';
import { fingerprintOf, MIN_PART_WORDS, type BookVoice, type VoiceFingerprint } from './fingerprint.js';
import { boundsOfVoice, distanceWithin } from './bounds.js';
import { isOverused, overusedIn, type OverusedMeasure } from './overused.js';
import { keptFor } from '../reading/index.js';
import { catalogue, wordIn } from '../../languages/index.js';

export type VoiceStatistic =
  'sentenceWords' | 'paragraphWords' | 'dialogueShare' | 'diversity' | 'pointOfView' | 'tense';

export { BANDS } from './bounds.js';

export interface PartVoice {
  /** The mean of the per-statistic distances, to 0.01 (1: at the edge of the voice's bounds). */
  distance: number;
  /** The statistics outside their bounds (dialogue share only beside another). */
  drifts: VoiceStatistic[];
  /** Per statistic, to 0.01. */
  statistics: Record<VoiceStatistic, number>;
  /** The drifts in words, in the book's language ("sentences 2.1× longer"). */
  notes: string[];
  fingerprint: VoiceFingerprint;
}

const r2 = (x: number) => Math.round(100 * x) / 100;

/** Each statistic's distance from the voice: 1 at the edge of the sample's own bounds (bounds.ts). */
export function statisticsOf(voice: VoiceFingerprint, part: VoiceFingerprint): Record<VoiceStatistic, number> {
  const b = boundsOfVoice(voice);
  const isTold = (t: VoiceFingerprint['tense']): t is 'past' | 'present' => t === 'past' || t === 'present';
  return {
    sentenceWords: r2(distanceWithin(part.sentenceWords.mean, b.sentenceWords, true)),
    paragraphWords: r2(distanceWithin(part.paragraphWords, b.paragraphWords, true)),
    dialogueShare: r2(distanceWithin(part.dialogueShare, b.dialogueShare, false)),
    diversity: r2(distanceWithin(part.diversity, b.diversity, true)),
    pointOfView: b.pointsOfView.includes(part.pointOfView) ? 0 : 2,
    tense: isTold(part.tense) && b.tenses.length && !b.tenses.includes(part.tense) ? 2 : 0,
  };
}

/**
 * The statistics outside their bounds. Dialogue share is named only beside another: alone it tells a scene
 * (a conversation, a journey), not a voice; on real novels it was most of the false alarms (docs/voice.md).
 */
export function driftsOf(statistics: Record<VoiceStatistic, number>): VoiceStatistic[] {
  const out = (Object.keys(statistics) as VoiceStatistic[]).filter((k) => statistics[k] > 1);
  return out.some((k) => k !== 'dialogueShare') ? out : [];
}

/**
 * How a drift and a rewrite toward the voice are worded (catalogue `voice-notes`; other languages' in
 * languages/<code>/voice-notes.yaml).
 */
const WORDS = catalogue('voice-notes', [
  'longer',
  'shorter',
  'paraLonger',
  'paraShorter',
  'noDialogue',
  'lessDialogue',
  'moreDialogue',
  'narrower',
  'wider',
  'pov',
  'tense',
  'first',
  'second',
  'third',
  'past',
  'present',
  'towardVoice',
  'towardDrifts',
  'towardPhrases',
]);

/** The voice notes' words in a language. */
const wordsIn = (lang: Lang): Readonly<Record<keyof typeof WORDS, string>> =>
  Object.fromEntries(Object.entries(WORDS).map(([k, entry]) => [k, wordIn(entry, lang, 'voice-notes')])) as Record<
    keyof typeof WORDS,
    string
  >;

const fill = (s: string, p: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => String(p[k] ?? ''));
const times = (a: number, b: number) => (Math.max(a, b) / Math.max(0.1, Math.min(a, b))).toFixed(1);

/** One drift in words, in the book's language. */
export function driftNote(name: VoiceStatistic, voice: VoiceFingerprint, part: VoiceFingerprint, lang: Lang): string {
  const w = wordsIn(lang);
  switch (name) {
    case 'sentenceWords': {
      const [a, b] = [part.sentenceWords.mean, voice.sentenceWords.mean];
      return fill(a > b ? w.longer : w.shorter, { x: times(a, b) });
    }
    case 'paragraphWords': {
      const [a, b] = [part.paragraphWords, voice.paragraphWords];
      return fill(a > b ? w.paraLonger : w.paraShorter, { x: times(a, b) });
    }
    case 'dialogueShare': {
      const [a, b] = [part.dialogueShare, voice.dialogueShare];
      if (a < 0.02) return w.noDialogue;
      return fill(a < b ? w.lessDialogue : w.moreDialogue, { part: Math.round(100 * a), voice: Math.round(100 * b) });
    }
    case 'diversity':
      return part.diversity < voice.diversity ? w.narrower : w.wider;
    case 'pointOfView':
      return fill(w.pov, { part: w[part.pointOfView], voice: w[voice.pointOfView] });
    case 'tense':
      return fill(w.tense, { part: w[part.tense as 'past' | 'present'], voice: w[voice.tense as 'past' | 'present'] });
  }
}

/**
 * A part's fingerprint in a language, kept with the part's reading (reading/reading.ts): a book view measures every
 * part each time it is built, and a rewrite toward the voice measures its part again.
 */
const partFingerprint: (text: string, lang: Lang) => VoiceFingerprint = keptFor('voice fingerprint', fingerprintOf);

/** A part measured against a voice; undefined without a fingerprint or for a part too short to measure. */
export function partVoiceOf(voice: BookVoice | undefined, text: string, lang: Lang): PartVoice | undefined {
  if (!voice?.fingerprint) return undefined;
  const fp = partFingerprint(text, lang);
  if (fp.words < MIN_PART_WORDS) return undefined;
  const statistics = statisticsOf(voice.fingerprint, fp);
  const values = Object.values(statistics);
  const drifts = driftsOf(statistics);
  return {
    distance: r2(values.reduce((a, b) => a + b, 0) / values.length),
    drifts,
    statistics,
    notes: drifts.map((d) => driftNote(d, voice.fingerprint!, fp, lang)),
    fingerprint: fp,
  };
}

/** A prose part's overused phrases (the language's list and the writer's own), and whether they mark it. */
export function partOverusedOf(
  voice: BookVoice | undefined,
  text: string,
  lang: Lang,
): OverusedMeasure & { isMarked: boolean } {
  // The listed phrases of each text are kept by overusedIn (the writer's own are few and looked for each time).
  const measure = overusedIn(text, lang, voice?.avoid ?? []);
  return { ...measure, isMarked: isOverused(measure) };
}

/**
 * The note a "rewrite toward my voice" sends (with the step's voice guidance): what drifted, in the book's
 * language, and the writer's own note if any. A book without a voice sample is refused (`voice_missing`).
 */
export function towardVoiceNote(state: BookState, position: number, note?: string): string {
  if (!state.voice?.fingerprint) throw new VoiceError('voice_missing', {});
  const text = state.content[position] ?? '';
  const drifts = partVoiceOf(state.voice, text, state.lang)?.notes ?? [];
  const overused = partOverusedOf(state.voice, text, state.lang).phrases.slice(0, 8);
  const w = wordsIn(state.lang);
  const lines = [
    w.towardVoice,
    ...(drifts.length ? [fill(w.towardDrifts, { drifts: drifts.join(', ') })] : []),
    ...(overused.length ? [fill(w.towardPhrases, { phrases: overused.map((p) => `"${p}"`).join(', ') })] : []),
    ...(note?.trim() ? [note.trim()] : []),
  ];
  return lines.join(' ');
}

/**
 * A prose part's marks as progress events carry them (batch, the queue's notices): the drifts in words and the overused
 * phrases when they mark it.
 */
export interface VoiceMarks {
  voiceDrifts?: string[];
  overused?: { perThousand: number; phrases: string[] };
}

export function voiceMarksOf(outcome: {
  voice?: PartVoice;
  overused?: OverusedMeasure & { isMarked: boolean };
}): VoiceMarks {
  return {
    ...(outcome.voice?.drifts.length ? { voiceDrifts: outcome.voice.notes } : {}),
    ...(outcome.overused?.isMarked
      ? { overused: { perThousand: outcome.overused.perThousand, phrases: outcome.overused.phrases.slice(0, 8) } }
      : {}),
  };
}
