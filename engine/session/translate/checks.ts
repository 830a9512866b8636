// What a translated window's answer must be before it counts: as many paragraphs as its source (aligned one to
// one), each in the edition's language (the language guard: Malay, not Indonesian, and back; no paragraph left in the
// source's language), of a plausible length for its source, holding every glossary term its source paragraph
// holds (or the term's set rendering, as the language writes a name: with its particles), with no assistant talk
// (the answer checks of engine/session/answer-*.ts). A paragraph with no words (a scene break, an ornament) is
// kept as its source has it wherever it stands: it is nothing to translate (withWordlessKept).
import type { Lang } from '../../spec/types.js';
import { countWords } from '../../words.js';
import { detectLanguage, findLanguageDrift } from '../reading/index.js';
import { isAnnouncement, isAssistantTalk, isClosingRemark, isRefusal } from '../answers/index.js';
import { hasTerm, type Glossary } from './glossary.js';
import { lengthBand, translationOf } from './languages.js';
import { paragraphsOf } from './paragraphs.js';

/** Why a window's answer was not kept (a catalogue code with its params: engine/error-catalogue-translate.ts). */
export type WindowProblem =
  | { readonly code: 'translate_paragraphs'; readonly expected: number; readonly found: number }
  | { readonly code: 'translate_language'; readonly paragraph: number; readonly found: string }
  | { readonly code: 'translate_untranslated'; readonly paragraph: number }
  | {
      readonly code: 'translate_glossary';
      readonly paragraph: number;
      readonly term: string;
      readonly rendering: string;
    }
  | { readonly code: 'translate_length'; readonly paragraph: number; readonly ratio: number }
  | { readonly code: 'translate_talk'; readonly paragraph: number }
  | { readonly code: 'translate_empty' }
  | { readonly code: 'translate_not_text'; readonly outcome: string };

/**
 * The plausible length of a translation, in characters, as a share of its source's, per language pair: the
 * table's (languages/<code>/translation.yaml, measured on literary pairs: tests/translate/ratio.test.ts), with
 * room for a translator's freedom; a paragraph outside it dropped or invented something.
 */
export { lengthBand } from './languages.js';

/** Paragraphs shorter than this (words) are not held to the length band (a title, a line of dialogue: "Yes."). */
const LEAST_BANDED_WORDS = 8;
/** A paragraph of this many words left as its source was is untranslated (shorter: a name, an exclamation). */
const LEAST_UNTRANSLATED_WORDS = 3;

export { paragraphsOf } from './paragraphs.js';

/** A paragraph with no letters or digits: a scene break ("*       *       *", "* * *", "—"), an ornament ("❧"). */
export const isWordless = (paragraph: string): boolean => !/[\p{L}\p{N}]/u.test(paragraph);

/**
 * An answer with the source's wordless paragraphs kept as the source has them, where the source has them: the
 * answer's worded paragraphs, one for each worded source paragraph, in order. A break the model left out, moved,
 * rewrote, or that was taken off the answer's end as a closing rule is put back; an answer whose worded paragraphs
 * are not as many as the source's comes back as it was (the paragraph check names it).
 * @example withWordlessKept(['Rain fell.', '* * *'], ['Hujan turun.']) // ['Hujan turun.', '* * *']
 */
export function withWordlessKept(source: readonly string[], answer: readonly string[]): string[] {
  const worded = answer.filter((p) => !isWordless(p));
  if (!source.some(isWordless) || worded.length !== source.filter((p) => !isWordless(p)).length) return [...answer];
  let next = 0;
  return source.map((p) => (isWordless(p) ? p : worded[next++]!));
}

/**
 * A paragraph without its block quote marks and line breaks (a quote left in its language, flattened, is still
 * untranslated).
 */
const unquoted = (p: string) =>
  p
    .replace(/^\s*>\s?/gm, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Two titles the same but for case, emphasis, quotes and a heading's marks. */
const isSameTitle = (a: string, b: string) => {
  const plain = (t: string) =>
    t
      .replace(/^#+\s*/, '')
      .replace(/[*_"“”‘’'.:!?]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  return plain(a) === plain(b);
};

/** The paragraph's words without the glossary's terms (a line of names is the same in both languages). */
function withoutTerms(text: string, glossary: Glossary): string {
  let out = text;
  for (const e of glossary) out = out.split(e.term).join(' ').split(e.rendering).join(' ');
  return out;
}

/**
 * The first problem of a window's answer (its paragraphs already taken apart), or undefined when it can be kept
 * (as withWordlessKept has it: the answer to keep).
 * @example checkWindow({ source: ['Aisha smiled at him.'], answer: ['Aisha tersenyum kepadanya.'], glossary, from:
 * 'en', to: 'ms' }) // undefined
 */
export function checkWindow(input: {
  source: readonly string[];
  answer: readonly string[];
  glossary: Glossary;
  from: Lang;
  to: Lang;
  hasTitle?: boolean;
}): WindowProblem | undefined {
  const { source, glossary, from, to } = input;
  const answer = withWordlessKept(source, input.answer);
  if (!answer.length) return { code: 'translate_empty' };
  if (answer.length !== source.length)
    return { code: 'translate_paragraphs', expected: source.length, found: answer.length };
  // A pair the table does not list is held to no band (editions are only made for pairs it lists).
  const band = lengthBand(from, to) ?? [0, Number.POSITIVE_INFINITY];
  for (let i = 0; i < source.length; i++) {
    const src = source[i]!;
    const out = answer[i]!;
    const n = i + 1;
    if (isWordless(src) && isWordless(out)) continue;
    if (
      (isAssistantTalk(out) || isAnnouncement(out) || isClosingRemark(out) || isRefusal(out)) &&
      !(isAssistantTalk(src) || isAnnouncement(src) || isClosingRemark(src) || isRefusal(src))
    )
      return { code: 'translate_talk', paragraph: n };
    for (const e of glossary)
      if (hasTerm(src, e.term, from) && !hasTerm(out, e.rendering, to))
        return { code: 'translate_glossary', paragraph: n, term: e.term, rendering: e.rendering };
    const plain = withoutTerms(out, glossary);
    // A chapter title left as its source is untranslated however short ("Davy's Quest"), unless it is only names
    // ("Marilla").
    // (Between languages that read alike, Malay and Indonesian, a title may well be the same: "Surat Itu".)
    if (
      i === 0 &&
      input.hasTitle &&
      from !== to &&
      !translationOf(to).readsAlso.includes(from) &&
      isSameTitle(src, out) &&
      /\p{L}/u.test(withoutTerms(src, glossary))
    )
      return { code: 'translate_untranslated', paragraph: n };
    if (unquoted(out) === unquoted(src) && countWords(plain) >= LEAST_UNTRANSLATED_WORDS && from !== to)
      return { code: 'translate_untranslated', paragraph: n };
    const drift = findLanguageDrift(plain, to);
    if (drift) return { code: 'translate_language', paragraph: n, found: drift.found };
    if (countWords(src) >= LEAST_BANDED_WORDS) {
      const ratio = out.length / src.length;
      if (ratio < band[0] || ratio > band[1])
        return { code: 'translate_length', paragraph: n, ratio: Math.round(ratio * 100) / 100 };
    }
  }
  // Indonesian is told by its markers, which a whole window carries better than one paragraph.
  const whole = findLanguageDrift(withoutTerms(answer.join('\n\n'), glossary), to);
  if (whole) return { code: 'translate_language', paragraph: 0, found: whole.found };
  return undefined;
}

/**
 * Whether a text reads as `lang` (or is too short to tell, or reads as a neighbour the table says it may): for a source
 * the writer hands over.
 */
export function readsAs(text: string, lang: Lang): boolean {
  const verdict = detectLanguage(text).language;
  return verdict === null || verdict === lang || translationOf(lang).readsAlso.includes(verdict);
}
