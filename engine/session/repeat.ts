// No padding: how much of a part the book has already said. A model that loops one passage to reach a
// length scores well on length alone; KDP refuses books with repeated text. `repeated` is the share of a
// part's words that sit in an 8-word run already written earlier in the part or in the parts before it.

/** Words in a run: long enough that ordinary phrases ("she said nothing at all") do not count. */
export const RUN_WORDS = 8;
/** A part at or over this share is reported as repeating (⚠ "repeats", never ✓). */
export const REPEATS_RATIO = 0.2;
/** An extension whose answer repeats this share of what is there is not joined (engine/session). */
export const EXTENSION_REPEATS_RATIO = 0.5;

/** A text's words, lower-cased and without punctuation, so a run matches however it was punctuated. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/\s+/).map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, '')).filter(Boolean);
}

const runsOf = (words: readonly string[]) => Array.from({ length: Math.max(0, words.length - RUN_WORDS + 1) }, (_, i) => words.slice(i, i + RUN_WORDS).join(' '));

/** The share of `text`'s words in a run of `seen` or further up in the text; its runs join `seen`. */
function shareSeen(text: string, seen: Set<string>): number {
  const words = wordsOf(text);
  const isRepeated = new Array<boolean>(words.length).fill(false);
  runsOf(words).forEach((run, i) => {
    if (seen.has(run)) isRepeated.fill(true, i, i + RUN_WORDS);
    seen.add(run);
  });
  return words.length ? Math.round((100 * isRepeated.filter(Boolean).length) / words.length) / 100 : 0;
}

/**
 * Each text's share (0–1, two decimals) of words inside an 8-word run already written: further up in
 * the text itself or in a text before it (a book's parts in order).
 * @example repeatedShares(['a b c d e f g h i.', 'x a b c d e f g h i.']) // [0, 0.9]
 */
export function repeatedShares(texts: readonly string[]): number[] {
  const seen = new Set<string>();
  return texts.map((t) => shareSeen(t, seen));
}

/** The share of `text` already written in the `earlier` texts or further up in itself (repeatedShares). */
export function repeatedShare(text: string, earlier: readonly string[] = []): number {
  return repeatedShares([...earlier, text]).at(-1)!;
}
