// A dual-language book: a translated edition printed with its source, each source paragraph followed by its
// translation. Its shape and the lines its copyright page prints; bilingual-document.ts builds it from the two
// books' documents. The EPUB, DOCX and PDF renderers are bilingual-epub.ts, bilingual-docx.ts, bilingual-pdf.ts.
// An export thread reads this file and not the builder: the builder brings the whole book (session/book.ts).
import type { BookDocument } from '../../session/book-document.js';
import type { Lang } from '../../spec/types.js';
import { exportWords } from './sections.js';

/** One source paragraph and its translation; `edition` is null where the edition holds nothing of its own for it. */
export interface BilingualPair {
  readonly source: string | null;
  readonly edition: string | null;
}

export interface BilingualPart {
  readonly id: string;
  /** The part's heading in each book's language ("Chapter 1: The Storm", "Bab 1: Ribut"). */
  readonly heading: { readonly source: string; readonly edition: string };
  readonly pairs: readonly BilingualPair[];
}

export interface BilingualDocument {
  readonly kind: 'bilingual';
  /**
   * The edition's document (title, author, language, the front matter's words); its parts are the bilingual ones below.
   */
  readonly edition: Omit<BookDocument, 'parts' | 'outline'> & { readonly translatedFrom: Lang };
  readonly source: { readonly title: string; readonly lang: Lang };
  readonly parts: readonly BilingualPart[];
}

/** The pages of a dual-language PDF: the two languages facing, or each paragraph followed by its translation. */
export type BilingualLayout = 'columns' | 'alternating';
export const BILINGUAL_LAYOUTS: readonly BilingualLayout[] = ['alternating', 'columns'];

export const isBilingual = (doc: BookDocument | BilingualDocument): doc is BilingualDocument =>
  'kind' in doc && doc.kind === 'bilingual';

/** The copyright page's bilingual line in `lang`: "Bilingual edition: English and Malay". */
export function bilingualLine(doc: BilingualDocument, lang: Lang): string {
  const words = exportWords(lang);
  return words.bilingual
    .replace('{source}', words.language(doc.source.lang))
    .replace('{edition}', words.language(doc.edition.lang));
}

/** The disclosure line in `lang`: "Translated from English by AI with Karya". */
export function translatedLine(doc: BilingualDocument, lang: Lang): string {
  const words = exportWords(lang);
  return words.translatedWith.replace('{language}', words.language(doc.source.lang));
}
