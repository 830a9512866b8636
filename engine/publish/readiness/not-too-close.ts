// A book checked against its owner's other books and the rest of a batch (near-duplicate-check.ts checkCloseness),
// when the caller compared them: the stores remove a book not significantly different from another. What was
// found is said with the share and the passages both have.
import { sharePercent } from '../near-duplicate-check.js';
import type { ClosenessInput, ReadinessRule } from '../readiness-types.js';
import { everyChannel } from './outcome.js';
import { sayer, type ReadinessText, type RuleWordTable } from './text.js';

export type { ClosenessInput } from '../readiness-types.js';

const WORDS = {
  'label.not-too-close': {},
  'close.none': {},
  'close.no-books': {},
  'close.no-text': {},
  'close.to': {},
  'close.passages': {},
  'close.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

/** KDP's rule on books that copy another or reuse their own text. */
export const CLOSENESS_SOURCE =
  'KDP Help, "Content Guidelines" (disappointing content: not significantly different from another ' +
  'book, excessively reused within or across books): https://kdp.amazon.com/en_US/help/topic/G200672390';

/** What a closeness check found: a pass, or a failure with what to do. */
export type Found =
  { status: 'pass'; detail: ReadinessText[] } | { status: 'fail'; detail: ReadinessText[]; fix: ReadinessText[] };

/** The check's label: the threshold as a share. */
export const closeLabel = (c: ClosenessInput): ReadinessText =>
  say('label.not-too-close', { threshold: sharePercent(c.threshold) });

/** Too close to another of the owner's books: each one named with the share and two passages both have. */
export function closeOutcome(c: ClosenessInput): Found {
  if (!c.shingles) return { status: 'fail', detail: [say('close.no-text')], fix: [say('book.finish')] };
  if (!c.closeTo.length)
    return {
      status: 'pass',
      detail: [
        c.compared ? say('close.none', { n: c.compared, threshold: sharePercent(c.threshold) }) : say('close.no-books'),
      ],
    };
  const detail = c.closeTo.flatMap((m) => [
    say('close.to', { title: m.title, share: sharePercent(m.share) }),
    ...(m.passages.length
      ? [say('close.passages', { passages: m.passages.map((p) => say('quoted', { text: p.text })) })]
      : []),
  ]);
  return { status: 'fail', detail, fix: c.closeTo.map((m) => say('close.fix', { title: m.title })) };
}

export const NOT_TOO_CLOSE = {
  id: 'not-too-close',
  words: WORDS,
  label: (i) => closeLabel(i.closeness!),
  appliesTo: everyChannel,
  when: (i) => i.closeness !== undefined,
  source: (_, c) => c.sources.content,
  evaluate: (i) => closeOutcome(i.closeness!),
} satisfies ReadinessRule;
