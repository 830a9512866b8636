// The book session: the one step loop of Karya. Start or resume a book under a key, advance it one
// step (render the prompt, call the provider with deltas and an AbortSignal, post-process, save the
// step's own part through the progress port), tell whether it is finished, assemble it. `karya
// generate`, `karya batch` (which only schedules around `advance`) and the server (which only adds
// charging, history and HTTP around it) all run books through this class.
// Its pieces are in book-session/: opening a book (open.ts), its memory kept up (memory.ts), a part rewritten
// (rewrite.ts), a step audited and saved (outcome.ts), a stopped draft finished (draft.ts).
import type { ResolvedSpec } from '../spec/types.js';
import type { TokenUsage } from '../provider.js';
import { nextStep, type BookState } from '../compile/flow.js';
import { takeLeadingHeading } from '../compile/heading.js';
import { bookBible, type BibleLeftPart } from './bible/index.js';
import { GenerationError } from '../errors.js';
import { EditError } from './edits/index.js';
import { bookMarkdown } from './book.js';
import { stepLabel } from '../compile/labels.js';
import { stepKey, type Step } from '../compile/step.js';
import { bookView } from './view/index.js';
import type { BookView } from './view-schema.js';
import { SessionError, type AdvanceOptions, type StepOutcome, type StepResult } from './step-types.js';
import { runStep } from './run-step.js';
import type { BookVoice } from '../compile/book-voice.js';
import { stepScope, withKeptAnswers } from './kept-answers.js';
import {
  auditOutcome,
  draftOutcome,
  keepsProgress,
  needsMemory,
  openedBook,
  rememberParts,
  rewriteSaved,
  saveOutcome,
  type HeldBook,
  type OpenSessionInput,
  type RememberOptions,
  type RewriteOptions,
  type SessionPorts,
} from './book-session/index.js';

export {
  SessionError,
  type AdvanceOptions,
  type LanguageRetry,
  type StepOutcome,
  type StepResult,
} from './step-types.js';
export { runStep } from './run-step.js';
export { extendPart, rewritePart, type Rewrite } from './part-edits.js';
export { updateBible } from './bible/index.js';
export { joinCut } from './follow-ups/index.js';
export { joinExtension, MAX_EXTENSIONS } from './follow-ups/index.js';

/** The step a caller means to run (a stale tab's, a double click's): refused when the book is elsewhere. */
type ExpectedStep = Step | { kind: string; position?: number };

function refuseUnexpected(step: Step, expected: ExpectedStep | undefined): void {
  if (expected && stepKey(expected as Step) !== stepKey(step)) {
    throw new SessionError('step_not_allowed', { next: stepKey(step) });
  }
}

export class BookSession {
  private constructor(
    readonly spec: ResolvedSpec,
    private readonly ports: SessionPorts,
    readonly key: string,
    private current: BookState,
    /** Parts already written when the session opened an interrupted book; null for a new book. */
    readonly resumedParts: number | null,
    private hasSavedPart: boolean,
  ) {}

  /** Open the book saved under the key, or start one with these settings (see OpenSessionInput). */
  static async open(input: OpenSessionInput): Promise<BookSession> {
    const session = await BookSession.opened(input);
    // Answers of a step the last run did not save are given back when asked again (kept-answers.ts); not to a fresh
    // book.
    if (input.isFresh) await session.ports.kept?.drop();
    if (input.series) session.current = { ...session.current, series: input.series };
    // A voice given now replaces the book's; a series book without one keeps its series' voice (saved with its next
    // step).
    if (input.voice) await session.setVoice(input.voice);
    else if (!session.current.voice && session.current.series?.voice) {
      session.current = { ...session.current, voice: session.current.series.voice };
    }
    return session;
  }

  /**
   * Give the book its voice (none: undefined): every prose part is measured against it and every writing step
   * told it. Kept with the book at once when the book is saved already, else with its first step.
   */
  async setVoice(voice: BookVoice | undefined): Promise<void> {
    const { voice: _old, ...rest } = this.current;
    this.current = voice ? { ...rest, voice } : rest;
    if (this.hasSavedPart) await this.ports.store.saveVoice?.(this.key, voice);
  }

  private static async opened(input: OpenSessionInput): Promise<BookSession> {
    const opened = await openedBook(input);
    return new BookSession(input.spec, opened.ports, input.key, opened.state, opened.resumedParts, opened.hasSavedPart);
  }

  get state(): BookState {
    return this.current;
  }

  /** The step `advance` runs next, or null when the book is finished. */
  next(): Step | null {
    return nextStep(this.spec, this.current);
  }

  get isFinished(): boolean {
    return this.next() === null;
  }

  /**
   * True when the book's memory (the story so far) has not yet taken in its last written part. Callers
   * run `remember()` after each `advance()`; a book that keeps memory catches up before its next step.
   */
  get needsMemory(): boolean {
    return needsMemory(this.spec, this.current);
  }

  /**
   * Update the book's memory with the parts it has not taken in (one call per part, small and not
   * streamed) and save it; a part it had taken in before an edit is re-derived (only what it said replaced). Part of
   * the step that wrote the part: no extra credit. A failure leaves the
   * memory as it was (the written part is saved already) and is tried again before the next step. An answer
   * that is not an update goes down the ladder (bible/update.ts); a part not read even in halves is skipped and
   * named in `left` (the bible goes on past it).
   */
  async remember(opts: RememberOptions = {}): Promise<{ calls: number; usage?: TokenUsage; left?: BibleLeftPart[] }> {
    return rememberParts({ spec: this.spec, ports: this.ports, key: this.key, book: this.held }, opts);
  }

  /** The session's book as the memory and rewrite modules read and replace it. */
  private get held(): HeldBook {
    return {
      get: () => this.current,
      set: (state) => {
        this.current = state;
      },
    };
  }

  /**
   * The story bible as the writer reads it: the premise and planned ending from the outline, then what
   * the session keeps (recent parts, arcs, characters, open threads, facts); '' before anything exists.
   */
  bible(): string {
    return bookBible(this.spec, this.current);
  }

  /** The label of a step in the book's language ("Chapter 3", "Bab 3"). */
  label(step: Step): string {
    return stepLabel(step, this.current.lang, this.spec);
  }

  /**
   * Write the next step and save it. `expected` refuses the call when the book is elsewhere (a stale tab,
   * a double click). The step is saved only if the signal has not aborted by the time the text is
   * complete: an aborted step leaves the book as it was.
   */
  async advance(opts: AdvanceOptions & { expected?: ExpectedStep } = {}): Promise<StepResult> {
    const step = this.next();
    if (!step) throw new SessionError('book_complete');
    // A memory update that failed (or a process that died) after the last part: catch up first, so the
    // next part is written with the story so far. Its failure does not stop the step.
    if (this.needsMemory)
      await this.remember(opts).catch((error: unknown) => {
        if (opts.signal?.aborted) throw error;
      });
    refuseUnexpected(step, opts.expected);
    const { spec } = this;
    const before = this.current;
    // Every answer of the step (first, continued, extended, asked again, audited) kept as it arrives, before the
    // step's own work on it: a process killed before the step is saved is given them back (kept-answers.ts). A piece
    // that keeps no progress keeps them until the caller has it out (`delivered`).
    const keeping = { ...opts, provider: opts.provider ?? this.ports.provider, isSaved: keepsProgress(spec) };
    return withKeptAnswers(this.ports.kept, stepScope(stepKey(step)), keeping, async (provider, keptScope) => {
      const outcome = await runStep({
        spec,
        renderer: this.ports.renderer,
        provider,
        state: before,
        step,
        clock: this.ports.clock,
        ...(opts.chapterTitle ? { chapterTitle: opts.chapterTitle } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.onDelta ? { onDelta: opts.onDelta } : {}),
        ...(opts.onRetry ? { onRetry: opts.onRetry } : {}),
      });
      if (opts.signal?.aborted) throw new GenerationError('aborted', { cause: opts.signal.reason });
      if (this.ports.isAuditing && step.kind === 'chapter')
        await auditOutcome({ spec, ports: this.ports }, outcome, { ...opts, provider });
      return this.saveOutcome(step, before, outcome, opts.chapterTitle, keptScope());
    });
  }

  /**
   * The piece is out (its file written, printed): the answers its steps kept are dropped (a book's go as each step is
   * saved).
   */
  async delivered(): Promise<void> {
    await this.ports.kept?.drop();
  }

  /** True when each chapter is audited by the model after it is written (one more call a chapter). */
  get isAuditing(): boolean {
    return this.ports.isAuditing;
  }

  /**
   * The next step written from its draft (a part stopped while it streamed keeps the text so far): kept,
   * continued or rewritten (part-edits.ts draftOutcome), then saved as `advance` saves a step.
   */
  async finishDraft(
    draft: string,
    opts: AdvanceOptions & { how: 'keep' | 'continue' | 'rewrite'; note?: string; expected?: ExpectedStep },
  ): Promise<StepResult> {
    const step = this.next();
    if (!step) throw new SessionError('book_complete');
    refuseUnexpected(step, opts.expected);
    const { spec } = this;
    const before = this.current;
    const text = takeLeadingHeading(draft, step).text.trim();
    if (!text) throw new EditError('part_empty');
    const outcome = await draftOutcome({
      spec,
      renderer: this.ports.renderer,
      provider: opts.provider ?? this.ports.provider,
      clock: this.ports.clock,
      state: before,
      step,
      text,
      how: opts.how,
      ...(opts.note ? { note: opts.note } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.onDelta ? { onDelta: opts.onDelta } : {}),
      ...(opts.onRetry ? { onRetry: opts.onRetry } : {}),
    });
    if (opts.signal?.aborted) throw new GenerationError('aborted', { cause: opts.signal.reason });
    return this.saveOutcome(step, before, outcome, opts.chapterTitle);
  }

  /** Save a written step (its part, the book's header) and move the session on. */
  private async saveOutcome(
    step: Step,
    before: BookState,
    outcome: StepOutcome,
    chapterTitle: string | undefined,
    keptScope?: string,
  ): Promise<StepResult> {
    const saving = { spec: this.spec, ports: this.ports, key: this.key, isFirst: !this.hasSavedPart };
    const result = await saveOutcome(saving, step, before, outcome, chapterTitle, keptScope);
    this.hasSavedPart = true;
    this.current = outcome.state;
    return result;
  }

  /**
   * Write a written part again, with the writer's note or none, and save it: the text it replaces
   * is kept as a version (when the store keeps versions), the new text saved as the part, and the story
   * bible, if it had taken the part in, brought up to date with one update call. Refused while the book
   * has no such written part.
   */
  async rewrite(
    position: number,
    opts: RewriteOptions = {},
  ): Promise<StepResult & { previous: string; bibleCalls: number }> {
    return rewriteSaved({ spec: this.spec, ports: this.ports, key: this.key, book: this.held }, position, opts);
  }

  /** The book as Markdown: a title, then one heading per part. */
  assemble(opts: { withOutline?: boolean } = {}): string {
    return bookMarkdown(this.spec, this.current, opts);
  }

  /** What a reader of the book sees: parts with labels, the next step, progress. */
  view(): BookView {
    return bookView(this.spec, this.current);
  }
}
