// /api/progress/:bookType: the signed-in user's saved book of that type (the outline included, so a
// resumed book continues with it, and the book as the reader sees it), and "Start New" (delete). Other
// users' books answer 404.
import { Router } from 'express';
import { bookView, progress, restoreBook } from '../../engine/index.js';
import { BookTypeParamsSchema, type SavedProgress } from '../../engine/contract/index.js';
import type { AppContext } from '../context.js';
import { ApiError, MESSAGES } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import type { Reply } from '../http/contract.js';

export function progressRoutes(ctx: AppContext): Router {
  const { repos, catalog } = ctx;
  const router = Router();
  router.use(requireUser(repos.auth));

  router.get('/:bookType', async (req, res: Reply<'GET /progress/:bookType'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const saved = await repos.books.load({ userId: sessionOf(req).user.id, key: bookType });
    if (!saved) throw ApiError.of(404, 'progress_not_found');
    const { state } = saved;
    const spec = catalog.get(state.generatorId);
    const held = spec ? restoreBook(spec, state) : null;
    const body: SavedProgress = {
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
      ...(spec && held ? { book: bookView(spec, held) } : {}),
    };
    res.json(body);
  });

  router.delete('/:bookType', async (req, res: Reply<'DELETE /progress/:bookType'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    if (!(await repos.books.remove({ userId: sessionOf(req).user.id, key: bookType }))) throw ApiError.of(404, 'progress_not_found');
    res.json({ message: MESSAGES.progress_cleared });
  });

  return router;
}
