// /api/progress/:bookType: the signed-in user's saved book of that type (the outline included, so a
// resumed book continues with it), and "Start New" (delete). Other users' books answer 404.
import { Router } from 'express';
import * as z from 'zod';
import type { AppContext } from '../context.js';
import { progressRowToState } from '../db/progress.js';
import { ApiError, MESSAGES } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import { progress } from '../../engine/index.js';

const Params = z.strictObject({ bookType: z.string().regex(/^[a-z0-9_-]{1,80}$/) });

export function progressRoutes(ctx: AppContext): Router {
  const { store, catalog } = ctx;
  const router = Router();
  router.use(requireUser(store));

  const rowOf = (userId: string, bookType: string) =>
    store.first(store.db.selectFrom('book_progress').selectAll().where('user_id', '=', userId).where('progress_key', '=', bookType));

  router.get('/:bookType', (req, res) => {
    const { bookType } = parse(Params, req.params);
    const row = rowOf(sessionOf(req).user.id, bookType);
    if (!row) throw ApiError.of(404, 'progress_not_found');
    const state = progressRowToState(row);
    const spec = catalog.get(row.generator_id);
    res.json({
      book_type: row.book_type,
      generator_id: row.generator_id,
      lang: state.lang,
      current_chapter: state.currentChapter,
      total_chapters: state.totalChapters,
      content: state.content,
      settings: state.settings,
      outline: state.outline ?? null,
      ...(spec ? { progress: progress(spec, state) } : {}),
      // book_progress keeps SQLite's CURRENT_TIMESTAMP (UTC, "YYYY-MM-DD HH:MM:SS"); answer ISO 8601 like every other time.
      updated_at: row.updated_at.includes('T') ? row.updated_at : `${row.updated_at.replace(' ', 'T')}Z`,
    });
  });

  router.delete('/:bookType', (req, res) => {
    const { bookType } = parse(Params, req.params);
    const deleted = store.run(store.db.deleteFrom('book_progress').where('user_id', '=', sessionOf(req).user.id).where('progress_key', '=', bookType));
    if (!deleted) throw ApiError.of(404, 'progress_not_found');
    res.json({ message: MESSAGES.progress_cleared });
  });

  return router;
}
