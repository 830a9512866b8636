// /api/progress/:bookType: the signed-in user's saved book of that type, by what each route serves:
// reading it and setting it aside (progress/reading.ts), hand edits (progress/editing.ts), charged calls
// on a written part (progress/more.ts), stop and the stopped draft (progress/stop.ts), a part's earlier
// versions (progress/versions.ts) and the drafts kept while writing (drafts.ts). They share the book's
// access and charging (progress/book-access.ts). Other users' books are never seen: their owner is the
// session's user. Every route is declared by its contract key.
import type { AppContext } from '../core/context.js';
import { requireUser } from '../auth/middleware.js';
import { ApiRoutes } from '../http/routes.js';
import { addDraftRoutes } from './drafts.js';
import { bookAccess } from './progress/book-access.js';
import { addReadingRoutes } from './progress/reading.js';
import { addEditingRoutes } from './progress/editing.js';
import { addMoreRoutes } from './progress/more.js';
import { addPassageRoutes } from './progress/passage.js';
import { addStopRoutes } from './progress/stop.js';
import { addVersionRoutes } from './progress/versions.js';

export function progressRoutes(ctx: AppContext): ApiRoutes {
  const router = new ApiRoutes();
  router.use(requireUser(ctx.repos.auth));
  const book = bookAccess(ctx);
  addReadingRoutes(router, ctx, book);
  addEditingRoutes(router, ctx, book);
  addMoreRoutes(router, ctx, book);
  addPassageRoutes(router, ctx, book);
  addStopRoutes(router, ctx, book);
  addVersionRoutes(router, ctx, book);
  addDraftRoutes(router, ctx);
  return router;
}
