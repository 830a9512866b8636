// A passage of a part's text, as the passage tools (PassageTools.tsx) choose it: a paragraph, or the writer's
// selection placed in the text by where it stands.
import type { PassageAction, PassageTone } from '../engine.js';
import { placeOfRange } from './selection.js';

/**
 * A passage of the part's text: characters `start` to `end`, that text, and the hash of the part's text it was
 * chosen in (the book view's), so the server refuses it once the part has changed.
 */
export interface Passage {
  start: number;
  end: number;
  text: string;
  hash?: string;
}
export interface PassageAskInput {
  action: PassageAction;
  note?: string;
  tone?: PassageTone;
}

/** The part's paragraphs with their places in its text. */
export function paragraphsOf(text: string): Passage[] {
  const found: Passage[] = [];
  const re = /[^\n]+(?:\n(?!\s*\n)[^\n]*)*/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].trim()) found.push({ start: m.index, end: m.index + m[0].length, text: m[0] });
  }
  return found;
}

/**
 * The passage the writer selected in the part's rendered box (by where the selection stands, never by its words),
 * or null.
 */
export function selectedPassage(box: HTMLElement, text: string, range: Range, hash?: string): Passage | null {
  const place = placeOfRange(box, text, range);
  return place ? { ...place, text: text.slice(place.start, place.end), ...(hash ? { hash } : {}) } : null;
}
