// A translated edition is a new book linked to its source: the same generator, parts and chapter count, the
// settings with the other language, saved under a key that names its source book and language, so a rerun
// finds it and goes on. Each part's provenance says it is the model's translation (publishing discloses it).
import type { BookSpec, Lang, ResolvedSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { partProvenance, sourceStatusOf } from '../../compile/provenance.js';
import { langs } from '../../languages/index.js';
import { chapterTitleOf } from '../../compile/book-outline.js';
import { partStep } from '../../compile/labels.js';

/** The key of the edition of book `sourceId` in `to`: `romance:edition-ms-of-12`. */
export function editionKey(input: { generatorId: string; sourceId: number; to: Lang }): string {
  return `${input.generatorId}:edition-${input.to}-of-${input.sourceId}`;
}

/** The source book and language an edition's key names (undefined: not an edition's key). */
export function editionLinkOf(key: string): { sourceId: number; to: Lang } | undefined {
  // Any language of the table (languages/table.yaml), not a list of them here.
  const m = /:edition-([a-z]{2,3})-of-(\d+)$/.exec(key);
  return m && langs().includes(m[1] as Lang) ? { to: m[1] as Lang, sourceId: Number(m[2]) } : undefined;
}

/** The empty edition of `source` in `to`: its settings with the language changed, nothing written yet. */
export function editionStart(spec: BookSpec, source: BookState, to: Lang): BookState {
  const field = spec.fields.find((f) => f.role === 'language');
  return {
    generatorId: source.generatorId,
    settings: field ? { ...source.settings, [field.name]: to } : source.settings,
    lang: to,
    totalChapters: source.totalChapters,
    content: [],
    currentChapter: 0,
    isLocked: true,
    // A translation of a public-domain text is an edition of it: its copyright page and readiness say so.
    ...(sourceStatusOf(source) ? { source: sourceStatusOf(source)! } : {}),
  };
}

/**
 * The positions of the source's written parts its edition does not hold whole yet: not translated, stopped
 * mid-way, or with paragraphs kept as their source. An edition is exactly its source's parts, so it is finished
 * when none is left, whatever the source lacks (an imported novel with no conclusion has an edition with none):
 * nothing is ever written for an edition that its source does not have.
 */
export function editionPartsLeft(
  source: Pick<BookState, 'content'>,
  edition: Pick<BookState, 'content' | 'incompleteParts' | 'provenance'>,
): number[] {
  return source.content.flatMap((text, i) => {
    if (!text.trim()) return [];
    const isWhole =
      i < edition.content.length &&
      !(edition.incompleteParts ?? []).includes(i) &&
      !partProvenance(edition, i).untranslated?.length &&
      !partProvenance(edition, i).titleUntranslated;
    return isWhole ? [] : [i];
  });
}

// The language a book was translated from is the book's own (book.ts), read the same by its exports.
export { translatedFrom } from '../book.js';

/**
 * The field a book's own title is kept in: its title field (role bookTitle), else its working title's; none for a
 * generator without either.
 */
function titleFieldOf(spec: Pick<ResolvedSpec, 'fields'>) {
  return spec.fields.find((f) => f.role === 'bookTitle') ?? spec.fields.find((f) => f.role === 'workingTitle');
}

/**
 * The edition titled `title` (the model's translation of its source's title, or the writer's own), kept where the
 * book's own title is (engine/session/book.ts bookTitleOf reads it): every export and package takes it.
 */
export function withEditionTitle(spec: Pick<ResolvedSpec, 'fields'>, state: BookState, title: string): BookState {
  const field = titleFieldOf(spec);
  return field ? { ...state, settings: { ...state.settings, [field.name]: title } } : state;
}

/** Whether books of this generator can be titled (a field keeps the title). */
export function canTitleEdition(spec: Pick<ResolvedSpec, 'fields'>): boolean {
  return titleFieldOf(spec) !== undefined;
}

/**
 * Each chapter's title as its book shows it, by position: the writer's own, else its outline's (a book written in the
 * studio has its titles in its outline). What an edition translates, and names when a title is left untranslated.
 */
export function chapterTitlesOf(
  spec: Pick<ResolvedSpec, 'flow'> & Parameters<typeof partStep>[0],
  state: Pick<BookState, 'content' | 'outline' | 'lang' | 'chapterTitles' | 'totalChapters'>,
): Record<number, string> {
  const out: Record<number, string> = {};
  state.content.forEach((_, position) => {
    const title =
      position === 0 ? undefined : chapterTitleOf(spec, state, partStep(spec, position, state.totalChapters));
    if (title) out[position] = title;
  });
  return out;
}
