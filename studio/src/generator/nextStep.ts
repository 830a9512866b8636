// Where the book page stands and what its next action is (pure): the book shown (the server's once its
// settings lock, before that the book the form's settings would start), its language and next step; the
// generate button's words, the step's cost and the book's, and whether the writer is short of credits.
import {
  buttonLabel,
  previewBook,
  type BookSpec,
  type BookView,
  type FormModel,
  type Lang,
  type Settings,
  type StepRef,
} from '../engine.js';
import { formLanguage, type FormValues } from './form.js';
import type { NextAction } from './SettingsPanel.js';
import { nextButtonWord, stepWord } from './stepWords.js';
import { pageWord } from './words.js';

/**
 * The book shown (null for a short piece), the book's language, its next step (null: finished), and whether its
 * settings are locked.
 */
export type BookStep = { view: BookView | null; lang: Lang; step: StepRef | null; isLocked: boolean };

/** A short piece's one step: its text, or a cover. */
export const pieceStep = (spec: BookSpec): { kind: 'image' | 'single' } => ({
  kind: spec.kind === 'image' ? 'image' : 'single',
});

export function bookStepOf(form: FormModel, spec: BookSpec, book: BookView | null, values: FormValues): BookStep {
  const isLocked = book?.is_locked === true;
  // An outline the server already holds is kept; one the writer shaped as chapters keeps its chapter count and notes.
  const shaped =
    book?.is_outline_edited && book.chapters
      ? {
          totalChapters: book.total_chapters,
          chapterNotes: Object.fromEntries(book.chapters.filter((c) => c.note).map((c) => [c.number, c.note])),
        }
      : undefined;
  const view =
    spec.kind === 'book'
      ? isLocked && book
        ? book
        : previewBook(spec, values as Settings, book?.outline?.text, shaped)
      : null;
  const lang: Lang = view?.is_locked ? view.lang : formLanguage(form, values);
  const step: StepRef | null = view
    ? view.next
      ? { kind: view.next.kind, ...(view.next.position !== undefined ? { position: view.next.position } : {}) }
      : null
    : pieceStep(spec);
  return { view, lang, step, isLocked };
}

/** The state of the step under way: streamed here (`isLoading`) or followed, and the step followed. */
/** `stopped`: the label of the next part's stopped draft, which the writer settles first (its own buttons). */
export type StepActivity = {
  isLoading: boolean;
  isFollowing: boolean;
  followRef: StepRef | null;
  stopped?: string | null;
};

/** What the next action costs and says, for `credits` (null: signed out) in the studio language `ui`. */
export function nextActionOf(
  form: FormModel,
  spec: BookSpec,
  shown: BookStep,
  ui: Lang,
  activity: StepActivity,
  credits: { have: number | null; isAdmin: boolean },
) {
  const { view, step } = shown;
  const have = credits.have ?? 0;
  const stepCost = view ? view.cost.step : form.cost;
  const stepCostText = stepCost === 1 ? pageWord('stepCostOne', ui) : pageWord('stepCostMany', ui, { n: stepCost });
  const costLeft = view
    ? view.parts.length === 0 && view.outline === null
      ? view.cost.total
      : view.cost.remaining
    : 0;
  const hasStarted = view !== null && (view.outline !== null || view.parts.length > 0);
  const isShort = !credits.isAdmin && credits.have !== null && step !== null && have < stepCost;
  const label = buttonWord(spec, view, ui, activity);
  // Short of credits, the button says how to go on before it is clicked; its step and cost below.
  const isBusy = activity.isLoading || activity.isFollowing;
  const next: NextAction = {
    step,
    isBusy,
    // A stopped draft on screen: its own Continue/Rewrite/Keep/Discard are the next step, and the button says so.
    text:
      activity.stopped && !isBusy
        ? pageWord('stoppedNext', ui, { part: activity.stopped })
        : isShort && !isBusy
          ? pageWord('topUpToContinue', ui)
          : label,
    costLine:
      step && !isBusy && !activity.stopped
        ? isShort
          ? pageWord('stepCostShort', ui, { step: label, cost: stepCostText })
          : stepCostText
        : null,
  };
  // A written part's charged tools (passage, rewrite, write more) cost a step too, finished book or not.
  const isShortForParts = !credits.isAdmin && credits.have !== null && have < stepCost;
  return { next, have, stepCost, stepCostText, costLeft, hasStarted, isShort, isShortForParts };
}

/** The generate button's words: the step being written or followed, else the next one. */
function buttonWord(
  spec: BookSpec,
  view: BookView | null,
  ui: Lang,
  { isLoading, isFollowing, followRef }: StepActivity,
): string {
  if (isFollowing)
    return pageWord('beingWritten', ui, {
      step: followRef ? stepWord(spec, followRef, ui) : view?.next ? stepWord(spec, view.next, ui) : '',
    });
  if (spec.kind === 'image' && isLoading) return pageWord('generatingCover', ui);
  if (isLoading) return buttonLabel(spec, null, ui, true);
  return view ? nextButtonWord(spec, view, ui) : buttonLabel(spec, pieceStep(spec), ui);
}
