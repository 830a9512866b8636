// /api/books/:id/cover: the writer's own cover picture for one of their books. PUT takes the picture as the
// request's raw body (a JPEG or PNG, at most 10 MB, read with a cap: a body declared longer is refused before a
// byte of it is read, one longer than declared as soon as it passes the limit, a TIFF or WebP by its first
// bytes, a PNG declaring more pixels than a cover may have by its header: 413, 415 and 422 answer at once, the
// rest never read), checks it against every store's cover rules (engine/node/print/cover-picture.ts,
// the one check `karya publish --cover FILE` makes too) from its first bytes and its header alone, in
// sharp's own threads, so a hostile file (an SVG with a script, a PNG declaring 50,000 × 50,000 px) is
// refused at once and the server goes on answering others; a picture that passes is kept with the book and
// every package made from then on is made from it (server/core/publish.ts). GET answers it, DELETE lets it
// go (the package's cover is made again: drawn, or lettered). Only the book's owner: another's book is not found.
// An upload takes one of the writer's fair shares while it is received, and its check and save one of the
// server's turns (server/http/security.ts): one writer's twenty uploads at once never hold up another's requests.
import type { Request } from 'express';
import { COVER_UPLOAD, type BookCover } from '../../engine/contract/index.js';
import { loadPublishFiles } from '../../engine/node.js';
import type { AppContext } from '../core/context.js';
import type { CoverFacts } from '../store/queries/covers.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import { ApiError } from '../errors/api-error.js';
import { readBody, refuseDeclared, type BodyCap } from '../http/body.js';
import { sendDownload } from '../http/contract.js';
import { ApiRoutes } from '../http/routes.js';
import { sharesOf, tooMany } from '../http/security.js';

const { checkCoverPicture, CoverPictureError, firstBytesProblem, pictureKindOf, PNG_SIZE_BYTES } =
  await loadPublishFiles();

/** Pictures a user may send: 10 at once, then one every 6 s (each may be 10 MB kept). */
const COVER_RATE = { capacity: 10, refillMs: 6_000 } as const;

const MB = 1024 * 1024;

/** The name a picture was given, or the one it goes by. */
const DEFAULT_NAME = 'cover';

/** The picture as the contract shows it. */
export function bookCoverOf(facts: CoverFacts): BookCover {
  return {
    format: facts.format as BookCover['format'],
    width: facts.width,
    height: facts.height,
    file_name: facts.fileName,
    bytes: facts.bytes,
    created_at: facts.createdAt,
  };
}

/** 413 for a picture over the upload limit, naming the file and the limit. */
function tooLarge(file: string): ApiError {
  return ApiError.catalogue(413, 'cover_upload_too_large', undefined, {
    file,
    limit: `${COVER_UPLOAD.maxBytes / MB} MB`,
  });
}

/**
 * The first bytes that say a picture's kind (pictureKindOf reads at most 12) and a PNG's size (its header's first 24).
 */
const KIND_BYTES = Math.max(16, PNG_SIZE_BYTES);

/**
 * What a picture's first bytes already refuse: 415 for a picture a store takes but the upload does not (a TIFF, a
 * WebP), naming the file and its kind; 422 for a PNG whose header declares more pixels than a cover may have, naming
 * its size and the limit (engine/publish/cover-rules.ts firstBytesProblem).
 */
function refusedByFirstBytes(first: Uint8Array, file: string): Error | undefined {
  const kind = pictureKindOf(first);
  const format = kind === 'tiff' ? 'TIFF' : kind === 'webp' ? 'WebP' : undefined;
  if (format) return ApiError.catalogue(415, 'cover_upload_format', undefined, { file, format });
  const problem = firstBytesProblem(first, file);
  return problem ? new CoverPictureError(problem) : undefined;
}

/**
 * What a picture's body may be (server/http/body.ts reads it): at most the upload limit (413 naming it, declared or
 * received), its first bytes a JPEG or PNG of a size a cover may have (415 or 422 at once: refusedByFirstBytes).
 */
function coverCap(file: string): BodyCap {
  const first = { bytes: KIND_BYTES, check: (bytes: Uint8Array) => refusedByFirstBytes(bytes, file) };
  return { bytes: COVER_UPLOAD.maxBytes, tooLarge: () => tooLarge(file), first };
}

export function coverRoutes(ctx: AppContext): ApiRoutes {
  const { repos } = ctx;
  const router = new ApiRoutes();
  const shares = sharesOf(ctx);
  router.use(requireUser(repos.auth));
  const ownerOf = (req: Request) => sessionOf(req).user.id;

  router.on('PUT /books/:id/cover', async (req, res) => {
    const { id } = req.input.params;
    const file = req.input.query.file ?? DEFAULT_NAME;
    const owner = ownerOf(req);
    const covers = repos.covers(owner);
    if (!(await covers.hasBook(id))) throw ApiError.of(404, 'not_found');
    // A body declared longer than the limit is refused before anything else: it costs nothing.
    refuseDeclared(req, res, coverCap(file));
    await shares.claim(owner, res);
    const taken = await repos.limits.take({ key: `cover:${owner}`, ...COVER_RATE });
    if (!taken.isAllowed) throw tooMany(res, taken.retryAfterMs);
    const received = await readBody(req, res, coverCap(file));
    // A picture refused throws CoverPictureError: the rule it breaks, worded in the caller's language (422, or 413).
    const isSaved = await shares.run(async () => {
      const { bytes, format, width, height } = await checkCoverPicture(received, file, { isUpload: true });
      const size = bytes.byteLength;
      // The bytes are handed to the store's writer (server/store/sqlite/aside.ts): not read here after.
      const isKept = await covers.save({ bookId: id, image: bytes, format, width, height, fileName: file });
      if (isKept) ctx.logger.info({ book: id, format, width, height, bytes: size }, 'cover picture kept');
      return isKept;
    });
    if (!isSaved) throw ApiError.of(404, 'not_found');
    const [kept] = await covers.factsOf([id]);
    if (!kept) throw ApiError.of(404, 'not_found');
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
