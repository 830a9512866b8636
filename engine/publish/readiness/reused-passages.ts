// Passages reused across the book's own parts (near-duplicate-check.ts): the share of its 8-word runs in more
// than one part, with an example; the stores remove a book that excessively reuses its own text.
import { sharePercent } from '../near-duplicate-check.js';
import type { ClosenessInput, ReadinessRule } from '../readiness-types.js';
import { everyChannel } from './outcome.js';
import type { Found } from './not-too-close.js';
import { sayer, type ReadinessText, type RuleWordTable } from './text.js';

const WORDS = {
  'label.reused-passages': {},
  'reuse.share': {},
  'reuse.example': {},
  'reuse.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

export const reuseLabel = (c: ClosenessInput): ReadinessText =>
  say('label.reused-passages', { threshold: sharePercent(c.threshold) });

/** Passages reused across the book's own parts: the share of its runs in more than one part, with an example. */
export function reuseOutcome(c: ClosenessInput): Found {
  const { share, example } = c.reuse;
  const found = say('reuse.share', { share: sharePercent(share) });
  if (share < c.threshold) return { status: 'pass', detail: [found] };
  const name = (i: number) => c.partLabels?.[i] ?? String(i + 1);
  return {
    status: 'fail',
    detail: [
      found,
      ...(example
        ? [say('reuse.example', { text: example.text, part: name(example.part), first: name(example.otherPart) })]
        : []),
    ],
    fix: [say('reuse.fix')],
  };
}

export const REUSED_PASSAGES = {
  id: 'reused-passages',
  words: WORDS,
  label: (i) => reuseLabel(i.closeness!),
  appliesTo: everyChannel,
  when: (i) => i.closeness !== undefined && i.closeness.shingles > 0,
  source: (_, c) => c.sources.content,
  evaluate: (i) => reuseOutcome(i.closeness!),
} satisfies ReadinessRule;
