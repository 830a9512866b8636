// The readiness rules on what a store's form and its reviewers compare: the release schedule's date, one title
// on the cover, in the EPUB and in metadata.json, no keyword stuffing, Google Play's cover sides and
// identifier, and the National Library of Malaysia's page minimum for an eISBN. Each names its source;
// readiness.ts lists them with the others.
import type { Channel } from './channels.js';
import { jpegInfo, pngSize } from './files.js';
import { estimatePrintPages } from './metadata.js';
import { RELEASE_LIMIT_SOURCE } from './release.js';
import { KDP_FORBIDDEN_WORDS, KEYWORD_WORD_MAX, forbiddenWordsIn, repeatedKeywordWords, titleKeywords } from './rules.js';
import { say, type ReadinessText } from './readiness-words.js';
import type { ReadinessInput, ReadinessRule, RuleOutcome } from './readiness-types.js';

const KDP_METADATA = 'KDP Help, "Metadata Guidelines for Books" (title, series and keywords: no promotional claims such as "bestselling", "free" or "#1", no keyword repeated from the title or across keywords): https://kdp.amazon.com/en_US/help/topic/G201097560';
const GOOGLE_FILES = 'Google Play Books Partner Center Help, "Files & uploading overview" ("Cover files must have a minimum resolution of 640 pixels. The maximum height and width are 7,200 pixels."): https://support.google.com/books/partner/answer/3424254';
const GOOGLE_METADATA = 'Google Play Books Partner Center Help, "Metadata details" ("If your book doesn\'t have an ISBN, it\'s assigned a unique identifier by our system"): https://support.google.com/books/partner/answer/3237055';
const PNM_ISBN = 'Perpustakaan Negara Malaysia, Depositori PNM, "Soalan Lazim ISBN/eISBN" (pages that qualify: adult 32, children 16, cover included): https://depositori.pnm.gov.my/p/soalanlazim_isbn';

/** Google Play's cover sides (GOOGLE_FILES). */
export const GOOGLE_COVER = { minSide: 640, maxSide: 7200 } as const;
/** The National Library of Malaysia's pages for an ISBN or eISBN, cover included (PNM_ISBN). */
export const PNM_MIN_PAGES = { adult: 32, children: 16 } as const;
/** A reading age whose upper bound is under this is a children's title ("8-12"). */
const ADULT_AGE = 13;

const pass = (detail: ReadinessText | ReadinessText[]): RuleOutcome => ({ status: 'pass', detail });
const failed = (detail: ReadinessText | ReadinessText[], fix: ReadinessText): RuleOutcome => ({ status: 'fail', detail, fix });
const isKdp = (c: Channel) => c.id.startsWith('kdp_');
const same = (a: string, b: string) => a.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase() === b.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
const quoteAll = (words: readonly string[]) => words.map((w) => `"${w}"`).join(', ');

function titleMatch(input: ReadinessInput): RuleOutcome {
  const title = input.metadata.title;
  const { cover, epub } = input.titles ?? {};
  const found = [
    ...(cover !== undefined && !same(cover, title) ? [say('title-match.cover', { found: cover, title })] : []),
    ...(epub !== undefined && !same(epub, title) ? [say('title-match.epub', { found: epub, title })] : []),
  ];
  return found.length ? failed(found, say('title-match.fix')) : pass(say('title-match.same', { title }));
}

/** Promotional words in the title and subtitle (on a KDP channel its `title` rule says them), the series name, and stuffed keywords. */
function stuffing(input: ReadinessInput, channel: Channel): RuleOutcome {
  const m = input.metadata;
  const places: Array<['where.title' | 'where.subtitle' | 'where.series', string]> = [
    ...(isKdp(channel) ? [] : [['where.title', m.title], ['where.subtitle', m.subtitle]] as Array<['where.title' | 'where.subtitle', string]>),
    ['where.series', m.series?.name ?? ''],
  ];
  const problems: ReadinessText[] = [];
  for (const [where, text] of places) {
    const words = forbiddenWordsIn(text, KDP_FORBIDDEN_WORDS);
    if (words.length) problems.push(say('stuffing.promo', { where: say(where), words: quoteAll(words) }));
  }
  if (channel.hasKeywordBoxes) {
    const repeats = titleKeywords(m.keywords, m.title);
    if (repeats.length) problems.push(say('stuffing.title-keyword', { list: quoteAll(repeats) }));
    for (const { word, n } of repeatedKeywordWords(m.keywords, m.language)) problems.push(say('stuffing.word-repeated', { word, n, max: KEYWORD_WORD_MAX }));
  }
  return problems.length ? failed(problems, say('stuffing.fix', { max: KEYWORD_WORD_MAX })) : pass(say('stuffing.none'));
}

function coverSides(input: ReadinessInput): RuleOutcome {
  const size = jpegInfo(input.cover.bytes) ?? pngSize(input.cover.bytes);
  if (!size) return failed(say('cover.unreadable', { file: input.cover.name }), say('cover.unreadable-fix'));
  const detail = say('cover.sides', { width: size.width, height: size.height });
  const isOk = Math.min(size.width, size.height) >= GOOGLE_COVER.minSide && Math.max(size.width, size.height) <= GOOGLE_COVER.maxSide;
  return isOk ? pass(detail) : failed(detail, say('cover.sides-fix'));
}

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
  return isValidIsbn13(isbn) ? pass(say('identifier.isbn', { isbn })) : failed(say('identifier.bad', { isbn }), say('identifier.fix'));
}

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

const CONTINUITY_SOURCE = 'Karya: the continuity checks of the story bible (a character acting after leaving the story, a fact changed, a name spelled two ways, a promise left open)';

function continuityOutcome(input: ReadinessInput): RuleOutcome {
  const found = input.continuity ?? [];
  if (!found.length) return { status: 'pass', detail: say('continuity.none') };
  const parts = [...new Set(found.map((f) => f.part))].join(', ');
  return { status: 'warn', detail: say('continuity.open', { n: found.length, parts }), fix: say('continuity.fix') };
}

const audienceOf = (input: ReadinessInput) => say(isChildren(input.metadata.readingAge) ? 'audience.children' : 'audience.adult');

/** The metadata and release rules, in the order each channel lists them after the title's. */
export const METADATA_RULES: readonly ReadinessRule[] = [
  {
    id: 'release-date', label: (i) => say('label.release-date', { perDay: i.release!.perDay }), appliesTo: () => true, when: (i) => i.release !== undefined,
    // The daily limit is KDP's; the other stores' own metadata guides name the publication date they take.
    source: (_, c) => (isKdp(c) ? RELEASE_LIMIT_SOURCE : c.sources.metadata),
    evaluate: (i) => pass(say('release.on', { date: i.release!.publishOn, n: i.release!.nthThatDay })),
  },
  {
    // What the continuity checks found and the writer left open: a reader finds it too.
    id: 'continuity', label: () => say('label.continuity'), appliesTo: () => true, when: (i) => i.continuity !== undefined,
    source: () => CONTINUITY_SOURCE, evaluate: continuityOutcome,
  },
  {
    id: 'title-match', label: () => say('label.title-match'), appliesTo: () => true, when: (i) => i.titles?.cover !== undefined || i.titles?.epub !== undefined,
    source: (_, c) => c.sources.metadata, evaluate: titleMatch,
  },
  { id: 'metadata-stuffing', label: () => say('label.stuffing'), appliesTo: () => true, source: (_, c) => (isKdp(c) ? KDP_METADATA : c.sources.metadata), evaluate: stuffing },
  { id: 'cover-sides', label: () => say('label.cover-sides', { min: GOOGLE_COVER.minSide, max: GOOGLE_COVER.maxSide }), appliesTo: (c) => c.id === 'google_play', source: () => GOOGLE_FILES, evaluate: coverSides },
  { id: 'identifier', label: () => say('label.identifier'), appliesTo: (c) => c.id === 'google_play', source: () => GOOGLE_METADATA, evaluate: identifier },
  {
    // A Malay book is most likely published from Malaysia, where the National Library gives ISBNs and eISBNs free.
    id: 'eisbn-pages', label: (i) => say('label.eisbn-pages', { min: isChildren(i.metadata.readingAge) ? PNM_MIN_PAGES.children : PNM_MIN_PAGES.adult, audience: audienceOf(i) }),
    appliesTo: (c) => c.product === 'ebook', when: (i) => i.metadata.language === 'ms', source: () => PNM_ISBN, evaluate: eisbnPages,
  },
];
