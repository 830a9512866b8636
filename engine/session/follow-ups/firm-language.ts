// Firm language: every answer of a step is language-checked (the part or piece and each follow-up, with
// the continuations joined to it). One in another language than asked is asked again once with a firmer
// instruction (templates/firm-language.hbs); still in another language, the step fails (`wrong_language`,
// naming the language found) and nothing of it is kept. The answer asked again is not streamed.
import type { RenderedPrompt } from '../../compile/prompt.js';
import type { Lang } from '../../spec/types.js';
import { GenerationError } from '../../errors.js';
import { findLanguageDrift } from '../reading/index.js';
import { addUsage, type LanguageRetry } from '../step-types.js';
import type { Answer } from './answer.js';
import { addNotes, type AnswerNotes } from '../answers/index.js';
import type { TokenUsage } from '../../provider.js';

/** What the checked answers of one step add up to. */
export interface Tally {
  continuations: number;
  usage?: TokenUsage;
  languageDrift?: LanguageRetry;
  /** An answer stopped at the generation's time-out. */
  isTimedOut?: boolean;
  /** An answer kept stopped at the token limit. */
  isCut?: boolean;
  /** What was done to the answers kept. */
  notes?: AnswerNotes;
}

/** An answer's counts added to the tally (the notes only of an answer that is kept). */
function count(tally: Tally, answer: Answer, isKept: boolean): void {
  tally.continuations += answer.continuations;
  tally.usage = addUsage(tally.usage, answer.usage);
  if (answer.isTimedOut) tally.isTimedOut = true;
  if (isKept && answer.isCut) tally.isCut = true;
  if (isKept) tally.notes = addNotes(tally.notes, answer.notes);
}

export type CheckedWrite = (
  request: RenderedPrompt,
  onFirstDelta: ((delta: string) => void) | undefined,
  soFar?: string,
) => Promise<Answer>;

/**
 * `write` with the language check around it. `firmLine(soFar)` is the firm instruction: of a follow-up,
 * to go on from where the text stops; of a first answer (no soFar), to write the whole part again.
 */
export function firmLanguage(opts: {
  /** One answer, continued while cut; `soFar` is the part it follows (an extension's), none for a first answer. */
  write: (request: RenderedPrompt, onFirstDelta?: (delta: string) => void, soFar?: string) => Promise<Answer>;
  lang: Lang;
  isChecked: boolean;
  firmLine: (soFar: string | undefined) => string;
  signal?: AbortSignal;
  tally: Tally;
}): CheckedWrite {
  const { write, tally } = opts;
  return async (request, onFirstDelta, soFar) => {
    const first = await write(request, onFirstDelta, soFar);
    const drift = opts.isChecked && first.text ? findLanguageDrift(first.text, opts.lang) : undefined;
    count(tally, first, !drift);
    if (!drift || opts.signal?.aborted) return first;
    const again = await write({ ...request, user: `${request.user}\n\n${opts.firmLine(soFar)}` }, undefined, soFar);
    count(tally, again, true);
    const still = again.text ? findLanguageDrift(again.text, opts.lang) : drift;
    if (still && !opts.signal?.aborted)
      throw new GenerationError('wrong_language', { params: { expected: still.expected, found: still.found } });
    tally.languageDrift ??= { ...drift, isResolved: true };
    return again;
  };
}
