// A book in a language whose national library gives ISBNs and eISBNs free (the table's `publishing.eisbn`:
// Malay's, the National Library of Malaysia, for books published in Malaysia) needs at least its page minimum,
// cover included.
import { estimatePrintPages } from '../metadata.js';
import { publishingOf, type NationalEisbn } from '../language-data.js';
import type { ReadinessInput, ReadinessRule, RuleOutcome } from '../readiness-types.js';
import { pass } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.eisbn-pages': {},
  'audience.adult': {},
  'audience.children': {},
  'eisbn.pages': {},
  'eisbn.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

/** A reading age whose upper bound is under this is a children's title ("8-12"). */
const ADULT_AGE = 13;

/** A children's title by its reading age ("8-12", "6+"): its highest age under ADULT_AGE. */
const isChildren = (readingAge: string | null): boolean => {
  const ages = (readingAge ?? '').match(/\d+/g)?.map(Number) ?? [];
  return ages.length > 0 && Math.max(...ages) < ADULT_AGE;
};

/** The national library's rule for the book's language: the rule applies only when there is one. */
const libraryOf = (input: ReadinessInput): NationalEisbn | undefined => publishingOf(input.metadata.language).eisbn;
const minPages = (input: ReadinessInput): number => {
  const pages = libraryOf(input)!.minPages;
  return isChildren(input.metadata.readingAge) ? pages.children : pages.adult;
};

function eisbnPages(input: ReadinessInput): RuleOutcome {
  const m = input.metadata;
  const min = minPages(input);
  // The cover counts: its front and back.
  const pages =
    (input.paperback?.pageCount ?? m.pageCount ?? m.estimatedPrintPages ?? estimatePrintPages(m.wordCount)) + 2;
  const detail = say('eisbn.pages', { n: pages });
  return pages >= min ? pass(detail) : { status: 'warn', detail, fix: say('eisbn.fix', { missing: min - pages }) };
}

const audienceOf = (input: ReadinessInput) =>
  say(isChildren(input.metadata.readingAge) ? 'audience.children' : 'audience.adult');

export const EISBN_PAGES = {
  id: 'eisbn-pages',
  words: WORDS,
  label: (i) => say('label.eisbn-pages', { min: minPages(i), audience: audienceOf(i) }),
  appliesTo: (c) => c.product === 'ebook',
  when: (i) => libraryOf(i) !== undefined,
  source: (i) => libraryOf(i)!.source,
  evaluate: eisbnPages,
} satisfies ReadinessRule;
