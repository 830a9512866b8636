// What a book's parts give (their 8-word runs, the listed phrases they use), remembered for the last texts
// seen: every step measures against the parts before it, which do not change from step to step, so a
// 40-chapter book reads each part once instead of once per later step (read whole every time, a long
// book's steps cost its square).

/**
 * How many texts each cache keeps: a batch runs up to 100 books at once, each measuring against every part
 * before its step, so a cache smaller than the parts of the books in flight is emptied before a book's next
 * step comes back to it (256 kept a 400-book batch reading every part again at every step). About 20 KB per
 * 1,500-word part for its runs (their keys and the table of them, session/runs.ts).
 */
export const TEXTS_KEPT = 2048;

/** A function of a text, kept for the last texts seen (byText); `keep` stores a value worked out another way. */
export interface ByText<T> {
  (text: string): T;
  /** Keeps `value` as `text`'s (a text known to give what another already gave: no need to work it out). */
  keep(text: string, value: T): void;
}

/** A text kept, its value, when it was last put at the back, and the next text kept under the same fingerprint. */
interface Kept<T> {
  readonly text: string;
  readonly print: number;
  value: T;
  at: number;
  next: Kept<T> | undefined;
}

/** The characters a fingerprint reads, spread over the text (all of a text this short or shorter), and its last few. */
const SAMPLED = 64;
const TAIL = 8;

/**
 * A text's fingerprint: its length and SAMPLED of its characters spread over it, and its last TAIL, mixed into a small
 * integer. A Map keyed by the texts themselves hashes every character of each string it is given that it has not
 * hashed before (~3 ns a character: 15 µs for a 1,000-word part), and the checks look their texts up in strings made
 * afresh; the fingerprint reads ~70 characters, then the one text kept under it is compared (equal strings compare
 * at memory speed, different ones stop at their first difference or their length).
 */
function fingerprintOf(text: string): number {
  const length = text.length;
  let hash = Math.imul(length ^ 0x811c9dc5, 0x01000193);
  const step = length > SAMPLED ? length / SAMPLED : 1;
  for (let k = 0, i = 0; i < length && k < SAMPLED; k++, i = Math.floor(k * step)) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  for (let i = Math.max(0, length - TAIL); i < length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  // Within a small integer, which a Map keeps without a number object of its own.
  return hash & 0x3fffffff;
}

/**
 * `of(text)`, kept for the last `size` texts (the least recently used goes first). A hit is moved to the back only
 * when a quarter of `size` texts have come in since it was last put there: a text in use stays among the last
 * three quarters put in, so it is not the next to go, and the checks reading one answer one after another (each a hit)
 * no longer take it out of the order and put it back each time. Texts are found by their fingerprint (fingerprintOf).
 */
export function byText<T>(size: number, of: (text: string) => T): ByText<T> {
  const byPrint = new Map<number, Kept<T>>();
  // The texts kept, least recently put at the back first.
  const order = new Set<Kept<T>>();
  const young = Math.max(1, size >> 2);
  let added = 0;
  const find = (text: string, print: number): Kept<T> | undefined => {
    let kept = byPrint.get(print);
    while (kept !== undefined && kept.text !== text) kept = kept.next;
    return kept;
  };
  const drop = (gone: Kept<T>) => {
    order.delete(gone);
    const { print } = gone;
    const first = byPrint.get(print)!;
    if (first === gone) {
      if (gone.next === undefined) byPrint.delete(print);
      else byPrint.set(print, gone.next);
      return;
    }
    let before = first;
    while (before.next !== gone) before = before.next!;
    before.next = gone.next;
  };
  /** `kept` (already kept, or new) put at the back, the oldest dropped when the cache is full. */
  const putBack = (kept: Kept<T>, isKept: boolean) => {
    if (isKept) order.delete(kept);
    else if (order.size >= size) drop(order.values().next().value!);
    kept.at = ++added;
    order.add(kept);
    if (!isKept) {
      kept.next = byPrint.get(kept.print);
      byPrint.set(kept.print, kept);
    }
  };
  const keepAt = (text: string, print: number, value: T) => {
    const kept = find(text, print);
    if (kept !== undefined) {
      kept.value = value;
      putBack(kept, true);
    } else putBack({ text, print, value, at: 0, next: undefined }, false);
  };
  const keep = (text: string, value: T) => keepAt(text, fingerprintOf(text), value);
  const get = (text: string) => {
    const print = fingerprintOf(text);
    const hit = find(text, print);
    if (hit !== undefined) {
      if (added - hit.at >= young) putBack(hit, true);
      return hit.value;
    }
    const value = of(text);
    keepAt(text, print, value);
    return value;
  };
  return Object.assign(get, { keep });
}
