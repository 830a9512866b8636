// What an answer check is: its code (the outcome it names), its words in every language (how a note names an
// answer it caught: "an answer was a recipe"), and its check, where the answers room decides it on the text.
import type { Lang, AnswerShape } from '../../../spec/types.js';
import type { TextRequest } from '../../../provider.js';
import type { ShapeOutcome } from '../shape.js';

/** Why an answer is not the text asked for. */
export type AnswerOutcome =
  'refused' | 'echoed' | 'reasoning_only' | 'not_text' | 'filtered' | 'assistant_talk' | 'copied' | ShapeOutcome;

/** Why an answer was asked again and a later one kept. */
export type AskedAgainFor = AnswerOutcome | 'ignores_bible';

/** What an answer is for: prose (parts, pieces, passages), an outline, a story-bible update, a continuity audit. */
export type AnswerKind = 'prose' | 'outline' | 'bible' | 'audit';

/** What a check is told of the call an answer came back to (answers/verdict.ts AnswerExpectation, and the request). */
export interface CheckContext {
  readonly request: Pick<TextRequest, 'system' | 'user'>;
  readonly kind: AnswerKind;
  /** Texts the answer may rightly repeat (the book, the plan, the writer's notes): a run of them is never an echo. */
  readonly material: () => readonly string[];
  /** The part of `material` cheap to list (the book's own texts), read first. */
  readonly ownMaterial?: () => readonly string[];
  /** What a part of a book must look like; absent, no shape is judged. */
  readonly shape?: AnswerShape;
  /** The book before this answer: an answer mostly found in it is copied. */
  readonly earlier?: () => readonly string[];
  /** The answer starts a text (judged by its shape however short). */
  readonly isStart?: boolean;
}

/**
 * Where a check is decided when it is not on the answer's text here: the provider names it, the answer's reading
 * (text.ts), a follow-up after the part.
 */
export type DecidedBy = 'provider' | 'answer text' | 'follow-up';

export interface AnswerCheck {
  readonly id: AskedAgainFor;
  /**
   * How a note names an answer it caught, in every language Karya speaks: `{}` in a check's file, filled by the
   * registry from languages/<code>/answer-checks.yaml (check id → `what`) when the table is read.
   */
  readonly words: Readonly<Record<Lang, { readonly what: string }>>;
  /** True when the answer's text is what this check refuses (the checks judgeAnswer runs on the text). */
  readonly check?: (text: string, context: CheckContext) => boolean;
  /** Where it is decided, for a check not run on the answer's text by judgeAnswer. */
  readonly decidedBy?: DecidedBy;
}
