// `karya voice FILE`: a sample of the writer's prose measured as a voice (engine/session/voice/fingerprint.ts):
// sentence
// and paragraph length, dialogue, vocabulary, openers, point of view, tense, overused phrases, and the range a
// part may take before it drifts (its chapters' spread, docs/voice.md). Nothing is saved
// (`karya generate <id> --voice FILE` gives a book its voice).
import {
  catalogue,
  sayer,
  detectLanguage,
  numberIn,
  fillPlaceholders,
  languageName,
  langs,
  tableLanguageOf,
  wordIn,
  type Lang,
  type VoiceFingerprint,
} from '../../engine/index.js';
import { langOptionOrExit, writerLang } from '../langs.js';
import { voiceOfTextOrExit, voiceSampleTextOrExit } from '../voice.js';

export interface VoiceOptions {
  lang?: string;
  json?: boolean;
  state?: string;
}

// The words of `karya voice`; other languages' in languages/<code>/cli-voice.yaml. `unmarked` is the tense of a
// sample in a language that does not mark it on verbs (English marks it: a sample without one reads '-').
const LABELS = catalogue('cli-voice', [
  'range',
  'short',
  'sampled',
  'title',
  'sentences',
  'paragraphs',
  'dialogue',
  'vocabulary',
  'openers',
  'pov',
  'tense',
  'overused',
  'wordsAvg',
  'words',
  'share',
  'mtld',
  'person',
  'perK',
  'none',
  'unmarked',
  'first',
  'second',
  'third',
  'past',
  'present',
  'mixed',
]);

type Label = keyof typeof LABELS;
/** The labels in a language, each looked up once. */
const labelsIn = (lang: Lang): Record<Label, string> =>
  Object.fromEntries(Object.entries(LABELS).map(([k, entry]) => [k, wordIn(entry, lang)])) as Record<Label, string>;
const fill = fillPlaceholders;
/** A label said through the catalogue: a counted one (`words`) in its language's form for its count. */
const say = sayer(LABELS);

/** The fingerprint in plain words, one statistic a line. */
export function fingerprintLines(fp: VoiceFingerprint, lang: Lang): string[] {
  const l = labelsIn(lang);
  const rows: Array<[string, string]> = [
    [l.sentences, fill(l.wordsAvg, { mean: fp.sentenceWords.mean, spread: fp.sentenceWords.spread })],
    [l.paragraphs, say('words', lang, { n: fp.paragraphWords })],
    [l.dialogue, fill(l.share, { n: Math.round(100 * fp.dialogueShare) })],
    [l.vocabulary, fill(l.mtld, { n: fp.diversity })],
    [l.openers, fp.openers.length ? fp.openers.map((o) => `"${o}"`).join(', ') : l.none],
    [l.pov, fill(l.person, { p: l[fp.pointOfView] })],
    [l.tense, fp.tense ? l[fp.tense] : l.unmarked],
    [l.overused, fill(l.perK, { n: fp.overusedPerThousand })],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`);
}

/**
 * The range a part is measured against (engine/session/voice/bounds.ts), in plain words: the sample's own, or a short
 * sample's note.
 */
export function rangeLine(fp: VoiceFingerprint, lang: Lang): string {
  const l = labelsIn(lang);
  const b = fp.bounds;
  if (!b) return `  ${l.short}`;
  const span = ([lo, hi]: readonly [number, number], d = 1) => `${numberIn(lo, lang, d)}–${numberIn(hi, lang, d)}`;
  const share =
    Math.max(0, Math.round(100 * b.dialogueShare[0])) + '–' + Math.min(100, Math.round(100 * b.dialogueShare[1]));
  const figures = {
    n: b.slices,
    s: span(b.sentenceWords),
    p: span(b.paragraphWords, 0),
    v: span(b.diversity, 0),
    d: share,
  };
  return `  ${fill(l.range, figures)}`;
}

export async function voiceCommand(file: string, opts: VoiceOptions): Promise<void> {
  const asked = langOptionOrExit(opts.lang);
  // Its refusals (a missing file) before its language is known: in the writer's (the locale's).
  const text = await voiceSampleTextOrExit(file, asked ?? writerLang(), '', opts.state);
  // Without --lang, the sample's own language (as the table reads it: Indonesian as Malay while it is not in the
  // table).
  const lang: Lang = asked ?? tableLanguageOf(detectLanguage(text).language) ?? langs()[0]!;
  const { fingerprint, sampledFrom } = voiceOfTextOrExit(text, lang);
  if (opts.json) {
    process.stdout.write(
      JSON.stringify({ file, lang, ...fingerprint, ...(sampledFrom ? { sampledFrom } : {}) }) + '\n',
    );
    return;
  }
  const l = labelsIn(lang);
  // A language's code is its locale (BCP 47).
  const numbers = (n: number) => numberIn(n, lang);
  const sampled = sampledFrom
    ? [`  ${fill(l.sampled, { words: numbers(fingerprint.words), total: numbers(sampledFrom) })}`]
    : [];
  process.stdout.write(
    [
      fill(l.title, { file, words: fingerprint.words, language: languageName(lang, lang) }),
      ...sampled,
      ...fingerprintLines(fingerprint, lang),
      rangeLine(fingerprint, lang),
    ].join('\n') + '\n',
  );
}
