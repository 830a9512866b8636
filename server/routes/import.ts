// /api/books/import/preview: a manuscript uploaded as the request's raw body (at most 20 MB, read with a cap:
// a longer body is cut off and refused before it is all received) and read by the engine's import (text,
// Markdown, DOCX, EPUB): the answer is the parts found, as `karya import --dry-run --json` prints them.
// Nothing is saved, no model is called and nothing is charged; reading a large DOCX costs the server time,
// so a user may preview a few files a minute (a limit kept in the store). A refused file answers 400 (413
// when too large) with the import's catalogue message, in the request's language.
import type { Request } from 'express';
import { IMPORT_LIMITS, ImportRefusal, importRefusalMessage, manuscriptPreview, tooLargeRefusal } from '../../engine/index.js';
import { readManuscriptFile } from '../../engine/node.js';
import type { AppContext } from '../core/context.js';
import { requireUser, requestLang, sessionOf } from '../auth/middleware.js';
import { ApiError } from '../http/errors.js';
import { ApiRoutes } from '../http/routes.js';
import { tooMany } from '../http/security.js';

/** Previews a user may ask for: 6 at once, then one every 10 s. */
const PREVIEW_RATE = { capacity: 6, refillMs: 10_000 } as const;

/** The request's body, or an ImportRefusal as soon as it passes the limit (declared or received). */
async function bodyOf(req: Request, file: string): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > IMPORT_LIMITS.bytes) throw tooLargeRefusal(file, declared);
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > IMPORT_LIMITS.bytes) {
      req.destroy();
      throw tooLargeRefusal(file, received);
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

export function importRoutes(ctx: AppContext): ApiRoutes {
  const { repos } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));

  router.on('POST /books/import/preview', async (req, res) => {
    const { file, lang: asked } = req.input.query;
    const lang = asked ?? requestLang(req);
    const taken = await repos.limits.take({ key: `import-preview:${sessionOf(req).user.id}`, ...PREVIEW_RATE });
    if (!taken.isAllowed) throw tooMany(res, taken.retryAfterMs);
    try {
      const read = await readManuscriptFile(file, await bodyOf(req, file));
      res.json(manuscriptPreview(read));
    } catch (error) {
      if (error instanceof ImportRefusal) throw new ApiError(error.code === 'import_too_large' ? 413 : 400, error.code, importRefusalMessage(error, lang));
      throw error;
    }
  });

  return router;
}
