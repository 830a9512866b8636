// /api/history: the user's own generated items, newest first, with a case-insensitive search over
// title and content type and a type filter; delete one item. Others' items answer 404.
import { Router } from 'express';
import { HistoryQuerySchema, NumericIdParamsSchema } from '../../engine/contract/index.js';
import type { AppContext } from '../context.js';
import { ApiError, MESSAGES } from '../http/errors.js';
import type { Reply } from '../http/contract.js';
import { parse } from '../http/validate.js';
import { requireUser, sessionOf } from '../auth/middleware.js';

export function historyRoutes(ctx: AppContext): Router {
  const { repos } = ctx;
  const router = Router();
  router.use(requireUser(repos.auth));

  router.get('/', async (req, res: Reply<'GET /history'>) => {
    const query = parse(HistoryQuerySchema, req.query);
    const { items, types } = await repos.history.list({
      userId: sessionOf(req).user.id,
      type: query.type === 'all' ? undefined : query.type,
      search: query.search,
      limit: query.limit,
      offset: query.offset,
    });
    res.json({ items, types });
  });

  router.delete('/:id', async (req, res: Reply<'DELETE /history/:id'>) => {
    const { id } = parse(NumericIdParamsSchema, req.params);
    const deleted = await repos.history.delete({ userId: sessionOf(req).user.id, id });
    if (!deleted) throw ApiError.of(404, 'not_found');
    res.json({ message: MESSAGES.item_deleted });
  });

  return router;
}
