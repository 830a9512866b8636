// Where a part label stands in a book (its position), apart from as-of.ts and its prompts: continuity reads a finished
// book's threads by it through the room's light door (a batch's book-end thread).
import type { BookSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { partLabel } from '../../compile/labels.js';
import { conclusionPosition } from '../../spec/conclusion.js';
import type { PartOf } from './time.js';
import { langs } from '../../languages/index.js';

/** Each spec's part finders, by the book's chapter count: every request of a step and its bible update asks. */
const partFinders = new WeakMap<BookSpec, Map<number, PartOf>>();

/**
 * Where a part label ("Chapter 4", "Bab 4", "Introduction", a section's name) stands in this book (made once per spec
 * and chapter count).
 */
export function partsOf(spec: BookSpec, state: Pick<BookState, 'totalChapters'>): PartOf {
  let bySize = partFinders.get(spec);
  if (!bySize) partFinders.set(spec, (bySize = new Map()));
  let found = bySize.get(state.totalChapters);
  if (!found) bySize.set(state.totalChapters, (found = partFinder(spec, state.totalChapters)));
  return found;
}

function partFinder(spec: BookSpec, totalChapters: number): PartOf {
  const state = { totalChapters };
  const positions = new Map<string, number>();
  if (spec.kind === 'book') {
    const end = conclusionPosition(spec.flow, state.totalChapters);
    for (let i = 0; i <= end; i++)
      for (const lang of langs()) positions.set(partLabel(spec, i, state.totalChapters, lang).toLowerCase(), i);
  }
  return (label) => {
    const key = label.toLowerCase().replace(/\s+/g, ' ').trim();
    const known = positions.get(key);
    if (known !== undefined) return known;
    const n = /(\d+)/.exec(key)?.[1];
    return n ? Number(n) : undefined;
  };
}
