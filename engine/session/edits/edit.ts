// Editing a written part by hand between steps: the outline or one part (introduction, chapter,
// conclusion) gets the user's text, and everything later steps read from it follows. Later steps read
// the saved book (previous ending, outline, character details, story memory), so the edited text is
// what they build on. The story bible is never dropped: when it has already taken in the edited part, it
// stays in force as it is, and the parts from the edited one on are marked for re-deriving (memoryUpTo goes
// back to the part before it); BookSession.remember re-derives them in turn, each replacing only what that
// part established (bible/time.ts rederived), finished book or not.
import type { BookSpec } from '../../spec/types.js';
import { extractCharacterDetails, unmarkPart, type BookState } from '../../compile/flow.js';
import { extractChapterPlan } from '../../compile/chapter-plan.js';
import { partStep } from '../../compile/labels.js';
import { stepKey, stepPosition, type StepRef } from '../../compile/step.js';
import { bounded, parseBible, renderBible } from '../bible/light.js';
import { EditError } from './error.js';
import { introWithProse } from './part-text.js';
import { planEdit } from './intro.js';
import {
  handEdited,
  partProvenance,
  withModelPassage,
  withPartProvenance,
  type PartProvenance,
} from '../../compile/provenance.js';

/** The longest note a writer may give a rewrite (a sentence or a short paragraph). */
export const MAX_REWRITE_NOTE_CHARS = 1000;

/** The most characters a part may hold when edited by hand (a long chapter is ~10 000). */
export const MAX_PART_CHARS = 60_000;

export { EditError } from './error.js';

export interface PartEdit {
  /** The book after the edit. */
  readonly state: BookState;
  /** -1 the outline, else the part's position. */
  readonly position: number;
  /**
   * The text as stored (trimmed; the introduction with the blocks it keeps out of its prose) and the part it is stored
   * as: `position`, or the introduction for the chapter plan a book with no outline step keeps in it.
   */
  readonly text: string;
  readonly savedAt: number;
  /**
   * The story bible had taken in the old text: it stays, and the parts from this one on are marked for re-deriving
   * (BookSession.remember).
   */
  readonly isMemoryReset: boolean;
}

/**
 * What put a part's new text in, for its provenance (engine/compile/provenance.ts): the writer's hand (the
 * default), a passage the model rewrote and the writer kept (`words`: the passage's), words the model added
 * ("write more"), or an earlier version restored with the provenance it had (none kept: counted as a hand edit
 * of the model's text, the side the AI disclosure errs on).
 */
export type PartChange =
  | { readonly kind: 'hand' }
  | { readonly kind: 'passage'; readonly words: number }
  | { readonly kind: 'more'; readonly words: number }
  | { readonly kind: 'restore'; readonly provenance?: PartProvenance };

/** The book's provenance after `change` put `text` in place of `previous` at `position`. */
function provenanceAfter(
  state: BookState,
  position: number,
  previous: string,
  text: string,
  change: PartChange,
): BookState {
  const before = partProvenance(state, position);
  switch (change.kind) {
    case 'hand':
      return withPartProvenance(state, position, handEdited(before, previous, text));
    case 'passage':
      return withModelPassage(state, position, { origin: 'model-rewrite', words: change.words });
    // The model's words added to its own text change nothing; added to the writer's, they are counted as its.
    case 'more':
      return before.origin === 'author'
        ? withModelPassage(state, position, { origin: 'model', words: change.words })
        : state;
    case 'restore':
      return withPartProvenance(state, position, change.provenance ?? { origin: 'hand' });
  }
}

/**
 * The book with one written part replaced by the user's text (or what `change` says put it in: its provenance
 * follows). Pure.
 * @example editPart(spec, state, { kind: 'chapter', position: 2 }, 'Rain fell on Kuala Lumpur…')
 */
export function editPart(
  spec: BookSpec,
  state: BookState,
  part: StepRef,
  text: string,
  change: PartChange = { kind: 'hand' },
): PartEdit {
  const kept = text.replace(/\r\n?/g, '\n').trim();
  if (!kept) throw new EditError('part_empty');
  if (kept.length > MAX_PART_CHARS) throw new EditError('part_too_long', { max: MAX_PART_CHARS });
  if (spec.kind !== 'book') throw new EditError('part_not_found');
  if (part.kind === 'outline') {
    if (state.outline === undefined) throw new EditError('part_not_found');
    if (spec.flow.outline === 'none') return planEdit(spec, state, kept);
    return { state: { ...state, outline: kept }, position: -1, text: kept, savedAt: -1, isMemoryReset: false };
  }
  const position = stepPosition(part);
  if (
    position < 0 ||
    position >= state.content.length ||
    stepKey(partStep(spec, position, state.totalChapters)) !== stepKey(part)
  ) {
    throw new EditError('part_not_found');
  }
  // The introduction's prose as the writer edited it (a hand edit, a passage kept) gets back the blocks it keeps
  // out of its text (part-text.ts); "write more" and a version restored give the part as stored.
  const isProse = position === 0 && (change.kind === 'hand' || change.kind === 'passage');
  const stored = isProse ? introWithProse(spec, state, kept) : kept;
  const content = state.content.map((t, i) => (i === position ? stored : t));
  // The user finished the part: it is no longer "cut at the length limit" nor "stopped".
  let next: BookState = provenanceAfter(
    unmarkPart({ ...state, content }, position),
    position,
    state.content[position]!,
    stored,
    change,
  );
  if (position === 0) {
    // What the introduction gives later steps stays as it was, unless the new text has a list or plan of its own.
    const { characterDetails: _old, ...without } = next;
    const details = spec.flow.characterDetails
      ? (extractCharacterDetails(isProse ? kept : stored) ?? state.characterDetails)
      : undefined;
    next = details ? { ...without, characterDetails: details } : without;
    if (spec.flow.outline === 'none') {
      const plan = extractChapterPlan(stored) ?? state.outline;
      const { outline: _plan, ...noPlan } = next;
      next = plan ? { ...noPlan, outline: plan } : noPlan;
    }
  }
  const isMemoryReset = state.memoryUpTo !== undefined && state.memoryUpTo >= position;
  // The bible stays in force (never emptied); from this part on it is re-derived (remember).
  if (isMemoryReset) next = { ...next, memoryUpTo: position - 1 };
  return { state: next, position, text: stored, savedAt: position, isMemoryReset };
}

/**
 * The most characters a story bible edited by hand may hold: what a request is shown is about 15 000; the kept
 * bible of a long book (every character it met, the values later parts replaced, within bible/time.ts KEPT_LIMITS)
 * stays under this, and under the server's 100 kB body with it.
 */
export const MAX_BIBLE_CHARS = 80_000;

/**
 * The book with its story bible replaced by the writer's text, read back into the bible's sections and
 * limits (engine/session/bible/bible.ts). The premise and planned ending come from the outline (edited there),
 * so they are not kept from this text. The parts the bible has read stay as they were (`upTo`): a part it
 * has not taken in yet (a bible reset by a part edit, an update that failed) is still folded into the
 * writer's text before the next step, so a note added to an empty bible does not replace its rebuild. Pure.
 * @example editBible(spec, state, '## Characters\n- Aisha | lead | in Penang | Chapter 3')
 */
export function editBible(
  spec: BookSpec,
  state: BookState,
  text: string,
): { state: BookState; memory: string; upTo: number } {
  if (spec.kind !== 'book' || state.content.length === 0) throw new EditError('part_not_found');
  const kept = text.replace(/\r\n?/g, '\n').trim();
  if (kept.length > MAX_BIBLE_CHARS) throw new EditError('bible_too_long', { max: MAX_BIBLE_CHARS });
  const bible = parseBible(kept);
  const memory = renderBible(bounded({ ...bible, premise: '', ending: '' }), state.lang, {
    omit: ['premise', 'ending'],
  });
  const upTo = state.memoryUpTo ?? -1;
  return { state: { ...state, memory, memoryUpTo: upTo }, memory, upTo };
}
