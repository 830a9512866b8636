// The shapes of a translated edition's run (run.ts translateEdition): what a caller hands in, the progress it is
// told, and what each part and the whole run came to.
import type { Lang, ResolvedSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import type { Provider } from '../../provider.js';
import type { PromptRenderer } from '../../compile/prompt.js';
import type { ProgressStore } from '../ports.js';
import type { WindowProblem } from './checks.js';
import type { Glossary } from './glossary.js';
import type { EditionTitle } from './title.js';

export interface TranslateInput {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  /** Where the edition is kept (the source is only read, never saved). */
  store: ProgressStore;
  /** The edition's key (edition.ts editionKey). */
  key: string;
  source: BookState;
  /** Whether the source book is whole: its edition is finished once every part is translated, none marked. */
  isSourceFinished: boolean;
  to: Lang;
  glossary: Glossary;
  /** The writer's title for a new edition (karya translate --title): kept instead of asking the model for one. */
  title?: string;
  signal?: AbortSignal;
  /** Told the edition's title before any part is asked: the one just chosen for a new edition, or the one it has. */
  onTitle?: (title: EditionTitle) => void;
  onProgress?: (event: TranslateProgress) => void;
  /**
   * Called as each part is done (translated, kept from a run before, or with paragraphs left), for a progress line or a
   * charge.
   */
  onPart?: (part: PartOutcome) => void;
  /**
   * Awaited before the first window of a part is asked in this run (a part kept from before, or with no text, is
   * never started): where a caller takes the part's charge first. What it throws stops the run there. A glossary
   * it answers holds from this part on (the writer changed it while the edition was being made).
   */
  onPartStart?: (part: { position: number; label: string }) => Promise<{ glossary?: Glossary } | void>;
}

/** A window about to be asked (`isAgain`: asked again after an answer that was not kept). */
export interface TranslateProgress {
  readonly position: number;
  readonly label: string;
  /** 1-based, of `windows` in the part (those done before a stop included). */
  readonly window: number;
  readonly windows: number;
  readonly isAgain: boolean;
  readonly problem?: WindowProblem;
  /**
   * The part's paragraphs asked (1-based, first and last) when they are a half of the window or a paragraph left
   * before.
   */
  readonly paragraphs?: readonly [number, number];
}

export interface PartOutcome {
  readonly position: number;
  readonly label: string;
  /**
   * `translated` in this run, `kept` from a run before, `untranslated`: done, but some paragraphs could not be
   * had and are kept as their source (`untranslated`), to ask for again.
   */
  readonly status: 'translated' | 'kept' | 'untranslated';
  /** Requests made for the part in this run (each ask, again and halves included). */
  readonly asked: number;
  /**
   * Credits the caller charges for the part: the generator's cost per step for a part made whole without marks in this
   * run, else 0.
   */
  readonly credits: number;
  /** The paragraphs (0-based) kept as their source, when `untranslated`. */
  readonly untranslated?: readonly number[];
  /** The chapter title kept as its source's (no answer for it could be kept), when `untranslated`. */
  readonly titleUntranslated?: true;
  /** Why the last of them could not be had. */
  readonly problem?: WindowProblem;
}

export interface EditionOutcome {
  readonly state: BookState;
  readonly isFinished: boolean;
  readonly parts: readonly PartOutcome[];
  /** The parts with paragraphs left untranslated (the run went on past them): what a rerun asks for. */
  readonly left: readonly PartOutcome[];
  readonly credits: number;
  /** The edition's title (none for a source titled only by its kind). */
  readonly title?: EditionTitle;
}
