// /api/history: the user's own generated items, newest first, with a case-insensitive search over
// title and content type and a type filter; delete one item. Others' items answer 404.
import { Router } from 'express';
import { sql } from 'kysely';
import { HistoryQuerySchema, NumericIdParamsSchema } from '../../engine/contract/index.js';
import type { AppContext } from '../context.js';
import { ApiError, MESSAGES } from '../http/errors.js';
import type { Reply } from '../http/contract.js';
import { parse } from '../http/validate.js';
import { requireUser, sessionOf } from '../auth/middleware.js';

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function historyRoutes(ctx: AppContext): Router {
  const { store } = ctx;
  const router = Router();
  router.use(requireUser(store));

  router.get('/', (req, res: Reply<'GET /history'>) => {
    const query = parse(HistoryQuerySchema, req.query);
    const userId = sessionOf(req).user.id;
    let select = store.db
      .selectFrom('content_history')
      .select(['id', 'title', 'content_type', 'content', 'generator_id', 'created_at'])
      .where('user_id', '=', userId);
    if (query.type && query.type !== 'all') select = select.where('content_type', '=', query.type);
    const search = query.search?.trim();
    if (search) {
      const pattern = likePattern(search.toLowerCase());
      select = select.where(sql<boolean>`(lower(title) LIKE ${pattern} ESCAPE '\\' OR lower(content_type) LIKE ${pattern} ESCAPE '\\')`);
    }
    const items = store.all(select.orderBy('id', 'desc').limit(query.limit).offset(query.offset));
    const types = store.all(store.db.selectFrom('content_history').select('content_type').distinct().where('user_id', '=', userId).orderBy('content_type')).map((r) => r.content_type);
    res.json({ items, types });
  });

  router.delete('/:id', (req, res: Reply<'DELETE /history/:id'>) => {
    const { id } = parse(NumericIdParamsSchema, req.params);
    const deleted = store.run(store.db.deleteFrom('content_history').where('id', '=', id).where('user_id', '=', sessionOf(req).user.id));
    if (!deleted) throw ApiError.of(404, 'not_found');
    res.json({ message: MESSAGES.item_deleted });
  });

  return router;
}
