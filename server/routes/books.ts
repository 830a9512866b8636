// /api/books: the signed-in user's books as files. The current book of a type downloads as Markdown, EPUB,
// DOCX or PDF as soon as it has a part; finished books ("My books": kept when their type was started anew,
// or still current) are listed, downloaded and deleted by id. Other users' books answer 404.
import { type Request } from 'express';
import { bookDocument, ExportLimitError, type BookState, type ExportFormat } from '../../engine/index.js';
import { countWords } from '../../engine/providers/index.js';
import { renderBounded } from '../../engine/node/export/pool.js';
import { BookTypeParamsSchema, EXPORT_FILE_TYPES, ExportQuerySchema, exportFileName, NumericIdParamsSchema, type MyBook } from '../../engine/contract/index.js';
import type { AppContext } from '../context.js';
import { ApiError, MESSAGES } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import { sendDownload, type FileReply, type Reply } from '../http/contract.js';
import type { FinishedBook } from '../store/ports.js';
import { ApiRoutes } from '../http/routes.js';

/** Saved book ids are whole numbers; a book type always has a letter, so one path serves both. */
const isBookId = (value: string) => /^\d+$/.test(value);

export function bookRoutes(ctx: AppContext): ApiRoutes {
  const { repos, catalog } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));

  /** The document of a saved state, or null when its generator is gone or is no book. */
  const documentOf = (state: BookState, author?: string) => {
    const spec = catalog.get(state.generatorId);
    return spec?.kind === 'book' ? { spec, doc: bookDocument(spec, state, author ? { author } : {}) } : null;
  };

  const download = async (res: FileReply<'GET /books/:bookType/export' | 'GET /books/:id/export'>, state: BookState, format: ExportFormat, notFound: ApiError, author?: string) => {
    const found = documentOf(state, author);
    if (!found) throw notFound;
    // Made in the export pool's worker threads, within a time and a memory limit: a book that would take
    // too long or too much memory answers 422 export_too_slow / 413 export_too_large (503 export_busy
    // when every thread is taken), in the caller's language, and the server goes on answering.
    let bytes: Uint8Array;
    try {
      bytes = await renderBounded(found.doc, format);
    } catch (error) {
      if (!(error instanceof ExportLimitError)) throw error;
      if (error.status === 503) res.setHeader('Retry-After', '30');
      throw ApiError.catalogue(error.status, error.code, undefined, { ...error.vars });
    }
    sendDownload(res, { bytes, contentType: EXPORT_FILE_TYPES[format].contentType, fileName: exportFileName(found.doc.title, format) });
  };

  const listing = (book: FinishedBook): MyBook | null => {
    const found = documentOf(book.state);
    if (!found) return null;
    const { spec, doc } = found;
    return {
      id: book.id,
      title: doc.title,
      book_type: book.bookType,
      generator_id: spec.id,
      type_label: doc.typeLabel,
      lang: doc.lang,
      words: doc.parts.reduce((n, p) => n + countWords(p.markdown), 0),
      finished_at: book.updatedAt,
      is_current: book.isCurrent,
    };
  };

  const userId = (req: Request) => sessionOf(req).user.id;

  /** The book types of the catalog's books (a user has at most one current book of each). */
  const bookTypes = [...new Set(catalog.specs.filter((s) => s.kind === 'book').map((s) => s.bookType))];

  // Finished books, and the current unfinished book of each type (downloaded by its type): what was
  // written is the writer's whatever their credits.
  router.get('/', async (req, res: Reply<'GET /books'>) => {
    const owner = userId(req);
    const books = await repos.books.listFinished({ userId: owner });
    const unfinished: MyBook[] = [];
    for (const bookType of bookTypes) {
      if (books.some((b) => b.isCurrent && b.bookType === bookType)) continue;
      const saved = await repos.books.load({ userId: owner, key: bookType });
      if (!saved || saved.isFinished || saved.state.content.length === 0) continue;
      const id = await repos.books.findBookId({ userId: owner, key: bookType });
      const item = id === null ? null : listing({ ...saved, id, bookType, isCurrent: true });
      if (item) unfinished.push({ ...item, is_finished: false });
    }
    unfinished.sort((a, b) => b.finished_at.localeCompare(a.finished_at));
    res.json({ books: [...unfinished, ...books.map(listing).filter((b): b is MyBook => b !== null)] });
  });

  // A saved book by id first; any other value is a book type (the next route).
  router.get('/:id/export', async (req, res: FileReply<'GET /books/:id/export'>, next) => {
    if (!isBookId(String(req.params.id))) {
      next('route');
      return;
    }
    const { id } = parse(NumericIdParamsSchema, req.params);
    const { format, author } = parse(ExportQuerySchema, req.query);
    const book = await repos.books.findFinished({ userId: userId(req), id });
    if (!book) throw ApiError.of(404, 'not_found');
    await download(res, book.state, format, ApiError.of(404, 'not_found'), author);
  });

  router.get('/:bookType/export', async (req, res: FileReply<'GET /books/:bookType/export'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const { format, author } = parse(ExportQuerySchema, req.query);
    const saved = await repos.books.load({ userId: userId(req), key: bookType });
    if (!saved) throw ApiError.of(404, 'progress_not_found');
    await download(res, saved.state, format, ApiError.of(404, 'progress_not_found'), author);
  });

  router.delete('/:id', async (req, res: Reply<'DELETE /books/:id'>) => {
    const { id } = parse(NumericIdParamsSchema, req.params);
    if (!(await repos.books.removeFinished({ userId: userId(req), id }))) throw ApiError.of(404, 'not_found');
    res.json({ message: MESSAGES.item_deleted });
  });

  return router;
}
