// What a writing step is told of the writer's voice: the fingerprint turned into plain instructions, the
// phrases to avoid (the writer's own first, then the overused ones this book already leans on, then the
// list's head) and one or two short paragraphs of the writer's own prose, for the rhythm. Bounded: at most
// EXEMPLAR_WORDS of exemplars and 16 listed phrases besides the writer's own; fit.ts may drop the exemplars
// (they follow exemplarMark) to fit the model's window.
import { catalogue, langs, sayer, type Lang } from '../../languages/index.js';
import type { BookVoice } from './fingerprint.js';
import { phrasesToAvoid } from './overused.js';

/** The guidance's words (catalogue `voice-guidance`; other languages' in languages/<code>/voice-guidance.yaml). */
const GUIDANCE = catalogue('voice-guidance', [
  // The line the exemplars follow in the guidance: what fit.ts cuts at.
  'exemplars',
  'intro',
  'sentences',
  'paragraphs',
  'dialogue',
  'noDialogue',
  'narration',
  'narrationTense',
  'first',
  'second',
  'third',
  'past',
  'present',
  'avoid',
]);

const say = sayer(GUIDANCE);

/** The line the exemplars follow in the guidance, in a language: what fit.ts cuts at. */
export const exemplarMark = (lang: Lang): string => say('exemplars', lang);

function instructionsOf(voice: BookVoice, lang: Lang): string[] {
  const fp = voice.fingerprint;
  if (!fp) return [];
  const lo = Math.max(2, Math.round(fp.sentenceWords.mean - fp.sentenceWords.spread));
  const hi = Math.round(fp.sentenceWords.mean + fp.sentenceWords.spread);
  const mean = Math.round(fp.sentenceWords.mean);
  const para = Math.round(fp.paragraphWords);
  const dialogue = Math.round(100 * fp.dialogueShare);
  const pov = say(fp.pointOfView, lang);
  // A tense is named only where the language marks it on verbs and the voice holds one of the two.
  const tense = fp.tense === 'past' || fp.tense === 'present' ? fp.tense : undefined;
  return [
    say('intro', lang),
    say('sentences', lang, { mean, lo, hi }),
    say('paragraphs', lang, { para }),
    dialogue >= 5 ? say('dialogue', lang, { dialogue }) : say('noDialogue', lang),
    tense ? say('narrationTense', lang, { pov, tense: say(tense, lang) }) : say('narration', lang, { pov }),
  ];
}

/** The guidance a prose step is sent ('' for a book with no voice and nothing written yet is still the avoid line). */
export function voiceGuidanceOf(voice: BookVoice | undefined, lang: Lang, written: readonly string[]): string {
  const avoid = phrasesToAvoid(lang, voice?.avoid ?? [], written, { withHead: voice?.fingerprint !== undefined });
  const lines = [...(voice ? instructionsOf(voice, lang) : [])];
  if (avoid.length) lines.push(say('avoid', lang, { phrases: avoid.map((p) => `"${p}"`).join(', ') }));
  const exemplars = voice?.fingerprint ? (voice.exemplars ?? []) : [];
  if (exemplars.length) lines.push(exemplarMark(lang), ...exemplars.map((e) => `"""\n${e}\n"""`));
  return lines.join('\n');
}

/** The guidance without its exemplars (the first trim when a request must fit the model's window). */
export function withoutExemplars(guidance: string): string {
  for (const lang of langs()) {
    const mark = exemplarMark(lang);
    const at = guidance.indexOf(mark);
    if (at >= 0) return guidance.slice(0, at).trimEnd();
  }
  return guidance;
}
