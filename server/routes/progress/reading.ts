// Reading the signed-in user's saved book of a type (GET /progress/:bookType: the outline, progress and the
// book as the reader sees it, with the step being written, a stopped draft and, for an imported book, the
// parts its story bible lacks; `{book: null}` when none is saved) and setting it aside (DELETE: "Start New").
import { bookSummary, bookView, progress, restoreBook } from '../../../engine/index.js';
import { type SavedProgress } from '../../../engine/contract/index.js';
import type { AppContext } from '../../core/context.js';
import { ApiError, MESSAGES } from '../../errors/api-error.js';
import { sessionOf } from '../../auth/middleware.js';
import { bookLockKey, whileNoStep } from '../../core/generation.js';
import { withBibleHold } from '../../core/bible-catch-up.js';
import type { ApiRoutes } from '../../http/routes.js';
import type { BookAccess } from './book-access.js';

export function addReadingRoutes(router: ApiRoutes, ctx: AppContext, book: BookAccess): void {
  const { repos, catalog } = ctx;
  const { withRunning, withStopped } = book;
  router.on('GET /progress/:bookType', async (req, res) => {
    const { bookType } = req.input.params;
    const saved = await repos.books.load({ userId: sessionOf(req).user.id, key: bookType });
    const id = saved ? await repos.books.findBookId({ userId: sessionOf(req).user.id, key: bookType }) : null;
    // Nothing saved is the ordinary state of a new book: an answer, not an error.
    if (!saved || id === null) {
      res.json({ book: null });
      return;
    }
    const { state } = saved;
    const userId = sessionOf(req).user.id;
    const spec = catalog.get(state.generatorId);
    const held = spec ? restoreBook(spec, state) : null;
    // A translated edition says its source (the side-by-side page is the edition's id).
    const link = await repos.editions(userId).ofEdition(id);
    const source = link ? await repos.books.find({ userId, id: link.sourceId }) : null;
    const editionOf =
      spec && source
        ? {
            edition_of: {
              id: source.id,
              title: bookSummary(spec, source.state).title,
              lang: source.state.lang,
              edition_id: id,
            },
          }
        : {};
    const body: SavedProgress = {
      id,
      book_type: saved.bookType,
      generator_id: state.generatorId,
      lang: state.lang,
      current_chapter: state.currentChapter,
      total_chapters: state.totalChapters,
      content: [...state.content],
      settings: state.settings,
      outline: state.outline ?? null,
      ...(spec ? { progress: progress(spec, state) } : {}),
      updated_at: saved.updatedAt,
      ...(spec && held
        ? {
            book: await withStopped(
              await withBibleHold(ctx, {
                userId,
                bookType,
                bookId: id,
                spec,
                state: held,
                view: withRunning({ ...bookView(spec, held), ...editionOf }, bookLockKey(userId, bookType)),
              }),
              { userId, bookType, spec, state: held },
            ),
          }
        : {}),
    };
    res.json(body);
  });

  // "Start New": a book is kept in My Books (same id, no longer current); a single tool's saved output,
  // which is no book and never listed, is deleted. Refused (409 step_running) while a step of it is being
  // written (in this process or by a worker): the step would land in the book just set aside.
  router.on('DELETE /progress/:bookType', async (req, res) => {
    const { bookType } = req.input.params;
    const userId = sessionOf(req).user.id;
    const saved = await repos.books.load({ userId, key: bookType });
    const spec = saved ? catalog.get(saved.state.generatorId) : undefined;
    await whileNoStep(
      ctx,
      { userId, bookType, generatorIds: spec ? [spec.id] : [], lang: saved?.state.lang ?? 'en' },
      async () => {
        const id = spec && spec.kind !== 'book' ? await repos.books.findBookId({ userId, key: bookType }) : null;
        if (
          !(id !== null
            ? await repos.books.removeById({ userId, id })
            : await repos.books.remove({ userId, key: bookType }))
        )
          throw ApiError.of(404, 'progress_not_found');
      },
    );
    res.json({ message: MESSAGES.progress_cleared });
  });
}
