// GET /api/books/:id/story-map[?as_of=N]: one of the signed-in writer's books as its story map
// (engine/session/story-map/), computed from the book as it is saved now (no model call, nothing stored), so it is
// current after every part, rewrite, edit and import; as of part N, only what part N knew. Another user's book,
// a piece that is no book and a book with nothing written are all 404. Its parts are named in the account's language.
import { storyMap } from '../../engine/index.js';
import type { AppContext } from '../core/context.js';
import { requestLang, requireUser, sessionOf } from '../auth/middleware.js';
import { ApiError } from '../errors/api-error.js';
import { ApiRoutes } from '../http/routes.js';

export function storyMapRoutes(ctx: AppContext): ApiRoutes {
  const { repos, catalog } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));

  router.on('GET /books/:id/story-map', async (req, res) => {
    const book = await repos.books.find({ userId: sessionOf(req).user.id, id: req.input.params.id });
    const spec = book ? catalog.get(book.state.generatorId) : undefined;
    if (!book || spec?.kind !== 'book' || book.state.content.length === 0) throw ApiError.of(404, 'not_found');
    const asOf = req.input.query.as_of;
    // Its parts named in the page's language: the studio's sentences name them ("setakat Bab 3"), never an English
    // book's "Chapter 3" inside a Malay one.
    res.json(storyMap(spec, book.state, { labelsIn: requestLang(req), ...(asOf === undefined ? {} : { asOf }) }));
  });

  return router;
}
