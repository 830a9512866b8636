// A manuscript the writer brings, as a book of a generator: its front matter (a preface, a dedication) and its
// prologue the introduction, its chapters the
// chapters (with their titles), its epilogue the conclusion; every part marked as the writer's own
// (its provenance `author`: publishing's AI disclosure reads it, and the model never rewrites one unasked). The book
// then continues like any other: its story bible is built from the parts by `BookSession.remember()`, one
// part at a time and saved after each, so an import stopped at chapter 17 goes on from 17.
import type { BookSpec, ResolvedSpec, Settings } from '../../spec/types.js';
import { bookLanguage, nextStep, type BookState } from '../../compile/flow.js';
import { hasAuthoredParts } from '../../compile/provenance.js';
import { partStep, stepLabel } from '../../compile/labels.js';
import { stepKey, type Step } from '../../compile/step.js';
import { countWords } from '../../provider.js';
import type { StepSave } from '../ports.js';
import { detectLanguage } from '../reading/index.js';
import type { Lang } from '../../spec/types.js';
import { minChapters, totalChaptersFor } from '../../spec/conclusion.js';
import { ImportRefusal } from '../../import/read-text.js';
import type { ImportedPart, ManuscriptSplit } from '../../import/chapters.js';
import { word } from '../../i18n.js';
import { cleanText } from '../../clean-text.js';
import type { SourceStatus } from '../../compile/provenance.js';
import { FRONT_KIND_NAMES, trimBlankLines, type FrontSection } from '../../import/front-matter.js';
import { langs, wordIn } from '../../languages/index.js';

export interface ImportBookInput {
  spec: BookSpec;
  manuscript: Pick<ManuscriptSplit, 'parts' | 'publicDomain' | 'frontMatter' | 'premise'> & { source?: SourceStatus };
  /** The writer's word on the source (a flag on import, the studio's checkbox), over what the text says of itself. */
  source?: Partial<Pick<SourceStatus, 'publicDomain' | 'firstPublished' | 'originalAuthor'>>;
  /** The book's settings (validated by the caller); its language field says the book's language. */
  settings: Settings;
  /**
   * The chapters the book will have, the imported ones included; absent: as many as were imported (then its
   * conclusion).
   */
  totalChapters?: number;
  /** The file's name, for a refusal's message. */
  file: string;
}

/**
 * The book state of an imported manuscript. Refused (ImportRefusal `import_chapters_fewer`) when the
 * writer asks for fewer chapters than the manuscript has, or (`import_book_ended`) for more chapters
 * after an epilogue.
 * @example importedBook({ spec, manuscript: read, settings, totalChapters: 30, file: 'novel.txt' })
 */
export function importedBook(input: ImportBookInput): BookState {
  const { spec, manuscript, settings } = input;
  const prologue = manuscript.parts.find((p) => p.kind === 'introduction');
  const chapters = manuscript.parts.filter((p) => p.kind === 'chapter');
  const epilogue = manuscript.parts.find((p) => p.kind === 'conclusion');
  const file = input.file.split(/[\\/]/).pop() ?? input.file;
  const holding = chaptersHolding(spec, chapters.length);
  const total = input.totalChapters ?? holding;
  if (!Number.isInteger(total) || total < holding)
    throw new ImportRefusal('import_chapters_fewer', {
      file,
      chapters: String(chapters.length),
      total: String(total),
      least: String(holding),
    });
  if (epilogue && total !== holding)
    throw new ImportRefusal('import_book_ended', { file, chapters: String(chapters.length), total: String(total) });
  const content = [
    cleanText(openingOf(manuscript, prologue, bookLanguage(spec, settings))),
    ...chapters.map((c) => cleanText(c.text)),
    ...(epilogue ? [cleanText(epilogue.text)] : []),
  ];
  // With an epilogue the book is whole: the epilogue sits at the conclusion's position (the one after the chapters).
  const chapterTitles = Object.fromEntries(
    chapters.flatMap((c, i) => (c.title.trim() ? [[i + 1, cleanText(c.title.trim())]] : [])),
  );
  const source = sourceOfImport(manuscript, input.source);
  return {
    generatorId: spec.id,
    settings,
    lang: bookLanguage(spec, settings),
    totalChapters: total,
    content,
    currentChapter: content.length,
    isLocked: true,
    ...(Object.keys(chapterTitles).length ? { chapterTitles } : {}),
    // A public-domain text is the writer's to publish, not theirs to claim: its parts say where they came from.
    provenance: Object.fromEntries(
      content.map((_text, i) => [
        i,
        { origin: 'author' as const, ...(source?.publicDomain ? { source: 'public-domain' as const } : {}) },
      ]),
    ),
    ...(source ? { source } : {}),
  };
}

/**
 * An imported book's source status: what its text says of itself (engine/import/source-status.ts; a split that
 * found an archive's licence says public domain too), with the writer's word over it (then `from: writer`, confirmed).
 */
function sourceOfImport(
  manuscript: ImportBookInput['manuscript'],
  writer: ImportBookInput['source'],
): SourceStatus | undefined {
  const read: SourceStatus | undefined =
    manuscript.source ?? (manuscript.publicDomain ? { publicDomain: true, from: 'gutenberg' } : undefined);
  if (!writer || Object.keys(writer).length === 0) return read;
  const publicDomain = writer.publicDomain ?? read?.publicDomain ?? false;
  const year = writer.firstPublished ?? read?.firstPublished;
  const author = writer.originalAuthor?.trim() || read?.originalAuthor;
  // The writer confirming what the text said keeps what said it; saying otherwise makes it the writer's word.
  const from =
    writer.publicDomain === undefined || writer.publicDomain === read?.publicDomain
      ? (read?.from ?? 'writer')
      : 'writer';
  return {
    publicDomain,
    ...(year ? { firstPublished: year } : {}),
    ...(author ? { originalAuthor: author } : {}),
    from,
    confirmed: true,
  };
}

/**
 * The book's opening part (its introduction, before Chapter 1): the manuscript's front matter (a preface, a
 * dedication), each under its own heading as the writer wrote it, then its prologue (headed too when front
 * matter comes before it); the prologue alone as it was; empty for neither.
 */
function openingOf(
  manuscript: Pick<ManuscriptSplit, 'frontMatter'>,
  prologue: ImportedPart | undefined,
  lang: Lang,
): string {
  const front = manuscript.frontMatter ?? [];
  if (!front.length) return prologue?.text ?? '';
  // A piece without a heading of its own (a dedication set alone on its page) is headed by its kind's name, so the
  // book's contents and every export name it (engine/session/book.ts reads the opening's pieces back by their
  // headings).
  const headed = (f: FrontSection) =>
    f.title.trim() || capitalised(wordIn(FRONT_KIND_NAMES[f.kind], lang, 'import-front-kinds'), lang);
  const pieces = front.map((f) => `### ${headed(f)}\n\n${trimBlankLines(f.text)}`);
  if (prologue?.text.trim())
    pieces.push(`### ${prologue.title.trim() || word('prologue', lang)}\n\n${prologue.text.trim()}`);
  return pieces.join('\n\n');
}

const capitalised = (text: string, lang: Lang) => text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);

/**
 * What the store keeps of an imported book: one save per part, the first starting the book anew under its
 * key. A store's `saveSteps` writes them in one transaction: nothing half-imported is kept.
 */
export function importSaves(spec: ResolvedSpec, state: BookState): StepSave[] {
  const isFinished = nextStep(spec, state) === null;
  return state.content.map((text, position): StepSave => {
    const step: Step =
      position === 0 ? { kind: 'introduction', position: 0 } : partStep(spec, position, state.totalChapters);
    const title = state.chapterTitles?.[position];
    return {
      generatorId: spec.id,
      bookType: spec.bookType,
      state,
      step,
      stepKey: stepKey(step),
      position,
      text,
      isComplete: true,
      continuations: 0,
      ...(title ? { title } : {}),
      isFirst: position === 0,
      isFinished,
      keepsProgress: true,
      label: stepLabel(step, state.lang, spec),
      words: countWords(text),
      seconds: 0,
    };
  });
}

/** The share of a manuscript's judged words in one language for the book to be taken as in it without asking. */
export const MANUSCRIPT_LANGUAGE_SHARE = 0.8;

/**
 * The language a manuscript is written in, judged on its parts' text: a language of the table when at least
 * MANUSCRIPT_LANGUAGE_SHARE of its judged words are in it, else null with each language's share in whole percent
 * (then the writer is asked: a guess would write the next chapters in the wrong language). `other` names a
 * language Karya does not write that the file reader found (`unwritten`: German, French…). Such a book is refused
 * unless the writer names its language.
 */
export function manuscriptLanguage(
  parts: ReadonlyArray<{ text: string }>,
  unwritten?: string,
): { lang: Lang | null; shares: Readonly<Record<Lang, number>>; other?: string } {
  const verdict = detectLanguage(parts.map((p) => p.text).join('\n\n'));
  const counted = langs()
    .map((code) => [code, verdict.words[code] ?? 0] as const)
    .filter(([, n]) => n > 0);
  const judged = counted.reduce((sum, [, n]) => sum + n, 0);
  const shares = Object.fromEntries(counted.map(([code, n]) => [code, Math.round((100 * n) / judged)]));
  const lang = counted.find(([, n]) => n >= MANUSCRIPT_LANGUAGE_SHARE * judged)?.[0] ?? null;
  return { lang: judged === 0 ? null : lang, shares, ...(unwritten ? { other: unwritten } : {}) };
}

/**
 * The parts of an imported book its story bible reads, one model call each: every part with text, a whole
 * book's last one too (its ending, as a written book's bible takes it in). Times the generator's cost: what
 * the import charges.
 */
export function importBibleParts(state: BookState): number {
  return state.content.filter((text) => text.trim() !== '').length;
}

/**
 * What `karya import` and the API save of a manuscript: the book of `importedBook`, with the chapter count in
 * its settings (as a written book's), the manuscript's own title as its working title where the writer
 * gave none, and the author it names as the book's.
 */
export function importedBookOf(input: ImportBookInput & { title?: string; author?: string }): BookState {
  const { spec } = input;
  let state = withChapterSetting(spec, importedBook(input));
  // The author the manuscript names is the book's (publishing reads it, so a publish neither asks for nor invents one).
  const author = input.author ? cleanText(input.author).replace(/\s+/g, ' ').trim().slice(0, 100) : '';
  if (author) state = { ...state, author };
  // The premise the writer labelled in the manuscript's notes ("Premise: …") is the book's, unless one was given.
  const premiseField = spec.fields.find((f) => f.role === 'premise');
  const premise = input.manuscript.premise
    ? cleanText(input.manuscript.premise)
        .trim()
        .slice(0, premiseField?.maxLength ?? 400)
    : '';
  if (premiseField && premise && !String(state.settings[premiseField.name] ?? '').trim())
    state = { ...state, settings: { ...state.settings, [premiseField.name]: premise } };
  const titleField = spec.fields.find((f) => f.role === 'workingTitle');
  const title = input.title
    ? cleanText(input.title)
        .trim()
        .slice(0, titleField?.maxLength ?? 120)
    : '';
  if (titleField && title && !state.settings[titleField.name])
    state = { ...state, settings: { ...state.settings, [titleField.name]: title } };
  return state;
}

/**
 * An imported book with `chapters` chapters before its conclusion (the writer's and those to come; where the
 * conclusion takes the last chapter's place, one more in all), before its outline plans them; refused
 * (ImportRefusal) for a book not imported, once it has an outline or is whole, or below the chapters it holds.
 */
export function withTotalChapters(spec: BookSpec, state: BookState, chapters: number, file: string): BookState {
  const total = Number.isInteger(chapters) ? totalChaptersFor(spec.flow, chapters) : chapters;
  const written = Math.max(0, state.content.length - 1);
  const holding = chaptersHolding(spec, written);
  if (!hasAuthoredParts(state) || state.outline !== undefined || nextStep(spec, state) === null)
    throw new ImportRefusal('import_total_set', { file, total: String(state.totalChapters) });
  if (!Number.isInteger(total) || total < holding)
    throw new ImportRefusal('import_chapters_fewer', {
      file,
      chapters: String(written),
      total: String(total),
      least: String(holding),
    });
  return withChapterSetting(spec, { ...state, totalChapters: total });
}

/**
 * The fewest chapters a book needs to hold `written` chapters before its conclusion (one more where the conclusion is
 * the last chapter).
 */
function chaptersHolding(spec: BookSpec, written: number): number {
  return Math.max(minChapters(spec.flow), totalChaptersFor(spec.flow, written));
}

/** The book's chapter count in its settings too, as a written book's says it. */
function withChapterSetting(spec: BookSpec, state: BookState): BookState {
  const chaptersField = spec.fields.find((f) => f.role === 'chapters');
  return chaptersField
    ? { ...state, settings: { ...state.settings, [chaptersField.name]: state.totalChapters } }
    : state;
}
