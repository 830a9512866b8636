// What models write around the text they were asked for, as data: each language's phrases are its `answers`
// section of the table (languages/<code>/answers.yaml: the words that open an announcement, "Sure! Here's
// Chapter 1 of your story:", "Tentu! Berikut Bab 1:"; the remarks that close one; refusals, "Maaf, saya tidak
// dapat…"; the assistant's talk, "Sebagai model bahasa AI…"; a recipe's units and headings; a chapter's words and
// numbers are the `reading` section's).
// Every language's phrases are read in every book, in the table's order (a model may answer in another language
// than the book's). Read by answers/text.ts, talk.ts, shape.ts and checks/refused.ts. Matching is
// case-insensitive, on the start of a line, after Markdown marks. Checked when the table is read: a language
// without one of the lists fails the start naming it.
import { defineSection, langs, onLanguagesLoaded, type LanguageTable } from '../../languages/index.js';
import { languageTableError } from '../../languages/errors.js';

/** Reasoning blocks a model may write before its answer (DeepSeek-R1, Qwen3, QwQ, Magistral). */
export const REASONING_TAGS: readonly string[] = ['think', 'thinking', 'reasoning', 'thought'];

/** The lists of a language's `answers` section (see languages/en/answers.yaml for what each holds). */
const KEYS = [
  'interjections',
  'announcers',
  'answerNouns',
  'closingRemarks',
  'notesAfterRule',
  'refusals',
  'refusalTopics',
  'reasoningMarkers',
  'assistantOpeners',
  'assistantDeclines',
  'talkTopics',
  'recipeUnits',
  'recipeHeadings',
  'reasoningAnywhere',
] as const;
export type AnswerPhrases = { readonly [K in (typeof KEYS)[number]]: readonly string[] };

function parseAnswers(raw: unknown, table: LanguageTable): AnswerPhrases {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw languageTableError(table.code, 'answers', 'the phrases models write around an answer (answers.yaml)');
  const r = raw as Record<string, unknown>;
  const out: Record<string, readonly string[]> = {};
  for (const key of KEYS) {
    const list = r[key];
    if (!Array.isArray(list) || !list.length || !list.every((x) => typeof x === 'string' && x.trim() === x && x !== ''))
      throw languageTableError(table.code, `answers.${key}`, 'a list of phrases, lower case');
    out[key] = list.map((x: string) => x.toLowerCase());
  }
  return out as unknown as AnswerPhrases;
}

const answersOf = defineSection('answers', parseAnswers);
let union: AnswerPhrases | undefined;
const built = new Map<(p: AnswerPhrases) => unknown, unknown>();
onLanguagesLoaded(() => {
  union = undefined;
  built.clear();
});

/** Every language's phrases, list by list, in the table's order, each phrase once. */
export function answerPhrases(): AnswerPhrases {
  if (union) return union;
  const out: Record<string, string[]> = {};
  for (const key of KEYS) out[key] = [...new Set(langs().flatMap((code) => answersOf(code)[key]))];
  return (union = out as unknown as AnswerPhrases);
}

/**
 * A value built from the phrases (a pattern), built once per reading of the table.
 * @example const refusal = fromPhrases((p) => new RegExp(`^(?:${p.refusals.join('|')})`, 'i')); refusal().test(text)
 */
export function fromPhrases<T>(build: (p: AnswerPhrases) => T): () => T {
  return () => {
    if (built.has(build)) return built.get(build) as T;
    const value = build(answerPhrases());
    built.set(build, value);
    return value;
  };
}

/** Code fence languages a whole answer may be wrapped in and still be prose: "```markdown" … "```" is unwrapped. */
export const PROSE_FENCES: readonly string[] = ['', 'markdown', 'md', 'text', 'txt', 'plaintext', 'plain', 'prose'];
