// Edits of what the introduction keeps out of its prose (part-text.ts), each with an editor of its own: the
// character list (the studio's Character details, PUT …/characters) and, in a book with no outline step, the
// chapter plan (edited as the book's outline). The prose stays exactly as it was; so does the other block.
import type { BookSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { extractChapterPlan } from '../../compile/chapter-plan.js';
import { EditError } from './error.js';
import { introParts, joinIntro } from './part-text.js';
import { catalogue, wordIn } from '../../languages/index.js';

/** The most characters a character list edited by hand may hold (a long novel's cast is ~3 000). */
export const MAX_CHARACTER_DETAILS_CHARS = 8000;

/** The headings the introduction templates ask for, which the book's readers find the blocks under. */
/** The headings the introduction keeps the writer's lists under (catalogue `intro-headings`). */
const HEADINGS = catalogue('intro-headings', ['characterDetails', 'chapterPlan']);

/**
 * A character list as the writer typed it, one character a line: blank lines dropped, and a line without a
 * list mark given one (a capitalised line without one would end the list when it is read back).
 */
export function characterLines(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => (/^[-*•]/.test(l) ? l : `- ${l}`))
    .join('\n');
}

/**
 * The book with its character list replaced by the writer's (empty: none); the introduction's prose and
 * everything else stay as they were. The list is what later steps are told about the characters. Pure.
 * @example editCharacterDetails(spec, state, 'Jonah Pike: harbour master, 55, shrewd')
 */
export function editCharacterDetails(
  spec: BookSpec,
  state: BookState,
  text: string,
): { state: BookState; text: string } {
  const intro = state.content[0];
  if (spec.kind !== 'book' || !spec.flow.characterDetails || intro === undefined) throw new EditError('part_not_found');
  const lines = characterLines(text);
  if (lines.length > MAX_CHARACTER_DETAILS_CHARS)
    throw new EditError('characters_too_long', { max: MAX_CHARACTER_DETAILS_CHARS });
  const parts = introParts(spec, state, intro);
  const stored = joinIntro({
    ...parts,
    details: lines ? `${wordIn(HEADINGS.characterDetails, state.lang, 'intro-headings')}\n${lines}` : '',
  });
  const { characterDetails: _old, ...without } = state;
  return {
    state: {
      ...without,
      content: state.content.map((t, i) => (i === 0 ? stored : t)),
      ...(lines ? { characterDetails: lines } : {}),
    },
    text: stored,
  };
}

/**
 * The chapter plan of a book with no outline step edited as its outline: kept in the introduction, where the book reads
 * it from.
 */
export function planEdit(
  spec: BookSpec,
  state: BookState,
  plan: string,
): { state: BookState; position: -1; text: string; savedAt: 0; isMemoryReset: false } {
  const intro = state.content[0];
  if (intro === undefined) throw new EditError('part_not_found');
  const stored = joinIntro({
    ...introParts(spec, state, intro),
    plan: `${wordIn(HEADINGS.chapterPlan, state.lang, 'intro-headings')}\n${plan}`,
  });
  return {
    state: {
      ...state,
      content: state.content.map((t, i) => (i === 0 ? stored : t)),
      outline: extractChapterPlan(stored) ?? plan,
    },
    position: -1,
    text: stored,
    savedAt: 0,
    isMemoryReset: false,
  };
}
