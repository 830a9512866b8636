// /api/history: the user's own generated items, newest first, with a case-insensitive search over
// title and content type and a type filter; delete one item. Others' items answer 404.
import { Router } from 'express';
import { sql } from 'kysely';
import * as z from 'zod';
import type { AppContext } from '../context.js';
import { ApiError, MESSAGES } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireUser, sessionOf } from '../auth/middleware.js';

const Query = z.strictObject({
  search: z.string().max(200).optional(),
  type: z.string().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const Params = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function historyRoutes(ctx: AppContext): Router {
  const { store } = ctx;
  const router = Router();
  router.use(requireUser(store));

  router.get('/', (req, res) => {
    const query = parse(Query, req.query);
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

  router.delete('/:id', (req, res) => {
    const { id } = parse(Params, req.params);
    const deleted = store.run(store.db.deleteFrom('content_history').where('id', '=', id).where('user_id', '=', sessionOf(req).user.id));
    if (!deleted) throw ApiError.of(404, 'not_found');
    res.json({ message: MESSAGES.item_deleted });
  });

  return router;
}
