// /api/books: the signed-in user's books ("My Books"). Every book, finished or not, current or kept by
// "Start New", is listed, downloaded (Markdown, EPUB, DOCX or PDF, as soon as it has a part), continued
// (made the current book of its type again) and deleted by its id; the current book of a type also
// downloads by its type. Other users' books answer 404.
import { type Request } from 'express';
import { bookDocument, bookSummary, editionLinkOf, type BookState, type ExportFormat } from '../../engine/index.js';
import { renderBounded } from '../../engine/node.js';
import { EXPORT_FILE_TYPES, exportFileName, type MyBook } from '../../engine/contract/index.js';
import type { AppContext } from '../core/context.js';
import { ApiError, MESSAGES } from '../errors/api-error.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import { sendDownload, type FileReply } from '../http/contract.js';
import type { UserBook } from '../store/ports.js';
import { bookFingerprintKey } from '../store/queries/fingerprints.js';
import { whileNoStep } from '../core/generation.js';
import { ApiRoutes } from '../http/routes.js';

/** Saved book ids are whole numbers; a book type always has a letter, so one path serves both. */
const isBookId = (value: string) => /^\d+$/.test(value);

export function bookRoutes(ctx: AppContext): ApiRoutes {
  const { repos, catalog } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));
  const listing = (book: UserBook) => listingOf(catalog, book);

  // Every book of the user, finished or not, current or kept by "Start New", the most recently changed
  // first: what was written is the writer's whatever their credits.
  router.on('GET /books', async (req, res) => {
    const owner = userId(req);
    const books = await repos.books.list({ userId: owner });
    const inSeries = await seriesPlaces(ctx, owner);
    // An edition names its source (by id: the link stays when either book's key changes).
    const sourceOf = new Map(
      (await repos.editions(owner).list()).flatMap((l) =>
        l.editionId !== null ? [[l.editionId, l.sourceId] as const] : [],
      ),
    );
    const items = books.flatMap((b) => {
      const item = listing(b);
      const series = inSeries.get(b.key);
      return item ? [series ? { ...item, series } : item] : [];
    });
    const byId = new Map(items.map((b) => [b.id, b]));
    const extras = await listingExtras(ctx, owner, books);
    res.json({
      books: items.map((b) => {
        const source = byId.get(sourceOf.get(b.id) ?? 0);
        const item = { ...b, ...extras.get(b.id) };
        return source ? { ...item, edition_of: { id: source.id, title: source.title, lang: source.lang } } : item;
      }),
    });
  });

  // A saved book by id first; any other value is a book type (the next route).
  router.on('GET /books/:id/export', { takes: (req) => isBookId(String(req.params.id)) }, async (req, res) => {
    const { id } = req.input.params;
    const { format, author } = req.input.query;
    const book = await repos.books.find({ userId: userId(req), id });
    // A book with nothing written yet has nothing to download.
    if (!book || (book.state.content.length === 0 && book.state.outline === undefined))
      throw ApiError.of(404, 'not_found');
    await download(ctx, res, { state: book.state, format, notFound: ApiError.of(404, 'not_found'), author });
  });

  router.on('GET /books/:bookType/export', async (req, res) => {
    const { bookType } = req.input.params;
    const { format, author } = req.input.query;
    const saved = await repos.books.load({ userId: userId(req), key: bookType });
    if (!saved) throw ApiError.of(404, 'progress_not_found');
    await download(ctx, res, { state: saved.state, format, notFound: ApiError.of(404, 'progress_not_found'), author });
  });

  // "Continue": the book becomes the current book of its type (its generator page shows it); the book that
  // was current there is kept in My Books, never lost.
  router.on('POST /books/:id/continue', async (req, res) => {
    const { id } = req.input.params;
    const owner = userId(req);
    await whileIdle(ctx, owner, id, async (found) => {
      // Only a book its generator page can show (a book of a generator still in the catalog).
      if (listing(found) === null || (await repos.books.continueBook({ userId: owner, id })) === null)
        throw ApiError.of(404, 'not_found');
      const book = await repos.books.find({ userId: owner, id });
      const item = book ? listing(book) : null;
      if (!item) throw ApiError.of(404, 'not_found');
      res.json({ book: item });
    });
  });

  // Deleting is its own action (the studio asks first): any of the user's books, finished or not.
  router.on('DELETE /books/:id', async (req, res) => {
    const { id } = req.input.params;
    const owner = userId(req);
    await whileIdle(ctx, owner, id, async () => {
      if (!(await repos.books.removeById({ userId: owner, id }))) throw ApiError.of(404, 'not_found');
      // Its near-duplicate fingerprint goes with it (kept by the book's id when it was published, core/publish.ts):
      // a deleted book is no longer one the owner's others can be too close to.
      await repos.fingerprints(owner).remove(bookFingerprintKey(id));
      res.json({ message: MESSAGES.item_deleted });
    });
  });

  return router;
}

const userId = (req: Request) => sessionOf(req).user.id;

/** A saved book as My Books lists it, or null when its generator is gone or is no book. */
function listingOf(catalog: AppContext['catalog'], book: UserBook): MyBook | null {
  const spec = catalog.get(book.state.generatorId);
  if (spec?.kind !== 'book') return null;
  const summary = bookSummary(spec, book.state);
  return {
    id: book.id,
    title: summary.title,
    book_type: book.bookType,
    generator_id: spec.id,
    type_label: summary.typeLabel,
    lang: summary.lang,
    words: summary.words,
    chapters_written: summary.chaptersWritten,
    chapters_total: summary.chaptersTotal,
    updated_at: book.updatedAt,
    is_finished: book.isFinished,
    // An edition kept under its own key while it is made is not the current book of its type.
    is_current: book.isCurrent && !editionLinkOf(book.key),
  };
}

/**
 * What My Books shows beside each book: whether the writer gave it a cover picture, and when its package was last made
 * (published).
 */
async function listingExtras(
  ctx: AppContext,
  owner: string,
  books: readonly UserBook[],
): Promise<Map<number, Pick<MyBook, 'has_cover' | 'published_at'>>> {
  const covered = new Set((await ctx.repos.covers(owner).factsOf(books.map((b) => b.id))).map((c) => c.bookId));
  const extras = new Map<number, Pick<MyBook, 'has_cover' | 'published_at'>>();
  for (const book of books) {
    // Only a finished book has a package (publishing refuses an unfinished one).
    const report = book.isFinished ? await ctx.repos.books.findPackage({ userId: owner, key: book.key }) : null;
    extras.set(book.id, { has_cover: covered.has(book.id), ...(report ? { published_at: report.created_at } : {}) });
  }
  return extras;
}

/**
 * Each of the owner's books in a series, by key: the series and the book's number (My Books groups them), by the keys
 * the series hold now.
 */
async function seriesPlaces(ctx: AppContext, owner: string): Promise<Map<string, NonNullable<MyBook['series']>>> {
  const inSeries = new Map<string, NonNullable<MyBook['series']>>();
  for (const s of await ctx.repos.series(owner).list()) {
    const entries = await ctx.repos.series(owner).books(s.id);
    for (const e of entries)
      inSeries.set(e.key, { id: s.id, name: s.name, number: e.number, is_last: e === entries.at(-1) });
  }
  return inSeries;
}

/**
 * A saved book's download. Made in the export pool's worker threads, within a time and a memory limit: a book
 * that would take too long or too much memory answers 422 export_too_slow / 413 export_too_large (503
 * export_busy, with Retry-After, when every thread is taken), in the caller's language, and the server goes on
 * answering.
 */
async function download(
  ctx: AppContext,
  res: FileReply<'GET /books/:bookType/export' | 'GET /books/:id/export'>,
  input: { state: BookState; format: ExportFormat; notFound: ApiError; author?: string | undefined },
): Promise<void> {
  const { state, format, author } = input;
  const spec = ctx.catalog.get(state.generatorId);
  if (spec?.kind !== 'book') throw input.notFound;
  const doc = bookDocument(spec, state, author ? { author } : {});
  // A pool that is full (export_busy) is answered with its Retry-After by the app's error handler.
  const bytes = await renderBounded(doc, format);
  sendDownload(res, {
    bytes,
    contentType: EXPORT_FILE_TYPES[format].contentType,
    fileName: exportFileName(doc.title, format),
  });
}

/**
 * Run `fn` on one of the user's books while no step of the current book of its type is being written
 * (in this process or by a worker) and inside that book type's lock: 404 for no such book, 409
 * step_running while one is.
 */
async function whileIdle<T>(
  ctx: AppContext,
  owner: string,
  id: number,
  fn: (book: UserBook) => Promise<T>,
): Promise<T> {
  const book = await ctx.repos.books.find({ userId: owner, id });
  if (!book) throw ApiError.of(404, 'not_found');
  const current = book.isCurrent ? book : await ctx.repos.books.load({ userId: owner, key: book.bookType });
  const generatorIds = [...new Set([book.state.generatorId, ...(current ? [current.state.generatorId] : [])])];
  return whileNoStep(ctx, { userId: owner, bookType: book.bookType, generatorIds, lang: book.state.lang }, () =>
    fn(book),
  );
}
