// metadata.json of a KDP package: what the KDP forms ask for, in one file to copy from.
import type { Lang } from '../spec/types.js';

/**
 * Estimated printed pages of a 6 × 9 in paperback: about 300 words a page (an 11-pt serif with KDP's
 * default margins), rounded up. A guide for pricing and the paperback minimum, not a layout.
 */
export const WORDS_PER_PRINT_PAGE = 300;
export const PRINT_TRIM = '6 x 9 in';

export function estimatePrintPages(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_PRINT_PAGE));
}

export interface KdpMetadata {
  title: string;
  subtitle: string;
  author: string;
  /** The book's language as KDP's language list needs it: en (English) or ms (Malay). */
  language: Lang;
  /** The description as HTML with only the tags KDP keeps (the same text as description.html). */
  description: string;
  keywords: string[];
  /** Suggested categories, from the book's generator. */
  categories: string[];
  wordCount: number;
  estimatedPrintPages: number;
  printTrim: string;
  /** The generator that wrote the book. */
  generator: string;
}

export function packageMetadata(input: Omit<KdpMetadata, 'estimatedPrintPages' | 'printTrim'>): KdpMetadata {
  return { ...input, estimatedPrintPages: estimatePrintPages(input.wordCount), printTrim: PRINT_TRIM };
}
