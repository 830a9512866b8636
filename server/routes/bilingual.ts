// GET /api/books/:id/bilingual?format=epub|pdf|docx[&layout=alternating|columns]: one of the signed-in writer's
// translated editions, by its id, printed with its source (engine/node/export/bilingual.ts): each source paragraph
// followed by its translation. Made in the export pool within its limits, as every download is. A book that is no
// edition is 409 export_not_edition; an edition whose source is gone, 404. Two whole books read: one of the writer's
// fair shares (server/http/security.ts).
import { bookSummary, notEditionRefusal } from '../../engine/index.js';
import { bilingualDocument, renderBounded } from '../../engine/node.js';
import { EXPORT_FILE_TYPES, exportFileName } from '../../engine/contract/index.js';
import type { AppContext } from '../core/context.js';
import { requestLang, requireUser, sessionOf } from '../auth/middleware.js';
import { ApiError } from '../errors/api-error.js';
import { ApiRoutes } from '../http/routes.js';
import { fairShare, sharesOf } from '../http/security.js';
import { sendDownload } from '../http/contract.js';
import { bookOf } from '../core/editions.js';

export function bilingualRoutes(ctx: AppContext): ApiRoutes {
  const { repos } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));

  router.on(
    'GET /books/:id/bilingual',
    fairShare(sharesOf(ctx), (req) => sessionOf(req).user.id),
    async (req, res) => {
      const owner = sessionOf(req).user.id;
      const lang = requestLang(req);
      const { format, layout, author } = req.input.query;
      const { book: edition, spec } = await bookOf(ctx, { userId: owner, id: req.input.params.id, lang });
      const link = await repos.editions(owner).ofEdition(edition.id);
      if (!link) {
        const why = notEditionRefusal({ id: String(edition.id), from: edition.state.lang, inLang: lang });
        throw ApiError.catalogue(409, why.code, lang, why.vars);
      }
      const source = await repos.books.find({ userId: owner, id: link.sourceId });
      if (!source)
        throw ApiError.catalogue(404, 'export_no_source', lang, {
          id: String(edition.id),
          source: String(link.sourceId),
        });
      const doc = bilingualDocument({
        spec,
        source: source.state,
        edition: edition.state,
        ...(author ? { author } : {}),
      });
      // A pool that is full (export_busy) is answered with its Retry-After by the app's error handler.
      const bytes = await renderBounded(doc, format, layout ? { bilingualLayout: layout } : {});
      const title = `${bookSummary(spec, edition.state).title} ${edition.state.lang}-${source.state.lang}`;
      sendDownload(res, {
        bytes,
        contentType: EXPORT_FILE_TYPES[format].contentType,
        fileName: exportFileName(title, format),
      });
    },
  );

  return router;
}
