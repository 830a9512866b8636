// /api/series (issue #50): the signed-in writer's series. List them, make one (a finished book of theirs may be
// its book 1), read one (its books in order, what changed for each since it was written, the series' bible as
// of each book's end, what it leaves open), start its next book, delete an empty one. A refusal is a catalogue
// code naming the field and what is allowed (series_name_taken 409, series_language 400…); nothing half-saved.
import type { Request } from 'express';
import { bookSeries, seriesBrief, seriesNameOf, seriesOf, SeriesError, ANSWER_LANGUAGE_NAMES, type Lang } from '../../engine/index.js';
import type { AppContext } from '../core/context.js';
import { ApiError, MESSAGES } from '../errors/api-error.js';
import { httpStatusOf } from '../errors/status.js';
import { requestLang, requireUser, sessionOf } from '../auth/middleware.js';
import { ApiRoutes } from '../http/routes.js';
import { loadEntries, plainBooks, seriesBooksOf, seriesDetail } from '../core/series.js';
import { whileNoStep } from '../core/generation.js';
import { catchUpBible } from '../core/bible-catch-up.js';
import type { StoredSeries } from '../store/queries/series.js';

const refusal = (error: SeriesError, lang: Lang) => ApiError.catalogue(httpStatusOf(error), error.code, lang, Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)])));

export function seriesRoutes(ctx: AppContext): ApiRoutes {
  const { repos, catalog } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));
  const userId = (req: Request) => sessionOf(req).user.id;
  const langOf = (req: Request): Lang => requestLang(req);
  const books = () => plainBooks(repos.books);

  /** The user's series by id, or 404. */
  const seriesById = async (owner: string, id: number): Promise<StoredSeries> => {
    const found = (await repos.series(owner).list()).find((s) => s.id === id);
    if (!found) throw ApiError.of(404, 'not_found');
    return found;
  };
  /** A series refusal as the API answers it; anything else as it is. */
  const guarded = async <T>(req: Request, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof SeriesError) throw refusal(error, langOf(req));
      throw error;
    }
  };

  router.on('GET /series', async (req, res) => {
    const list = await repos.series(userId(req)).list();
    res.json({ series: list.map((s) => ({ id: s.id, name: s.name, lang: s.lang, books: s.books })) });
  });

  // A new series; with `book_id`, that book (the writer's, in the series' language) is its book 1.
  router.on('POST /series', async (req, res) => {
    const owner = userId(req);
    const { name: raw, lang, book_id: bookId } = req.input.body;
    await guarded(req, async () => {
      const name = seriesNameOf(raw);
      const book = bookId !== undefined ? await books().find({ userId: owner, id: bookId }) : undefined;
      if (bookId !== undefined && !book) throw ApiError.of(404, 'not_found');
      if (book && book.state.lang !== lang) {
        const names = ANSWER_LANGUAGE_NAMES[langOf(req)];
        throw new SeriesError('series_language', { name, expected: names[lang], found: names[book.state.lang] });
      }
      if (book && (await repos.series(owner).ofBook(book.key))) throw new SeriesError('book_in_series', {});
      const series = await repos.series(owner).create(name, lang);
      if (book) {
        await repos.series(owner).join(series.id, 1, book.key);
        // A finished book's last part was never taken into its bible (no part followed it); now the next book
        // follows it: take it in before the series is shown (one update call, part of the joining, not charged).
        if (book.isCurrent) await catchUpBible(ctx, { userId: owner, bookType: book.bookType }).settled;
      }
      res.status(201).json({ series: seriesDetail(series, await loadEntries(books(), repos, catalog, owner, series)) });
    });
  });

  router.on('GET /series/:id', async (req, res) => {
    const owner = userId(req);
    const series = await seriesById(owner, req.input.params.id);
    res.json({ series: seriesDetail(series, await loadEntries(books(), repos, catalog, owner, series)) });
  });

  // The series' next book: its last book must be finished; the current book of that type is kept (as Start New
  // keeps it); the new book joins at the next number by the key it will be saved under, and the answer carries
  // its settings with the brief filled from the series, for the writer to check before the first step.
  router.on('POST /series/:id/next', async (req, res) => {
    const owner = userId(req);
    const series = await seriesById(owner, req.input.params.id);
    const entries = await loadEntries(books(), repos, catalog, owner, series);
    const last = entries.at(-1);
    const generatorId = req.input.body?.generator_id ?? last?.saved?.state.generatorId;
    const spec = generatorId ? catalog.get(generatorId) : undefined;
    if (!spec || spec.kind !== 'book') throw ApiError.of(404, 'generator_not_found');
    await guarded(req, async () => {
      if (last && !last.saved?.isFinished) throw new SeriesError('series_previous_unfinished', { name: series.name, number: last.number });
      const number = (last?.number ?? 0) + 1;
      await whileNoStep(ctx, { userId: owner, bookType: spec.bookType, generatorIds: [spec.id], lang: langOf(req) }, async () => {
        await repos.books.remove({ userId: owner, key: spec.bookType });
        await repos.series(owner).join(series.id, number, spec.bookType);
      });
      const told = bookSeries(series.name, number, seriesBooksOf(entries), series.lang);
      await repos.series(owner).setBasis(series.id, number, told.bible);
      // The next book starts from the last one's settings (same language and kind), its brief filled from the series.
      const base = last?.saved?.state.generatorId === spec.id ? withoutBrief(spec.fields, last.saved.state.settings) : { language: series.lang };
      const context = seriesOf({ series: told });
      const settings = context ? seriesBrief(spec, base, context, series.lang) : base;
      res.json({ series: { id: series.id, name: series.name, lang: series.lang, books: entries.length + 1 }, number, generator_id: spec.id, book_type: spec.bookType, settings: settings as Record<string, string> });
    });
  });

  router.on('DELETE /series/:id', async (req, res) => {
    const owner = userId(req);
    const series = await seriesById(owner, req.input.params.id);
    await guarded(req, () => repos.series(owner).remove(series.name));
    res.json({ message: MESSAGES.item_deleted });
  });

  return router;
}

/** A book's settings without its own brief (title, premise, characters, chapter title): what the next book keeps. */
function withoutBrief(fields: ReadonlyArray<{ name: string; role?: string }>, settings: Readonly<Record<string, unknown>>): Record<string, never> {
  const own = new Set(fields.filter((f) => f.role === 'workingTitle' || f.role === 'premise' || f.role === 'characters' || f.role === 'chapterTitle' || f.role === 'bookTitle').map((f) => f.name));
  return Object.fromEntries(Object.entries(settings).filter(([k]) => !own.has(k))) as Record<string, never>;
}
