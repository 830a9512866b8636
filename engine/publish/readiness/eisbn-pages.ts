// A Malay book is most likely published from Malaysia, where the National Library gives ISBNs and eISBNs free,
// to a title of at least its page minimum (cover included).
import { estimatePrintPages } from '../metadata.js';
import type { ReadinessInput, ReadinessRule, RuleOutcome } from '../readiness-types.js';
import { pass } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.eisbn-pages': {
    en: 'at least {min} pages, cover included, for an eISBN from the National Library of Malaysia ({audience} title)',
    ms: 'sekurang-kurangnya {min} muka surat, termasuk kulit luar, untuk eISBN daripada Perpustakaan Negara Malaysia (judul {audience})',
  },
  'audience.adult': { en: 'an adult', ms: 'dewasa' },
  'audience.children': { en: "a children's", ms: 'kanak-kanak' },
  'eisbn.pages': { en: '{n} pages with the cover', ms: '{n} muka surat bersama kulit luar' },
  'eisbn.fix': {
    en: 'for an eISBN, write more or longer chapters ({missing} more pages); a store that gives its own identifier takes the book as it is',
    ms: 'untuk eISBN, tulis lebih banyak bab atau bab yang lebih panjang ({missing} muka surat lagi); kedai yang memberikan pengecamnya sendiri menerima buku ini seperti sedia ada',
  },
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

const PNM_ISBN = 'Perpustakaan Negara Malaysia, Depositori PNM, "Soalan Lazim ISBN/eISBN" (pages that qualify: adult 32, children 16, cover included): https://depositori.pnm.gov.my/p/soalanlazim_isbn';
/** The National Library of Malaysia's pages for an ISBN or eISBN, cover included (PNM_ISBN). */
export const PNM_MIN_PAGES = { adult: 32, children: 16 } as const;
/** A reading age whose upper bound is under this is a children's title ("8-12"). */
const ADULT_AGE = 13;

/** A children's title by its reading age ("8-12", "6+"): its highest age under ADULT_AGE. */
const isChildren = (readingAge: string | null): boolean => {
  const ages = (readingAge ?? '').match(/\d+/g)?.map(Number) ?? [];
  return ages.length > 0 && Math.max(...ages) < ADULT_AGE;
};

function eisbnPages(input: ReadinessInput): RuleOutcome {
  const m = input.metadata;
  const min = isChildren(m.readingAge) ? PNM_MIN_PAGES.children : PNM_MIN_PAGES.adult;
  // The cover counts: its front and back.
  const pages = (input.paperback?.pageCount ?? m.pageCount ?? m.estimatedPrintPages ?? estimatePrintPages(m.wordCount)) + 2;
  const detail = say('eisbn.pages', { n: pages });
  return pages >= min ? pass(detail) : { status: 'warn', detail, fix: say('eisbn.fix', { missing: min - pages }) };
}

const audienceOf = (input: ReadinessInput) => say(isChildren(input.metadata.readingAge) ? 'audience.children' : 'audience.adult');

export const EISBN_PAGES = {
  id: 'eisbn-pages', words: WORDS,
  label: (i) => say('label.eisbn-pages', { min: isChildren(i.metadata.readingAge) ? PNM_MIN_PAGES.children : PNM_MIN_PAGES.adult, audience: audienceOf(i) }),
  appliesTo: (c) => c.product === 'ebook', when: (i) => i.metadata.language === 'ms', source: () => PNM_ISBN, evaluate: eisbnPages,
} satisfies ReadinessRule;
