// /api/progress/:bookType: the signed-in user's saved book of that type (the outline included, so a
// resumed book continues with it, and the book as the reader sees it; `{book: null}` when none is saved),
// a written part edited by hand (PUT …/part), and "Start New" (delete). Other users' books are never
// seen: their owner is the session's user.
import { bookView, catalogueMessage, editPart, EditError, progress, restoreBook } from '../../engine/index.js';
import { BookTypeParamsSchema, PartEditBodySchema, type SavedProgress } from '../../engine/contract/index.js';
import type { AppContext } from '../context.js';
import { ApiError, MESSAGES } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import type { Reply } from '../http/contract.js';
import { bookLockKey, bookLocks } from '../generation.js';
import { ApiRoutes } from '../http/routes.js';

export function progressRoutes(ctx: AppContext): ApiRoutes {
  const { repos, catalog } = ctx;
  const router = new ApiRoutes();
  const { mutex, writing } = bookLocks(ctx);
  router.use(requireUser(repos.auth));

  router.get('/:bookType', async (req, res: Reply<'GET /progress/:bookType'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const saved = await repos.books.load({ userId: sessionOf(req).user.id, key: bookType });
    // Nothing saved is the ordinary state of a new book: an answer, not an error.
    if (!saved) {
      res.json({ book: null });
      return;
    }
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

  // A written part replaced by the user's text, between steps: what later steps (and exports) read.
  router.put('/:bookType/part', async (req, res: Reply<'PUT /progress/:bookType/part'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const body = parse(PartEditBodySchema, req.body);
    const userId = sessionOf(req).user.id;
    const key = bookLockKey(userId, bookType);
    const saved = await repos.books.load({ userId, key: bookType });
    const spec = saved ? catalog.get(saved.state.generatorId) : undefined;
    const held = saved && spec ? restoreBook(spec, saved.state) : null;
    if (!saved || !spec || !held) throw ApiError.of(404, 'progress_not_found');
    const lang = held.lang;
    // Not while a step is written (its text would build on the old one); a memory update after a step
    // is waited for, so the edit marks the memory it has just written.
    // (`writing` in this process; a running generation in the database for a worker of the queue.)
    const isWriting = async () => writing.has(key) || (await repos.generations.isRunning({ userId, generatorId: spec.id }));
    if (await isWriting()) throw ApiError.catalogue(409, 'step_running', lang);
    await mutex.run(key, async () => {
      if (await isWriting()) throw ApiError.catalogue(409, 'step_running', lang);
      // Read again inside the lock: a step may have finished between the first read and now.
      const current = await repos.books.load({ userId, key: bookType });
      const state = current ? restoreBook(spec, current.state) : null;
      if (!state) throw ApiError.of(404, 'progress_not_found');
      let edit;
      try {
        edit = editPart(spec, state, body.part, body.text);
      } catch (error) {
        if (!(error instanceof EditError)) throw error;
        const vars = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)]));
        const message = catalogueMessage(error.code, lang, vars);
        if (error.code === 'part_not_found') throw new ApiError(404, error.code, message);
        throw new ApiError(400, error.code, message, { text: message });
      }
      if (!(await repos.books.savePartEdit({ userId, key: bookType, position: edit.position, text: edit.text, state: edit.state }))) {
        throw ApiError.catalogue(404, 'part_not_found', lang);
      }
      res.json({ book: bookView(spec, edit.state), memory_reset: edit.isMemoryReset });
    });
  });

  router.delete('/:bookType', async (req, res: Reply<'DELETE /progress/:bookType'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    if (!(await repos.books.remove({ userId: sessionOf(req).user.id, key: bookType }))) throw ApiError.of(404, 'progress_not_found');
    res.json({ message: MESSAGES.progress_cleared });
  });

  return router;
}
