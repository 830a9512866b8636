// The readiness checks of a book against its owner's catalogue (near-duplicate-check.ts Closeness): too close
// to another book (the stores remove a book not significantly different from another), and passages reused
// across its own parts. What was found is said as catalogue texts with the share and the passages.
import type { Closeness } from './near-duplicate-check.js';
import { sharePercent } from './near-duplicate-check.js';
import { say, type ReadinessText } from './readiness-words.js';

/** KDP's rule on books that copy another or reuse their own text. */
export const CLOSENESS_SOURCE = 'KDP Help, "Content Guidelines" (disappointing content: not significantly different from another book, excessively reused within or across books): https://kdp.amazon.com/en_US/help/topic/G200672390';

/** A book's closeness as readiness reads it, with its parts' names (by index) to say where a passage is. */
export type ClosenessInput = Closeness & { partLabels?: readonly string[] };

type Found = { status: 'pass'; detail: ReadinessText[] } | { status: 'fail'; detail: ReadinessText[]; fix: ReadinessText[] };

/** The check's label: the threshold as a share. */
export const closeLabel = (c: ClosenessInput): ReadinessText => say('label.not-too-close', { threshold: sharePercent(c.threshold) });
export const reuseLabel = (c: ClosenessInput): ReadinessText => say('label.reused-passages', { threshold: sharePercent(c.threshold) });

/** Too close to another of the owner's books: each one named with the share and two passages both have. */
export function closeOutcome(c: ClosenessInput): Found {
  if (!c.shingles) return { status: 'fail', detail: [say('close.no-text')], fix: [say('book.finish')] };
  if (!c.closeTo.length) return { status: 'pass', detail: [c.compared ? say('close.none', { n: c.compared, threshold: sharePercent(c.threshold) }) : say('close.no-books')] };
  const detail = c.closeTo.flatMap((m) => [
    say('close.to', { title: m.title, share: sharePercent(m.share) }),
    ...(m.passages.length ? [say('close.passages', { passages: m.passages.map((p) => say('quoted', { text: p.text })) })] : []),
  ]);
  return { status: 'fail', detail, fix: c.closeTo.map((m) => say('close.fix', { title: m.title })) };
}

/** Passages reused across the book's own parts: the share of its runs in more than one part, with an example. */
export function reuseOutcome(c: ClosenessInput): Found {
  const { share, example } = c.reuse;
  const found = say('reuse.share', { share: sharePercent(share) });
  if (share < c.threshold) return { status: 'pass', detail: [found] };
  const name = (i: number) => c.partLabels?.[i] ?? String(i + 1);
  return { status: 'fail', detail: [found, ...(example ? [say('reuse.example', { text: example.text, part: name(example.part), first: name(example.otherPart) })] : [])], fix: [say('reuse.fix')] };
}
