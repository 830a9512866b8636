// The one shape every follow-up policy of a step shares: an answer (text, cut or whole, usage, the
// continuations it took), the call that asks the model, and the draft a policy takes and gives back
// (outline-more and extend-short each take the step's draft and return it grown).
import type { TokenUsage } from '../../provider.js';
import type { AnswerNotes, AskedText } from '../answers/index.js';
import type { BookState } from '../../compile/flow.js';
import type { PromptRenderer, RenderedPrompt } from '../../compile/prompt.js';
import type { ResolvedSpec } from '../../spec/types.js';
import type { Step } from '../../compile/step.js';

/** One answer of the model, continued while it was cut. */
export interface Answer {
  text: string;
  isComplete: boolean;
  usage?: TokenUsage;
  continuations: number;
  /**
   * An answer of it stopped at the generation's time-out (continued from where it stopped): named as the time-out, not
   * the length limit.
   */
  isTimedOut?: boolean;
  /**
   * An answer of it stopped at the token limit (finish_reason length): its part is cut at a whole sentence
   * (whole-end.ts).
   */
  isCut?: boolean;
  /** What was done to its answers (assistant paragraphs out, a wall split, asked again). */
  notes?: AnswerNotes;
}

/**
 * One call to the model (askText through the fitted provider), streamed or not; `isContinuation` for the
 * continuation of a cut answer (a few sentences, not judged by its shape alone as a start is).
 */
export type Ask = (
  request: RenderedPrompt,
  onDelta?: (delta: string) => void,
  how?: { isContinuation?: boolean },
) => Promise<AskedText>;

/** The text of a step so far and whether its last answer was whole. */
export interface Draft {
  text: string;
  isComplete: boolean;
}

/** What a follow-up policy knows of the step it follows up. */
export interface FollowUpContext {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  state: BookState;
  step: Step;
  title: { chapterTitle?: string };
  signal?: AbortSignal;
  /**
   * Ask a follow-up request (language-checked, continued when cut, streamed after `separator`); counts an extension.
   */
  extend(request: RenderedPrompt, separator: string, soFar: string): Promise<Answer>;
}

/** A follow-up policy: the step's draft in, the draft grown (or as it was) out. */
export type FollowUp = (ctx: FollowUpContext, draft: Draft) => Promise<Draft>;
