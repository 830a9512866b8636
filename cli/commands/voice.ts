// `karya voice FILE`: a sample of the writer's prose measured as a voice (engine/session/voice/fingerprint.ts): sentence
// and paragraph length, dialogue, vocabulary, openers, point of view, tense, overused phrases, and the range a
// part may take before it drifts (its chapters' spread, docs/voice.md). Nothing is saved
// (`karya generate <id> --voice FILE` gives a book its voice).
import { catalogue, detectLanguage, fillPlaceholders, languageName, langs, tableLanguageOf, wordIn, type Lang, type VoiceFingerprint } from '../../engine/index.js';
import { langOptionOrExit } from '../langs.js';
import { voiceOfTextOrExit, voiceSampleTextOrExit } from '../voice.js';

export interface VoiceOptions {
  lang?: string;
  json?: boolean;
  state?: string;
}

// The words of `karya voice`; other languages' in languages/<code>/cli-voice.yaml. `unmarked` is the tense of a
// sample in a language that does not mark it on verbs (English marks it: a sample without one reads '-').
const LABELS = catalogue('cli-voice', {
  range: { en: 'a part drifts outside the range of your sample\'s {n} slices (its chapters, or runs of about 1,500 words): sentences {s} words, paragraphs {p} words, MTLD {v}, dialogue {d} %; dialogue alone never counts', ms: 'sesuatu bahagian menyimpang jika di luar julat {n} keratan sampel anda (bab-babnya, atau kira-kira 1,500 patah perkataan setiap satu): ayat {s} patah perkataan, perenggan {p} patah perkataan, MTLD {v}, dialog {d} %; dialog sahaja tidak dikira' },
  short: { en: 'a short sample (under three chapters or 3,000 words): a part drifts only well outside its figures (sentences 2.25×, paragraphs 6.25×); give more for a range of your own', ms: 'sampel pendek (kurang daripada tiga bab atau 3,000 patah perkataan): sesuatu bahagian menyimpang hanya jika jauh di luar angkanya (ayat 2.25×, perenggan 6.25×); beri lebih banyak untuk julat anda sendiri' },
  sampled: { en: 'measured on {words} words taken evenly across its {total}', ms: 'diukur pada {words} patah perkataan yang diambil sama rata daripada {total} patah perkataannya' },
  title: { en: 'Voice of {file} ({words} words, {language})', ms: 'Suara {file} ({words} patah perkataan, {language})' },
  sentences: { en: 'sentences', ms: 'ayat' },
  paragraphs: { en: 'paragraphs', ms: 'perenggan' },
  dialogue: { en: 'dialogue', ms: 'dialog' },
  vocabulary: { en: 'vocabulary', ms: 'perbendaharaan kata' },
  openers: { en: 'openers', ms: 'pembuka ayat' },
  pov: { en: 'point of view', ms: 'sudut pandangan' },
  tense: { en: 'tense', ms: 'kala' },
  overused: { en: 'overused', ms: 'frasa klise' },
  wordsAvg: { en: '{mean} words on average (spread {spread})', ms: 'purata {mean} patah perkataan (sebaran {spread})' },
  words: { en: '{n} words', ms: '{n} patah perkataan' },
  share: { en: '{n} % of the words', ms: '{n} % daripada perkataan' },
  mtld: { en: 'MTLD {n} (higher is more varied)', ms: 'MTLD {n} (lebih tinggi lebih pelbagai)' },
  person: { en: '{p} person', ms: 'orang {p}' },
  perK: { en: '{n} per 1,000 words', ms: '{n} setiap 1,000 perkataan' },
  none: { en: 'none', ms: 'tiada' },
  unmarked: { en: '-', ms: 'tidak ditanda dalam bahasa Melayu' },
  first: { en: 'first', ms: 'pertama' },
  second: { en: 'second', ms: 'kedua' },
  third: { en: 'third', ms: 'ketiga' },
  past: { en: 'past', ms: 'lampau' },
  present: { en: 'present', ms: 'kini' },
  mixed: { en: 'mixed', ms: 'bercampur' },
});

type Label = keyof typeof LABELS;
/** The labels in a language, each looked up once. */
const labelsIn = (lang: Lang): Record<Label, string> => Object.fromEntries(Object.entries(LABELS).map(([k, entry]) => [k, wordIn(entry, lang)])) as Record<Label, string>;
const fill = fillPlaceholders;

/** The fingerprint in plain words, one statistic a line. */
export function fingerprintLines(fp: VoiceFingerprint, lang: Lang): string[] {
  const l = labelsIn(lang);
  const rows: Array<[string, string]> = [
    [l.sentences, fill(l.wordsAvg, { mean: fp.sentenceWords.mean, spread: fp.sentenceWords.spread })],
    [l.paragraphs, fill(l.words, { n: fp.paragraphWords })],
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

/** The range a part is measured against (engine/session/voice/bounds.ts), in plain words: the sample's own, or a short sample's note. */
export function rangeLine(fp: VoiceFingerprint, lang: Lang): string {
  const l = labelsIn(lang);
  const b = fp.bounds;
  if (!b) return `  ${l.short}`;
  const span = ([lo, hi]: readonly [number, number], d = 1) => `${lo.toFixed(d)}–${hi.toFixed(d)}`;
  const share = Math.max(0, Math.round(100 * b.dialogueShare[0])) + '–' + Math.min(100, Math.round(100 * b.dialogueShare[1]));
  return `  ${fill(l.range, { n: b.slices, s: span(b.sentenceWords), p: span(b.paragraphWords, 0), v: span(b.diversity, 0), d: share })}`;
}

export async function voiceCommand(file: string, opts: VoiceOptions): Promise<void> {
  const asked = langOptionOrExit(opts.lang);
  const text = await voiceSampleTextOrExit(file, asked ?? langs()[0]!, '', opts.state);
  // Without --lang, the sample's own language (as the table reads it: Indonesian as Malay while it is not in the table).
  const lang: Lang = asked ?? tableLanguageOf(detectLanguage(text).language) ?? langs()[0]!;
  const { fingerprint, sampledFrom } = voiceOfTextOrExit(text, lang);
  if (opts.json) {
    process.stdout.write(JSON.stringify({ file, lang, ...fingerprint, ...(sampledFrom ? { sampledFrom } : {}) }) + '\n');
    return;
  }
  const l = labelsIn(lang);
  // A language's code is its locale (BCP 47).
  const numbers = (n: number) => n.toLocaleString(lang);
  const sampled = sampledFrom ? [`  ${fill(l.sampled, { words: numbers(fingerprint.words), total: numbers(sampledFrom) })}`] : [];
  process.stdout.write([fill(l.title, { file, words: fingerprint.words, language: languageName(lang, lang) }), ...sampled, ...fingerprintLines(fingerprint, lang), rangeLine(fingerprint, lang)].join('\n') + '\n');
}
