// /api/progress/:bookType/drafts (edits are never lost): the unsaved text of the parts a writer
// is editing by hand, one draft per part of their current book of that type. Listed when the book opens,
// kept every few seconds while the writer types, deleted when the part is saved or the edit discarded.
import { BookTypeParamsSchema, PartDraftBodySchema, PartDraftParamsSchema } from '../../engine/contract/index.js';
import type { AppContext } from '../core/context.js';
import { ApiError, MESSAGES } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { sessionOf } from '../auth/middleware.js';
import type { Reply } from '../http/contract.js';
import type { ApiRoutes } from '../http/routes.js';

/** The draft routes, on the progress router (after its requireUser). */
export function addDraftRoutes(router: ApiRoutes, ctx: AppContext): void {
  const { repos } = ctx;

  router.get('/:bookType/drafts', async (req, res: Reply<'GET /progress/:bookType/drafts'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const drafts = await repos.drafts.list({ userId: sessionOf(req).user.id, key: bookType });
    res.json({ drafts: drafts.map((d) => ({ position: d.position, text: d.text, updated_at: d.updatedAt })) });
  });

  router.put('/:bookType/drafts', async (req, res: Reply<'PUT /progress/:bookType/drafts'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const { position, text } = parse(PartDraftBodySchema, req.body);
    const saved = await repos.drafts.save({ userId: sessionOf(req).user.id, key: bookType, position, text });
    if (!saved) throw ApiError.of(404, 'progress_not_found');
    res.json({ draft: { position: saved.position, text: saved.text, updated_at: saved.updatedAt } });
  });

  router.delete('/:bookType/drafts/:position', async (req, res: Reply<'DELETE /progress/:bookType/drafts/:position'>) => {
    const { bookType, position } = parse(PartDraftParamsSchema, req.params);
    await repos.drafts.remove({ userId: sessionOf(req).user.id, key: bookType, position });
    res.json({ message: MESSAGES.item_deleted });
  });
}
