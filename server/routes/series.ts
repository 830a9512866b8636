// /api/series: the signed-in writer's series. List them, make one (a finished book of theirs may be
// its book 1), read one (its books in order, what changed for each since it was written, the series' bible as
// of each book's end, what it leaves open), start its next book, delete an empty one. A refusal is a catalogue
// code naming the field and what is allowed (series_name_taken 409, series_language 400…), answered by the app's
// error handler; nothing half-saved.
import type { Request } from 'express';
import {
  seriesBrief,
  seriesNameOf,
  seriesOf,
  startBook,
  SeriesError,
  type BookSpec,
  type Lang,
  type Provider,
  type ResolvedSpec,
  type Settings,
} from '../../engine/index.js';
import type { AppContext } from '../core/context.js';
import { ApiError, MESSAGES } from '../errors/api-error.js';
import { requestLang, requireUser, sessionOf } from '../auth/middleware.js';
import { ApiRoutes } from '../http/routes.js';
import { modelAnswer } from '../http/model-answer.js';
import { catchUpSeriesBook, loadEntries, plainBooks, seriesDetail, type LoadedEntry } from '../core/series.js';
import { createSeries, startSeriesBook } from '../core/series-start.js';
import { whileNoStep } from '../core/generation.js';
import type { StoredSeries } from '../store/queries/series.js';

export function seriesRoutes(ctx: AppContext): ApiRoutes {
  const { repos, catalog } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));

  router.on('GET /series', async (req, res) => {
    const list = await repos.series(userId(req)).list();
    res.json({ series: list.map((s) => ({ id: s.id, name: s.name, lang: s.lang, books: s.books })) });
  });

  // A new series; with `book_id`, that book (the writer's, in the series' language) is its book 1.
  router.on('POST /series', async (req, res) => {
    const { name, lang, book_id: bookId } = req.input.body;
    const reply = modelAnswer(req, res, requestLang(req));
    const onWait = (reason: BookWaitReason) => reply.waitingFor(reason);
    await reply.run(async () =>
      reply.answer(
        {
          series: await newSeries(ctx, {
            owner: userId(req),
            name,
            lang,
            bookId,
            callerLang: requestLang(req),
            provider: reply.through(ctx.provider),
            onWait,
          }),
        },
        201,
      ),
    );
  });

  router.on('GET /series/:id', async (req, res) => {
    const owner = userId(req);
    const series = await seriesById(ctx, owner, req.input.params.id);
    res.json({
      series: seriesDetail(series, await loadEntries(plainBooks(repos.books), repos, catalog, owner, series)),
    });
  });

  // The series' next book: its last book must be finished (and its bible must have taken in its last part, where a
  // character may have died). The next book is saved at once as a book of the writer's with nothing written yet (its
  // own id in My Books, the current book of its type; the one current before is kept, as Start New keeps it) and
  // joins the series by that id: only this act puts a book in the series, so continuing another book of the type
  // never does. Its settings carry the brief filled from the series, for the writer to check before the first step.
  // Asked as events, it answers before the last book's bible is read: waiting events (the model, its slowness, its
  // server's rate limits) from the first model call on, then `done` with the same answer (http/model-answer.ts); a wait
  // for the last book's story bible catching up in the background comes first (`story_bible`), before any model call.
  router.on('POST /series/:id/next', async (req, res) => {
    const owner = userId(req);
    const series = await seriesById(ctx, owner, req.input.params.id);
    const reply = modelAnswer(req, res, requestLang(req));
    const onWait = (reason: BookWaitReason) => reply.waitingFor(reason);
    await reply.run(async () =>
      reply.answer(
        await startNextBook(ctx, {
          owner,
          series,
          generatorId: req.input.body?.generator_id,
          lang: requestLang(req),
          provider: reply.through(ctx.provider),
          onWait,
        }),
      ),
    );
  });

  router.on('DELETE /series/:id', async (req, res) => {
    const owner = userId(req);
    const series = await seriesById(ctx, owner, req.input.params.id);
    await repos.series(owner).remove(series.name);
    res.json({ message: MESSAGES.item_deleted });
  });

  return router;
}

const userId = (req: Request) => sessionOf(req).user.id;

/** What a series' catch-up of its last book may wait for first (core/series.ts catchUpSeriesBook). */
type BookWaitReason = 'story_bible' | 'book_step';

/** The user's series by id, or 404. */
async function seriesById(ctx: AppContext, owner: string, id: number): Promise<StoredSeries> {
  const found = (await ctx.repos.series(owner).list()).find((s) => s.id === id);
  if (!found) throw ApiError.of(404, 'not_found');
  return found;
}

/** A new series (a SeriesError when its name or its book 1 is refused), with its book 1 when `bookId` names one. */
async function newSeries(
  ctx: AppContext,
  input: {
    owner: string;
    name: string;
    lang: Lang;
    bookId: number | undefined;
    callerLang: Lang;
    provider: Provider;
    onWait: (reason: BookWaitReason) => void;
  },
) {
  const { repos, catalog } = ctx;
  const { owner, lang, bookId } = input;
  const books = plainBooks(repos.books);
  const name = seriesNameOf(input.name);
  const book = bookId !== undefined ? await books.find({ userId: owner, id: bookId }) : undefined;
  if (bookId !== undefined && !book) throw ApiError.of(404, 'not_found');
  const series = await createSeries(
    { repos },
    {
      userId: owner,
      name,
      lang,
      callerLang: input.callerLang,
      ...(book ? { book: { key: book.key, lang: book.state.lang } } : {}),
    },
  );
  if (book) {
    // A finished book's last part may not be in its bible yet (its reading after the last step failed, or the book
    // was finished before endings were read); now the next book follows it: take it in before the series is shown
    // (one update call, part of the joining, not charged), whether it is the current book of its type or one kept
    // since.
    await catchUpSeriesBook(ctx, { userId: owner, book, provider: input.provider, onWait: input.onWait });
  }
  return seriesDetail(series, await loadEntries(books, repos, catalog, owner, series));
}

/**
 * The series' next book started (a SeriesError while its last book is unfinished), as POST /series/:id/next answers it.
 */
async function startNextBook(
  ctx: AppContext,
  input: {
    owner: string;
    series: StoredSeries;
    generatorId: string | undefined;
    lang: Lang;
    provider: Provider;
    onWait: (reason: BookWaitReason) => void;
  },
) {
  const { repos, catalog } = ctx;
  const { owner, series } = input;
  const books = plainBooks(repos.books);
  const entries = await loadEntries(books, repos, catalog, owner, series);
  const last = entries.at(-1);
  const generatorId = input.generatorId ?? last?.saved?.state.generatorId;
  const spec = generatorId ? catalog.get(generatorId) : undefined;
  if (!spec || spec.kind !== 'book') throw ApiError.of(404, 'generator_not_found');
  if (last && !last.saved?.isFinished)
    throw new SeriesError('series_previous_unfinished', { name: series.name, number: last.number });
  // The next book starts from the last one's settings (same language and kind), its brief filled from the series.
  const previous = last?.saved;
  const base =
    previous?.state.generatorId === spec.id
      ? withoutBrief(spec.fields, previous.state.settings)
      : { language: series.lang };
  let settings = base as Settings;
  let bookId = 0;
  // The last book's bible takes in its last part first (server/core/series-start.ts), where a character may have died.
  const catchUp = async (entry: LoadedEntry) => {
    const book = entry.id != null ? await books.find({ userId: owner, id: entry.id }) : null;
    if (book) await catchUpSeriesBook(ctx, { userId: owner, book, provider: input.provider, onWait: input.onWait });
  };
  const started = await startSeriesBook(
    { repos, books, catalog, catchUp },
    {
      userId: owner,
      name: series.name,
      lang: series.lang,
      callerLang: input.lang,
      join: async ({ number, told }) => {
        const context = seriesOf({ series: told });
        settings = (context ? seriesBrief(spec, base, context, series.lang) : base) as Settings;
        bookId = await whileNoStep(
          ctx,
          { userId: owner, bookType: spec.bookType, generatorIds: [spec.id], lang: input.lang },
          () => startDraft(ctx, owner, { series, number, spec, settings }),
        );
        return spec.bookType;
      },
    },
  );
  return {
    series: { id: series.id, name: series.name, lang: series.lang, books: started.entries.length + 1 },
    number: started.number,
    book_id: bookId,
    generator_id: spec.id,
    book_type: spec.bookType,
    settings: settings as Record<string, string>,
  };
}

/**
 * The draft of a series' next book saved (the current book of its type kept) and joined at `number` by its id;
 * when the place was taken meanwhile, the draft is deleted and the book current before is current again.
 */
async function startDraft(
  ctx: AppContext,
  owner: string,
  input: { series: StoredSeries; number: number; spec: ResolvedSpec & BookSpec; settings: Settings },
): Promise<number> {
  const { repos } = ctx;
  const { spec } = input;
  const before = await repos.books.findBookId({ userId: owner, key: spec.bookType });
  const bookId = await repos.books.saveDraft({
    userId: owner,
    key: spec.bookType,
    bookType: spec.bookType,
    generatorId: spec.id,
    state: startBook({ spec, settings: input.settings }),
  });
  try {
    await repos.series(owner).join(input.series.id, input.number, spec.bookType);
  } catch (error) {
    await repos.books.removeById({ userId: owner, id: bookId });
    if (before !== null) await repos.books.continueBook({ userId: owner, id: before });
    throw error;
  }
  return bookId;
}

/** A book's settings without its own brief (title, premise, characters, chapter title): what the next book keeps. */
function withoutBrief(
  fields: ReadonlyArray<{ name: string; role?: string }>,
  settings: Readonly<Record<string, unknown>>,
): Record<string, never> {
  const own = new Set(
    fields
      .filter(
        (f) =>
          f.role === 'workingTitle' ||
          f.role === 'premise' ||
          f.role === 'characters' ||
          f.role === 'chapterTitle' ||
          f.role === 'bookTitle',
      )
      .map((f) => f.name),
  );
  return Object.fromEntries(Object.entries(settings).filter(([k]) => !own.has(k))) as Record<string, never>;
}
