// The book flow as pure functions: steps (outline → introduction = chapter 0 → chapters → conclusion),
// labels, settings lock and character details. No I/O: callers persist BookState. How far a book is:
// book-progress.ts; a saved book resumed: book-restore.ts.
import type { BookVoice } from './book-voice.js';
import type { BookSpec, ConclusionPlacement, Lang, Settings } from '../spec/types.js';
import { conclusionPosition, minChapters } from '../spec/conclusion.js';
import { extractChapterPlan } from './chapter-plan.js';
import { isSameStep, type Step } from './step.js';
import { partStep } from './labels.js';
import { hasAuthoredParts, type PartProvenance, type SourceStatus } from './provenance.js';
import { extractCharacterDetails } from './character-details.js';
import { isLang } from '../languages/index.js';
import { readingPattern } from '../reading-words.js';

export type { Step } from './step.js';
export { isSameStep, stepKey, stepRef, parseStepKey, type StepRef } from './step.js';
export { conclusionPosition, minChapters } from '../spec/conclusion.js';
export { stepLabel, partLabel, partStep, buttonLabel, outlineToast, defaultChapterTitle } from './labels.js';
export { extractCharacterDetails, splitCharacterDetails, withoutCharacterDetails } from './character-details.js';
export {
  partProvenance,
  isAuthoredPart,
  hasAuthoredParts,
  isPublicDomainBook,
  isPublicDomainSource,
  sourceStatusOf,
  sourceStatusFrom,
  SOURCE_EVIDENCE,
  type SourceStatus,
  type SourceEvidence,
  withPartProvenance,
  withModelPassage,
  handEdited,
  modelWordsOf,
  partProvenanceOf,
  bookProvenanceOf,
  TEXT_ORIGINS,
  TYPED_OVER_SHARE,
  type TextOrigin,
  type PartProvenance,
  type PassageProvenance,
} from './provenance.js';

/** Everything needed to continue a book (or a single output); JSON-serialisable, stored as saved progress. */
export interface BookState {
  readonly generatorId: string;
  readonly settings: Settings;
  readonly lang: Lang;
  /**
   * The author an imported manuscript names (its title page, `Author:` line or file metadata): the book's author when
   * publishing is given none.
   */
  readonly author?: string;
  readonly totalChapters: number;
  readonly outline?: string;
  /** One text per part written: introduction, chapters, conclusion (or the single output). */
  readonly content: readonly string[];
  /** Next position to write: 0 introduction, 1..N chapters, then the conclusion. */
  readonly currentChapter: number;
  readonly characterDetails?: string;
  /** Settings are locked once the introduction exists. */
  readonly isLocked: boolean;
  /** Positions of parts still cut at the token limit after their continuations (kept, marked incomplete). */
  readonly incompleteParts?: readonly number[];
  /** Positions of parts the writer stopped while they were written and kept as they were (Keep on a stopped draft). */
  readonly stoppedParts?: readonly number[];
  /** The user's own chapter titles, by position ("The Storm" → "Chapter 3: The Storm"). */
  readonly chapterTitles?: Readonly<Record<number, string>>;
  /** The story so far: the running memory the session keeps after each part (bounded), for later chapters. */
  readonly memory?: string;
  /** The position of the last part the memory includes (absent: none yet). */
  readonly memoryUpTo?: number;
  /**
   * The writer's notes per chapter position ("what must happen here"), each sent with that chapter's
   * request only. Present (even empty) once the writer shaped the outline as chapters: the book then keeps
   * the chapter count of its edited outline (engine/session/outline-edit.ts).
   */
  readonly chapterNotes?: Readonly<Record<number, string>>;
  /**
   * What the optional model audit of continuity found, per part position (kept: a model's answer cannot be recomputed).
   */
  readonly auditFindings?: Readonly<Record<number, readonly AuditFinding[]>>;
  /**
   * The continuity findings the writer marked as intended (their keys: engine/session/continuity/keys.ts), no longer
   * shown.
   */
  readonly intendedFindings?: readonly string[];
  /**
   * How each part's text came to be, by position (engine/compile/provenance.ts): the writer's own (an imported
   * manuscript's: engine/session/import-book.ts), rewritten by the model, edited by hand, with the passages the
   * model put in since; a part without a record is the model's. Publishing's AI disclosure counts from it.
   */
  readonly provenance?: Readonly<Record<number, PartProvenance>>;
  /**
   * The series the book belongs to and what the books before it established (engine/session/series/series.ts): derived
   * from those books whenever the book is opened, never saved with it.
   */
  readonly series?: BookSeries;
  /**
   * The writer's voice (engine/compile/book-voice.ts): every prose part is measured against it and every writing step
   * told it.
   */
  readonly voice?: BookVoice;
  /**
   * What the writer's source text is (an import's: engine/import/source-status.ts): public domain, first published,
   * confirmed.
   */
  readonly source?: SourceStatus;
}

/**
 * A book's place in a series, with the series' story bible as of the end of the book before it (Markdown, as `memory`).
 */
export interface BookSeries {
  readonly name: string;
  /** From 1. */
  readonly number: number;
  /** '' for the first book. */
  readonly bible: string;
  /** The voice of the series (its most recent earlier book's): a book of it without a voice of its own takes it. */
  readonly voice?: BookVoice;
}

/** One finding of the model audit of continuity: what contradicts the bible, and the part that established it. */
export interface AuditFinding {
  kind: 'audit';
  detail: string;
  part: string;
}

export interface FlowSummary {
  outline: boolean;
  outlineKind: 'story' | 'guide' | 'none';
  conclusion: ConclusionPlacement;
  progressDenominator: 'total' | 'total+2' | number;
  sections?: Array<{ id: string; label: Readonly<Record<Lang, string>>; description?: Readonly<Record<Lang, string>> }>;
  savesProgress: boolean;
  characterDetails: boolean;
  retry: boolean;
  chapterField?: string;
}

/** The language a book is written in: the language field when there is one, else the spec's fixed one. */
export function bookLanguage(spec: BookSpec, settings: Settings): Lang {
  const field = spec.fields.find((f) => f.role === 'language');
  const value = field ? settings[field.name] : undefined;
  return isLang(value) ? value : spec.fixedLanguage;
}

/** Number of chapters (or fixed sections) a book will have with these settings. */
export function chapterCount(spec: BookSpec, settings: Settings): number {
  if (spec.kind !== 'book') return 0;
  if (spec.flow.sections) return spec.flow.sections.length;
  const field = spec.fields.find((f) => f.role === 'chapters');
  const n = Number(field ? settings[field.name] : NaN);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** Start a book (or a single output) with validated settings. `totalChapters` overrides the count. */
export function startBook(input: { spec: BookSpec; settings: Settings; totalChapters?: number }): BookState {
  const { spec, settings } = input;
  const total = input.totalChapters ?? chapterCount(spec, settings);
  if (spec.kind === 'book' && (!Number.isInteger(total) || total < minChapters(spec.flow))) {
    throw new RangeError(`invalid chapter count ${total}`);
  }
  return {
    generatorId: spec.id,
    settings,
    lang: bookLanguage(spec, settings),
    totalChapters: total,
    content: [],
    currentChapter: 0,
    isLocked: false,
  };
}

/** Every step of a book in order. */
export function stepsFor(spec: BookSpec, totalChapters: number): Step[] {
  if (spec.kind === 'image') return [{ kind: 'image' }];
  if (spec.kind !== 'book') return [{ kind: 'single' }];
  const steps: Step[] = [];
  if (spec.flow.outline !== 'none') steps.push({ kind: 'outline' });
  steps.push({ kind: 'introduction', position: 0 });
  const end = conclusionPosition(spec.flow, totalChapters);
  for (let n = 1; n < end; n++) steps.push(partStep(spec, n, totalChapters));
  steps.push({ kind: 'conclusion', position: end });
  return steps;
}

/** The step to run next, or null when the book is complete. */
export function nextStep(spec: BookSpec, state: BookState): Step | null {
  if (spec.kind === 'image') return state.content.length ? null : { kind: 'image' };
  if (spec.kind !== 'book') return state.content.length ? null : { kind: 'single' };
  if (state.content.length === 0 && spec.flow.outline !== 'none' && state.outline === undefined) {
    return { kind: 'outline' };
  }
  const end = conclusionPosition(spec.flow, state.totalChapters);
  // A book whose first parts the writer brought (an import) is outlined before the first chapter still to
  // write: the written chapters as they are, and the plan of the rest (engine/compile/prompt-context.ts writtenOf).
  if (isOutlinedLater(spec, state)) return { kind: 'outline' };
  if (state.currentChapter === 0) return { kind: 'introduction', position: 0 };
  if (state.currentChapter < end) return partStep(spec, state.currentChapter, state.totalChapters);
  if (state.currentChapter === end) return { kind: 'conclusion', position: end };
  return null;
}

/** An imported book with chapters still to write and no outline yet: its outline comes before them. */
function isOutlinedLater(spec: BookSpec, state: BookState): boolean {
  if (spec.flow.outline === 'none' || state.outline !== undefined || !hasAuthoredParts(state)) return false;
  return state.currentChapter >= 1 && state.currentChapter < conclusionPosition(spec.flow, state.totalChapters);
}

/**
 * Whether a book's plan has an outline step: a book's flow with one, unless the book was begun without it
 * (an imported manuscript with no chapters left to plan).
 */
export function hasOutlineStep(spec: BookSpec, state: BookState): boolean {
  if (spec.kind !== 'book' || spec.flow.outline === 'none') return false;
  return state.outline !== undefined || state.content.length === 0 || isOutlinedLater(spec, state);
}

/**
 * The state after `step` produced `text`. Pure: returns a new state.
 * The introduction locks the settings and, for fiction, captures the character details.
 */
export function applyStep(spec: BookSpec, state: BookState, step: Step, text: string): BookState {
  const expected = nextStep(spec, state);
  if (!expected || !isSameStep(expected, step)) throw new Error(`step ${step.kind} is not the next step of ${spec.id}`);
  switch (step.kind) {
    case 'outline':
      return { ...state, outline: text };
    case 'introduction': {
      const details = spec.flow.characterDetails ? extractCharacterDetails(text) : undefined;
      // A book without an outline step takes its chapter plan from its introduction.
      const plan = spec.flow.outline === 'none' ? extractChapterPlan(text) : undefined;
      return {
        ...state,
        content: [text],
        currentChapter: 1,
        isLocked: true,
        ...(details ? { characterDetails: details } : {}),
        ...(plan ? { outline: plan } : {}),
      };
    }
    case 'chapter':
    case 'conclusion':
      return { ...state, content: [...state.content, text], currentChapter: step.position + 1 };
    default:
      return { ...state, content: [text], currentChapter: 1 };
  }
}

/** The book with the part at `position` no longer marked cut or stopped (its text is now another). */
export function unmarkPart(state: BookState, position: number): BookState {
  const { incompleteParts, stoppedParts, ...rest } = state;
  const incomplete = (incompleteParts ?? []).filter((p) => p !== position);
  const stopped = (stoppedParts ?? []).filter((p) => p !== position);
  return {
    ...rest,
    ...(incomplete.length ? { incompleteParts: incomplete } : {}),
    ...(stopped.length ? { stoppedParts: stopped } : {}),
  };
}

/**
 * The working title an outline gives on its first lines ("Title: Hujan di Kuala Lumpur" / "Tajuk: …",
 * asked for by the outline templates), or undefined.
 */
export function extractTitle(outline: string | undefined): string | undefined {
  for (const line of (outline ?? '').split(/\r?\n/).slice(0, 8)) {
    const m = readingPattern(String.raw`^[#>*_\s]*(?:{outline.title})[*_\s]*[:：][*_\s]*(.+)$`).exec(line.trim());
    const title = m?.[1]
      ?.replace(/[*_#]+/g, '')
      .replace(/^["“'‘]+|["”'’]+$/g, '')
      .trim();
    if (title) return title.slice(0, 200);
  }
  return undefined;
}

/** What `karya show` and the studio need to know about a generator's flow. */
export function describeFlow(spec: BookSpec): FlowSummary {
  const f = spec.flow;
  const chapterField = spec.fields.find((x) => x.role === 'chapters')?.name;
  return {
    outline: f.outline !== 'none',
    outlineKind: f.outline,
    conclusion: f.conclusion,
    progressDenominator: f.progressDenominator,
    ...(f.sections
      ? {
          sections: f.sections.map(
            (s) => JSON.parse(JSON.stringify(s)) as NonNullable<FlowSummary['sections']>[number],
          ),
        }
      : {}),
    savesProgress: f.savesProgress,
    characterDetails: f.characterDetails,
    retry: f.retry,
    ...(chapterField ? { chapterField } : {}),
  };
}
