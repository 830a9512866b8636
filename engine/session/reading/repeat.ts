// No padding: how much of a part the book has already said. A model that loops one passage to reach a
// length scores well on length alone; KDP refuses books with repeated text. `repeated` is the share of a
// part's words that sit in an 8-word run already written earlier in the part or in the parts before it. The
// runs are runs.ts's, read once with the part's reading (reading.ts) that the answer judge made of it
// (answers/verdict.ts).
import { RUN_WORDS, type Runs } from '../runs.js';
import { readingOf } from './reading.js';

export { RUN_WORDS } from '../runs.js';
/** A part at or over this share is reported as repeating (⚠ "repeats", never ✓). */
export const REPEATS_RATIO = 0.2;
/** An extension whose answer repeats this share of what is there is not joined (engine/session). */
export const EXTENSION_REPEATS_RATIO = 0.5;

/** The share (two decimals) of a text's words inside a run that `isSeen` (run i: words i to i+7). */
function shareSeen({ keys, words }: Runs, isSeen: (i: number) => boolean): number {
  if (!words) return 0;
  let repeated = 0;
  // Words are counted once however many seen runs hold them: `covered` is where the last seen run ends.
  let covered = 0;
  for (let i = 0; i < keys.length; i++) {
    if (!isSeen(i)) continue;
    const end = i + RUN_WORDS;
    repeated += end - Math.max(i, covered);
    covered = end;
  }
  return Math.round((100 * repeated) / words) / 100;
}

/**
 * Each text's share (0–1, two decimals) of words inside an 8-word run already written: further up in
 * the text itself or in a text before it (a book's parts in order).
 * @example repeatedShares(['a b c d e f g h i.', 'x a b c d e f g h i.']) // [0, 0.9]
 */
export function repeatedShares(texts: readonly string[]): number[] {
  // A whole book at once: the parts' runs gathered as it goes, one lookup a run.
  const seen = new Set<number>();
  return texts.map((t) => {
    const runs = readingOf(t).runs;
    const within = runs.repeatsWithin;
    const share = shareSeen(runs, (i) => within?.[i] === 1 || seen.has(runs.keys[i]!));
    for (const key of runs.keys) seen.add(key);
    return share;
  });
}

/** The share of `text` already written in the `earlier` texts or further up in itself (repeatedShares). */
export function repeatedShare(text: string, earlier: readonly string[] = []): number {
  const runs = readingOf(text).runs;
  const within = runs.repeatsWithin;
  // Each run is looked up in each earlier text's table (kept with the text): nothing the size of the book is made,
  // and nothing a run (a closure made for each run was most of what the measure allocated).
  const before = earlier.map((t) => readingOf(t).runs);
  const { keys } = runs;
  return shareSeen(runs, (i) => {
    if (within?.[i] === 1) return true;
    const key = keys[i]!;
    // The run's first hash (keyOf's x): a text none of whose runs starts with it is passed by a bit, not a lookup.
    const x = Math.floor(key / 2 ** 21);
    for (let k = 0; k < before.length; k++) if (before[k]!.mayHave(x) && before[k]!.has(key)) return true;
    return false;
  });
}
