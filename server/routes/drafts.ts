// /api/progress/:bookType/drafts (edits are never lost): the unsaved text of the parts a writer
// is editing by hand, one draft per part of their current book of that type. Listed when the book opens,
// kept every few seconds while the writer types, deleted when the part is saved or the edit discarded.
import type { AppContext } from '../core/context.js';
import { ApiError, MESSAGES } from '../errors/api-error.js';
import { sessionOf } from '../auth/middleware.js';
import type { ApiRoutes } from '../http/routes.js';

/** The draft routes, on the progress router (after its requireUser). */
export function addDraftRoutes(router: ApiRoutes, ctx: AppContext): void {
  const { repos } = ctx;

  router.on('GET /progress/:bookType/drafts', async (req, res) => {
    const { bookType } = req.input.params;
    const drafts = await repos.drafts.list({ userId: sessionOf(req).user.id, key: bookType });
    res.json({ drafts: drafts.map((d) => ({ position: d.position, text: d.text, updated_at: d.updatedAt })) });
  });

  router.on('PUT /progress/:bookType/drafts', async (req, res) => {
    const { bookType } = req.input.params;
    const { position, text } = req.input.body;
    const saved = await repos.drafts.save({ userId: sessionOf(req).user.id, key: bookType, position, text });
    if (!saved) throw ApiError.of(404, 'progress_not_found');
    res.json({ draft: { position: saved.position, text: saved.text, updated_at: saved.updatedAt } });
  });

  router.on('DELETE /progress/:bookType/drafts/:position', async (req, res) => {
    const { bookType, position } = req.input.params;
    await repos.drafts.remove({ userId: sessionOf(req).user.id, key: bookType, position });
    res.json({ message: MESSAGES.item_deleted });
  });
}
