// An ISBN with a valid check digit, or none: Google Play gives a book without one its own identifier.
import type { ReadinessInput, ReadinessRule, RuleOutcome } from '../readiness-types.js';
import { failed, pass } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.identifier': {},
  'identifier.isbn': {},
  'identifier.google': {},
  'identifier.bad': {},
  'identifier.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

const GOOGLE_METADATA =
  'Google Play Books Partner Center Help, "Metadata details" ("If your book doesn\'t have an ISBN, it\'s ' +
  'assigned a unique identifier by our system"): https://support.google.com/books/partner/answer/3237055';

/** True when a 13-digit ISBN's check digit matches (ISBN-13: weights 1 and 3). */
export function isValidIsbn13(isbn: string): boolean {
  const digits = isbn.replace(/[\s-]/g, '');
  if (!/^97[89]\d{10}$/.test(digits)) return false;
  const sum = [...digits].reduce((n, d, i) => n + Number(d) * (i % 2 ? 3 : 1), 0);
  return sum % 10 === 0;
}

function identifier(input: ReadinessInput): RuleOutcome {
  const isbn = input.metadata.isbn?.trim();
  if (!isbn) return pass(say('identifier.google'));
  return isValidIsbn13(isbn)
    ? pass(say('identifier.isbn', { isbn }))
    : failed(say('identifier.bad', { isbn }), say('identifier.fix'));
}

export const IDENTIFIER = {
  id: 'identifier',
  words: WORDS,
  label: () => say('label.identifier'),
  appliesTo: (c) => c.id === 'google_play',
  source: () => GOOGLE_METADATA,
  evaluate: identifier,
} satisfies ReadinessRule;
