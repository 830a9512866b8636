// What a writing step is told of the writer's voice: the fingerprint turned into plain instructions, the
// phrases to avoid (the writer's own first, then the overused ones this book already leans on, then the
// list's head) and one or two short paragraphs of the writer's own prose, for the rhythm. Bounded: at most
// EXEMPLAR_WORDS of exemplars and 16 listed phrases besides the writer's own; fit.ts may drop the exemplars
// (they follow EXEMPLAR_MARK) to fit the model's window.
import type { Lang } from '../../spec/types.js';
import type { BookVoice } from './fingerprint.js';
import { phrasesToAvoid } from './overused.js';

/** The line the exemplars follow in the guidance: what fit.ts cuts at. */
export const EXEMPLAR_MARK: Record<Lang, string> = {
  en: "The writer's own prose, for its rhythm only (do not copy its words or its story):",
  ms: 'Prosa penulis sendiri, hanya untuk iramanya (jangan salin perkataan atau ceritanya):',
};

const POV = { en: { first: 'first-person', second: 'second-person', third: 'third-person' }, ms: { first: 'orang pertama', second: 'orang kedua', third: 'orang ketiga' } };

function instructionsOf(voice: BookVoice, lang: Lang): string[] {
  const fp = voice.fingerprint;
  if (!fp) return [];
  const lo = Math.max(2, Math.round(fp.sentenceWords.mean - fp.sentenceWords.spread));
  const hi = Math.round(fp.sentenceWords.mean + fp.sentenceWords.spread);
  const mean = Math.round(fp.sentenceWords.mean);
  const para = Math.round(fp.paragraphWords);
  const dialogue = Math.round(100 * fp.dialogueShare);
  if (lang === 'ms') {
    return [
      'Tulis dengan suara penulis sendiri, seperti yang diukur daripada sampel tulisannya:',
      `- ayat purata kira-kira ${mean} patah perkataan (kebanyakannya antara ${lo} dan ${hi});`,
      `- perenggan kira-kira ${para} patah perkataan;`,
      dialogue >= 5 ? `- kira-kira ${dialogue} % perkataan dalam dialog;` : '- sedikit atau tiada dialog;',
      `- penceritaan ${POV.ms[fp.pointOfView]}.`,
    ];
  }
  return [
    "Write in the writer's own voice, as measured from a sample of their prose:",
    `- sentences of about ${mean} words on average (most between ${lo} and ${hi});`,
    `- paragraphs of about ${para} words;`,
    dialogue >= 5 ? `- about ${dialogue} % of the words in dialogue;` : '- little or no dialogue;',
    `- ${POV.en[fp.pointOfView]} narration${fp.tense === 'past' || fp.tense === 'present' ? `, in the ${fp.tense} tense` : ''}.`,
  ];
}

/** The guidance a prose step is sent ('' for a book with no voice and nothing written yet is still the avoid line). */
export function voiceGuidanceOf(voice: BookVoice | undefined, lang: Lang, written: readonly string[]): string {
  const avoid = phrasesToAvoid(lang, voice?.avoid ?? [], written, { withHead: voice?.fingerprint !== undefined });
  const lines = [...(voice ? instructionsOf(voice, lang) : [])];
  if (avoid.length) lines.push(lang === 'ms' ? `Elakkan frasa yang terlalu kerap digunakan ini: ${avoid.map((p) => `"${p}"`).join(', ')}.` : `Avoid these overused phrases: ${avoid.map((p) => `"${p}"`).join(', ')}.`);
  const exemplars = voice?.fingerprint ? voice.exemplars ?? [] : [];
  if (exemplars.length) lines.push(EXEMPLAR_MARK[lang], ...exemplars.map((e) => `"""\n${e}\n"""`));
  return lines.join('\n');
}

/** The guidance without its exemplars (the first trim when a request must fit the model's window). */
export function withoutExemplars(guidance: string): string {
  for (const mark of Object.values(EXEMPLAR_MARK)) {
    const at = guidance.indexOf(mark);
    if (at >= 0) return guidance.slice(0, at).trimEnd();
  }
  return guidance;
}
