// The writer's voice: a fingerprint of a sample of their prose, in English or Malay, that every
// prose part of their book is measured against, and the guidance every writing step is sent.
//
// The fingerprint is the handful of simple statistics by which model imitations are told from a writer's
// prose (sentence length and its spread, paragraph length, the share of dialogue, vocabulary diversity as
// MTLD, diversity.ts; the common sentence openers; point of view and tense as detected, person-tense.ts) and the
// overused-phrase rate.
// A sample long enough is also measured slice by slice (its chapters), and the spread between them gives the
// bounds a part is measured against (bounds.ts). A part is compared statistic by statistic: each distance is 1
// at the edge of its bounds, the overall distance is their mean, and a statistic over 1 is a drift (dialogue
// share only beside another), named to the writer in their language.
import type { Lang } from '../../spec/types.js';
import { detectLanguage, readingOf } from '../reading/index.js';
import { proseOfPlainText, unwrapLines } from '../../import/plain-text.js';
import { countLetterWords } from '../../letter-words.js';
import { firstWordOf, narrationOf, paragraphsOf, quotedSpans, sentencesIn, sentencesOf, wordsOf } from './text.js';
import { overusedIn, phrasesToAvoid } from './overused.js';
import { VoiceError } from './error.js';
import type { BookVoice, VoiceFingerprint } from '../../compile/book-voice.js';
import { boundsOfSlices, sliceFingerprints } from './bounds.js';
import { voiceLanguageOf } from './language.js';
import { vocabularyOf } from './diversity.js';
import { pointOfViewOf, tenseOf } from './person-tense.js';

export type { BookVoice, VoiceFingerprint } from '../../compile/book-voice.js';

/** A sample between these many words is measured. */
export const MIN_SAMPLE_WORDS = 300;
export const MAX_SAMPLE_WORDS = 10000;
/** A part under this many words is too short to measure against a voice. */
export const MIN_PART_WORDS = 80;
/** At most this many words of exemplars are kept with a voice (and sent with a step). */
export const EXEMPLAR_WORDS = 180;

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const spread = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
};

/** The first word of each sentence, after any opening quotation mark, lowercased. */
function openersOf(sentences: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const s of sentences) {
    const first = firstWordOf(s.slice(0, 40));
    if (first) counts.set(first, (counts.get(first) ?? 0) + 1);
  }
  return [...counts.entries()]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([w]) => w);
}

/** The fingerprint of a text (any length; a sample is checked first by voiceFromSample). */
export function fingerprintOf(raw: string, lang: Lang): VoiceFingerprint {
  // A hard-wrapped text (an older import, a pasted Gutenberg page) measured on its paragraphs, not its lines.
  const text = unwrapLines(raw);
  const paragraphs = readingOf(text).kept('voice paragraphs', paragraphsOf);
  const sentences = sentencesIn(paragraphs, lang);
  const prose = paragraphs.join('\n\n');
  const { words, diversity } = vocabularyOf(prose, lang);
  const sentenceLengths = sentences.map(countLetterWords).filter((n) => n > 0);
  const quoted = quotedSpans(text).reduce((n, q) => n + countLetterWords(q), 0);
  const narration = wordsOf(narrationOf(prose), lang);
  return {
    sentenceWords: { mean: round(mean(sentenceLengths)), spread: round(spread(sentenceLengths)) },
    paragraphWords: round(paragraphs.length ? words / paragraphs.length : 0),
    dialogueShare: round(words ? Math.min(1, quoted / words) : 0, 2),
    diversity: round(diversity),
    openers: openersOf(sentences),
    pointOfView: pointOfViewOf(narration, lang),
    tense: tenseOf(narration, lang),
    overusedPerThousand: overusedIn(text, lang).perThousand,
    words,
  };
}

/**
 * One or two passages of a sample that read most like it, at most EXEMPLAR_WORDS in all: runs of consecutive
 * paragraphs of at least 30 words (a terse writer's exchange of short lines is one passage, a novelist's long
 * paragraph another), those whose sentence and paragraph lengths are nearest the sample's first.
 */
function exemplarsOf(text: string, lang: Lang, fp: VoiceFingerprint): string[] {
  const paragraphs = paragraphsOf(text).map((p) => ({ p, n: countLetterWords(p), s: sentencesOf(p, lang).length }));
  const passages: Array<{ text: string; n: number; score: number; from: number; to: number }> = [];
  for (let from = 0; from < paragraphs.length; from++) {
    let n = 0;
    let s = 0;
    for (let to = from; to < paragraphs.length && n + paragraphs[to]!.n <= EXEMPLAR_WORDS; to++) {
      n += paragraphs[to]!.n;
      s += paragraphs[to]!.s;
      if (n < 30) continue;
      const count = to - from + 1;
      const score =
        Math.abs(Math.log(n / Math.max(1, s) / Math.max(1, fp.sentenceWords.mean))) +
        Math.abs(Math.log(n / count / Math.max(1, fp.paragraphWords)));
      passages.push({
        text: paragraphs
          .slice(from, to + 1)
          .map((x) => x.p)
          .join('\n\n'),
        n,
        score,
        from,
        to,
      });
      break;
    }
  }
  const out: Array<(typeof passages)[number]> = [];
  let words = 0;
  for (const x of passages.sort((a, b) => a.score - b.score)) {
    if (out.length === 2 || words + x.n > EXEMPLAR_WORDS || out.some((o) => x.from <= o.to && o.from <= x.to)) continue;
    out.push(x);
    words += x.n;
  }
  return out.sort((a, b) => a.from - b.from).map((x) => x.text);
}

/** Windows a long sample is read in, spread evenly across it. */
const SAMPLE_WINDOWS = 10;

/**
 * A sample of at most MAX_SAMPLE_WORDS words taken evenly across a longer text: SAMPLE_WINDOWS runs of whole
 * paragraphs, from its start to its end, so a novel's voice is its whole book's and not its first chapter's.
 */
export function evenSample(text: string, most = MAX_SAMPLE_WORDS): { text: string; words: number } {
  const paragraphs = paragraphsOf(text);
  const counts = paragraphs.map(countLetterWords);
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= most) return { text, words: total };
  const per = Math.floor(most / SAMPLE_WINDOWS);
  const taken: string[] = [];
  let kept = 0;
  for (let w = 0; w < SAMPLE_WINDOWS; w++) {
    let words = 0;
    for (let i = Math.floor((w * paragraphs.length) / SAMPLE_WINDOWS); i < paragraphs.length && words < per; i++) {
      if (kept + counts[i]! > most) break;
      taken.push(paragraphs[i]!);
      words += counts[i]!;
      kept += counts[i]!;
    }
  }
  return { text: taken.join('\n\n'), words: total };
}

/**
 * A sample's voice: refused (VoiceError) when it is not text, too short to measure, or in the other language.
 * A Project Gutenberg header and licence are left out and hard-wrapped lines read as paragraphs
 * (proseOfPlainText); a sample over MAX_SAMPLE_WORDS is measured on an even sample of it (`sampledFrom`: its words).
 */
export function voiceFromSample(
  raw: string,
  lang: Lang,
): Required<Pick<BookVoice, 'fingerprint' | 'exemplars'>> & { sampledFrom?: number } {
  const controls = (raw.match(/[\u0000-\u0008\u000e-\u001f\ufffd]/g) ?? []).length;
  if (raw.includes('\u0000') || controls > Math.max(2, raw.length / 200)) throw new VoiceError('voice_not_text', {});
  const whole = proseOfPlainText(raw);
  const sample = evenSample(whole);
  const text = sample.text;
  const fp = fingerprintOf(text, lang);
  if (fp.words < MIN_SAMPLE_WORDS) throw new VoiceError('voice_too_short', { words: fp.words, min: MIN_SAMPLE_WORDS });
  const found = detectLanguage(text).language;
  if (found !== null && voiceLanguageOf(lang).refusesSamplesIn.includes(found))
    throw new VoiceError('voice_language', { expected: lang, found });
  // The spread is read on the whole sample (its chapters), not on the even sample taken for the figures.
  const bounds = boundsOfSlices(sliceFingerprints(whole, lang, fingerprintOf));
  return {
    fingerprint: { ...fp, ...(bounds ? { bounds } : {}) },
    exemplars: exemplarsOf(text, lang, fp),
    ...(sample.words > MAX_SAMPLE_WORDS ? { sampledFrom: sample.words } : {}),
  };
}

export { VoiceError } from './error.js';
export { phrasesToAvoid };
