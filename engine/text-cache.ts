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

/** A text kept, its fingerprint, its value and when it was last put at the back. */
interface Kept<T> {
  readonly text: string;
  readonly print: number;
  value: T;
  at: number;
}

/** The characters a fingerprint reads: the first HEAD, SAMPLED more spread over the text, and the last TAIL. */
const HEAD = 32;
const SAMPLED = 48;
const TAIL = 16;

/**
 * A text's fingerprint: its length and some 200 of its characters (its first HEAD, SAMPLED spread over it, its last
 * TAIL) mixed into a small integer. A Map keyed by the texts themselves hashes every character of each string it is
 * given that it has not hashed before (~3 ns a character: 15 µs for a 1,000-word part), and the checks look their
 * texts up in strings made afresh; a fingerprint reads a few hundred, then the text kept under it is compared (equal
 * strings compare at memory speed, different ones stop at their first difference or at their length).
 */
function fingerprintOf(text: string): number {
  const length = text.length;
  let hash = Math.imul(length ^ 0x811c9dc5, 0x01000193);
  const head = Math.min(length, HEAD);
  for (let i = 0; i < head; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  if (length > HEAD) {
    const step = (length - HEAD) / SAMPLED;
    for (let k = 0; k < SAMPLED; k++) hash = Math.imul(hash ^ text.charCodeAt(HEAD + Math.floor(k * step)), 0x01000193);
    for (let i = Math.max(HEAD, length - TAIL); i < length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  // Within a small integer, which a Map keeps without a number object of its own.
  return hash & 0x3fffffff;
}

/**
 * The texts kept by their fingerprints: one text under a fingerprint as itself, texts that share one (texts of one
 * length that differ only where the fingerprint does not read) in a Map of their own, keyed by the texts.
 */
class Prints<T> {
  private readonly slots = new Map<number, Kept<T> | Map<string, Kept<T>>>();
  find(text: string, print: number): Kept<T> | undefined {
    const slot = this.slots.get(print);
    if (slot === undefined) return undefined;
    if (slot instanceof Map) return slot.get(text);
    return slot.text === text ? slot : undefined;
  }
  add(kept: Kept<T>): void {
    const slot = this.slots.get(kept.print);
    if (slot === undefined) this.slots.set(kept.print, kept);
    else if (slot instanceof Map) slot.set(kept.text, kept);
    else this.slots.set(kept.print, new Map([[slot.text, slot], [kept.text, kept]]));
  }
  drop(kept: Kept<T>): void {
    const slot = this.slots.get(kept.print);
    if (!(slot instanceof Map)) this.slots.delete(kept.print);
    else if (slot.delete(kept.text) && slot.size === 0) this.slots.delete(kept.print);
  }
}

/**
 * `of(text)`, kept for the last `size` texts (the least recently used goes first). A hit is moved to the back only
 * when a quarter of `size` texts have come in since it was last put there: a text in use stays among the last
 * three quarters put in, so it is not the next to go, and the checks reading one answer one after another (each a hit)
 * no longer take it out of the order and put it back each time. Texts are found by their fingerprint (fingerprintOf).
 */
export function byText<T>(size: number, of: (text: string) => T): ByText<T> {
  const prints = new Prints<T>();
  // The texts kept, least recently put at the back first.
  const order = new Set<Kept<T>>();
  const young = Math.max(1, size >> 2);
  let added = 0;
  // The text last asked for or kept: the checks ask for one text several times in a row (found without its fingerprint).
  let last: Kept<T> | undefined;
  /** `kept` (already kept, or new) put at the back, the oldest dropped when the cache is full. */
  const putBack = (kept: Kept<T>, isKept: boolean) => {
    if (isKept) order.delete(kept);
    else if (order.size >= size) {
      const oldest = order.values().next().value!;
      order.delete(oldest);
      prints.drop(oldest);
      if (oldest === last) last = undefined;
    }
    kept.at = ++added;
    order.add(kept);
    if (!isKept) prints.add(kept);
    last = kept;
  };
  const keepAt = (text: string, print: number, value: T) => {
    const kept = prints.find(text, print);
    if (kept !== undefined) {
      kept.value = value;
      putBack(kept, true);
    } else putBack({ text, print, value, at: 0 }, false);
  };
  const keep = (text: string, value: T) => keepAt(text, fingerprintOf(text), value);
  const get = (text: string) => {
    if (last !== undefined && last.text === text) return hitOf(last);
    const print = fingerprintOf(text);
    const hit = prints.find(text, print);
    if (hit !== undefined) return hitOf(hit);
    const value = of(text);
    keepAt(text, print, value);
    return value;
  };
  const hitOf = (hit: Kept<T>) => {
    if (added - hit.at >= young) putBack(hit, true);
    last = hit;
    return hit.value;
  };
  return Object.assign(get, { keep });
}
