// A book as a document: its title, language and parts with their headings (the shape in book-document.ts), built
// once from a book's state and shared by every output (Markdown here; EPUB, DOCX and PDF in engine/node/export/);
// its title, its counts and its summary as a list shows it. Pure, so the studio can build the same document for its
// preview.
import { cleanText } from '../clean-text.js';
import type { Lang, ResolvedSpec } from '../spec/types.js';
import { DEFAULT_LAYOUT, printLayoutOf } from '../print.js';
import { extractTitle, withoutCharacterDetails, type BookState } from '../compile/flow.js';
import { withoutChapterPlan } from '../compile/chapter-plan.js';
import { partStep, stepLabel } from '../compile/labels.js';
import { stepKey } from '../compile/step.js';
import { chapterTitleOf } from '../compile/book-outline.js';
import { takeLeadingHeading } from '../compile/heading.js';
import { isAuthoredPart, partProvenance, translatedFrom } from '../compile/provenance.js';
import { publicDomainEdition } from './public-domain.js';
import { countWords, firstWords } from '../words.js';
import { paragraphsOf } from './translate/light.js';
import { bibleWord, bookBible } from './bible/light.js';
import { conclusionPosition } from '../spec/conclusion.js';
import { wordIn } from '../languages/index.js';
import { openingPieces } from './opening-parts.js';
import { documentMarkdown, type BookDocument, type DocumentPart } from './book-document.js';

export {
  documentMarkdown,
  EXPORT_FORMATS,
  formatOfFile,
  type BookDocument,
  type DocumentPart,
  type ExportFormat,
} from './book-document.js';

/**
 * The working title the writer gave (a field with role workingTitle: a brief's, an imported manuscript's own, a single
 * output's), or ''.
 */
export function workingTitleOf(spec: ResolvedSpec, state: Pick<BookState, 'settings'>): string {
  const working = spec.fields.find((f) => f.role === 'workingTitle');
  const given = working ? state.settings[working.name] : undefined;
  return typeof given === 'string' ? given.trim() : '';
}

/**
 * A book's own title: set in its settings (a field with role bookTitle), or the working title the writer
 * gave (role workingTitle: a brief's, an imported manuscript's own), or the one its outline wrote; else what
 * it is ("Romance Story"), never the generator's name. A single output is titled by its working title when
 * the writer gave one (any generator may offer it in YAML alone), else by its generator.
 */
export function bookTitleOf(spec: ResolvedSpec, state: BookState): string {
  const lang = state.lang;
  const field = spec.kind === 'book' ? spec.fields.find((f) => f.role === 'bookTitle') : undefined;
  const value = field ? state.settings[field.name] : undefined;
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (spec.kind !== 'book') return workingTitleOf(spec, state) || wordIn(spec.title, lang, `${spec.id} title`);
  // The working title the writer gave before the one an outline wrote.
  return (
    workingTitleOf(spec, state) || extractTitle(state.outline) || wordIn(spec.typeLabel, lang, `${spec.id} typeLabel`)
  );
}

/**
 * The document of a book (or a single output). A book's title is its own (given, a field with role
 * bookTitle, or its outline's working title), else its kind; the user's chapter titles (the state's, or
 * `chapterTitles`) join their headings ("Chapter 3: The Storm").
 */
export function bookDocument(
  spec: ResolvedSpec,
  state: BookState,
  opts: {
    withOutline?: boolean;
    withBible?: boolean;
    title?: string;
    author?: string;
    chapterTitles?: Readonly<Record<number, string>>;
  } = {},
): BookDocument {
  const lang = state.lang;
  // A single output (a description, keywords, a poem) is titled by its generator (or the working title given), not
  // by the book it is for.
  const setting = (role: 'bookTitle' | 'author') => {
    const field = spec.kind === 'book' ? spec.fields.find((f) => f.role === role) : undefined;
    const value = field ? state.settings[field.name] : undefined;
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  // The book's own title: given, set in its settings, or the working title its outline gave; else what it
  // is ("Romance Story"), never the generator's name.
  const title = opts.title?.trim() || bookTitleOf(spec, state);
  const author = opts.author?.trim() || setting('author') || state.author?.trim();
  const parts = documentParts(spec, state, title, opts.chapterTitles);
  const outline =
    opts.withOutline && state.outline
      ? { id: 'outline', heading: stepLabel({ kind: 'outline' }, lang, spec), markdown: state.outline }
      : undefined;
  // The story bible only on request (`--with-bible`), as a part after the outline; its own sections one level down.
  const bible = opts.withBible ? bookBible(spec, state) : '';
  const biblePart = bible
    ? [{ id: 'bible', heading: bibleWord('storyBible', lang), markdown: bible.replace(/^## /gm, '### ') }]
    : [];
  // A book whose generator sets its pages otherwise than a novel's (a children's book) says so to the PDF.
  const { layout } = printLayoutOf(spec.kind === 'book' ? spec.publish : undefined);
  const edition = publicDomainEdition(spec, state);
  const opening = edition ? firstWords((parts[0]?.markdown ?? '').replace(/[*_#>`]/g, ' '), 40) : '';
  // The additions' copyright is the one who publishes them: never the original's author.
  const holder = edition && author && author !== edition.originalAuthor ? { rightsHolder: cleanText(author) } : {};
  const told = edition ? { publicDomain: true, edition, ...holder, ...(opening ? { description: opening } : {}) } : {};
  const from = translatedFrom(state);
  return {
    ...told,
    ...(from ? { translatedFrom: from } : {}),
    title: cleanText(title),
    ...(author ? { author: cleanText(author) } : {}),
    lang,
    typeLabel: wordIn(spec.typeLabel, lang, `${spec.id} typeLabel`),
    ...(outline ? { outline } : {}),
    parts: [...biblePart, ...parts],
    ...(layout !== DEFAULT_LAYOUT ? { layout } : {}),
    ...(state.series ? { series: { name: cleanText(state.series.name), number: state.series.number } } : {}),
  };
}

/**
 * A document's parts: each written part with its heading (the user's chapter title joined), its text as printed
 * (what is kept with the book taken out, cleaned) and what a translated edition kept untranslated; an imported
 * book's opening split into its pieces; an empty part (an import's missing prologue) no page.
 */
function documentParts(
  spec: ResolvedSpec,
  state: BookState,
  title: string,
  chapterTitles: Readonly<Record<number, string>> | undefined,
): DocumentPart[] {
  const lang = state.lang;
  // An imported book without a prologue has an empty introduction: no page of its own; nor has its edition's
  // (a part translated from nothing is as empty as its source).
  const isNoPage = (markdown: string, i: number) =>
    markdown.trim() === '' && (isAuthoredPart(state, i) || partProvenance(state, i).translatedFrom !== undefined);
  return state.content
    .flatMap((markdown, i) => (isNoPage(markdown, i) ? [] : [i]))
    .map((i) => {
      const markdown = state.content[i]!;
      const step = partStep(spec, i, state.totalChapters);
      const label = spec.kind === 'book' ? stepLabel(step, lang, spec) : title;
      // The chapter's title: the user's own, else its outline entry's (engine/compile/prompt.ts chapterTitleOf).
      const own =
        spec.kind === 'book'
          ? chapterTitleOf(
              spec,
              { ...state, ...(chapterTitles ? { chapterTitles: { ...state.chapterTitles, ...chapterTitles } } : {}) },
              step,
            )
          : undefined;
      // The character list is kept with the book for later chapters, not printed in its introduction.
      // So is the chapter plan a book without an outline took from its introduction.
      let text = i === 0 && state.characterDetails ? withoutCharacterDetails(markdown) : markdown;
      // A heading the model wrote at the top of a part (saved before the session took them off) is not printed twice.
      if (spec.kind === 'book') text = takeLeadingHeading(text, step, own).text;
      if (i === 0 && spec.kind === 'book' && spec.flow.outline === 'none') text = withoutChapterPlan(text);
      // Every export is made from here: no hidden character a book kept from before reaches a file
      // (engine/clean-text.ts).
      const record = partProvenance(state, i);
      const kept = record.translatedFrom
        ? (record.untranslated ?? []).flatMap((k) => paragraphsOf(markdown)[k] ?? []).map(cleanText)
        : [];
      const untranslated =
        record.translatedFrom && (kept.length || record.titleUntranslated)
          ? {
              untranslated: {
                lang: record.translatedFrom,
                paragraphs: kept,
                ...(record.titleUntranslated && own ? { heading: true as const } : {}),
              },
            }
          : {};
      return {
        id: stepKey(step),
        heading: cleanText(own && step.kind === 'chapter' ? `${label}: ${own}` : label),
        markdown: cleanText(text),
        ...untranslated,
      };
    })
    .flatMap((part, k) => {
      // An imported book's opening: its preface, dedication, letters and prologue each a part of its own kind.
      const pieces =
        k === 0 && state.content.length > 0 && !isNoPage(state.content[0]!, 0) && isAuthoredPart(state, 0)
          ? openingPieces(part.markdown)
          : undefined;
      return pieces
        ? pieces.map((p, n): DocumentPart => ({
            id: `${part.id}-${n + 1}`,
            heading: cleanText(p.heading),
            markdown: p.markdown,
            role: p.role,
          }))
        : [part];
    });
}

/** A saved book as a list shows it (My Books, `karya books`): its title, kind, language, words and chapters. */
export interface BookSummary {
  readonly title: string;
  readonly typeLabel: string;
  readonly lang: Lang;
  /** Words of its parts (the outline not counted). */
  readonly words: number;
  /** Chapters written, and the chapters the book has (introduction and conclusion not counted). */
  readonly chaptersWritten: number;
  readonly chaptersTotal: number;
}

/**
 * Chapters written and the chapters the book has (introduction and conclusion not counted): the one count My
 * Books, `karya books`, the book view and the studio's resume dialog all say.
 */
export function chapterCounts(
  spec: Pick<ResolvedSpec, 'kind' | 'flow'>,
  state: Pick<BookState, 'totalChapters' | 'content'>,
): { written: number; total: number } {
  const total = spec.kind === 'book' ? Math.max(0, conclusionPosition(spec.flow, state.totalChapters) - 1) : 0;
  return { written: Math.min(total, Math.max(0, state.content.length - 1)), total };
}

export function bookSummary(spec: ResolvedSpec, state: BookState): BookSummary {
  const doc = bookDocument(spec, state);
  const counts = chapterCounts(spec, state);
  return {
    title: doc.title,
    typeLabel: doc.typeLabel,
    lang: doc.lang,
    // The words the book view gives each part, summed: My Books and the book page count alike.
    words: state.content.reduce((n, _text, i) => n + partWords(state, i), 0),
    chaptersWritten: counts.written,
    chaptersTotal: counts.total,
  };
}

/**
 * A part's words as the book view and My Books count them (the providers' count: engine/provider.ts
 * countWords), its introduction without the character list kept with the book.
 */
export function partWords(state: Pick<BookState, 'content' | 'characterDetails'>, i: number): number {
  const text = state.content[i] ?? '';
  // Counted in place (countWords: the length of /\S+/g's matches, without making the list of them).
  return countWords(i === 0 && state.characterDetails ? withoutCharacterDetails(text) : text);
}

/** A finished (or partial) book as Markdown. */
export function bookMarkdown(
  spec: ResolvedSpec,
  state: BookState,
  opts: { withOutline?: boolean; withBible?: boolean } = {},
): string {
  return documentMarkdown(bookDocument(spec, state, opts), { isSingle: spec.kind !== 'book' });
}

/** The language a book was translated from (engine/compile/provenance.ts, where its parts' records are read). */
export { translatedFrom };

/**
 * A public-domain edition's package: its cover among the additions (a lettered one adds nothing), its publisher the
 * additions' rights holder.
 */
export function withEditionPackage(
  doc: BookDocument,
  facts: { cover?: 'model' | 'author'; publisher?: string },
): BookDocument {
  if (!doc.edition) return doc;
  const publisher = facts.publisher?.trim();
  return {
    ...doc,
    edition: {
      ...doc.edition,
      additions: { ...doc.edition.additions, ...(facts.cover ? { cover: facts.cover } : {}) },
    },
    ...(publisher ? { rightsHolder: publisher } : {}),
  };
}
