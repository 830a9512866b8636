// The model speaking as itself inside prose: a paragraph that opens "As an AI language model, I cannot
// describe…", "Here is the rest of the chapter:", "I hope this helps!" or "Sebagai model bahasa AI…" is the
// assistant's, not the book's. Such paragraphs are taken out of a prose answer (the part says how many), and an
// answer that is mostly them is not the text (`assistant_talk`, answers/verdict.ts). Quoted paragraphs are a
// character's and stay. The phrases are data (answers/phrases.ts). Each paragraph's start is read once, with
// anchored patterns, never the whole answer.
import { countWords } from '../../words.js';
import { fromPhrases } from './phrases.js';
import { escapeRegExp as escape } from '../../markup.js';

const startsWith = (words: readonly string[]) =>
  new RegExp(
    `^(?:${[...words]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|')})(?![\\p{L}\\p{N}])`,
    'iu',
  );
const anyOf = (words: readonly string[]) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${[...words]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|')})(?![\\p{L}\\p{N}])`,
    'iu',
  );
/** The phrases' patterns, built once per reading of the table (every language's phrases, answers/phrases.ts). */
const patterns = fromPhrases((p) => ({
  opener: startsWith(p.assistantOpeners),
  refusal: startsWith([...p.refusals, ...p.assistantDeclines]),
  closing: startsWith(p.closingRemarks),
  announcer: startsWith(p.announcers),
  topic: anyOf(p.talkTopics),
  noun: anyOf(p.answerNouns),
}));
/** The characters of a paragraph's start that are read: an assistant says who it is within them. */
const HEAD_CHARS = 240;
/** A remark or an announcement is short; a long paragraph that happens to open like one is the text's own. */
const MOST_REMARK_WORDS = 80;

/** A paragraph's start, lower-cased, without Markdown marks and with straight apostrophes. */
function headOf(paragraph: string): string {
  return paragraph
    .slice(0, HEAD_CHARS)
    .replace(/^[\s>#*_~-]+/, '')
    .replace(/[’‘]/g, "'")
    .toLowerCase();
}

/**
 * True for a paragraph where the model speaks as an assistant: it opens as an AI ("As an AI language model…",
 * "Sebagai model bahasa AI…"), as a refusal or a remark about the writing ("I can't write explicit content…",
 * "Let me know if you'd like changes to the chapter"), or as an announcement ending with its colon ("Here is the
 * rest of the chapter:").
 * A paragraph that opens with a quotation mark is dialogue and never is. `isOpenerOnly` (a poem, a piece): only a
 * paragraph where the model names itself, since a stanza may well begin "I hope you…".
 */
export function isAssistantTalk(paragraph: string, opts: { isOpenerOnly?: boolean } = {}): boolean {
  const {
    opener: OPENER,
    refusal: REFUSAL,
    closing: CLOSING,
    announcer: ANNOUNCER,
    topic: TOPIC,
    noun: NOUN,
  } = patterns();
  const head = headOf(paragraph);
  if (!head || /^["“‘'«]/.test(head)) return false;
  if (OPENER.test(head)) return true;
  if (opts.isOpenerOnly) return false;
  // The words are counted only for a paragraph that opens like a remark or an announcement (few do).
  if ((REFUSAL.test(head) || CLOSING.test(head)) && TOPIC.test(head)) return isShort(paragraph);
  // An announcement inside prose ends with its colon ("Here is the rest of the chapter:"); narration that opens
  // "Here is…" or "Ini adalah bab…" does not.
  return ANNOUNCER.test(head) && NOUN.test(head) && /:\s*$/.test(paragraph) && isShort(paragraph);
}

/** True for a paragraph of at most MOST_REMARK_WORDS words (a remark or an announcement is short). */
const isShort = (paragraph: string) => countWords(paragraph) <= MOST_REMARK_WORDS;

/**
 * The answer without its assistant paragraphs: `removed` of them taken out, `share` the part of its words they
 * were (the caller refuses an answer that is mostly talk rather than keeping what is left).
 * @example withoutTalk('Rain fell.\n\nAs an AI language model, I cannot describe that scene.\n\nShe smiled.') // {
 * text: 'Rain fell.\n\nShe smiled.', removed: 1, share: 0.5 }
 */
export function withoutTalk(
  text: string,
  opts: { isOpenerOnly?: boolean } = {},
): { text: string; removed: number; share: number } {
  const paragraphs = text.split(/\n[ \t]*\n/);
  let removed = 0;
  let talkWords = 0;
  const kept: string[] = [];
  // A paragraph without words has an empty head: never talk.
  for (const p of paragraphs) {
    if (isAssistantTalk(p, opts)) {
      removed++;
      talkWords += countWords(p);
    } else kept.push(p);
  }
  if (!removed) return { text, removed: 0, share: 0 };
  // The paragraphs' words are the text's: the breaks between them are spaces.
  const words = countWords(text);
  return { text: kept.join('\n\n').trim(), removed, share: words ? talkWords / words : 0 };
}
