// A book checked against its owner's other books and the rest of a batch (near-duplicate-check.ts checkCloseness),
// when the caller compared them: the stores remove a book not significantly different from another. What was
// found is said with the share and the passages both have.
import { sharePercent } from '../near-duplicate-check.js';
import type { ClosenessInput, ReadinessRule } from '../readiness-types.js';
import { everyChannel } from './outcome.js';
import { sayer, type ReadinessText, type RuleWordTable } from './text.js';

export type { ClosenessInput } from '../readiness-types.js';

const WORDS = {
  'label.not-too-close': {
    en: 'not too close to your other books (less than {threshold} of its text in any one of them)',
    ms: 'tidak terlalu hampir dengan buku anda yang lain (kurang daripada {threshold} teksnya dalam mana-mana satu buku)',
  },
  'close.none': { en: 'compared with {n} other books: none holds {threshold} or more of it', ms: 'dibandingkan dengan {n} buku lain: tiada yang mengandungi {threshold} atau lebih daripadanya' },
  'close.no-books': { en: 'no other finished books to compare with yet', ms: 'belum ada buku lain yang siap untuk dibandingkan' },
  'close.no-text': { en: 'the book has no text to compare', ms: 'buku ini tiada teks untuk dibandingkan' },
  'close.to': {
    en: 'too close to "{title}": {share} of its 8-word runs are in that book',
    ms: 'terlalu hampir dengan "{title}": {share} daripada rangkaian 8 perkataannya terdapat dalam buku itu',
  },
  'close.passages': { en: 'both have {passages}', ms: 'kedua-duanya mempunyai {passages}' },
  'close.fix': {
    en: 'rewrite this book until it is clearly different from "{title}", or publish only one of them: stores remove a book that is not significantly different from another',
    ms: 'tulis semula buku ini sehingga ia jelas berbeza daripada "{title}", atau terbitkan hanya salah satu: kedai membuang buku yang tidak banyak berbeza daripada buku lain',
  },
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

/** KDP's rule on books that copy another or reuse their own text. */
export const CLOSENESS_SOURCE = 'KDP Help, "Content Guidelines" (disappointing content: not significantly different from another book, excessively reused within or across books): https://kdp.amazon.com/en_US/help/topic/G200672390';

/** What a closeness check found: a pass, or a failure with what to do. */
export type Found = { status: 'pass'; detail: ReadinessText[] } | { status: 'fail'; detail: ReadinessText[]; fix: ReadinessText[] };

/** The check's label: the threshold as a share. */
export const closeLabel = (c: ClosenessInput): ReadinessText => say('label.not-too-close', { threshold: sharePercent(c.threshold) });

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

export const NOT_TOO_CLOSE = {
  id: 'not-too-close', words: WORDS, label: (i) => closeLabel(i.closeness!), appliesTo: everyChannel, when: (i) => i.closeness !== undefined,
  source: (_, c) => c.sources.content, evaluate: (i) => closeOutcome(i.closeness!),
} satisfies ReadinessRule;
