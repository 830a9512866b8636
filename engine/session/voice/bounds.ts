// How far a writer's own sample strays from chapter to chapter, and so how far a part may stray before it is
// named a drift. A novel's chapters differ by their scenes: one is a conversation (short paragraphs, most words
// in quotation marks), the next a journey told in long paragraphs, a letter is in the first person. Fixed bands
// around the sample's figures called such chapters drifts (two of five chapters of a writer's own novel, on
// dialogue share alone). So a sample is cut into slices (its chapters when it marks at least three, else runs of
// whole paragraphs of about SLICE_WORDS words), each slice measured, and each statistic's bounds are where a
// new chapter of the same writer is expected: the mean of the slices ± SPREADS standard deviations, widened for
// the few slices they come from (√(1 + 1/n), as a prediction interval is) and never narrower than the fixed
// band (BANDS). Lengths and diversity are read on a log scale (a chapter twice as long as another strays as
// far as one half as long). Point of view and tense are in the voice when any slice is told that way.
// A sample under three slices says nothing of its spread: its bounds are the fixed bands widened by
// SHORT_SAMPLE_WIDENING. The numbers were set on real novels (tests/fixtures/voice/README.md), and the guide
// (docs/voice.md) gives what they measured.
import type { Lang } from '../../spec/types.js';
import type { VoiceBounds, VoiceFingerprint } from '../../compile/book-voice.js';
import { countLetterWords } from '../../letter-words.js';
import { readingPattern } from '../../reading-words.js';

/**
 * How far a part may stray from a sample's own figure with nothing known of its spread: a ratio for lengths and
 * diversity, a difference for dialogue.
 */
export const BANDS = { sentenceWords: 1.5, paragraphWords: 2.5, dialogueShare: 0.2, diversity: 1.6 } as const;
/** A sample without chapter marks is cut into runs of whole paragraphs of about this many words. */
export const SLICE_WORDS = 1500;
/** Fewer slices than this say nothing of a sample's spread. */
export const MIN_SLICES = 3;
/** At most this many slices are measured, taken evenly across the sample. */
export const MAX_SLICES = 12;
/**
 * Of a long chapter, its first this many words (whole paragraphs) are measured: a whole novel given as the sample costs
 * twelve chapter openings, not the book.
 */
export const SLICE_MOST_WORDS = 3000;
/** Bounds: the slices' mean ± this many standard deviations (times √(1 + 1/n)). */
export const SPREADS = 3;
/**
 * A short sample's bounds: the fixed bands widened this many times (on the log scale for ratios: 1.5× becomes 2.25×).
 */
export const SHORT_SAMPLE_WIDENING = 2;

/**
 * A chapter heading standing alone (every language's `reading.parts` and numbers): "Chapter 3", "CHAPTER IV. Anne's
 * History", "Bab 2", a Markdown heading, or a Roman numeral alone ("XVI", as Gutenberg sets many novels).
 */
const heading = () =>
  readingPattern(
    String.raw`^(?:#{1,6}\s+\S|(?:{parts.chapter}|{parts.book}|{parts.part}|{parts.section})` +
      String.raw`\s+(?:\d+|[ivxlcdm]+\b|{numbers}(?!\p{L})))`,
  );
const ROMAN = /^[IVXLC]{1,8}\.?$/;
const MIN_CHAPTER_WORDS = 300;

function blocksOf(text: string): string[] {
  const t = text.replace(/\r\n?/g, '\n').trim();
  return t
    .split(/\n\s*\n/.test(t) ? /\n\s*\n/ : /\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * A sample's chapters (the text after each heading, those of at least MIN_CHAPTER_WORDS words), or none when it marks
 * fewer than MIN_SLICES.
 */
function chaptersOf(blocks: readonly string[]): string[] {
  const chapters: string[][] = [];
  for (const b of blocks) {
    if ((heading().test(b) || ROMAN.test(b)) && countLetterWords(b) <= 15) chapters.push([]);
    else chapters[chapters.length - 1]?.push(b);
  }
  const kept = chapters.map((c) => c.join('\n\n')).filter((c) => countLetterWords(c) >= MIN_CHAPTER_WORDS);
  return kept.length >= MIN_SLICES ? kept : [];
}

/** Runs of whole paragraphs of about SLICE_WORDS words; a last run under half of it joins the one before. */
function runsOf(blocks: readonly string[]): string[] {
  const runs: Array<{ blocks: string[]; words: number }> = [];
  let run = { blocks: [] as string[], words: 0 };
  for (const b of blocks) {
    run.blocks.push(b);
    run.words += countLetterWords(b);
    if (run.words >= SLICE_WORDS) {
      runs.push(run);
      run = { blocks: [], words: 0 };
    }
  }
  if (run.words > 0) {
    const last = runs[runs.length - 1];
    if (last && run.words < SLICE_WORDS / 2) last.blocks.push(...run.blocks);
    else runs.push(run);
  }
  return runs.map((r) => r.blocks.join('\n\n'));
}

/** The first SLICE_MOST_WORDS words of a slice, in whole paragraphs. */
function openingOf(slice: string): string {
  const out: string[] = [];
  let words = 0;
  for (const p of slice.split('\n\n')) {
    if (words >= SLICE_MOST_WORDS) break;
    out.push(p);
    words += countLetterWords(p);
  }
  return out.join('\n\n');
}

/**
 * The slices a sample is measured in: its chapters (the first SLICE_MOST_WORDS words of each), or runs of about
 * SLICE_WORDS words; at most MAX_SLICES, spread evenly.
 */
export function slicesOf(text: string): string[] {
  const blocks = blocksOf(text);
  const slices = chaptersOf(blocks);
  const all = slices.length ? slices : runsOf(blocks);
  const picked =
    all.length <= MAX_SLICES
      ? all
      : Array.from({ length: MAX_SLICES }, (_, i) => all[Math.floor((i * all.length) / MAX_SLICES)]!);
  return picked.map(openingOf);
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, xs.length - 1));
};
const r2 = (x: number) => Math.round(100 * x) / 100;
const ln = (x: number) => Math.log(Math.max(0.1, x));

/** A ratio statistic's bounds from its slices: exp(mean ± half) of the logs, half never under the band's. */
function ratioBounds(xs: readonly number[], band: number, widen: number): [number, number] {
  const logs = xs.map(ln);
  const half = Math.max(Math.log(band), widen * sd(logs));
  return [r2(Math.exp(mean(logs) - half)), r2(Math.exp(mean(logs) + half))];
}

/** The bounds of a sample measured in slices (their fingerprints); undefined under MIN_SLICES slices. */
export function boundsOfSlices(slices: readonly VoiceFingerprint[]): VoiceBounds | undefined {
  const n = slices.length;
  if (n < MIN_SLICES) return undefined;
  const widen = SPREADS * Math.sqrt(1 + 1 / n);
  const dialogue = slices.map((s) => s.dialogueShare);
  const half = Math.max(BANDS.dialogueShare, widen * sd(dialogue));
  return {
    slices: n,
    sentenceWords: ratioBounds(
      slices.map((s) => s.sentenceWords.mean),
      BANDS.sentenceWords,
      widen,
    ),
    paragraphWords: ratioBounds(
      slices.map((s) => s.paragraphWords),
      BANDS.paragraphWords,
      widen,
    ),
    dialogueShare: [r2(mean(dialogue) - half), r2(mean(dialogue) + half)],
    diversity: ratioBounds(
      slices.map((s) => s.diversity),
      BANDS.diversity,
      widen,
    ),
    pointsOfView: [...new Set(slices.map((s) => s.pointOfView))],
    tenses: [
      ...new Set(slices.map((s) => s.tense).filter((t): t is 'past' | 'present' => t === 'past' || t === 'present')),
    ],
  };
}

/**
 * The bounds a part is measured against: the sample's own, or for a short sample (or a voice kept without them) its
 * figures within the widened bands.
 */
export function boundsOfVoice(voice: VoiceFingerprint): VoiceBounds {
  if (voice.bounds) return voice.bounds;
  const ratio = (x: number, band: number): [number, number] => [
    x / band ** SHORT_SAMPLE_WIDENING,
    x * band ** SHORT_SAMPLE_WIDENING,
  ];
  return {
    slices: 1,
    sentenceWords: ratio(voice.sentenceWords.mean, BANDS.sentenceWords),
    paragraphWords: ratio(voice.paragraphWords, BANDS.paragraphWords),
    // Dialogue is named only beside another drift (measure.ts), so its band stays the fixed one: it adds a note, never
    // a mark.
    dialogueShare: [voice.dialogueShare - BANDS.dialogueShare, voice.dialogueShare + BANDS.dialogueShare],
    diversity: ratio(voice.diversity, BANDS.diversity),
    pointsOfView: [voice.pointOfView],
    tenses: voice.tense === 'past' || voice.tense === 'present' ? [voice.tense] : [],
  };
}

/** How far a value is from the middle of its bounds: 1 at their edge (on the log scale for ratios). */
export function distanceWithin(value: number, [lo, hi]: readonly [number, number], isRatio: boolean): number {
  const [a, b, v] = isRatio ? [ln(lo), ln(hi), ln(value)] : [lo, hi, value];
  const half = Math.max(1e-6, (b - a) / 2);
  return Math.abs(v - (a + b) / 2) / half;
}

/**
 * The fingerprints of a sample's slices, in its language (fingerprintOf passed in: fingerprint.ts imports this file).
 */
export function sliceFingerprints(
  text: string,
  lang: Lang,
  fingerprintOf: (text: string, lang: Lang) => VoiceFingerprint,
): VoiceFingerprint[] {
  return slicesOf(text).map((s) => fingerprintOf(s, lang));
}
