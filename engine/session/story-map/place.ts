// Where a story map's parts stand: a bible label ("Chapter 3", "Bab 3", "Introduction") as a position in the
// book and a label in the book's language (or the language of the page that shows the map, whose sentences name
// the parts: "as of Bab 3", never "as of Chapter 3" in a Malay sentence), and the words that make a character's state
// dead or absent.
import type { BookSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import type { Lang } from '../../languages/index.js';
import { partLabel } from '../../compile/labels.js';
import { conclusionPosition } from '../../spec/conclusion.js';
import type { PartOf } from '../bible/index.js';
import { isGoneInAnyLanguage } from '../../book-words.js';
import type { MapPart } from './schema.js';

/** Where the map's parts stand and how each is named, in the book's language. */
export interface MapPlace {
  /** Position of a bible label (an undated or unknown one counts from the last part the bible took in). */
  at(label: string | undefined): number;
  /** A bible label as a map part, named in the book's language when it is one of the book's parts. */
  ref(label: string | undefined): MapPart;
  /** The part at a position. */
  refAt(position: number): MapPart;
}

/** True when a state says the character is dead, absent or elsewhere (in any language: a book may quote another). */
export function isGoneState(state: string): boolean {
  return isGoneInAnyLanguage(state);
}

export function placeOf(
  spec: BookSpec,
  state: BookState,
  partOf: PartOf,
  undated: number,
  labelsIn: Lang = state.lang,
): MapPlace {
  const end = spec.kind === 'book' ? conclusionPosition(spec.flow, state.totalChapters) : 0;
  const at = (label: string | undefined) => (label?.trim() ? (partOf(label) ?? undated) : undated);
  const refAt = (position: number): MapPart => ({
    position,
    label: partLabel(spec, position, state.totalChapters, labelsIn),
  });
  const ref = (label: string | undefined): MapPart => {
    const position = at(label);
    return position >= 0 && position <= end
      ? refAt(position)
      : { position, label: label?.trim() || refAt(undated).label };
  };
  return { at, ref, refAt };
}
