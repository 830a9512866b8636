// What one step of a book gives back (its text, counts, follow-ups made, length and language notes), the
// options a caller passes to a step, and the error a session refuses a step with. Shared by the step loop,
// its follow-up policies and the edits of written parts.
import { KaryaError } from '../karya-error.js';
import type { Provider, TextRequest, TextResult, TokenUsage } from '../provider.js';
import type { BookState } from '../compile/flow.js';
import type { Step } from '../compile/step.js';
import type { LanguageDrift } from './reading/index.js';
import type { PartVoice, OverusedMeasure } from './voice/index.js';
import type { AnswerNotes } from './answers/index.js';

/** A step the session refuses: the book is complete, the step is not the next one, the chapter count cannot be. */
export class SessionError extends KaryaError {
  constructor(
    readonly code: 'book_complete' | 'step_not_allowed' | 'invalid_chapters',
    override readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(code, { httpStatus: code === 'invalid_chapters' ? 400 : 409 });
    this.name = 'SessionError';
  }
}

export interface StepOutcome {
  state: BookState;
  step: Step;
  text: string;
  /** False when the text was still cut (at the token limit, or by the time-out) after the continuations. */
  isComplete: boolean;
  /**
   * An answer of the step stopped at the generation's time-out (KARYA_TIMEOUT_MS) while it streamed: what came was
   * kept and continued from where it stopped. Named as the time-out, not the length limit.
   */
  isTimedOut?: true;
  /**
   * An answer of the step stopped at the model's token limit and the text was cut back to a whole sentence's end, at
   * the
   * part's target when it has one (follow-ups/whole-end.ts), never as the limit cut it.
   */
  isCutWhole?: true;
  /**
   * What was done to the step's answers: assistant paragraphs taken out, a wall of text split, answers asked again and
   * why.
   */
  answerNotes?: AnswerNotes;
  /** Continuation calls made for this step (0 when the first answer was whole). */
  continuations: number;
  /**
   * Length extensions made for this step: follow-ups that asked a part that came back under
   * SHORT_RATIO of its target for the words it still needed (at most MAX_EXTENSIONS), or an outline for
   * the chapter entries it left out. Part of the step: no extra charge.
   */
  extensions: number;
  /** A part still under SHORT_RATIO × its target after its extensions (kept, reported as short). */
  short?: true;
  /** A part over LONG_RATIO × its target (kept, reported as long). */
  long?: true;
  /** The chapter title the model's own leading heading named (the heading itself is taken off the text). */
  title?: string;
  words: number;
  seconds: number;
  usage?: TokenUsage;
  /** PNG bytes for image generators. */
  png?: Uint8Array;
  /**
   * Set when an answer of the step was not in the language asked for (a Malay book or piece answered in
   * English or Indonesian, or the reverse): it was asked again once with a firmer instruction
   * (templates/firm-language.hbs) and the answer in the right language kept. A second answer still in
   * another language fails the step (GenerationError `wrong_language`): nothing is kept.
   */
  languageDrift?: LanguageRetry;
  /** The words the prompt asked for (introduction, chapters, conclusion of a book); absent for other steps. */
  target?: number;
  /**
   * LongWriter's length score S_l of the part against `target` (0–100), counted on the part as the book
   * shows it (an introduction without its character list).
   */
  score?: number;
  /**
   * The share (0–1) of the part's words already written earlier in the part or the book (engine/session/repeat.ts);
   * prose parts of a book.
   */
  repeated?: number;
  /**
   * A neighbour language's words left in a prose part below the refusal level (engine/session/reading neighbourFinds:
   * Indonesian's in a Malay part, Malay's in an Indonesian one).
   */
  neighbourWords?: string[];
  /**
   * The neighbours `neighbourWords` are words of (language codes: `id` in a Malay part), from each language's guard
   * table.
   */
  neighbourLanguages?: string[];
  /**
   * An outline's chapters it gives no entry even after asking for them (engine/session/outline/shape.ts): written
   * without a plan of their own.
   */
  unplanned?: number[];
  /**
   * A prose part against the writer's voice (engine/session/voice/measure.ts); absent without a voice or for a part too
   * short to measure.
   */
  voice?: PartVoice;
  /**
   * A prose part's overused phrases: the language's list and the writer's own (`isMarked` over the band or any of the
   * writer's).
   */
  overused?: OverusedMeasure & { isMarked: boolean };
}

/** An answer found in the wrong language and asked again. */
export interface LanguageRetry extends LanguageDrift {
  /** Always true on a step that completes: an answer still in the wrong language fails the step (`wrong_language`). */
  readonly isResolved: boolean;
}

export interface StepResult extends StepOutcome {
  label: string;
}

/** The call's signal, deltas and retry notices ("Connection error. Retrying... (n/3)"), and: */
export interface AdvanceOptions extends Pick<TextRequest, 'signal' | 'onDelta' | 'onRetry'> {
  /** The user's title for the chapter this step writes. */
  chapterTitle?: string;
  /** The provider for this step only (a batch wraps the session's provider to watch its retries). */
  provider?: Provider;
  /**
   * Where each answer the model sent waits, once it is kept (kept-answers.ts), before the step does its own work
   * on it: a batch's turn of the event loop (engine/node/turn.ts afterWaitingIo), so that an answer is durable
   * before it waits behind the other books' work.
   */
  afterAnswer?: (answer: TextResult) => Promise<TextResult>;
}

export { addUsage } from '../provider.js';

export { lastWords } from '../words.js';
