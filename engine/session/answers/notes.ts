// What a part says about the answers it was made of, in the book's language: assistant paragraphs taken out,
// a wall of text split into paragraphs, an answer asked again and why, an answer stopped by the time-out and
// continued from where it stopped, one the token limit stopped kept up to its last whole sentence. The CLI prints these
// lines, the server sends them with a step's answer
// (`notes`), so a writer sees what was done to the text without reading it twice.
import type { Lang } from '../../spec/types.js';
import { catalogue, ensureLanguages, LanguageWordsError, sayer } from '../../languages/index.js';
import { answerCheck, type AskedAgainFor } from './checks/index.js';
import type { AnswerNotes } from './verdict.js';

/** What a step's outcome tells of its answers (the session's StepOutcome has these). */
export interface NotedOutcome {
  readonly answerNotes?: AnswerNotes;
  readonly isTimedOut?: true;
  readonly isCutWhole?: true;
  readonly continuations: number;
  readonly isComplete: boolean;
}

/** The notes' words (another language's in languages/<code>/answer-notes.yaml). */
const NOTES = catalogue('answer-notes', [
  'answer_talk_removed',
  'answer_wall_split',
  'answer_asked_again',
  'answer_timed_out',
  'answer_timed_out_cut',
  'answer_cut_whole',
]);
const noteWord = sayer(NOTES);

/** A note on a part: a stable code and its message in the book's language. */
export interface AnswerNote {
  readonly code: keyof typeof NOTES;
  readonly message: string;
}

/**
 * How a note names an answer a check caught, in `lang` (the registry's words; a missing one fails naming it, no English
 * in its place).
 */
function whatOf(outcome: AskedAgainFor, lang: Lang): string {
  const what = answerCheck(outcome).words[lang]?.what;
  if (typeof what !== 'string')
    throw new LanguageWordsError({ language: lang, catalogue: 'answer checks', key: `${outcome}.what` });
  return what;
}

/**
 * The notes on a step's part, in `lang`: what was taken out, split, asked again, or stopped by the time-out.
 * @example answerNotesOf({ answerNotes: { removed: 1 }, continuations: 0, isComplete: true }, 'Chapter 2',
 * 'en')[0].message // 'Chapter 2: 1 paragraph(s) where …'
 */
export function answerNotesOf(outcome: NotedOutcome, label: string, lang: Lang): AnswerNote[] {
  // The checks' words of every language are theirs once the table is read.
  ensureLanguages();
  const notes: AnswerNote[] = [];
  const say = (code: keyof typeof NOTES, vars: Record<string, string | number>) =>
    notes.push({ code, message: noteWord(code, lang, { label, ...vars }) });
  const n = outcome.answerNotes;
  for (const outcome of new Set(n?.askedAgain ?? [])) say('answer_asked_again', { what: whatOf(outcome, lang) });
  if (n?.removed) say('answer_talk_removed', { n: n.removed });
  if (n?.split) say('answer_wall_split', { n: n.split });
  if (outcome.isTimedOut)
    say(outcome.isComplete ? 'answer_timed_out' : 'answer_timed_out_cut', { n: outcome.continuations });
  if (outcome.isCutWhole) say('answer_cut_whole', {});
  return notes;
}
