// The answer checks as a registry: one file per check (its code, its check), listed here in the order judgeAnswer
// runs those it runs on an answer's text; its words in every language are in languages/<code>/answer-checks.yaml
// (English's and Malay's as every other's), put into each check's words as the table is read. Every check must have
// its words in every language Karya speaks: a check without its Malay fails the server's and the command line's
// start, naming the check and the language, instead of a Malay writer meeting an empty note.
import { defineRegistry, type Registry } from '../../../registry.js';
import type { AnswerCheck, AskedAgainFor } from './types.js';
import { REFUSED } from './refused.js';
import { ECHOED } from './echoed.js';
import { REASONING_ONLY } from './reasoning-only.js';
import { NOT_TEXT } from './not-text.js';
import { FILTERED } from './filtered.js';
import { ASSISTANT_TALK } from './assistant-talk.js';
import { LISTED } from './listed.js';
import { RECIPE } from './recipe.js';
import { OUTLINED } from './outlined.js';
import { COPIED } from './copied.js';
import { IGNORES_BIBLE } from './ignores-bible.js';

/** Every check, in the order an answer meets them. */
const CHECKS: readonly AnswerCheck[] = [
  REFUSED,
  ECHOED,
  REASONING_ONLY,
  NOT_TEXT,
  FILTERED,
  ASSISTANT_TALK,
  LISTED,
  RECIPE,
  OUTLINED,
  COPIED,
  IGNORES_BIBLE,
];

/**
 * A registry of answer checks, checked for its words in every language.
 * @throws RegistryWordsError naming the check, the language and the word missing.
 */
export function answerChecks(checks: readonly AnswerCheck[]): Registry<AnswerCheck> {
  return defineRegistry({ name: 'answer checks', rules: checks, wordsOf: (c) => c.words });
}

/** The answer checks, checked when this module loads. */
export const ANSWER_CHECKS: Registry<AnswerCheck> = answerChecks(CHECKS);

/**
 * A check by its code: every code an answer can be asked again for has one (the type says so, the registry holds it).
 */
export const answerCheck = (id: AskedAgainFor): AnswerCheck => ANSWER_CHECKS.get(id)!;

export { copiedShare } from './copied.js';
export { isEcho } from './echoed.js';
export { isRefusal, judgeRefusal } from './refused.js';
export { isMostlyTalk } from './assistant-talk.js';
export type { AnswerCheck, AnswerKind, AnswerOutcome, AskedAgainFor, CheckContext, DecidedBy } from './types.js';
