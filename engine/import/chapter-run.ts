// A reading's chapters: among one family's headings (chapters.ts finds them), the chain whose numbers go up one by
// one and covers the most words (a contents list's chain has none under its entries), one misprinted number
// mended by its neighbours. Linear in the headings. Pure.
import { countWords } from '../provider.js';
import type { HeadingLine } from './headings.js';

/** A heading line found in the text: where it stands, and the line after it that is its title. */
export interface Found extends HeadingLine {
  line: number;
  /** The line after the heading that is its title (a Roman numeral's title line). */
  titleLine?: number;
}

/**
 * Words from the start of the text to the start of each line (prefix sums), so a stretch's words cost nothing to count.
 */
function wordsBefore(lines: readonly string[]): number[] {
  const before = [0];
  for (const line of lines) before.push(before.at(-1)! + countWords(line));
  return before;
}

/** A heading with this many words under it or more is a chapter's; fewer is a contents entry's. */
const CHAPTER_WORDS_AT_LEAST = 20;

/**
 * One reading's chapters: the chain of headings whose numbers go up one by one (a heading out of turn, such
 * as a lone "I" in the prose, is passed over as text), started at the heading that gives the most chapters
 * with text under them; a contents list's chain has none. Headings without a number (Markdown's) all count.
 * Each heading's successor in a chain is always the same one, so the chains form a forest and every start's
 * sums are found in one pass from the end: linear in the headings, however many chapters a book has.
 */
export function bestRun(lines: readonly string[], family: readonly Found[]): { run: Found[]; words: number } {
  const chapters = mendMisprints(family.filter((h) => h.kind === 'chapter'));
  const next = chainSuccessors(chapters);
  const before = wordsBefore(lines);
  const n = chapters.length;
  // From each heading to its chain's end: the chapters with text under them, the titled headings, the words.
  const [score, titled, total] = [new Float64Array(n + 1), new Float64Array(n + 1), new Float64Array(n + 1)];
  for (let i = n - 1; i >= 0; i--) {
    const h = chapters[i]!;
    const j = next[i]!;
    const words = before[j < n ? chapters[j]!.line : lines.length]! - before[(h.titleLine ?? h.line) + 1]!;
    score[i] = (words >= CHAPTER_WORDS_AT_LEAST ? 1 : 0) + score[j]!;
    titled[i] = (h.title !== undefined ? 1 : 0) + titled[j]!;
    total[i] = words + total[j]!;
  }
  let best = -1;
  // The first heading of the best chain at or after the start being tried: a numbered start on it is passed over.
  let onBest = n;
  for (let s = 0; s < n; s++) {
    if (best !== -1 && chapters[s]!.number !== undefined) {
      while (onBest < s) onBest = next[onBest]!;
      if (onBest === s) continue;
    }
    // Equal chapters with text: the chain with more titled headings (a lone "I" in the prose has no title), then
    // the one that starts later (a contents entry before the first chapter is not its start).
    const isBetter =
      best === -1 ||
      (score[s] !== score[best]
        ? score[s]! > score[best]!
        : titled[s] !== titled[best]
          ? titled[s]! > titled[best]!
          : total[s]! < total[best]!);
    if (isBetter) [best, onBest] = [s, s];
  }
  if (best === -1) return { run: [], words: -1e9 };
  const run: Found[] = [];
  for (let i = best; i < n; i = next[i]!) run.push(chapters[i]!);
  return { run, words: score[best]! * 1e9 + total[best]! };
}

/**
 * The headings with a misprinted number read as the one its neighbours say it is: between XVI and XVIII, a
 * "XXVII" (Treasure Island's Gutenberg text has one) is XVII, so one typo does not cut the book's chain in two.
 */
function mendMisprints(chapters: Found[]): Found[] {
  return chapters.map((h, k) => {
    const [before, after] = [chapters[k - 1]?.number, chapters[k + 1]?.number];
    const isMisprint =
      before !== undefined && after === before + 2 && h.number !== undefined && h.number !== before + 1;
    return isMisprint ? { ...h, number: before + 1 } : h;
  });
}

/**
 * Each heading's successor in a chain (`chapters.length` for none): the next heading numbered one more, or any next one
 * after an unnumbered heading, or the next unnumbered one.
 */
function chainSuccessors(chapters: readonly Found[]): Int32Array {
  const n = chapters.length;
  const next = new Int32Array(n);
  const firstNumbered = new Map<number, number>();
  let firstUnnumbered = n;
  for (let i = n - 1; i >= 0; i--) {
    const number = chapters[i]!.number;
    next[i] = number === undefined ? i + 1 : Math.min(firstUnnumbered, firstNumbered.get(number + 1) ?? n);
    if (number === undefined) firstUnnumbered = i;
    else firstNumbered.set(number, i);
  }
  return next;
}
