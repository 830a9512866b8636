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

/** How each cache made by byText forgets a text (forgetTexts). */
const CACHES: Array<(text: string) => void> = [];

/**
 * Every cache lets go of these texts and what they gave: a book's parts, outline and memory once the book is done and
 * written out. A batch's caches otherwise held the parts of every book it finished, each until TEXTS_KEPT newer texts
 * came in (a 400-book batch: all of them, its peak memory twice that of the books in flight). A text asked again later
 * is read again.
 */
export function forgetTexts(texts: Iterable<string | undefined>): void {
  for (const text of texts) if (text) for (const forget of CACHES) forget(text);
}

/**
 * Calls `each` with the paragraphs of `text` (as eachRun cuts them) whose length `isLength` allows: a paragraph of a
 * length no key has is not cut out of the text (a new string, its hash computed in full to find nothing).
 */
function forEachParagraph(text: string, isLength: (n: number) => boolean, each: (paragraph: string) => void): void {
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n\n', start);
    if (end < 0) end = text.length;
    if (isLength(end - start)) each(text.slice(start, end));
    start = end + 2;
  }
}

/**
 * `text` as a string of its own. A text cut from a longer one (a paragraph of a request) shares that one's
 * characters: kept as a key, it kept the whole longer text alive as long as it stayed (a 400-book batch's paragraph
 * cache held ~18 MB of requests so, for keys a tenth of their size). Joined to a character and cut again, it is
 * copied once into a text of its own length (one more character). Only for texts known to be cut: a whole text
 * copied is held twice while its owner keeps it.
 */
export function ownCopy(text: string): string {
  return text.length < 64 ? text : ` ${text}`.slice(1);
}

/**
 * `of(text)`, kept for the last `size` texts (the least recently used goes first). A hit is moved to the back only
 * when a quarter of `size` texts have come in since it was last put there: a text in use stays among the last
 * three quarters put in, so it is not the next to go, and the checks reading one answer one after another (each a hit)
 * no longer take it out of the map and put it back each time. `copiesKeys`: the texts are cut from longer ones
 * (ownCopy); a hit put back keeps the key it was kept under (the text asked is cut from a new request: put back as the
 * key, it kept that request alive, ~4.7 MB of requests at a 400-book batch's end).
 */
export function byText<T>(size: number, of: (text: string) => T, copiesKeys = false): ByText<T> {
  const cache = new Map<string, { value: T; at: number; key: string }>();
  // How many keys of each length the cache holds (a cache of paragraphs only): a book's ~400 paragraphs forgotten at
  // its end were each cut and hashed to be looked up, ~1 % of a batch's main thread, and ~9 in 10 have a length no
  // key has.
  const lengths = copiesKeys ? new Map<number, number>() : undefined;
  const drop = (key: string) => {
    if (!cache.delete(key) || !lengths) return;
    const left = lengths.get(key.length)! - 1;
    if (left) lengths.set(key.length, left);
    else lengths.delete(key.length);
  };
  // A cache of texts cut from longer ones (paragraphs) forgets a text's paragraphs, as eachRun cuts them.
  CACHES.push(lengths ? (text) => forEachParagraph(text, (n) => lengths.has(n), drop) : (text) => cache.delete(text));
  const young = Math.max(1, size >> 2);
  let added = 0;
  const put = (entry: { value: T; at: number; key: string }) => {
    if (!cache.delete(entry.key)) {
      if (cache.size >= size) drop(cache.keys().next().value!);
      lengths?.set(entry.key.length, (lengths.get(entry.key.length) ?? 0) + 1);
    }
    entry.at = ++added;
    cache.set(entry.key, entry);
  };
  const keep = (text: string, value: T) => put({ value, at: 0, key: copiesKeys ? ownCopy(text) : text });
  const get = (text: string) => {
    const hit = cache.get(text);
    if (hit !== undefined) {
      if (added - hit.at >= young) put(hit);
      return hit.value;
    }
    const value = of(text);
    keep(text, value);
    return value;
  };
  return Object.assign(get, { keep });
}
