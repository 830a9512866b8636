// A package's manuscript and its metadata.json: the generated copyright text joined to the built-in copyright
// page, the book titled and signed as published, and the AI disclosure with who wrote which part.
import type { BookState } from '../compile/flow.js';
import { partStep, stepLabel } from '../compile/labels.js';
import { hasAuthoredParts, isAuthoredPart } from '../compile/provenance.js';
import { headingWords, wordsPattern } from '../import/heading-words.js';
import { withoutRightsClaims } from '../import/source-status.js';
import { wordEdges } from '../word-edges.js';
import { countWords } from '../provider.js';
import { bookDocument, withEditionPackage, type BookDocument } from '../session/book.js';
import { translatedFrom } from '../session/translate/index.js';
import type { ResolvedSpec } from '../spec/types.js';
import { textDerivationOf } from './disclosure.js';
import { aiContentOf, packageMetadata, type KdpMetadata } from './metadata.js';
import type { PackageParts } from './package-types.js';

/**
 * The generated copyright text as it joins the built-in copyright page (which prints the title, the author
 * and "© year author"): without its own heading, the title line, or the © notice the page already has.
 */
export function copyrightExtra(markdown: string, title: string): string {
  const bare = (line: string) =>
    line
      .replace(/[*_#`]/g, '')
      .trim()
      .toLowerCase();
  // The page's heading and its notice word, in every language's words (import-headings.yaml `copyright`).
  const heading = wordsPattern('^\\s*(?:[*_]{1,2})?\\s*{copyright}\\s*(?:[*_]{1,2})?\\s*:?\\s*$');
  const notice = new RegExp(
    wordEdges(`(?:\\b${headingWords('copyright')}\\s*)?(?:©|\\(c\\))\\s*(?:\\d{4}[\\s,–-]*)+[^.\\n]*\\.?\\s*`),
    'giu',
  );
  return markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !/^\s*#{1,6}\s/.test(line) && !heading.test(line) && bare(line) !== title.trim().toLowerCase())
    .map((line) => line.replace(notice, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The manuscript of a package: the book titled and signed as published. The generated copyright text
 * joins the one built-in copyright page; it is never a part of its own (so the contents and the
 * EPUB's landmarks start at the book's first real part).
 */
export function packageDocument(
  book: ResolvedSpec,
  state: BookState,
  parts: Pick<PackageParts, 'title' | 'author' | 'copyright'> & Partial<Pick<PackageParts, 'cover' | 'given'>>,
): BookDocument {
  const cover =
    parts.cover?.origin === 'typographic' || !parts.cover
      ? undefined
      : parts.cover.origin === 'author'
        ? 'author'
        : 'model';
  const doc = withEditionPackage(bookDocument(book, state, { title: parts.title, author: parts.author }), {
    ...(cover ? { cover } : {}),
    ...(parts.given?.publisher ? { publisher: parts.given.publisher } : {}),
  });
  const extra = copyrightExtra(doc.publicDomain ? withoutRightsClaims(parts.copyright) : parts.copyright, parts.title);
  return extra ? { ...doc, copyright: extra } : doc;
}

/** metadata.json of a package; the word count is the book's own text (without the copyright page). */
export function packageMetadataOf(
  book: ResolvedSpec,
  state: BookState,
  parts: PackageParts,
  print: { pageCount?: number; publishOn?: string } = {},
): KdpMetadata {
  return packageMetadata({
    title: parts.title,
    subtitle: parts.subtitle,
    author: parts.author,
    language: state.lang,
    description: parts.description,
    keywords: parts.keywords,
    categories: parts.categories,
    wordCount: state.content.reduce((n, text) => n + countWords(text), 0),
    generator: book.id,
    ...(print.pageCount !== undefined ? { pageCount: print.pageCount } : {}),
    ...(print.publishOn ? { publishOn: print.publishOn } : {}),
    aiContent: aiContentOf({
      derivation: textDerivationOf(state),
      images: parts.cover.origin === 'author' || parts.cover.origin === 'typographic' ? 'none' : 'ai-generated',
      ...(parts.given.aiText ? { correction: parts.given.aiText } : {}),
      ...(hasAuthoredParts(state) ? { parts: authorshipOf(book, state) } : {}),
      ...(translatedFrom(state) ? { translatedFrom: translatedFrom(state)! } : {}),
    }),
    ...withoutAiText(parts.given),
    // A book written in a series is published as its book: the series' name and the book's number.
    ...(state.series ? { series: state.series.name, seriesNumber: state.series.number } : {}),
  });
}

/**
 * The labels of a book's written parts by who wrote them (an empty part, such as an import's missing prologue, is
 * neither's).
 */
export function authorshipOf(book: ResolvedSpec, state: BookState): { author: string[]; model: string[] } {
  const out = { author: [] as string[], model: [] as string[] };
  state.content.forEach((text, i) => {
    if (!text.trim()) return;
    const step = i === 0 ? ({ kind: 'introduction', position: 0 } as const) : partStep(book, i, state.totalChapters);
    (isAuthoredPart(state, i) ? out.author : out.model).push(stepLabel(step, state.lang, book));
  });
  return out;
}

/** The given facts metadata.json copies as they are (the AI correction goes into the disclosure). */
function withoutAiText(given: PackageParts['given']): Omit<PackageParts['given'], 'aiText'> {
  const { aiText: _ai, ...rest } = given;
  return rest;
}
