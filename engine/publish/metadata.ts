// metadata.json of a package: what the stores' forms ask for, in one file to copy from: title, author,
// language, description, keywords, categories, the AI-content disclosure KDP asks at title setup, and the
// optional publisher, edition, series and reading age.
import type { Lang } from '../spec/types.js';
import { aiTextLevel, aiTextShare, type AiTextLevel, type TextDerivation } from './disclosure.js';

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
 * What KDP asks at title setup ("Did you use AI-based tools to create this book's content?"), per kind of content
 * with its extent, derived from the book's provenance (engine/publish/disclosure.ts): text the model wrote or
 * rewrote is AI-generated, even where the author edited it since; text the author wrote (imported or typed) is
 * not. The cover is AI-generated when an image model drew it. (KDP Help, "Content Guidelines", section
 * "Artificial intelligence (AI)-generated content": https://kdp.amazon.com/en_US/help/topic/G200672390).
 */
export interface AiContentDisclosure {
  /**
   * The text's level to declare: `none`, `some` (some sections: under MOST_SHARE of the words), `most`,
   * `entirely`. The writer's correction when there is one (`corrected`), else the derived level.
   */
  text: AiTextLevel;
  /** The share of the book's words the model wrote or rewrote (0..1), as derived from the book's provenance. */
  textShare: number;
  /** What the derivation counted: words and parts by origin, passages the model rewrote or added. */
  textDerivation: TextDerivation;
  /** Set when the writer corrected the text's level (karya publish --ai-text): theirs and the derived one beside it. */
  corrected?: { text: AiTextLevel; derived: AiTextLevel };
  /** `ai-generated`: the cover was drawn by an image model; `none`: the writer's own. */
  images: 'ai-generated' | 'none';
  /**
   * `none`: no translation tool was used; `ai`: the book is a translated edition, every part the model's
   * translation of its source (engine/session/translate), from `translatedFrom` (KDP's form asks it apart).
   */
  translations: 'none' | 'ai';
  translatedFrom?: Lang;
  /** The parts by who wrote them ("Chapter 1", …), when the author wrote some of them (an imported manuscript). */
  parts?: { author: string[]; model: string[] };
  tool: string;
  source: string;
}

const KDP_SOURCE =
  'KDP Help, "Content Guidelines": Artificial intelligence (AI)-generated ' +
  'content: https://kdp.amazon.com/en_US/help/topic/G200672390';

/** The tool line: what the model did, in plain words. */
function toolLine(text: AiTextLevel, d: TextDerivation, images: AiContentDisclosure['images']): string {
  const cover = images === 'ai-generated' ? 'an AI model drew the cover' : "the cover is the author's";
  if (text === 'none') return `Karya (the author wrote the text; ${cover})`;
  if (text === 'entirely')
    return (
      `Karya (an AI model wrote the text ` +
      `and ${images === 'ai-generated' ? 'drew the cover' : "the cover is the author's"})`
    );
  return `Karya (an AI model wrote or rewrote ${d.modelWords} of the book's ${d.words} words; ${cover})`;
}

/**
 * The disclosure of a book from what its derivation counted, the cover's origin and the writer's correction.
 * @example aiContentOf({ derivation, images: 'ai-generated' }).text // 'some'
 */
export function aiContentOf(input: {
  derivation: TextDerivation;
  images: AiContentDisclosure['images'];
  correction?: AiTextLevel;
  parts?: { author: string[]; model: string[] };
  translatedFrom?: Lang;
}): AiContentDisclosure {
  const d = input.derivation;
  const derived = aiTextLevel(d.modelWords, d.words);
  const text = input.correction ?? derived;
  return {
    text,
    textShare: aiTextShare(d.modelWords, d.words),
    textDerivation: d,
    ...(input.correction !== undefined && input.correction !== derived
      ? { corrected: { text: input.correction, derived } }
      : {}),
    images: input.images,
    ...(input.translatedFrom
      ? { translations: 'ai' as const, translatedFrom: input.translatedFrom }
      : { translations: 'none' as const }),
    ...(input.parts ? { parts: input.parts } : {}),
    tool: toolLine(text, d, input.images),
    source: KDP_SOURCE,
  };
}

export interface KdpMetadata {
  title: string;
  subtitle: string;
  /** The author name; '' when none was given and the author-name step gave no usable name (never made up). */
  author: string;
  /** The book's language: a code of the language table (en, ms, id). */
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
  /**
   * The release schedule's day (yyyy-mm-dd): publish on or after it (karya batch --publish; engine/publish/release.ts).
   */
  publishOn?: string;
}

/** What packageMetadata is given: the fields it copies as they are, and the optional ones as the author typed them. */
export type MetadataInput = Pick<
  KdpMetadata,
  | 'title'
  | 'subtitle'
  | 'author'
  | 'language'
  | 'description'
  | 'keywords'
  | 'categories'
  | 'wordCount'
  | 'generator'
  | 'pageCount'
> & {
  /** The AI disclosure (aiContentOf); absent: the model wrote every word and drew the cover. */
  aiContent?: AiContentDisclosure;
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
    ...(input.pageCount !== undefined
      ? { pageCount: input.pageCount }
      : { estimatedPrintPages: estimatePrintPages(wordCount) }),
    printTrim: PRINT_TRIM,
    publisher: input.publisher?.trim() || null,
    edition: input.edition ?? 1,
    series: input.series?.trim() ? { name: input.series.trim(), number: input.seriesNumber ?? null } : null,
    readingAge: input.readingAge?.trim() || null,
    aiContent: input.aiContent ?? aiContentOf({ derivation: wholeModel(wordCount), images: 'ai-generated' }),
    generator,
    ...(input.publishOn ? { publishOn: input.publishOn } : {}),
  };
}

/** The derivation of a book the model wrote whole (a caller that gives no provenance). */
function wholeModel(words: number): TextDerivation {
  return {
    words,
    modelWords: words,
    parts: 0,
    modelParts: 0,
    rewrittenParts: 0,
    handParts: 0,
    authorParts: 0,
    passages: 0,
    added: 0,
  };
}
