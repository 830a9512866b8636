// /api/books/:bookType/publish: the current book's KDP package. GET says what publishing costs (before
// anything is spent) and shows the package made last; POST runs the publishing steps of a finished book,
// each charged as a generation step, and answers the readiness report; GET …/package downloads the kept
// package as a zip. Other users' books are never reachable (404, as for a missing book).
import { type Request } from 'express';
import { RELEASES_PER_DAY, aiTextLevel, aiTextShare, textDerivationOf } from '../../engine/index.js';
import {
  PACKAGE_FILE_CONTENT_TYPES,
  PACKAGE_FILE_TYPE,
  packageFileName,
  type KdpPackage,
  type PackageEditBody,
} from '../../engine/contract/index.js';
import type { AppContext } from '../core/context.js';
import { ApiError } from '../errors/api-error.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import { sendDownload, type FileReply } from '../http/contract.js';
import { ownCoverOf, publishBook, publishQuote } from '../core/publish.js';
import { editPackage, fileOfZip } from '../core/publish-package.js';
import {
  bilingualSourceOf,
  editionLanguagesOf,
  finishedOf,
  publishError,
  publishableSpec,
  unfinishedError,
  type PublishableBook,
} from '../core/publishable.js';
import { bookCoverOf } from './cover.js';
import { takeGenerationToken } from '../core/generation.js';
import { ApiRoutes, type ContractHandler } from '../http/routes.js';
import { modelAnswer } from '../http/model-answer.js';

export function publishRoutes(ctx: AppContext): ApiRoutes {
  const { repos } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));
  /** Books being published (user and book type): a second request meanwhile is refused, not charged twice. */
  const running = new Set<string>();

  const userId = (req: Request) => sessionOf(req).user.id;

  router.on('GET /books/:bookType/publish', publishGet(ctx));

  router.on('POST /books/:bookType/publish', publishPost(ctx, running));

  router.on(
    'GET /books/:bookType/publish/package',
    async (req, res: FileReply<'GET /books/:bookType/publish/package'>) => {
      const { bookType } = req.input.params;
      const found = await repos.books.packageZip({ userId: userId(req), key: bookType });
      if (!found) {
        const saved = await repos.books.load({ userId: userId(req), key: bookType });
        if (!saved) throw ApiError.of(404, 'progress_not_found');
        throw publishError(404, 'package_not_found', saved.state.lang);
      }
      sendDownload(res, {
        bytes: found.zip,
        contentType: PACKAGE_FILE_TYPE.contentType,
        fileName: packageFileName(found.report.title),
      });
    },
  );

  router.on('PUT /books/:bookType/publish/package', packageEdit(ctx, running));

  router.on(
    'GET /books/:bookType/publish/package/:file',
    async (req, res: FileReply<'GET /books/:bookType/publish/package/:file'>) => {
      const { bookType, file } = req.input.params;
      const found = await repos.books.packageZip({ userId: userId(req), key: bookType });
      const bytes = found ? fileOfZip(found.zip, file) : null;
      if (!found || !bytes) {
        const saved = await repos.books.load({ userId: userId(req), key: bookType });
        if (!saved) throw ApiError.of(404, 'progress_not_found');
        throw publishError(404, 'package_not_found', saved.state.lang);
      }
      const extension = file.slice(file.lastIndexOf('.') + 1);
      sendDownload(res, {
        bytes,
        contentType: PACKAGE_FILE_CONTENT_TYPES[extension] ?? 'application/octet-stream',
        fileName: file,
      });
    },
  );

  return router;
}

/** GET /books/:bookType/publish: what publishing the book costs, before anything is spent, and its kept package. */
function publishGet(ctx: AppContext): ContractHandler<'GET /books/:bookType/publish'> {
  const { repos } = ctx;
  const userId = (req: Request) => sessionOf(req).user.id;
  return async (req, res) => {
    const { bookType } = req.input.params;
    const book = await publishableBookOf(ctx, userId(req), bookType);
    // The writer's own cover, when given, takes the cover step's place (nothing charged for it).
    const bookId = await repos.books.findBookId({ userId: userId(req), key: bookType });
    const [own] = bookId === null ? [] : await repos.covers(userId(req)).factsOf([bookId]);
    const { steps, cost, trim } = publishQuote(ctx, book, { hasOwnCover: own !== undefined });
    const kept = await repos.books.findPackage({ userId: userId(req), key: bookType });
    // A package made before readiness was per channel has no `channels`: it is shown as none (publish again).
    const since = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    const today = {
      packages: await repos.books.countPackagesSince({ userId: userId(req), since }),
      per_day: RELEASES_PER_DAY.default,
    };
    // The disclosure's text level as derived from who wrote each part: the panel offers to correct it.
    const derivation = textDerivationOf(book.state);
    const aiText = {
      level: aiTextLevel(derivation.modelWords, derivation.words),
      share: aiTextShare(derivation.modelWords, derivation.words),
    };
    const edition =
      bookId === null ? undefined : await editionLanguagesOf(ctx, { userId: userId(req), bookId, state: book.state });
    res.json({
      is_finished: book.isFinished,
      steps,
      cost,
      trim,
      package: kept && 'channels' in kept ? kept : null,
      today,
      ai_text: aiText,
      ...(bookId !== null ? { book_id: bookId } : {}),
      cover: own ? bookCoverOf(own) : null,
      ...(edition ? { edition } : {}),
      ...(book.state.author?.trim() ? { author: book.state.author.trim() } : {}),
    });
  };
}

/**
 * PUT /books/:bookType/publish/package: the writer's keywords, description and categories for the kept package,
 * checked again: no model call, nothing charged. 409 while a publish of the book runs (`running`: its keys).
 */
function packageEdit(ctx: AppContext, running: ReadonlySet<string>) {
  return async (
    req: Request & { input: { params: { bookType: string }; body: PackageEditBody } },
    res: { json: (body: { package: KdpPackage; credits_charged: 0 }) => void },
  ) => {
    const { bookType } = req.input.params;
    const owner = sessionOf(req).user.id;
    const saved = await ctx.repos.books.load({ userId: owner, key: bookType });
    if (!saved) throw ApiError.of(404, 'progress_not_found');
    // A publish running for the book replaces its package: the edit would be lost, so it waits for it.
    if (running.has(`${owner}\u0000${bookType}`)) throw publishError(409, 'publish_running', saved.state.lang);
    const spec = publishableSpec(ctx, saved.state);
    const report = await editPackage(ctx, {
      userId: owner,
      key: bookType,
      book: { spec, state: saved.state },
      edit: req.input.body,
    });
    if (!report) throw publishError(404, 'package_not_found', saved.state.lang);
    res.json({ package: report, credits_charged: 0 });
  };
}

/**
 * POST /books/:bookType/publish: the package made, each step charged; asked as events, its stream opens before its
 * first model call. `running`: the books being published (user and book type), a second request refused meanwhile.
 */
function publishPost(ctx: AppContext, running: Set<string>): ContractHandler<'POST /books/:bookType/publish'> {
  const { repos } = ctx;
  return async (req, res) => {
    const { bookType } = req.input.params;
    const body = req.input.body;
    const { user } = sessionOf(req);
    const book = await publishableBookOf(ctx, user.id, bookType);
    const lang = book.state.lang;
    // The dual-language choice is refused first, before anything is spent, when the book is no edition or its source is
    // gone.
    const bilingualSource = body.bilingual
      ? await bilingualSourceOf(ctx, {
          userId: user.id,
          bookId: (await repos.books.findBookId({ userId: user.id, key: bookType }))!,
          lang,
        })
      : undefined;
    if (!book.isFinished) throw unfinishedError(book);
    const key = `${user.id}\u0000${bookType}`;
    if (running.has(key)) throw publishError(409, 'publish_running', lang);
    running.add(key);
    try {
      const bookId = await repos.books.findBookId({ userId: user.id, key: bookType });
      if (bookId === null) throw ApiError.of(404, 'progress_not_found');
      // The writer's correction of the AI disclosure goes with the given facts, as `karya publish --ai-text` passes it.
      // So does the writer's own cover picture (PUT /books/:id/cover), as `karya publish --cover FILE` passes it.
      // Only that there is one: its bytes are read in the build's turn (publishBook).
      const hasOwnCover = (await ownCoverOf(ctx, { userId: user.id, bookId })) !== undefined;
      const given = {
        ...(body.author ? { author: body.author } : {}),
        ...(body.title ? { title: body.title } : {}),
        ...(body.aiText ? { aiText: body.aiText } : {}),
      };
      // Its pieces call the model: a token from the user's generation bucket first (429 past it).
      await takeGenerationToken(ctx, { userId: user.id, lang, res });
      // Nothing is spent on a package the user cannot pay for in full (the administrator always passes).
      const { cost } = publishQuote(ctx, book, {
        ...(given.author ? { author: given.author } : {}),
        ...(given.title ? { title: given.title } : {}),
        hasOwnCover,
      });
      if (user.role !== 'admin' && ((await repos.credits.balanceOf(user.id)) ?? 0) < cost)
        throw ApiError.catalogue(402, 'insufficient_credits', lang);
      const print = { ...(body.trim ? { trim: body.trim } : {}), ...(body.paper ? { paper: body.paper } : {}) };
      // Asked as events, it answers before its first model call: what it waits for (the model, its slowness, its
      // server's rate limits), then `done` with the same answer; a failure from here is the `error` event.
      const reply = modelAnswer(req, res, lang);
      reply.open();
      await reply.run(async () => {
        const { report, charged } = await publishBook(ctx, {
          userId: user.id,
          bookId,
          book,
          given,
          hasOwnCover,
          print,
          provider: reply.through(ctx.provider),
          ...(bilingualSource ? { bilingualSource } : {}),
        });
        reply.answer({
          package: report,
          credits_charged: charged,
          credits_available: (await repos.credits.balanceOf(user.id)) ?? 0,
        });
      });
    } finally {
      running.delete(key);
    }
  };
}

/** The user's book of that type with its generator, or 404 progress_not_found. */
async function publishableBookOf(ctx: AppContext, owner: string, bookType: string): Promise<PublishableBook> {
  const saved = await ctx.repos.books.load({ userId: owner, key: bookType });
  if (!saved) throw ApiError.of(404, 'progress_not_found');
  const spec = publishableSpec(ctx, saved.state);
  return {
    spec,
    state: saved.state,
    ...(await finishedOf(ctx, { userId: owner, key: bookType, spec, state: saved.state })),
  };
}
