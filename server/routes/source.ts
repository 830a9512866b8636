// GET and PUT /api/books/:id/source: what one of the signed-in writer's books is made from
// (engine/compile/provenance.ts
// SourceStatus), as its import read it, and the writer's word on it: public domain or not, the year first published,
// the original author (then confirmed). The book's copyright page and KDP's public-domain readiness follow it. Another
// user's book, or a piece that is no book, is 404.
import { sourceStatusOf, type SourceStatus } from '../../engine/index.js';
import type { AppContext } from '../core/context.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import { ApiError } from '../errors/api-error.js';
import { ApiRoutes } from '../http/routes.js';

const NONE: SourceStatus = { publicDomain: false, from: 'none' };

export function sourceRoutes(ctx: AppContext): ApiRoutes {
  const { repos, catalog } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));
  const bookOf = async (userId: string, id: number) => {
    const book = await repos.books.find({ userId, id });
    if (!book || catalog.get(book.state.generatorId)?.kind !== 'book') throw ApiError.of(404, 'not_found');
    return book;
  };

  router.on('GET /books/:id/source', async (req, res) => {
    const book = await bookOf(sessionOf(req).user.id, req.input.params.id);
    res.json({ id: book.id, source: sourceStatusOf(book.state) ?? NONE });
  });

  router.on('PUT /books/:id/source', async (req, res) => {
    const userId = sessionOf(req).user.id;
    const book = await bookOf(userId, req.input.params.id);
    const before = sourceStatusOf(book.state);
    const { publicDomain, firstPublished, originalAuthor } = req.input.body;
    // Given as null: taken away; absent: kept as read.
    const year = firstPublished === null ? undefined : (firstPublished ?? before?.firstPublished);
    const author = originalAuthor === null ? undefined : originalAuthor?.trim() || before?.originalAuthor;
    // The writer confirming what the text said keeps what said it; changing it makes it the writer's word.
    const from = before && before.publicDomain === publicDomain ? before.from : 'writer';
    const source: SourceStatus = {
      publicDomain,
      ...(year ? { firstPublished: year } : {}),
      ...(author ? { originalAuthor: author } : {}),
      from,
      confirmed: true,
    };
    if (!(await repos.books.saveSource({ userId, key: book.key, source }))) throw ApiError.of(404, 'not_found');
    res.json({ id: book.id, source });
  });

  return router;
}
