// What a book session needs from the outside world, as ports: where progress is kept (async, so that
// SQLite, Postgres or a test double can stand behind it) and what time it is. The provider port is
// engine/provider.ts's Provider.
import type { BookState } from '../compile/flow.js';
import type { PartProvenance } from '../compile/provenance.js';
import type { BookVoice } from '../compile/book-voice.js';
import type { TextResult, TokenUsage } from '../provider.js';
import type { Step } from '../compile/step.js';

/** A book as it was saved under a key. */
export interface SavedBook {
  readonly state: BookState;
  /** Every step of the book is written. */
  readonly isFinished: boolean;
  /** ISO 8601. */
  readonly updatedAt: string;
}

/** What one finished step asks the store to keep: its own part and the book's small header. */
export interface StepSave {
  readonly generatorId: string;
  readonly bookType: string;
  /** The book after the step (its header: settings, position, character details). */
  readonly state: BookState;
  readonly step: Step;
  /** engine/compile/step.ts's key of the step. */
  readonly stepKey: string;
  /** -1 the outline, 0 the introduction (or a single output), then chapters and the conclusion. */
  readonly position: number;
  readonly text: string;
  /** False when the text is still cut at the token limit (kept, marked incomplete). */
  readonly isComplete: boolean;
  /** The user's own title of the part (a chapter), when given. */
  readonly title?: string;
  /** Continuation calls the step made after answers cut at the token limit. */
  readonly continuations: number;
  /** The step starts a new book under its key: parts saved earlier under it are dropped. */
  readonly isFirst: boolean;
  readonly isFinished: boolean;
  /** Whether the generator keeps saved progress at all (books, and single tools that save). */
  readonly keepsProgress: boolean;
  readonly label: string;
  readonly words: number;
  readonly seconds: number;
  readonly usage?: TokenUsage;
  /** An image step's picture (PNG bytes): the server keeps it in the content history, bounded in size. */
  readonly png?: Uint8Array;
  /**
   * The scope of the answers kept for the step (kept-answers.ts), given when it has some: the store drops them with
   * the save (ProgressStore.keepAnswer).
   */
  readonly keptScope?: string;
}

/** A book's running memory after it took in the part at position `upTo`. */
export interface MemorySave {
  readonly memory: string;
  readonly upTo: number;
  /** The scope of the answers kept for the update, given when it has some: dropped with the save (as StepSave's). */
  readonly keptScope?: string;
}

/**
 * Saved progress. `saveStep` is the step's commit point: a step is done once it returns. `saveMemory`
 * keeps the book's updated memory (a small header update; no part, no charge).
 */
export interface ProgressStore {
  load(key: string): Promise<SavedBook | null>;
  saveStep(key: string, save: StepSave): Promise<void>;
  saveMemory(key: string, save: MemorySave): Promise<void>;
  /**
   * Several steps in one transaction, all or none (an imported manuscript's parts: engine/session/import/book.ts
   * importSaves).
   */
  saveSteps?(key: string, saves: readonly StepSave[]): Promise<void>;
  /** Keep a part's text as a version before a rewrite replaces it (a store without versions keeps none). */
  keepVersion?(key: string, version: PartVersionSave): Promise<void>;
  /**
   * Keep the book's voice (none: undefined), its header only; a store without it keeps the voice with the next step
   * saved.
   */
  saveVoice?(key: string, voice: BookVoice | undefined): Promise<void>;
  /**
   * Keep a model's answer the moment it arrives, before the step it belongs to is saved (kept-answers.ts): a
   * process killed meanwhile is given it back when it asks the same again. A store without it keeps none. A store
   * with it drops the answers of a save's `keptScope` (StepSave, MemorySave) with the save, and never before it is
   * saved: at one commit on SQLite, so that a kill at any moment neither loses a paid answer nor keeps a stale one.
   */
  keepAnswer?(key: string, kept: KeptAnswer): Promise<void>;
  /** The answers kept under the book's key, in the order they were kept. */
  keptAnswers?(key: string): Promise<KeptAnswer[]>;
  /** Drop the answers kept for one scope of the book (its step or bible update was saved), or all of them. */
  dropAnswers?(key: string, scope?: string): Promise<void>;
}

/** A model's answer kept before its step is saved (kept-answers.ts). */
export interface KeptAnswer {
  /** What it belongs to: a step (`step:` and its key) or a bible update (`memory:` and its part's position). */
  readonly scope: string;
  /** The request it answers (kept-answers.ts requestIdentity): the same request asked again is given it back. */
  readonly request: string;
  readonly answer: TextResult;
}

/** The text of a part kept as a version when a rewrite replaces it. */
export interface PartVersionSave {
  readonly position: number;
  readonly text: string;
  /** The writer's note of the rewrite that replaced it. */
  readonly note?: string;
  /** How the text came to be (engine/compile/provenance.ts): a version keeps it, and gives it back when restored. */
  readonly provenance?: PartProvenance;
}

/** A progress store of one book held in memory, never saved (scripted runs, `karya prompts`, tests). */
export function inMemoryProgressStore(): ProgressStore {
  let book: SavedBook | null = null;
  return {
    load: async () => book,
    saveStep: async (_key, save) => {
      book = { state: save.state, isFinished: save.isFinished, updatedAt: '' };
    },
    saveMemory: async (_key, save) => {
      if (book) book = { ...book, state: { ...book.state, memory: save.memory, memoryUpTo: save.upTo } };
    },
  };
}

export interface Clock {
  /** Milliseconds, for durations. */
  now(): number;
}

export const systemClock: Clock = { now: () => performance.now() };
