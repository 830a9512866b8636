// Which saved book a package is made from (server/core/publish.ts): a finished book of a generator whose publish
// block holds, a translated edition with every part of its source translated, and the refusals when it is not.
import {
  editionLinkOf,
  editionPartsLeft,
  formatSpecIssue,
  isFinishedBook,
  nextStep,
  partStep,
  stepLabel,
} from '../../engine/index.js';
import { checkPublishSteps, type BookState, type Lang, type ResolvedSpec } from '../../engine/index.js';
import type { AppContext } from './context.js';
import { ApiError } from '../errors/api-error.js';

/** A publishing error's code (its catalogue message: engine/errors.ts). */
type PublishErrorCode = 'book_not_finished' | 'package_not_found' | 'publish_running' | 'not_publishable';

/** A publishing error with its catalogue message (engine/errors.ts) in `lang`. */
export function publishError(
  status: number,
  code: PublishErrorCode,
  lang: Lang,
  vars: Record<string, string> = {},
): ApiError {
  return ApiError.catalogue(status, code, lang, vars);
}

/** A user's saved book that a package is made from, with its generator. */
export interface PublishableBook {
  spec: ResolvedSpec;
  state: BookState;
  isFinished: boolean;
  /** An edition's first source part not translated yet (what stops it being published), by position. */
  editionLeft?: number;
}

/**
 * Whether a saved book is finished as a package takes it: every step written; for a translated edition (its key
 * or its link names its source), every written part of its source translated, never more: what its source
 * lacks, it lacks, and nothing is written for it. An edition whose source is gone is as it is.
 */
export async function finishedOf(
  ctx: AppContext,
  input: { userId: string; key: string; spec: ResolvedSpec; state: BookState },
): Promise<Pick<PublishableBook, 'isFinished' | 'editionLeft'>> {
  let sourceId = editionLinkOf(input.key)?.sourceId;
  if (sourceId === undefined) {
    const id = await ctx.repos.books.findBookId({ userId: input.userId, key: input.key });
    sourceId = id === null ? undefined : (await ctx.repos.editions(input.userId).ofEdition(id))?.sourceId;
  }
  // Every step written, or an import ending with the writer's own last part: packaged as it stands
  // (engine/session/ending.ts).
  if (sourceId === undefined) {
    return { isFinished: input.spec.kind === 'book' && isFinishedBook(input.spec, input.state) };
  }
  const source = await ctx.repos.books.find({ userId: input.userId, id: sourceId });
  const [left] = source ? editionPartsLeft(source.state, input.state) : [];
  return left === undefined ? { isFinished: true } : { isFinished: false, editionLeft: left };
}

/**
 * The generator of a saved book, when it can be published: a book whose publish block passes
 * checkPublishSteps. Otherwise 409 not_publishable (the problems go to the log: they are the catalog's).
 */
export function publishableSpec(ctx: AppContext, state: BookState): ResolvedSpec {
  const spec = ctx.catalog.get(state.generatorId);
  if (spec?.kind !== 'book' || !spec.publish) throw publishError(409, 'not_publishable', state.lang);
  const issues = checkPublishSteps(spec, (id) => ctx.catalog.get(id), state);
  if (issues.length) {
    ctx.logger.error({ generator: spec.id, issues: issues.map(formatSpecIssue) }, 'publish block refused');
    throw publishError(409, 'not_publishable', state.lang);
  }
  return spec;
}

/**
 * The source of a translated edition, for its dual-language package: found through the edition link table, as
 * GET /books/:id/bilingual finds it. A book that is no edition is 422 publish_not_edition; an edition whose
 * source is gone, 404 publish_no_source.
 */
export async function bilingualSourceOf(
  ctx: AppContext,
  input: { userId: string; bookId: number; lang: Lang },
): Promise<BookState> {
  const link = await ctx.repos.editions(input.userId).ofEdition(input.bookId);
  const id = String(input.bookId);
  if (!link) throw ApiError.catalogue(422, 'publish_not_edition', input.lang, { id });
  const source = await ctx.repos.books.find({ userId: input.userId, id: link.sourceId });
  if (!source) throw ApiError.catalogue(404, 'publish_no_source', input.lang, { id, source: String(link.sourceId) });
  return source.state;
}

/** A translated edition's language and its saved source's (the quote's `edition`), or undefined for any other book. */
export async function editionLanguagesOf(
  ctx: AppContext,
  input: { userId: string; bookId: number; state: BookState },
): Promise<{ lang: Lang; source_lang: Lang } | undefined> {
  const link = await ctx.repos.editions(input.userId).ofEdition(input.bookId);
  const source = link ? await ctx.repos.books.find({ userId: input.userId, id: link.sourceId }) : null;
  return source ? { lang: input.state.lang, source_lang: source.state.lang } : undefined;
}

/** 409 book_not_finished, naming the step the book is at. */
export function unfinishedError(book: PublishableBook): ApiError {
  const { spec, state, editionLeft } = book;
  const next =
    editionLeft === undefined
      ? nextStep(spec, state)
      : editionLeft === 0
        ? { kind: 'introduction' as const, position: 0 as const }
        : partStep(spec, editionLeft, state.totalChapters);
  return publishError(409, 'book_not_finished', state.lang, { step: next ? stepLabel(next, state.lang, spec) : '' });
}
