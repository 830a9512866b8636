// What a generation step is asked and told (server/steps.ts runs it; server/context.ts's StepDispatcher
// hands it to the job queue). Its own file so that the context and the steps do not import each other.
import type { DonePayload, Lang, RetryNotice, Settings } from '../../engine/index.js';

/** A checked generation request (JSON-safe: it is a job's data with Postgres). */
export interface StepRequest {
  userId: string;
  generatorId: string;
  settings: Settings;
  /** The language for errors before the book's own is known. */
  hintLang: Lang;
  chapterTitle?: string;
  /** The step the client asked for (stepKey), checked against the book's next step. */
  expectedStep?: string;
  /** The step is the next part written on from its stopped draft (the draft's text, then the model's). */
  fromDraft?: 'continue';
  /**
   * The generation's id when it is known before the step runs (a queued job's id): a retried job finds
   * its generation and is not charged again; a step already committed is answered from the saved book.
   */
  generationId?: string;
  /** A queued step's deadline to start (epoch ms): its request gives up after it, so a worker no longer starts it. */
  startBy?: number;
}

export interface StepHooks {
  /** The client went away: the step is aborted and refunded, and nothing is answered. */
  client: AbortSignal;
  /** The step is charged and about to run (the route opens its event stream now). */
  onCharged?(): void;
  onDelta?(text: string): void;
  /**
   * A retry the model's server asked for (a rate limit and its wait), before its wait: the route says it (a `waiting`
   * event).
   */
  onRetry?(notice: RetryNotice): void;
  /** The answer, sent before the memory update runs. */
  onDone(payload: DonePayload): void;
}
