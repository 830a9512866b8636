// The book session: the one step loop of Karya. Start or resume a book under a key, advance it one
// step (render the prompt, call the provider with deltas and an AbortSignal, post-process, save the
// step's own part through the progress port), tell whether it is finished, assemble it. `karya
// generate`, `karya batch` (which only schedules around `advance`) and the server (which only adds
// charging, history and HTTP around it) all run books through this class.
import type { ResolvedSpec, Settings } from '../spec/types.js';
import type { Provider, TokenUsage } from '../provider.js';
import { nextStep, restoreBook, startBook, type BookSeries, type BookState } from '../compile/flow.js';
import { partProvenance } from '../compile/provenance.js';
import { chapterTitleOf, type PromptRenderer } from '../compile/prompt.js';
import { takeLeadingHeading } from '../compile/heading.js';
import { bookBible, updateBible, type BibleLeftPart, bibleReadUpTo } from './bible/index.js';
import { GenerationError } from '../errors.js';
import { EditError } from './edits/index.js';
import { bookMarkdown } from './book.js';
import { stepLabel } from '../compile/labels.js';
import { stepKey, stepPosition, type Step } from '../compile/step.js';
import { systemClock, type Clock, type ProgressStore, type SavedBook } from './ports.js';
import { bookView } from './view/index.js';
import type { BookView } from './view-schema.js';
import { addUsage, SessionError, type AdvanceOptions, type StepOutcome, type StepResult } from './step-types.js';
import { runStep } from './run-step.js';
import { draftOutcome, rewritePart } from './part-edits.js';
import type { BookVoice } from '../compile/book-voice.js';
import { towardVoiceNote } from './voice/index.js';
import { auditPart, withAuditFindings } from './continuity/index.js';
import { KeptAnswers, memoryScope, stepScope, withKeptAnswers } from './kept-answers.js';

export { SessionError, type AdvanceOptions, type LanguageRetry, type StepOutcome, type StepResult } from './step-types.js';
export { runStep } from './run-step.js';
export { extendPart, rewritePart, type Rewrite } from './part-edits.js';
export { updateBible } from './bible/index.js';
export { joinCut } from './follow-ups/index.js';
export { joinExtension, MAX_EXTENSIONS } from './follow-ups/index.js';

export interface OpenSessionInput {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  store: ProgressStore;
  clock?: Clock;
  /** Where the book is saved: the CLI's settings key, a batch job's key, the server's book type. */
  key: string;
  settings: Settings;
  /** Overrides the chapter count of the settings (`--chapters`). */
  totalChapters?: number;
  /**
   * A finished book saved under the key: `restart` writes a new one (the CLI: a finished book is never
   * replayed), `keep` keeps it (the server: the user starts anew explicitly; nothing is left to advance).
   */
  onFinished: 'restart' | 'keep';
  /** Ignore anything saved under the key and start afresh (`--fresh`). */
  isFresh?: boolean;
  /** The writer's notes per chapter for a new book (`karya generate --brief` with "## Chapter notes"). */
  chapterNotes?: Readonly<Record<number, string>>;
  /** Audit each chapter with one more model call (`--continuity audit`); absent: the generator's flow says (off by default). */
  continuityAudit?: boolean;
  /** The book's place in a series and what the books before it established (engine/session/series/series.ts bookSeries). */
  series?: BookSeries;
  /** The writer's voice for the book (`--voice`, `--avoid`): replaces the one it kept; absent: it keeps its own. */
  voice?: BookVoice;
}

/** Whether a step's save keeps it: books, and single tools that save (else its file is its progress). */
const keepsProgress = (spec: ResolvedSpec): boolean => spec.kind === 'book' || (spec.flow.savesProgress && spec.kind !== 'image');

export class BookSession {
  private constructor(
    readonly spec: ResolvedSpec,
    private readonly ports: { renderer: PromptRenderer; provider: Provider; store: ProgressStore; clock: Clock; isAuditing: boolean; kept: KeptAnswers | null },
    readonly key: string,
    private current: BookState,
    /** Parts already written when the session opened an interrupted book; null for a new book. */
    readonly resumedParts: number | null,
    private hasSavedPart: boolean,
  ) {}

  /** Open the book saved under the key, or start one with these settings (see OpenSessionInput). */
  static async open(input: OpenSessionInput): Promise<BookSession> {
    const session = await BookSession.opened(input);
    // Answers of a step the last run did not save are given back when asked again (kept-answers.ts); not to a fresh book.
    if (input.isFresh) await session.ports.kept?.drop();
    if (input.series) session.current = { ...session.current, series: input.series };
    // A voice given now replaces the book's; a series book without one keeps its series' voice (saved with its next step).
    if (input.voice) await session.setVoice(input.voice);
    else if (!session.current.voice && session.current.series?.voice) session.current = { ...session.current, voice: session.current.series.voice };
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
    const { spec, key } = input;
    const ports = { renderer: input.renderer, provider: input.provider, store: input.store, clock: input.clock ?? systemClock, isAuditing: input.continuityAudit ?? spec.flow.continuity === 'audit', kept: await KeptAnswers.open(input.store, key) };
    let fresh: BookState;
    try {
      fresh = startBook({ spec, settings: input.settings, ...(input.totalChapters !== undefined ? { totalChapters: input.totalChapters } : {}) });
    } catch (error) {
      if (error instanceof RangeError) throw new SessionError('invalid_chapters', { total: input.totalChapters ?? 0 });
      throw error;
    }
    // Only books continue: a single piece is one step, so a saved one is always finished.
    const saved: SavedBook | null = spec.kind === 'book' && !input.isFresh ? await input.store.load(key) : null;
    const held = saved && !(saved.isFinished && input.onFinished === 'restart') ? restoreBook(spec, saved.state) : null;
    if (held?.isLocked) return new BookSession(spec, ports, key, held, held.content.length + (held.outline !== undefined ? 1 : 0), true);
    // Until the introduction exists the given settings apply; an outline already written is kept, and
    // with it an outline the writer shaped as chapters: its chapter count and notes.
    if (held?.outline !== undefined) {
      const shaped = held.chapterNotes !== undefined ? { totalChapters: held.totalChapters, chapterNotes: held.chapterNotes } : {};
      return new BookSession(spec, ports, key, { ...fresh, outline: held.outline, ...shaped, ...(held.voice ? { voice: held.voice } : {}) }, 1, true);
    }
    const notes = input.chapterNotes && Object.keys(input.chapterNotes).length ? { chapterNotes: { ...input.chapterNotes } } : {};
    return new BookSession(spec, ports, key, { ...fresh, ...notes }, null, false);
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
    const { spec } = this;
    // Every part written is taken in, a finished book's last one too: its ending is what a series' next book, the
    // story map as of the last chapter and an edition's glossary are told.
    const last = this.current.content.length - 1;
    if (spec.kind !== 'book' || last < 0) return false;
    return (this.current.memoryUpTo ?? -1) < last;
  }

  /**
   * Update the book's memory with the parts it has not taken in (one call per part, small and not
   * streamed) and save it; a part it had taken in before an edit is re-derived (only what it said replaced). Part of the step that wrote the part: no extra credit. A failure leaves the
   * memory as it was (the written part is saved already) and is tried again before the next step. An answer
   * that is not an update goes down the ladder (bible/update.ts); a part not read even in halves is skipped and
   * named in `left` (the bible goes on past it).
   */
  async remember(opts: Pick<AdvanceOptions, 'signal' | 'provider' | 'afterAnswer'> & { parts?: number } = {}): Promise<{ calls: number; usage?: TokenUsage; left?: BibleLeftPart[] }> {
    let calls = 0;
    // Parts the bible could not read (wholly or in part) even in halves: skipped, named to the caller, the run going on.
    const left: BibleLeftPart[] = [];
    let usage: TokenUsage | undefined;
    const provider = opts.provider ?? this.ports.provider;
    // `parts`: at most this many parts taken in by this call (a caller that lets others in between parts).
    for (let taken = 0; this.needsMemory && taken < (opts.parts ?? Infinity); taken++) {
      const state = this.current;
      const position = (state.memoryUpTo ?? -1) + 1;
      // The update is judged like any answer (updateBible); one that fails leaves the bible as it was. A part the
      // bible had taken in before (edited since) is re-derived: only what it established is replaced.
      // An empty part (an imported book without a prologue has no introduction) has nothing to take in.
      if ((state.content[position] ?? '').trim() === '') {
        await this.ports.store.saveMemory(this.key, { memory: state.memory ?? '', upTo: position });
        this.current = { ...this.current, memory: state.memory ?? '', memoryUpTo: position };
        continue;
      }
      const isRewrite = position <= bibleReadUpTo(this.spec, state);
      // Its answers kept as they arrive (kept-answers.ts): a process killed before the bible is saved is given them back.
      const updated = await withKeptAnswers(this.ports.kept, memoryScope(position), { ...opts, provider }, async (kept) => {
        const read = await updateBible({ spec: this.spec, renderer: this.ports.renderer, provider: kept, state, position, ...(isRewrite ? { isRewrite } : {}), ...(opts.signal ? { signal: opts.signal } : {}) });
        await this.ports.store.saveMemory(this.key, { memory: read.memory, upTo: position });
        return read;
      });
      calls += updated.calls;
      usage = addUsage(usage, updated.usage);
      if (updated.left) left.push({ position, ...updated.left });
      this.current = { ...this.current, memory: updated.memory, memoryUpTo: position };
    }
    return { calls, ...(usage ? { usage } : {}), ...(left.length ? { left } : {}) };
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
  async advance(opts: AdvanceOptions & { expected?: Step | { kind: string; position?: number } } = {}): Promise<StepResult> {
    const step = this.next();
    if (!step) throw new SessionError('book_complete');
    // A memory update that failed (or a process that died) after the last part: catch up first, so the
    // next part is written with the story so far. Its failure does not stop the step.
    if (this.needsMemory) await this.remember(opts).catch((error: unknown) => {
      if (opts.signal?.aborted) throw error;
    });
    if (opts.expected && stepKey(opts.expected as Step) !== stepKey(step)) throw new SessionError('step_not_allowed', { next: stepKey(step) });
    const { spec } = this;
    const before = this.current;
    // Every answer of the step (first, continued, extended, asked again, audited) kept as it arrives, before the
    // step's own work on it: a process killed before the step is saved is given them back (kept-answers.ts). A piece
    // that keeps no progress keeps them until the caller has it out (`delivered`).
    return withKeptAnswers(this.ports.kept, stepScope(stepKey(step)), { ...opts, provider: opts.provider ?? this.ports.provider, isSaved: keepsProgress(spec) }, async (provider) => {
      const outcome = await runStep({
        spec, renderer: this.ports.renderer, provider, state: before, step, clock: this.ports.clock,
        ...(opts.chapterTitle ? { chapterTitle: opts.chapterTitle } : {}), ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.onDelta ? { onDelta: opts.onDelta } : {}), ...(opts.onRetry ? { onRetry: opts.onRetry } : {}),
      });
      if (opts.signal?.aborted) throw new GenerationError('aborted', { cause: opts.signal.reason });
      if (this.ports.isAuditing && step.kind === 'chapter') await this.audit(outcome, { ...opts, provider });
      return this.saveOutcome(step, before, outcome, opts.chapterTitle);
    });
  }

  /** The piece is out (its file written, printed): the answers its steps kept are dropped (a book's go as each step is saved). */
  async delivered(): Promise<void> {
    await this.ports.kept?.drop();
  }

  /** True when each chapter is audited by the model after it is written (one more call a chapter). */
  get isAuditing(): boolean {
    return this.ports.isAuditing;
  }

  /** The model's continuity audit of the chapter just written, kept on its part with the step (part of the step: no extra credit). */
  private async audit(outcome: StepOutcome, opts: AdvanceOptions): Promise<void> {
    const position = stepPosition(outcome.step);
    // An audit that fails leaves the chapter without its findings: the chapter itself is kept.
    const audited = await auditPart({ spec: this.spec, renderer: this.ports.renderer, provider: opts.provider ?? this.ports.provider, state: outcome.state, position, ...(opts.signal ? { signal: opts.signal } : {}) }).catch((error: unknown) => {
      if (opts.signal?.aborted) throw error;
      return { findings: [], usage: undefined };
    });
    outcome.state = withAuditFindings(outcome.state, position, audited.findings);
    const usage = addUsage(outcome.usage, audited.usage);
    if (usage) outcome.usage = usage;
  }

  /**
   * The next step written from its draft (a part stopped while it streamed keeps the text so far): kept,
   * continued or rewritten (part-edits.ts draftOutcome), then saved as `advance` saves a step.
   */
  async finishDraft(draft: string, opts: AdvanceOptions & { how: 'keep' | 'continue' | 'rewrite'; note?: string; expected?: Step | { kind: string; position?: number } }): Promise<StepResult> {
    const step = this.next();
    if (!step) throw new SessionError('book_complete');
    if (opts.expected && stepKey(opts.expected as Step) !== stepKey(step)) throw new SessionError('step_not_allowed', { next: stepKey(step) });
    const { spec } = this;
    const before = this.current;
    const text = takeLeadingHeading(draft, step).text.trim();
    if (!text) throw new EditError('part_empty');
    const outcome = await draftOutcome({
      spec, renderer: this.ports.renderer, provider: opts.provider ?? this.ports.provider, clock: this.ports.clock, state: before, step, text, how: opts.how,
      ...(opts.note ? { note: opts.note } : {}), ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.onDelta ? { onDelta: opts.onDelta } : {}), ...(opts.onRetry ? { onRetry: opts.onRetry } : {}),
    });
    if (opts.signal?.aborted) throw new GenerationError('aborted', { cause: opts.signal.reason });
    return this.saveOutcome(step, before, outcome, opts.chapterTitle);
  }

  /** Save a written step (its part, the book's header) and move the session on. */
  private async saveOutcome(step: Step, before: BookState, outcome: StepOutcome, chapterTitle: string | undefined): Promise<StepResult> {
    const { spec } = this;
    const label = stepLabel(step, before.lang, spec);
    // The user's title of this chapter is kept with the book: it becomes its heading and survives resume.
    // Without one (and none in the outline), a title the model's own heading named is kept the same way.
    const title = step.kind === 'chapter' ? chapterTitle?.trim() || (!chapterTitleOf(spec, before, step) ? outcome.title : undefined) : undefined;
    if (title) outcome.state = { ...outcome.state, chapterTitles: { ...outcome.state.chapterTitles, [stepPosition(step)]: title } };
    await this.ports.store.saveStep(this.key, {
      generatorId: spec.id, bookType: spec.bookType, state: outcome.state, step, stepKey: stepKey(step), position: stepPosition(step),
      text: outcome.text, isComplete: outcome.isComplete, continuations: outcome.continuations, ...(title ? { title } : {}),
      isFirst: !this.hasSavedPart, isFinished: nextStep(spec, outcome.state) === null, keepsProgress: keepsProgress(spec), label,
      words: outcome.words, seconds: outcome.seconds, ...(outcome.usage ? { usage: outcome.usage } : {}), ...(outcome.png ? { png: outcome.png } : {}),
    });
    this.hasSavedPart = true;
    this.current = outcome.state;
    return { ...outcome, label };
  }

  /**
   * Write a written part again, with the writer's note or none, and save it: the text it replaces
   * is kept as a version (when the store keeps versions), the new text saved as the part, and the story
   * bible, if it had taken the part in, brought up to date with one update call. Refused while the book
   * has no such written part.
   */
  async rewrite(position: number, opts: Omit<AdvanceOptions, 'chapterTitle'> & { note?: string; towardVoice?: boolean } = {}): Promise<StepResult & { previous: string; bibleCalls: number }> {
    const { spec } = this;
    // "Rewrite toward my voice": the writing step's voice guidance, with what drifted named in the note.
    if (opts.towardVoice) opts = { ...opts, note: towardVoiceNote(this.current, position, opts.note) };
    const provider = opts.provider ?? this.ports.provider;
    const signal = opts.signal ? { signal: opts.signal } : {};
    const done = await rewritePart({
      spec, renderer: this.ports.renderer, provider, state: this.current, position, clock: this.ports.clock, ...signal,
      ...(opts.note ? { note: opts.note } : {}),
      ...(opts.onDelta ? { onDelta: opts.onDelta } : {}),
      ...(opts.onRetry ? { onRetry: opts.onRetry } : {}),
    });
    const label = stepLabel(done.step, this.current.lang, spec);
    // The text replaced is kept with how it came to be (the writer's, the model's): restored, it is that again.
    await this.ports.store.keepVersion?.(this.key, { position, text: done.previous, provenance: partProvenance(this.current, position), ...(opts.note ? { note: opts.note } : {}) });
    await this.ports.store.saveStep(this.key, {
      generatorId: spec.id, bookType: spec.bookType, state: done.state, step: done.step, stepKey: stepKey(done.step), position, text: done.text,
      isComplete: done.outcome.isComplete, continuations: done.outcome.continuations, isFirst: false, isFinished: nextStep(spec, done.state) === null,
      keepsProgress: true, label, words: done.outcome.words, seconds: done.outcome.seconds, ...(done.outcome.usage ? { usage: done.outcome.usage } : {}),
      ...(done.state.chapterTitles?.[position] ? { title: done.state.chapterTitles[position] } : {}),
    });
    this.current = done.state;
    let bibleCalls = 0;
    if ((done.state.memoryUpTo ?? -1) >= position) {
      const updated = await updateBible({ spec, renderer: this.ports.renderer, provider, state: done.state, position, isRewrite: true, ...signal });
      bibleCalls = updated.calls;
      await this.ports.store.saveMemory(this.key, { memory: updated.memory, upTo: done.state.memoryUpTo! });
      this.current = { ...this.current, memory: updated.memory };
    }
    return { ...done.outcome, state: this.current, label, previous: done.previous, bibleCalls };
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

