// refused: the model declined ("I'm sorry, but I can't help with that request.", "Maaf, saya tidak dapat
// membantu…"); a refusal ahead of the text it then gives is taken off, not refused.
import { countWords } from '../../../provider.js';
import { plainLine } from '../../../markdown.js';
import { fromPhrases } from '../phrases.js';
import type { AnswerCheck } from './types.js';
import { escapeRegExp as escape } from '../../../markup.js';

/** Curly apostrophes read as straight ones ("I’m sorry" is "I'm sorry"). */
const straight = (s: string) => s.replace(/[’‘]/g, "'");
/**
 * A refusal's start and its topics, built once per reading of the table (every language's phrases, answers/phrases.ts).
 */
const patterns = fromPhrases((p) => ({
  refusal: new RegExp(`^(?:${p.refusals.map(escape).join('|')})`, 'i'),
  topic: new RegExp(`(?<![\\p{L}\\p{N}])(?:${p.refusalTopics.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'iu'),
}));

/** An answer that declines is short: a refusal with a long explanation still says so in this many words. */
const MOST_REFUSAL_WORDS = 200;
/**
 * A refusal ahead of the text ("I can't write that, but here is a gentler version:") is taken off when at most this
 * long.
 */
const MOST_PREFACE_WORDS = 60;

const wordCount = countWords;
/** A paragraph's words without Markdown marks and opening quotes. */
const plainParagraph = (p: string) => straight(plainLine(p));

/**
 * True when the paragraph declines the request ("I'm sorry, but I can't help with that request.", "Maaf, saya
 * tidak dapat membantu…"): it opens as a refusal and names what it refuses. Quoted dialogue never does.
 */
export function isRefusal(paragraph: string): boolean {
  const text = plainParagraph(paragraph);
  return !/^["“‘'«]/.test(text) && patterns().refusal.test(text) && patterns().topic.test(text);
}

/** Where a paragraph ends (a blank line, however many). */
const PARAGRAPH_BREAK = /\n\s*\n/;

/**
 * The answer when it declines: `refused` when its first paragraph refuses and the whole answer is short;
 * a refusal ahead of the text it then gives (at most MOST_PREFACE_WORDS, ending with a colon) is taken off.
 */
export function judgeRefusal(text: string): { refused: boolean; text: string } {
  const trimmed = text.trim();
  // The first paragraph alone first: most answers do not open as a refusal, and are not split further.
  const first = PARAGRAPH_BREAK.exec(trimmed);
  const opening = first ? trimmed.slice(0, first.index) : trimmed;
  // One paragraph of more than MOST_REFUSAL_WORDS is kept whether it opens as a refusal or not (nothing after it
  // to keep instead, too long to be one): its Markdown is not read (a wall of text is one such paragraph).
  if (!opening || (!first && wordCount(opening) > MOST_REFUSAL_WORDS) || !isRefusal(opening))
    return { refused: false, text };
  const paragraphs = trimmed.split(PARAGRAPH_BREAK);
  const rest = paragraphs.slice(1).join('\n\n').trim();
  if (rest && wordCount(opening) <= MOST_PREFACE_WORDS && /:\s*$/.test(opening.trim()) && !isRefusal(rest))
    return { refused: false, text: rest };
  return { refused: wordCount(text) <= MOST_REFUSAL_WORDS || paragraphs.filter(isRefusal).length >= 2, text };
}

export const REFUSED: AnswerCheck = {
  id: 'refused',
  words: {},
  check: (text) => judgeRefusal(text).refused,
};
