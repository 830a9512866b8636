// /api/books/:id/audiobook: a finished book's audio edition (server/core/audiobook.ts, audiobook-job.ts). GET says
// what making it costs before anything is spent, the voice that reads it and how it stands (its run's progress, the
// edition made); POST makes it as a job and answers 202 at once (charged once when the whole edition is kept, given
// back otherwise); a chapter's MP3 is listened to as it was made (audio/mpeg, Range answered 206), and the whole
// edition downloaded as a zip streamed file by file (the MP3s are stored, not compressed again), one of the writer's
// fair shares held while it is read. Only the writer's own books; every check is here, none only in the studio.
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Zip, ZipPassThrough } from 'fflate';
import type { Request, Response } from 'express';
import type { Lang } from '../../engine/index.js';
import type { AudiobookStatus } from '../../engine/contract/index.js';
import type { AppContext } from '../core/context.js';
import { requestLang, requireUser, sessionOf } from '../auth/middleware.js';
import { ApiError } from '../errors/api-error.js';
import { takeGenerationToken } from '../core/generation.js';
import { ApiRoutes } from '../http/routes.js';
import { FAIR_SHARE, FairShares, fairShare, sharesOf } from '../http/security.js';
import {
  EDITION_FOLDER,
  audioBookOf,
  bookFolder,
  editionFilePath,
  madeEdition,
  planOf,
  voiceOf,
  zipName,
} from '../core/audiobook.js';
import { audioJobOf, startAudioJob, type AudioJob } from '../core/audiobook-job.js';

/**
 * The audio edition's runs: one per writer (429 too_many_at_once for a second book), one at a time in the process, the
 * rest waiting their turn.
 */
const RUNS = new WeakMap<AppContext, FairShares>();

export function audiobookRoutes(ctx: AppContext): ApiRoutes {
  const router = new ApiRoutes();
  let runs = RUNS.get(ctx);
  if (!runs) RUNS.set(ctx, (runs = new FairShares({ ...FAIR_SHARE, perUser: 1, running: 1 })));
  const runShares = runs;
  router.use(requireUser(ctx.repos.auth));
  const userId = (req: Request) => sessionOf(req).user.id;

  router.on('GET /books/:id/audiobook', async (req, res) => {
    res.json(await statusOf(ctx, { userId: userId(req), id: req.input.params.id, lang: requestLang(req) }));
  });

  router.on('POST /books/:id/audiobook', async (req, res) => {
    const owner = userId(req);
    const lang = requestLang(req);
    const { book, spec } = await audioBookOf(ctx, { userId: owner, id: req.input.params.id, lang });
    const voice = await voiceOf(ctx);
    // A language the voice cannot read is refused before anything is charged (422 audio_no_voice).
    voice.check(book.state.lang);
    const plan = await planOf(ctx, { spec, book, voice, lang });
    const made = await madeEdition(ctx, owner, book.id);
    // Made from the text the book has now: answered as it stands, nothing charged again unless asked.
    if (made?.textHash !== plan.textHash || req.input.body.again) {
      await takeGenerationToken(ctx, { userId: owner, lang, res });
      await startAudioJob(ctx, {
        userId: owner,
        shares: runShares,
        lang,
        bookId: book.id,
        generatorId: spec.id,
        doc: plan.doc,
        voice,
        plan,
        res,
      });
    }
    res.status(202).json(await statusOf(ctx, { userId: owner, id: book.id, lang }));
  });

  router.on('GET /books/:id/audiobook/files/:file', async (req, res, next) => {
    const { id, file } = req.input.params;
    const lang = requestLang(req);
    const owner = userId(req);
    await audioBookOf(ctx, { userId: owner, id, lang });
    const found = await editionFilePath(ctx, { userId: owner, bookId: id, file, lang });
    // send answers a Range with 206 and its Content-Range, the type from the name (audio/mpeg), the file streamed.
    res.sendFile(
      found.file,
      {
        headers: { 'content-type': 'audio/mpeg', 'cache-control': 'private, no-cache' },
        acceptRanges: true,
        lastModified: true,
      },
      (error) => {
        if (error && !res.headersSent) next(error);
      },
    );
  });

  const shares = sharesOf(ctx);
  router.on('GET /books/:id/audiobook/download', fairShare(shares, userId), async (req, res) => {
    const owner = userId(req);
    const lang = requestLang(req);
    const { book, title } = await audioBookOf(ctx, { userId: owner, id: req.input.params.id, lang });
    const made = await madeEdition(ctx, owner, book.id);
    if (!made) throw ApiError.catalogue(404, 'audio_edition_not_made', lang);
    await streamZip(res, {
      folder: path.join(bookFolder(ctx, owner, book.id), EDITION_FOLDER),
      files: made.downloads,
      name: zipName(title, book.id),
    });
  });

  return router;
}

/** The edition's files as a zip, each read and sent in pieces as the client takes them (never the whole in memory). */
async function streamZip(
  res: Response,
  input: { folder: string; files: readonly string[]; name: string },
): Promise<void> {
  res.status(200).set({
    'content-type': 'application/zip',
    'content-disposition': `attachment; filename="${input.name}"`,
    'cache-control': 'private, no-store',
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) return void res.destroy(error);
    res.write(chunk);
    if (final) res.end();
  });
  for (const name of input.files) {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    for await (const piece of createReadStream(path.join(input.folder, name))) {
      if (res.destroyed) return;
      entry.push(piece as Uint8Array);
      if (res.writableNeedDrain) await once(res, 'drain');
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
}

const jobAnswer = (job: AudioJob | undefined): AudiobookStatus['job'] =>
  job ? { state: job.state, files_done: job.filesDone, files_total: job.filesTotal, error: job.error } : null;

/** The edition's cost, voice, run and the edition made, as GET and POST answer them. */
async function statusOf(ctx: AppContext, input: { userId: string; id: number; lang: Lang }): Promise<AudiobookStatus> {
  const { book, spec, title } = await audioBookOf(ctx, input);
  const voice = await voiceOf(ctx);
  const credit = voice.credit(book.state.lang);
  const plan = await planOf(ctx, { spec, book, voice, lang: input.lang });
  const made = await madeEdition(ctx, input.userId, book.id);
  return {
    book: { id: book.id, title, lang: book.state.lang },
    cost: {
      characters: plan.characters,
      characters_per_credit: ctx.config.audio.charactersPerCredit,
      credits: plan.credits,
    },
    voice:
      credit.kind === 'demo'
        ? { kind: 'demo', name: 'espeak-ng' }
        : { kind: 'server', name: `${credit.voice} (${credit.name})` },
    job: jobAnswer(audioJobOf(ctx, input.userId, book.id)),
    edition: made
      ? {
          files: made.files,
          seconds: made.seconds,
          credits_charged: made.credits,
          is_current: made.textHash === plan.textHash,
          made_at: made.madeAt,
        }
      : null,
    credits_available: (await ctx.repos.credits.balanceOf(input.userId)) ?? 0,
  };
}
