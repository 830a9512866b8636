// A part's text as the writer sees, selects and edits it, and the hash that names that text. The introduction
// of some books holds blocks the book never prints: its character list (kept with the book and given to later
// steps) and, in a book with no outline step, its chapter plan (the book's outline). They stay out of the
// introduction's text in the view, its editor and its passages; an edit of that prose puts them back as they
// were, so saving the introduction never changes what later chapters are told.
import type { BookSpec } from '../../spec/types.js';
import { splitCharacterDetails, withoutCharacterDetails, type BookState } from '../../compile/flow.js';
import { splitChapterPlan } from '../../compile/chapter-plan.js';
import { textHash } from '../../text-hash.js';
import { EditError } from './error.js';

/**
 * An introduction as stored, in three: the prose, its character list's block and its chapter plan's block ('' when
 * none).
 */
export interface IntroParts {
  readonly prose: string;
  readonly details: string;
  readonly plan: string;
}

/** The introduction's stored text split into its prose and the blocks the book keeps out of it. */
export function introParts(spec: BookSpec, state: Pick<BookState, 'characterDetails'>, text: string): IntroParts {
  const planned = spec.flow.outline === 'none' ? splitChapterPlan(text) : undefined;
  const rest = planned ? planned.before : text;
  const split = state.characterDetails ? splitCharacterDetails(rest) : undefined;
  return {
    prose: split ? withoutCharacterDetails(rest) : rest.trim(),
    details: split?.block ?? '',
    plan: planned?.block ?? '',
  };
}

/** An introduction to store: the prose, then the character list, then the chapter plan (it runs to the end). */
export function joinIntro(parts: IntroParts): string {
  return [parts.prose, parts.details, parts.plan].filter((t) => t.trim()).join('\n\n');
}

/**
 * The introduction to store for prose the writer edited: the blocks it had kept as they were, unless the writer
 * typed a block of that kind into the prose (then that one is the book's).
 */
export function introWithProse(spec: BookSpec, state: BookState, prose: string): string {
  const before = introParts(spec, state, state.content[0] ?? '');
  const own = introParts(spec, { characterDetails: spec.flow.characterDetails ? 'typed' : undefined }, prose);
  return joinIntro({ prose: own.prose, details: own.details || before.details, plan: own.plan || before.plan });
}

/** The text of the part at `position` as the book view gives it (the introduction's prose only). */
export function partText(spec: BookSpec, state: BookState, position: number): string {
  const text = state.content[position] ?? '';
  return position === 0 && spec.kind === 'book' ? introParts(spec, state, text).prose : text;
}

/**
 * The hash of a part's text as the view gives it (the outline's at -1): what an edit names the text it was made on by.
 */
export function partHash(spec: BookSpec, state: BookState, position: number): string {
  return textHash(position < 0 ? (state.outline ?? '') : partText(spec, state, position));
}

/**
 * Refuse an edit made on another text of the part than the book holds now (`hash` from the book view when the
 * writer chose the place; none given: nothing to compare). `code`: the words the refusal is told in.
 */
export function checkPartSeen(
  spec: BookSpec,
  state: BookState,
  position: number,
  hash: string | undefined,
  code: 'part_changed' | 'part_stale' = 'part_stale',
): void {
  if (hash !== undefined && hash !== partHash(spec, state, position)) throw new EditError(code);
}
