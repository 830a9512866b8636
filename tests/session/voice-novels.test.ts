// A writer's voice measured on real novels (tests/fixtures/voice/README.md names them): a sample of eight
// chapters spread across the novel, and five other chapters, the first 1,500 words of each, measured against
// it as a writer's own parts would be. Chapters differ by their scenes (a conversation, a journey), and a
// drift is named only outside the spread the sample's own chapters show, never on dialogue share alone: none
// of the five is flagged. A terse first-person present-tense sample against the same chapters flags all five,
// naming sentence length and person. The same for a 1909 novel imported as Gutenberg ships it, measured
// against itself. The counts and bounds here are the ones the guide gives (docs/voice.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { partVoiceOf, voiceFromSample } from '../../engine/index.js';
import { proseOfPlainText } from '../../engine/import/plain-text.js';
import { bookVoiceOf as keptVoiceOf } from '../../engine/compile/book-voice.js';
import { boundsOfVoice, driftsOf, slicesOf, SHORT_SAMPLE_WIDENING } from '../../engine/session/voice/index.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'voice');
const fixture = (name: string) => readFileSync(path.join(DIR, name), 'utf8');

/** The chapters of a fixture file: the text after each "Chapter N" line. */
const chaptersIn = (text: string) =>
  text
    .split(/^Chapter \d+$/m)
    .map((c) => c.trim())
    .filter(Boolean);
/** The first `n` words of a text, in whole paragraphs. */
function firstWords(text: string, n: number): string {
  const out: string[] = [];
  let words = 0;
  for (const p of text.split(/\n\s*\n/)) {
    if (words >= n) break;
    out.push(p);
    words += p.split(/\s+/).filter(Boolean).length;
  }
  return out.join('\n\n');
}
const flaggedBy = (voice: ReturnType<typeof voiceFromSample>, parts: readonly string[]) =>
  parts.map((p) => partVoiceOf({ fingerprint: voice.fingerprint }, p, 'en')!).filter((v) => v.drifts.length);

describe.each([
  ['pride', 'Pride and Prejudice (1813)'],
  ['jungle', 'The Jungle (1906)'],
])('%s: %s', (name) => {
  const sample = fixture(`${name}-sample.txt`);
  const parts = chaptersIn(fixture(`${name}-chapters.txt`));
  const own = voiceFromSample(sample, 'en');

  it('the sample is measured in its eight chapters, each statistic bounded by their spread', () => {
    expect(parts).toHaveLength(5);
    const b = own.fingerprint.bounds!;
    expect(b.slices).toBe(8);
    // The bounds hold the sample's own figures, and are wider than the fixed bands a short sample gets around them.
    expect(b.sentenceWords[0]).toBeLessThan(own.fingerprint.sentenceWords.mean);
    expect(b.sentenceWords[1]).toBeGreaterThan(own.fingerprint.sentenceWords.mean * 1.5);
    expect(b.pointsOfView).toEqual(['third']);
    expect(b.tenses).toEqual(['past']);
  });

  it("none of five of the novel's own chapters is flagged as drifting from its voice", () => {
    const flagged = flaggedBy(own, parts);
    expect(flagged.map((v) => v.notes)).toEqual([]);
  });

  it('a terse first-person sample flags all five, by sentence length and person', () => {
    const terse = voiceFromSample(fixture('en-terse.txt'), 'en');
    expect(terse.fingerprint.bounds).toBeUndefined();
    const flagged = flaggedBy(terse, parts);
    expect(flagged).toHaveLength(5);
    for (const v of flagged) {
      expect(v.notes[0]).toMatch(/^sentences \d+(\.\d)?× longer$/);
      expect(v.notes).toContain('third person, not first');
    }
  });
});

describe('Anne of Avonlea (1909), chapters XVI to XXI as Project Gutenberg ships them', () => {
  // The import's own fixture (tests/fixtures/gutenberg): its chapters headed by a Roman numeral alone, hard-wrapped.
  // Imported, the manuscript is the book's voice; each chapter's first 1,500 words measured against it, as the
  // writer's next chapters would be. Before, fixed bands flagged one of them on dialogue share alone (23 % against 54
  // %).
  const raw = readFileSync(path.join(DIR, '..', 'gutenberg', 'anne-of-avonlea-xvi-xxi.txt'), 'utf8');

  it('the manuscript is measured in its six chapters and none of them drifts from it', () => {
    const voice = voiceFromSample(raw, 'en');
    expect(voice.fingerprint.bounds!.slices).toBe(6);
    const chapters = slicesOf(proseOfPlainText(raw)).map((c) => firstWords(c, 1500));
    expect(chapters).toHaveLength(6);
    expect(flaggedBy(voice, chapters).map((v) => v.notes)).toEqual([]);
    const terse = voiceFromSample(fixture('en-terse.txt'), 'en');
    expect(flaggedBy(terse, chapters)).toHaveLength(6);
  });
});

describe('how a sample is sliced and bounded', () => {
  it('a sample without chapter marks is measured in runs of about 1,500 words', () => {
    const unmarked = fixture('pride-sample.txt').replace(/^Chapter \d+\n/gm, '');
    const slices = slicesOf(unmarked);
    expect(slices.length).toBeGreaterThanOrEqual(8);
    // Whole paragraphs up to 1,500 words (counted as letters-and-digits words; here split on spaces, a few more or
    // less); the last run keeps its own slice from half of that.
    const words = slices.map((s) => s.split(/\s+/).filter(Boolean).length);
    for (const n of words.slice(0, -1)) expect(n).toBeGreaterThan(1400);
    expect(words.at(-1)).toBeGreaterThan(700);
    expect(voiceFromSample(unmarked, 'en').fingerprint.bounds!.slices).toBe(slices.length);
  });

  it('Malay chapter marks ("Bab 3") cut a sample too', () => {
    const chapter = (n: number) =>
      `Bab ${n}\n\n${'Dia berjalan ke pasar pagi itu dan membeli ikan untuk emaknya. '.repeat(40)}`;
    expect(slicesOf([1, 2, 3].map(chapter).join('\n\n'))).toHaveLength(3);
    // A short paragraph that only starts like a heading does not cut a chapter.
    expect(
      slicesOf(
        [1, 2, 3].map((n) => `${chapter(n)}\n\nPart of it was the rain.\n\n${chapter(n).slice(7)}`).join('\n\n'),
      ),
    ).toHaveLength(3);
  });

  it('a short sample (one slice) is bounded by the fixed bands widened twice on the log scale', () => {
    const short = voiceFromSample(fixture('en-long.txt'), 'en').fingerprint;
    expect(short.bounds).toBeUndefined();
    const b = boundsOfVoice(short);
    expect(b.sentenceWords[1] / short.sentenceWords.mean).toBeCloseTo(1.5 ** SHORT_SAMPLE_WIDENING, 5);
    expect(b.paragraphWords[1] / short.paragraphWords).toBeCloseTo(2.5 ** SHORT_SAMPLE_WIDENING, 5);
  });

  it(
    'the bounds are kept with the book and read back; malformed ones ' +
      'are dropped, the part then measured as against a short sample',
    () => {
      const fingerprint = voiceFromSample(fixture('pride-sample.txt'), 'en').fingerprint;
      const kept = keptVoiceOf(JSON.parse(JSON.stringify({ fingerprint })));
      expect(kept?.fingerprint?.bounds).toEqual(fingerprint.bounds);
      const damaged = keptVoiceOf({
        fingerprint: { ...fingerprint, bounds: { ...fingerprint.bounds, sentenceWords: [40, 10] } },
      });
      expect(damaged?.fingerprint).toBeDefined();
      expect(damaged?.fingerprint?.bounds).toBeUndefined();
    },
  );

  it('dialogue share alone is never a drift; beside another it is named', () => {
    const none = { sentenceWords: 0, paragraphWords: 0, dialogueShare: 0, diversity: 0, pointOfView: 0, tense: 0 };
    expect(driftsOf({ ...none, dialogueShare: 3 })).toEqual([]);
    expect(driftsOf({ ...none, dialogueShare: 3, sentenceWords: 1.2 })).toEqual(['sentenceWords', 'dialogueShare']);
  });
});
