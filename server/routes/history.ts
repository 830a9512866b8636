// /api/history: the user's own generated items, newest first, a page at a time by cursor (titles and
// metadata, no content), with full-text search and a type filter; one item with its content; delete
// one item. Others' items answer 404.
import type { HistoryType } from '../../engine/contract/index.js';
import { langs, type Catalog } from '../../engine/index.js';
import type { AppContext } from '../core/context.js';
import { ApiError, MESSAGES } from '../errors/api-error.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import { ApiRoutes } from '../http/routes.js';
import { tooMany } from '../http/security.js';

/** Content type → the display name of the (first) generator that makes it, from the compiled catalog. */
function typeNames(catalog: Catalog): (type: string) => HistoryType {
  const names = new Map<string, HistoryType['name']>();
  for (const spec of catalog.specs)
    if (!names.has(spec.contentType)) names.set(spec.contentType, spec.title as HistoryType['name']);
  // A type no generator makes now is named by itself in every language.
  return (type) => ({
    type,
    name: names.get(type) ?? (Object.fromEntries(langs().map((l) => [l, type])) as HistoryType['name']),
  });
}

export function historyRoutes(ctx: AppContext): ApiRoutes {
  const { repos } = ctx;
  const router = new ApiRoutes();
  const nameOf = typeNames(ctx.catalog);
  router.use(requireUser(repos.auth));

  router.on('GET /history', async (req, res) => {
    const query = req.input.query;
    const userId = sessionOf(req).user.id;
    // A full-text search is the costliest read: a steady few per second per user (kept in the store).
    if (query.search) {
      const taken = await repos.limits.take({
        key: `history-search:${userId}`,
        capacity: ctx.config.searchRate.burst,
        refillMs: ctx.config.searchRate.refillMs,
      });
      if (!taken.isAllowed) throw tooMany(res, taken.retryAfterMs);
    }
    const [page, types] = await Promise.all([
      repos.history.list({
        userId,
        ...(query.type && query.type !== 'all' ? { type: query.type } : {}),
        ...(query.search ? { search: query.search } : {}),
        ...(query.cursor ? { before: query.cursor } : {}),
        limit: query.limit,
      }),
      repos.history.types({ userId }),
    ]);
    res.json({ items: page.items, next_cursor: page.nextCursor, types: types.map(nameOf) });
  });

  router.on('GET /history/:id', async (req, res) => {
    const { id } = req.input.params;
    const item = await repos.history.get({ userId: sessionOf(req).user.id, id });
    if (!item) throw ApiError.of(404, 'not_found');
    res.json(item);
  });

  router.on('DELETE /history/:id', async (req, res) => {
    const { id } = req.input.params;
    const deleted = await repos.history.delete({ userId: sessionOf(req).user.id, id });
    if (!deleted) throw ApiError.of(404, 'not_found');
    res.json({ message: MESSAGES.item_deleted });
  });

  return router;
}
