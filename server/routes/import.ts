// /api/books/import/preview and /api/books/import: a manuscript uploaded as the request's raw body (at most
// 20 MB, read with a cap: a longer body is cut off and refused before it is all received) and read by the
// engine's import (text, Markdown, DOCX, EPUB). The preview answers the parts found, as `karya import
// --dry-run --json` prints them (and, for a generator, what its story bible costs): nothing is saved, no
// model is called, nothing is charged. The import saves the book as the user's current book of that kind
// (the one there before is kept, as Start New keeps it), every part the writer's own, holds its story bible's
// cost (deducted at once, in the transaction that saves the book) and builds the bible in the background, a
// part at a time paid from the hold, the rest given back at the end (server/core/bible-parts.ts). Reading
// a large DOCX costs the server time, so a user may send a few files a minute (one limit for both, kept in
// the store). A refused file answers 400 (413 when too large) with the import's catalogue message, in the
// request's language; too few credits for the bible answer 402 and nothing is saved. The settings the writer
// confirmed (and edited) in the preview come with the import and are saved as given.
import type { Request, Response } from 'express';
import {
  IMPORT_LIMITS,
  ImportRefusal,
  bookSummary,
  chaptersMost,
  importBibleParts,
  importSaves,
  manuscriptLanguage,
  manuscriptPreview,
  nextStep,
  tooLargeRefusal,
  withLanguage,
  type BookSpec,
  type Lang,
  type ReadManuscript,
  type ResolvedSpec,
  type BookState,
  sourceStatusOf,
} from '../../engine/index.js';
import { catchUpBible } from '../core/bible-catch-up.js';
import { confirmedSettings, manuscriptSettings, missingSettings, withoutRequired } from '../core/import-settings.js';
import { bookOfManuscript, importLanguageOf, manuscriptVoice, type SourceWord } from '../core/import.js';
import { settingsOrError } from '../core/generation.js';
import { readManuscriptFile } from '../../engine/node.js';
import type { AppContext } from '../core/context.js';
import { requireUser, requestLang, sessionOf } from '../auth/middleware.js';
import { ApiError, languageRefusal } from '../errors/api-error.js';
import { answerIn } from '../errors/answer.js';
import { ApiRoutes } from '../http/routes.js';
import { sharesOf, tooMany } from '../http/security.js';
import { readBody, refuseDeclared, type BodyCap } from '../http/body.js';
import { modelAnswer, type ModelAnswer } from '../http/model-answer.js';

/** Previews a user may ask for: 6 at once, then one every 10 s. */
const PREVIEW_RATE = { capacity: 6, refillMs: 10_000 } as const;

/** What a manuscript's body may be (server/http/body.ts reads it): at most the import's limit, refused naming it. */
function manuscriptCap(file: string): BodyCap {
  return { bytes: IMPORT_LIMITS.bytes, tooLarge: (size) => tooLargeRefusal(file, size) };
}

/**
 * The uploaded manuscript read in the import pool (a worker thread, bounded in time and memory, one file of
 * a user at a time), or the import's refusal (answered in the request's language): a busy pool answers 503 with
 * Retry-After; what a reader said in its own words stays in the log.
 */
async function manuscriptOf(ctx: AppContext, req: Request, res: Response, file: string): Promise<ReadManuscript> {
  try {
    const bytes = await readBody(req, res, manuscriptCap(file));
    return await readManuscriptFile(file, bytes, { key: sessionOf(req).user.id });
  } catch (error) {
    if (error instanceof ImportRefusal) {
      if (error.detail !== undefined) ctx.logger.info({ code: error.code, detail: error.detail }, 'manuscript refused');
      if (error.code === 'import_busy') res.set('Retry-After', error.params.seconds ?? '5');
    }
    throw error;
  }
}

export function importRoutes(ctx: AppContext): ApiRoutes {
  const { repos, catalog } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));

  /** The book generator named, or 404 before the body is read. */
  const bookSpecOf = (id: string): ResolvedSpec & BookSpec => {
    const spec = catalog.get(id);
    if (!spec || spec.kind !== 'book') throw ApiError.of(404, 'generator_not_found');
    return spec as ResolvedSpec & BookSpec;
  };
  const shares = sharesOf(ctx);
  /**
   * One limit for previews and imports: reading a large file costs the server time. A body declared longer than
   * the limit is refused first, at no cost (the connection closes after the answer: the body is never read); then
   * the file takes one of the writer's fair shares while it is received and read (server/http/security.ts).
   */
  const takeTurn = async (req: Request, res: Response, file: string) => {
    refuseDeclared(req, res, manuscriptCap(file));
    await shares.claim(sessionOf(req).user.id, res);
    const taken = await repos.limits.take({ key: `import-preview:${sessionOf(req).user.id}`, ...PREVIEW_RATE });
    if (!taken.isAllowed) throw tooMany(res, taken.retryAfterMs);
  };

  router.on('POST /books/import/preview', async (req, res) => {
    const { file, lang: asked, generator } = req.input.query;
    const lang = asked ?? requestLang(req);
    answerIn(req, lang);
    const spec = generator !== undefined ? bookSpecOf(generator) : undefined;
    await takeTurn(req, res, file);
    const read = await manuscriptOf(ctx, req, res, file);
    if (!spec) return void res.json(manuscriptPreview(read));
    // Asked as events, it answers before the model reads the settings (waiting: the model, its slowness, its rate
    // limits),
    // then `done`.
    const reply = modelAnswer(req, res, lang);
    await reply.run(() => previewAs(ctx, { userId: sessionOf(req).user.id, spec, read, file, lang, asked, reply }));
  });

  router.on('POST /books/import', async (req, res) => {
    const {
      file,
      generator,
      chapters,
      lang: asked,
      settings: confirmed,
      public_domain: publicDomain,
      first_published: firstPublished,
    } = req.input.query;
    const lang = asked ?? requestLang(req);
    answerIn(req, lang);
    const userId = sessionOf(req).user.id;
    const spec = bookSpecOf(generator);
    // The settings the writer confirmed in the preview, checked before the file is read.
    const writer = confirmedSettings(spec, confirmed);
    await takeTurn(req, res, file);
    const read = await manuscriptOf(ctx, req, res, file);
    // The book's language: the one asked, else the manuscript's own when it is clearly one (else asked for).
    const bookLang = importLanguageOf(read, asked);
    const source = {
      ...(publicDomain !== undefined ? { publicDomain } : {}),
      ...(firstPublished !== undefined ? { firstPublished } : {}),
    };
    const written = bookOfUpload(spec, read, {
      file,
      lang,
      bookLang,
      source,
      ...(chapters !== undefined ? { chapters } : {}),
      ...(writer ? { writer } : {}),
    });
    const parts = importBibleParts(written);
    const cost = { credits: parts * spec.cost, parts };
    // No model call for a bible the balance cannot pay for (the hold below checks again, atomically).
    if (sessionOf(req).user.role !== 'admin' && ((await repos.credits.balanceOf(userId)) ?? 0) < cost.credits)
      throw ApiError.catalogue(402, 'insufficient_credits', lang);
    // The book is saved with the manuscript's own settings (period, setting, point of view…), not the generator's
    // defaults;
    // those the writer confirmed in the preview stand as given, without reading the manuscript again.
    const reply = modelAnswer(req, res, lang);
    await reply.run(() => importAs(ctx, { userId, spec, written, writer, cost, lang, reply }));
  });

  return router;
}

/**
 * POST /books/import once its book is read and its balance checked: the settings read (a model call unless the writer
 * confirmed them), the book saved, its bible held and begun.
 */
async function importAs(
  ctx: AppContext,
  input: {
    userId: string;
    spec: ResolvedSpec & BookSpec;
    written: BookState;
    writer: Record<string, unknown> | undefined;
    cost: { credits: number; parts: number };
    lang: Lang;
    reply: ModelAnswer;
  },
): Promise<void> {
  const { repos } = ctx;
  const { userId, spec, written, writer, cost, lang, reply } = input;
  const parts = cost.parts;
  const { state: withSettings } = writer
    ? { state: written }
    : await manuscriptSettings(ctx, { userId, spec, state: written, provider: reply.through(ctx.provider) });
  // The manuscript's own prose is the book's voice: its new chapters are measured against it.
  const voice = manuscriptVoice(withSettings);
  // The style notes the manuscript was read with stay with the voice measured on its prose.
  const state = voice ? { ...withSettings, voice: { ...withSettings.voice, ...voice } } : withSettings;
  const isFinished = nextStep(spec, state) === null;
  // The bible's whole cost is held in the transaction that checks the balance and saves the book: nothing is
  // saved for a bible the credits cannot pay for, and two imports cannot both spend the same credits. It covers
  // every part, a finished book's last one too (its ending).
  const accepted = await repos.bibleHolds.accept({
    userId,
    key: spec.bookType,
    saves: importSaves(spec, state),
    generatorId: spec.id,
    promptType: spec.contentType,
    cost: spec.cost,
    parts,
    lastPart: state.content.length - 1,
    reason: `${spec.id}: held for the story bible of an imported book (${parts} parts)`,
  });
  if (!accepted) throw ApiError.catalogue(402, 'insufficient_credits', lang);
  catchUpBible(ctx, { userId, bookType: spec.bookType });
  const summary = bookSummary(spec, state);
  reply.answer({
    book: {
      id: accepted.bookId,
      book_type: spec.bookType,
      generator: spec.id,
      title: summary.title,
      lang: state.lang,
      words: summary.words,
      chapters: { imported: summary.chaptersWritten, total: summary.chaptersTotal },
      finished: isFinished,
      voice: voice ? 'manuscript' : 'none',
      source: sourceStatusOf(state) ?? { publicDomain: false, from: 'none' },
    },
    cost,
    credits_available: accepted.balance,
  });
}

/**
 * POST /books/import/preview for a generator: the manuscript as its book, what its bible costs, and the settings read
 * from it (a model call).
 */
async function previewAs(
  ctx: AppContext,
  input: {
    userId: string;
    spec: ResolvedSpec & BookSpec;
    read: ReadManuscript;
    file: string;
    lang: Lang;
    asked: Lang | undefined;
    reply: ModelAnswer;
  },
): Promise<void> {
  const { spec, read, file, lang, asked } = input;
  // What its story bible would cost as this generator's book (the language only changes the words). A setting
  // the book requires is not asked yet: the preview shows the chapters and the settings read, and names it.
  const lenient = withoutRequired(spec) as ResolvedSpec & BookSpec;
  const state = bookOfUpload(lenient, read, {
    file,
    lang,
    bookLang: asked ?? manuscriptLanguage(read.parts, read.unwrittenLanguage).lang ?? lang,
  });
  const parts = importBibleParts(state);
  // The most chapters this generator's book may have, so the studio can offer chapters still to write.
  const most = spec.fields.map((f) => chaptersMost(f)).find((n) => n !== undefined);
  // The settings the book would be saved with: the manuscript's own where it decides them.
  const { chosen, state: withSettings } = await manuscriptSettings(ctx, {
    userId: input.userId,
    spec: lenient,
    state,
    provider: input.reply.through(ctx.provider),
  });
  const missing = missingSettings(spec, withSettings.settings);
  input.reply.answer({
    ...manuscriptPreview(read),
    cost: { credits: parts * spec.cost, parts },
    ...(most !== undefined ? { chaptersMost: most } : {}),
    settings: chosen.sources,
    ...(missing.length ? { missingSettings: missing } : {}),
  });
}

/**
 * The book an upload makes: the generator's settings in the book's language, the manuscript's parts; an ImportRefusal
 * when the manuscript cannot be that book.
 */
function bookOfUpload(
  spec: ResolvedSpec & BookSpec,
  read: ReadManuscript,
  input: {
    file: string;
    lang: Lang;
    bookLang: Lang;
    chapters?: number;
    writer?: Record<string, unknown>;
    source?: SourceWord;
  },
) {
  const chosen = withLanguage(spec, input.writer ?? {}, input.bookLang);
  if (!chosen.ok) throw languageRefusal(chosen);
  const settings = settingsOrError({ spec, raw: chosen.settings });
  return bookOfManuscript({
    spec,
    read,
    settings,
    file: input.file,
    ...(input.source ? { source: input.source } : {}),
    ...(input.chapters !== undefined ? { totalChapters: input.chapters } : {}),
  });
}
