// `karya voice FILE`: a sample of the writer's prose measured as a voice (engine/session/voice/fingerprint.ts): sentence
// and paragraph length, dialogue, vocabulary, openers, point of view, tense, overused phrases, and the range a
// part may take before it drifts (its chapters' spread, docs/voice.md). Nothing is saved
// (`karya generate <id> --voice FILE` gives a book its voice).
import { detectLanguage, type Lang, type VoiceFingerprint } from '../../engine/index.js';
import { fail } from '../util.js';
import { voiceOfTextOrExit, voiceSampleTextOrExit } from '../voice.js';

export interface VoiceOptions {
  lang?: string;
  json?: boolean;
  state?: string;
}

const LABELS = {
  en: { range: 'a part drifts outside the range of your sample\'s {n} slices (its chapters, or runs of about 1,500 words): sentences {s} words, paragraphs {p} words, MTLD {v}, dialogue {d} %; dialogue alone never counts', short: 'a short sample (under three chapters or 3,000 words): a part drifts only well outside its figures (sentences 2.25×, paragraphs 6.25×); give more for a range of your own', sampled: 'measured on {words} words taken evenly across its {total}', title: 'Voice of {file} ({words} words, {language})', sentences: 'sentences', paragraphs: 'paragraphs', dialogue: 'dialogue', vocabulary: 'vocabulary', openers: 'openers', pov: 'point of view', tense: 'tense', overused: 'overused', wordsAvg: '{mean} words on average (spread {spread})', words: '{n} words', share: '{n} % of the words', mtld: 'MTLD {n} (higher is more varied)', person: '{p} person', perK: '{n} per 1,000 words', none: 'none', unmarked: 'not marked in Malay', language: { en: 'English', ms: 'Bahasa Malaysia' }, first: 'first', second: 'second', third: 'third', past: 'past', present: 'present', mixed: 'mixed' },
  ms: { range: 'sesuatu bahagian menyimpang jika di luar julat {n} keratan sampel anda (bab-babnya, atau kira-kira 1,500 patah perkataan setiap satu): ayat {s} patah perkataan, perenggan {p} patah perkataan, MTLD {v}, dialog {d} %; dialog sahaja tidak dikira', short: 'sampel pendek (kurang daripada tiga bab atau 3,000 patah perkataan): sesuatu bahagian menyimpang hanya jika jauh di luar angkanya (ayat 2.25×, perenggan 6.25×); beri lebih banyak untuk julat anda sendiri', sampled: 'diukur pada {words} patah perkataan yang diambil sama rata daripada {total} patah perkataannya', title: 'Suara {file} ({words} patah perkataan, {language})', sentences: 'ayat', paragraphs: 'perenggan', dialogue: 'dialog', vocabulary: 'perbendaharaan kata', openers: 'pembuka ayat', pov: 'sudut pandangan', tense: 'kala', overused: 'frasa klise', wordsAvg: 'purata {mean} patah perkataan (sebaran {spread})', words: '{n} patah perkataan', share: '{n} % daripada perkataan', mtld: 'MTLD {n} (lebih tinggi lebih pelbagai)', person: 'orang {p}', perK: '{n} setiap 1,000 perkataan', none: 'tiada', unmarked: 'tidak ditanda dalam bahasa Melayu', language: { en: 'bahasa Inggeris', ms: 'Bahasa Malaysia' }, first: 'pertama', second: 'kedua', third: 'ketiga', past: 'lampau', present: 'kini', mixed: 'bercampur' },
} as const;

const fill = (s: string, p: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(p[k] ?? ''));

/** The fingerprint in plain words, one statistic a line. */
export function fingerprintLines(fp: VoiceFingerprint, lang: Lang): string[] {
  const l = LABELS[lang];
  const rows: Array<[string, string]> = [
    [l.sentences, fill(l.wordsAvg, { mean: fp.sentenceWords.mean, spread: fp.sentenceWords.spread })],
    [l.paragraphs, fill(l.words, { n: fp.paragraphWords })],
    [l.dialogue, fill(l.share, { n: Math.round(100 * fp.dialogueShare) })],
    [l.vocabulary, fill(l.mtld, { n: fp.diversity })],
    [l.openers, fp.openers.length ? fp.openers.map((o) => `"${o}"`).join(', ') : l.none],
    [l.pov, fill(l.person, { p: l[fp.pointOfView] })],
    [l.tense, fp.tense ? l[fp.tense] : lang === 'ms' ? l.unmarked : '-'],
    [l.overused, fill(l.perK, { n: fp.overusedPerThousand })],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`);
}

/** The range a part is measured against (engine/session/voice/bounds.ts), in plain words: the sample's own, or a short sample's note. */
export function rangeLine(fp: VoiceFingerprint, lang: Lang): string {
  const l = LABELS[lang];
  const b = fp.bounds;
  if (!b) return `  ${l.short}`;
  const span = ([lo, hi]: readonly [number, number], d = 1) => `${lo.toFixed(d)}–${hi.toFixed(d)}`;
  const share = Math.max(0, Math.round(100 * b.dialogueShare[0])) + '–' + Math.min(100, Math.round(100 * b.dialogueShare[1]));
  return `  ${fill(l.range, { n: b.slices, s: span(b.sentenceWords), p: span(b.paragraphWords, 0), v: span(b.diversity, 0), d: share })}`;
}

export async function voiceCommand(file: string, opts: VoiceOptions): Promise<void> {
  if (opts.lang !== undefined && opts.lang !== 'en' && opts.lang !== 'ms') fail(`--lang: "${opts.lang}" is not a language Karya writes; use en or ms`);
  const asked = opts.lang as Lang | undefined;
  const text = await voiceSampleTextOrExit(file, asked ?? 'en', '', opts.state);
  // Without --lang, the sample's own language (Malay or Indonesian read as Malay).
  const found = detectLanguage(text).language;
  const lang: Lang = asked ?? (found === 'ms' || found === 'id' ? 'ms' : 'en');
  const { fingerprint, sampledFrom } = voiceOfTextOrExit(text, lang);
  if (opts.json) {
    process.stdout.write(JSON.stringify({ file, lang, ...fingerprint, ...(sampledFrom ? { sampledFrom } : {}) }) + '\n');
    return;
  }
  const l = LABELS[lang];
  const numbers = (n: number) => n.toLocaleString(lang === 'ms' ? 'ms-MY' : 'en-GB');
  const sampled = sampledFrom ? [`  ${fill(l.sampled, { words: numbers(fingerprint.words), total: numbers(sampledFrom) })}`] : [];
  process.stdout.write([fill(l.title, { file, words: fingerprint.words, language: l.language[lang] }), ...sampled, ...fingerprintLines(fingerprint, lang), rangeLine(fingerprint, lang)].join('\n') + '\n');
}
