// metadata.json of a package: what the stores' forms ask for, in one file to copy from: title, author,
// language, description, keywords, categories, the AI-content disclosure KDP asks at title setup, and the
// optional publisher, edition, series and reading age.
import type { Lang } from '../spec/types.js';

/**
 * Estimated printed pages of a 6 × 9 in paperback: about 300 words a page (an 11-pt serif with KDP's
 * default margins), rounded up. Only a fallback: the paperback's real page count (its interior PDF)
 * is used when the package has one.
 */
export const WORDS_PER_PRINT_PAGE = 300;
export const PRINT_TRIM = '6 x 9 in';

export function estimatePrintPages(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_PRINT_PAGE));
}

/**
 * What KDP asks at title setup ("Did you use AI-based tools to create this book's content?"): text the
 * model wrote is AI-generated, even where the author edited it since; the cover Karya draws is too. Text
 * the author wrote (an imported manuscript's parts) is not: a book wholly the author's own says `none` for
 * its text, and one the model continued names which parts are whose (KDP Help, "Content Guidelines",
 * section "Artificial intelligence (AI)-generated content": https://kdp.amazon.com/en_US/help/topic/G200672390).
 */
export interface AiContentDisclosure {
  /** `ai-generated`: some of the text was written by the AI model (the author may have edited it since); `none`: the author wrote all of it. */
  text: 'ai-generated' | 'none';
  images: 'ai-generated';
  /** No translation tool was used. */
  translations: 'none';
  /** The parts by who wrote them ("Chapter 1", …), when the author wrote some of them (an imported manuscript). */
  parts?: { author: string[]; model: string[] };
  tool: string;
  source: string;
}

const KDP_SOURCE = 'KDP Help, "Content Guidelines": Artificial intelligence (AI)-generated content: https://kdp.amazon.com/en_US/help/topic/G200672390';

export const AI_CONTENT: AiContentDisclosure = {
  text: 'ai-generated',
  images: 'ai-generated',
  translations: 'none',
  tool: 'Karya (an AI model wrote the text and drew the cover)',
  source: KDP_SOURCE,
};

/**
 * The disclosure of a book whose parts are labelled by who wrote them: AI_CONTENT when the model wrote
 * every part; else the parts named, and `text: 'none'` when the author wrote them all.
 * @example aiContentOf({ author: ['Chapter 1'], model: ['Chapter 2'] }).text // 'ai-generated'
 */
export function aiContentOf(parts: { author: string[]; model: string[] }): AiContentDisclosure {
  if (parts.author.length === 0) return AI_CONTENT;
  if (parts.model.length === 0) return { ...AI_CONTENT, text: 'none', parts, tool: 'Karya (the author wrote the text; an AI model drew the cover)' };
  return { ...AI_CONTENT, parts, tool: `Karya (the author wrote ${parts.author.length} of the book's ${parts.author.length + parts.model.length} parts; an AI model wrote the others and drew the cover)` };
}

export interface KdpMetadata {
  title: string;
  subtitle: string;
  /** The author name; '' when none was given and the author-name step gave no usable name (never made up). */
  author: string;
  /** The book's language code: en (English) or ms (Malay). */
  language: Lang;
  /** The description as HTML with only the tags KDP keeps (the same text as description.html). */
  description: string;
  keywords: string[];
  /** Suggested categories, from the book's generator. */
  categories: string[];
  wordCount: number;
  /** Pages estimated from the word count: only in a package without a paperback interior to count. */
  estimatedPrintPages?: number;
  /** The paperback interior's real page count, when the package has one (then there is no estimate beside it). */
  pageCount?: number;
  printTrim: string;
  /** The imprint; null when the author publishes under their own name (KDP's field is optional). */
  publisher: string | null;
  edition: number;
  /** The series and the book's number in it; null when the book stands alone. */
  series: { name: string; number: number | null } | null;
  /** Reading age, e.g. "8-12" (KDP asks it for children's books); null when not given. */
  readingAge: string | null;
  aiContent: AiContentDisclosure;
  /** The generator that wrote the book. */
  generator: string;
  /** The book's ISBN-13, when it has one (Google Play gives a book without one its own identifier). */
  isbn?: string;
  /** The release plan's day (yyyy-mm-dd): publish on or after it (karya batch --publish; engine/publish/release.ts). */
  publishOn?: string;
}

/** What packageMetadata is given: the fields it copies as they are, and the optional ones as the author typed them. */
export type MetadataInput = Pick<KdpMetadata, 'title' | 'subtitle' | 'author' | 'language' | 'description' | 'keywords' | 'categories' | 'wordCount' | 'generator' | 'pageCount'> & {
  /** The parts by who wrote them, when the author wrote some (an imported manuscript); absent: the model wrote them all. */
  authorship?: { author: string[]; model: string[] };
  publisher?: string;
  edition?: number;
  series?: string;
  seriesNumber?: number;
  readingAge?: string;
  publishOn?: string;
};

export function packageMetadata(input: MetadataInput): KdpMetadata {
  const { title, subtitle, author, language, description, keywords, categories, wordCount, generator } = input;
  return {
    title,
    subtitle,
    author,
    language,
    description,
    keywords,
    categories,
    wordCount,
    ...(input.pageCount !== undefined ? { pageCount: input.pageCount } : { estimatedPrintPages: estimatePrintPages(wordCount) }),
    printTrim: PRINT_TRIM,
    publisher: input.publisher?.trim() || null,
    edition: input.edition ?? 1,
    series: input.series?.trim() ? { name: input.series.trim(), number: input.seriesNumber ?? null } : null,
    readingAge: input.readingAge?.trim() || null,
    aiContent: input.authorship ? aiContentOf(input.authorship) : AI_CONTENT,
    generator,
    ...(input.publishOn ? { publishOn: input.publishOn } : {}),
  };
}
