// Opening a book session: the book saved under its key resumed where it stopped (an outline already written kept
// with the chapters the writer shaped), or a new one started with the given settings. ../session.ts's BookSession.open.
import type { BookVoice } from '../../compile/book-voice.js';
import { restoreBook } from '../../compile/book-restore.js';
import { startBook, type BookSeries, type BookState } from '../../compile/flow.js';
import type { PromptRenderer } from '../../compile/prompt.js';
import type { Provider } from '../../provider.js';
import type { ResolvedSpec, Settings } from '../../spec/types.js';
import { KeptAnswers } from '../kept-answers.js';
import { systemClock, type Clock, type ProgressStore, type SavedBook } from '../ports.js';
import { SessionError } from '../step-types.js';

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
  /**
   * Audit each chapter with one more model call (`--continuity audit`); absent: the generator's flow says (off by
   * default).
   */
  continuityAudit?: boolean;
  /**
   * The book's place in a series and what the books before it established (engine/session/series/series.ts
   * bookSeries).
   */
  series?: BookSeries;
  /** The writer's voice for the book (`--voice`, `--avoid`): replaces the one it kept; absent: it keeps its own. */
  voice?: BookVoice;
}

/** What a session works through: the prompts, the model, the progress store, the clock and the kept answers. */
export interface SessionPorts {
  renderer: PromptRenderer;
  provider: Provider;
  store: ProgressStore;
  clock: Clock;
  /** Each chapter audited by the model after it is written. */
  isAuditing: boolean;
  kept: KeptAnswers | null;
}

/** A session's book as opened: its state, the parts written before it opened (null: new) and whether any is saved. */
export interface OpenedBook {
  ports: SessionPorts;
  state: BookState;
  resumedParts: number | null;
  hasSavedPart: boolean;
}

/** The book under the input's key as a session opens it (see OpenSessionInput). */
export async function openedBook(input: OpenSessionInput): Promise<OpenedBook> {
  const { spec, key } = input;
  const ports: SessionPorts = {
    renderer: input.renderer,
    provider: input.provider,
    store: input.store,
    clock: input.clock ?? systemClock,
    isAuditing: input.continuityAudit ?? spec.flow.continuity === 'audit',
    kept: await KeptAnswers.open(input.store, key),
  };
  let fresh: BookState;
  try {
    const chapters = input.totalChapters !== undefined ? { totalChapters: input.totalChapters } : {};
    fresh = startBook({ spec, settings: input.settings, ...chapters });
  } catch (error) {
    if (error instanceof RangeError) throw new SessionError('invalid_chapters', { total: input.totalChapters ?? 0 });
    throw error;
  }
  // Only books continue: a single piece is one step, so a saved one is always finished.
  const saved: SavedBook | null = spec.kind === 'book' && !input.isFresh ? await input.store.load(key) : null;
  const held = saved && !(saved.isFinished && input.onFinished === 'restart') ? restoreBook(spec, saved.state) : null;
  if (held?.isLocked) {
    const resumedParts = held.content.length + (held.outline !== undefined ? 1 : 0);
    return { ports, state: held, resumedParts, hasSavedPart: true };
  }
  // Until the introduction exists the given settings apply; an outline already written is kept, and
  // with it an outline the writer shaped as chapters: its chapter count and notes.
  if (held?.outline !== undefined) {
    const shaped =
      held.chapterNotes !== undefined ? { totalChapters: held.totalChapters, chapterNotes: held.chapterNotes } : {};
    const state = { ...fresh, outline: held.outline, ...shaped, ...(held.voice ? { voice: held.voice } : {}) };
    return { ports, state, resumedParts: 1, hasSavedPart: true };
  }
  const notes =
    input.chapterNotes && Object.keys(input.chapterNotes).length ? { chapterNotes: { ...input.chapterNotes } } : {};
  return { ports, state: { ...fresh, ...notes }, resumedParts: null, hasSavedPart: false };
}
