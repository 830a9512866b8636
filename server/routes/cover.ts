// /api/books/:id/cover: the writer's own cover picture for one of their books. PUT takes the picture as the
// request's raw body (a JPEG or PNG, at most 10 MB, read with a cap: a longer body is cut off and refused
// before it is all received), checks it against every store's cover rules (engine/node/print/cover-picture.ts,
// the one check `karya publish --cover FILE` makes too) from its first bytes and its header alone, in
// sharp's own threads, so a hostile file (an SVG with a script, a PNG declaring 50,000 × 50,000 px) is
// refused at once and the server goes on answering others; a picture that passes is kept with the book and
// every package made from then on is made from it (server/core/publish.ts). GET answers it, DELETE lets it
// go (the package's cover is made again: drawn, or lettered). Only the book's owner: another's book is not found.
import type { Request } from 'express';
import { COVER_UPLOAD, type BookCover } from '../../engine/contract/index.js';
import { loadPublishFiles } from '../../engine/node.js';
import type { AppContext } from '../core/context.js';
import type { CoverFacts } from '../store/queries/covers.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import { ApiError } from '../errors/api-error.js';
import { sendDownload } from '../http/contract.js';
import { ApiRoutes } from '../http/routes.js';
import { tooMany } from '../http/security.js';

const { checkCoverPicture } = await loadPublishFiles();

/** Pictures a user may send: 10 at once, then one every 6 s (each may be 10 MB kept). */
const COVER_RATE = { capacity: 10, refillMs: 6_000 } as const;

const MB = 1024 * 1024;

/** The name a picture was given, or the one it goes by. */
const DEFAULT_NAME = 'cover';

/** The picture as the contract shows it. */
export function bookCoverOf(facts: CoverFacts): BookCover {
  return { format: facts.format as BookCover['format'], width: facts.width, height: facts.height, file_name: facts.fileName, bytes: facts.bytes, created_at: facts.createdAt };
}

/** 413 for a picture over the upload limit, naming the file and the limit. */
function tooLarge(file: string): ApiError {
  return ApiError.catalogue(413, 'cover_upload_too_large', undefined, { file, limit: `${COVER_UPLOAD.maxBytes / MB} MB` });
}

/** The request's body, or 413 as soon as it passes the limit (declared or received). */
async function bodyOf(req: Request, file: string): Promise<Uint8Array> {
  if (Number(req.headers['content-length'] ?? 0) > COVER_UPLOAD.maxBytes) throw tooLarge(file);
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > COVER_UPLOAD.maxBytes) {
      req.destroy();
      throw tooLarge(file);
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

export function coverRoutes(ctx: AppContext): ApiRoutes {
  const { repos } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));
  const ownerOf = (req: Request) => sessionOf(req).user.id;

  router.on('PUT /books/:id/cover', async (req, res) => {
    const { id } = req.input.params;
    const file = req.input.query.file ?? DEFAULT_NAME;
    const owner = ownerOf(req);
    const covers = repos.covers(owner);
    if (!(await covers.hasBook(id))) throw ApiError.of(404, 'not_found');
    const taken = await repos.limits.take({ key: `cover:${owner}`, ...COVER_RATE });
    if (!taken.isAllowed) throw tooMany(res, taken.retryAfterMs);
    // A picture refused throws CoverPictureError: the rule it breaks, worded in the caller's language (422, or 413).
    const { bytes, format, width, height } = await checkCoverPicture(await bodyOf(req, file), file);
    if (!(await covers.save({ bookId: id, image: bytes, format, width, height, fileName: file }))) throw ApiError.of(404, 'not_found');
    const [kept] = await covers.factsOf([id]);
    if (!kept) throw ApiError.of(404, 'not_found');
    ctx.logger.info({ book: id, format, width, height, bytes: bytes.byteLength }, 'cover picture kept');
    res.json({ cover: bookCoverOf(kept) });
  });

  router.on('GET /books/:id/cover', async (req, res) => {
    const kept = await repos.covers(ownerOf(req)).find(req.input.params.id);
    if (!kept) throw ApiError.of(404, 'not_found');
    const extension = kept.format === 'jpeg' ? 'jpg' : kept.format;
    sendDownload(res, { bytes: kept.image, contentType: `image/${kept.format}`, fileName: `cover.${extension}` });
  });

  router.on('DELETE /books/:id/cover', async (req, res) => {
    const covers = repos.covers(ownerOf(req));
    if (!(await covers.hasBook(req.input.params.id))) throw ApiError.of(404, 'not_found');
    await covers.remove(req.input.params.id);
    res.json({ cover: null });
  });

  return router;
}
