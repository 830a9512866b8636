// The stores a package is checked for, as data: what each one sells (an eBook or a paperback), where its
// published list of book languages is, and where each rule comes from. Which languages that list accepts is
// the language table's (each language's `publishing.stores`): a language we could not confirm from the
// channel's own list is `unknown` (the readiness says "check", with the page to read), never assumed. Update
// an answer only from the channel's published page, and name that page here.
import type { Lang } from '../spec/types.js';
import { languageName, sayShared as say, type ReadinessText } from './readiness/text.js';
import { publishingOf, type LanguageAcceptance } from './language-data.js';

export const CHANNEL_IDS = ['kdp_ebook', 'kdp_paperback', 'google_play', 'kobo'] as const;
export type ChannelId = (typeof CHANNEL_IDS)[number];

export type { LanguageAcceptance } from './language-data.js';

export interface LanguageRule {
  readonly accepted: LanguageAcceptance;
  /** The channel's published list (URL and document name) the answer comes from, or the page to verify it on. */
  readonly source: string;
  /** Why the answer is `unknown` and where to look (a text of readiness-words.ts). */
  readonly note?: ReadinessText;
}

export interface Channel {
  readonly id: ChannelId;
  /** The channel as an author knows it, e.g. "Amazon KDP (Kindle eBook)". */
  readonly name: string;
  /** What the channel sells from the package. */
  readonly product: 'ebook' | 'paperback';
  /** The files of the package the channel takes. */
  readonly files: readonly string[];
  /** The channel's published list of book languages (document name and URL): every language's answer cites it. */
  readonly languageList: string;
  /** The channel's published rules the other checks come from (document name and URL). */
  readonly sources: Readonly<{
    metadata: string;
    cover?: string;
    manuscript?: string;
    pages?: string;
    description?: string;
    content: string;
  }>;
  /** Takes search keywords in the KDP layout (7 boxes of 50 characters). */
  readonly hasKeywordBoxes: boolean;
  /** Asks for categories (BISAC) at setup. */
  readonly hasCategories: boolean;
}

const KDP_LANGUAGES =
  'KDP Help, "Supported Languages" (eBook and paperback lists): https://kdp.amazon.com/en_US/help/topic/G200673300';
const KDP_METADATA =
  'KDP Help, "Metadata Guidelines for Books" (title, author, keywords, ' +
  'description): https://kdp.amazon.com/en_US/help/topic/G201097560';
const GOOGLE_POLICIES =
  'Google Books Program Policies ("Google Books now accepts books in all ' +
  'languages"): https://support.google.com/books/partner/answer/18625';
const GOOGLE_FILES =
  'Publisher Program Policies for Google Play Books ("We accept .epub versions ' +
  '2.0.1 and 3.0.1"): https://support.google.com/books/partner/answer/166501';
const KOBO_GUIDE =
  'Kobo Writing Life User Guide, "Supported languages" and "New eBook ' +
  'setup guidelines": https://kobowritinglife.zendesk.com/hc/en-us';
// What each store says of a book too close to another or repeating itself (the closeness checks cite their store's
// own).
const KDP_CONTENT =
  'KDP Help, "Content Guidelines" (disappointing content: not significantly different from another ' +
  'book, excessively reused within or across books): https://kdp.amazon.com/en_US/help/topic/G200672390';
const GOOGLE_CONTENT =
  'Publisher Content Policies for Books on Google Play, "Spam, misleading and ' +
  'disappointing content" (a partner whose books duplicate content already on Google ' +
  'Play is reviewed for quality): https://support.google.com/books/partner/answer/1067634';
const KOBO_CONTENT =
  'Kobo Writing Life Help, "Why was my Book Rejected or Blocked" (duplicate content; books that are an ' +
  'unsatisfactory or incomplete experience): https://kobowritinglife.zendesk.com/hc/en-us/articles/360058975712';
const KOBO_CONVERSION =
  'Kobo Writing Life, "Content Conversion Guidelines" ("ePub files ' +
  'will fail to upload … if there are errors within the file")';

/**
 * A channel's answer for a book language, from the language table: what the channel's published list says
 * (`unknown`, with a note saying where to look, when it was not confirmed there, or when the table says nothing).
 */
export function languageRule(channel: Pick<Channel, 'id' | 'languageList'>, lang: Lang): LanguageRule {
  const answer = publishingOf(lang).stores[channel.id];
  const note = answer ? answer.note : say('language.unconfirmed', { language: languageName(lang) });
  return { accepted: answer?.accepted ?? 'unknown', source: channel.languageList, ...(note ? { note } : {}) };
}

/**
 * A KDP product: KDP's language lists and metadata guidelines (for the description too), its keyword boxes and
 * categories.
 */
function kdpChannel(
  c: Pick<Channel, 'id' | 'name' | 'product' | 'files'> & {
    sources: Omit<Channel['sources'], 'metadata' | 'description' | 'content'>;
  },
): Channel {
  const { sources, ...channel } = c;
  return {
    ...channel,
    languageList: KDP_LANGUAGES,
    sources: { metadata: KDP_METADATA, description: KDP_METADATA, content: KDP_CONTENT, ...sources },
    hasKeywordBoxes: true,
    hasCategories: true,
  };
}

/** The channels, in the order readiness.json lists them. */
export const CHANNELS: Readonly<Record<ChannelId, Channel>> = {
  kdp_ebook: kdpChannel({
    id: 'kdp_ebook',
    name: 'Amazon KDP (Kindle eBook)',
    product: 'ebook',
    files: ['manuscript.epub', 'cover.jpg', 'description.html', 'keywords.txt', 'metadata.json'],
    sources: {
      cover:
        'KDP Help, "eBook Cover Image Guidelines" (JPEG or TIFF, RGB, ideal 2,560 × ' +
        '1,600 px, 1.6:1): https://kdp.amazon.com/en_US/help/topic/G6GTK3T3NUHKLEFX',
      manuscript:
        'KDP Help, "Supported eBook formats" (EPUB, DOCX): https://kdp.amazon.com/en_US/help/topic/G200634390',
    },
  }),
  kdp_paperback: kdpChannel({
    id: 'kdp_paperback',
    name: 'Amazon KDP (paperback)',
    product: 'paperback',
    files: ['paperback-interior.pdf', 'paperback-cover.pdf', 'description.html', 'keywords.txt', 'metadata.json'],
    sources: {
      pages:
        'KDP Help, "Paperback Manuscript Guidelines" and "Set Trim Size, Bleed, and Margins" (page ' +
        'ranges per paper and trim): https://kdp.amazon.com/en_US/help/topic/GVBQ3CMEQW3W2VL6',
      cover: 'KDP Help, "Create a Paperback Cover" (full-wrap PDF): https://kdp.amazon.com/en_US/help/topic/G201953020',
    },
  }),
  google_play: {
    id: 'google_play',
    name: 'Google Play Books',
    product: 'ebook',
    files: ['manuscript.epub', 'cover.jpg', 'description.html', 'metadata.json'],
    languageList: GOOGLE_POLICIES,
    sources: {
      metadata: 'Google Play Books Partner Center Help, "Book metadata": https://support.google.com/books/partner',
      manuscript: GOOGLE_FILES,
      cover:
        'Google Play Books Partner Center Help, "Cover images" (JPEG ' +
        'or PNG, RGB): https://support.google.com/books/partner',
      content: GOOGLE_CONTENT,
    },
    hasKeywordBoxes: false,
    hasCategories: true,
  },
  kobo: {
    id: 'kobo',
    name: 'Kobo Writing Life',
    product: 'ebook',
    files: ['manuscript.epub', 'cover.jpg', 'description.html', 'metadata.json'],
    languageList: KOBO_GUIDE,
    sources: {
      metadata: KOBO_GUIDE,
      manuscript: KOBO_CONVERSION,
      cover: 'Kobo Writing Life User Guide, "Cover Images" (JPEG or PNG, RGB)',
      content: KOBO_CONTENT,
    },
    hasKeywordBoxes: false,
    hasCategories: true,
  },
};
