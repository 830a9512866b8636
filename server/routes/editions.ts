// /api/books/:id/editions: a book's edition in the other language (server/core/editions.ts). GET says its
// editions and what making one costs, before anything is charged; POST makes it (or goes on with it), part by
// part, each part charged as a step, its progress as server-sent events when asked (Accept: text/event-stream;
// a refusal before the first event is an ordinary error answer, a failure after it the `error` event); one run
// of an edition at a time. The glossary is read and written per source and language; the side-by-side view
// (by the edition's id) pairs its paragraphs with its source's, those whose source changed since marked: two whole
// books read and paired, so it takes one of the writer's fair shares and runs in one of the server's turns
// (server/http/security.ts).
import type { Request } from 'express';
import { bookSummary, canTitleEdition, chapterTitlesOf, partLabel, editionLanguages, cleanTerm, cleanTitle, countedProvider, MAX_GLOSSARY_TERMS, providerThrough, runFigures, sideBySide, translationCost, withEditionTitle, type Lang, type Tally } from '../../engine/index.js';
import type { AppContext } from '../core/context.js';
import { requestLang, requireUser, sessionOf } from '../auth/middleware.js';
import { ApiError } from '../errors/api-error.js';
import { errorReply } from '../errors/reply.js';
import { takeGenerationToken } from '../core/generation.js';
import { bookOf, editionFor, editionSummary, glossaryFrom, isEdition, runEdition, sourceFor } from '../core/editions.js';
import { ApiRoutes, type ContractHandler } from '../http/routes.js';
import { fairShare, sharesOf } from '../http/security.js';
import { openEventStream, wantsEventStream, type EventStream } from '../http/sse.js';
import { modelWaits, type ModelWaits } from '../http/model-wait.js';
import type { TypedEventStream } from '../http/contract.js';
import { runSoFar, type EditionEventSchemas } from '../../engine/contract/index.js';
import type * as z from 'zod';

/** The events of an edition's run, typed with the contract's. */
type EditionEvents = { [E in keyof typeof EditionEventSchemas]: z.output<(typeof EditionEventSchemas)[E]> };

export function editionRoutes(ctx: AppContext): ApiRoutes {
  const { repos } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));
  const userId = (req: Request) => sessionOf(req).user.id;

  router.on('GET /books/:id/editions', async (req, res) => {
    const owner = userId(req);
    const lang = requestLang(req);
    const { book, spec } = await bookOf(ctx, { userId: owner, id: req.input.params.id, lang });
    const editions = await editionsOfBook(ctx, { owner, spec, book });
    const hasText = book.state.content.some((t) => t.trim());
    const isOffered = hasText && !(await isEdition(ctx, owner, book));
    // Every language of the table the book can be translated into, in the table's order (the first is the default);
    // none for a book in a language no other is translated from (its `from` lists), which the studio offers none for.
    const languages = isOffered ? editionLanguages(book.state.lang) : [];
    const offers = [];
    for (const to of languages) {
      const found = await editionFor(ctx, { userId: owner, sourceId: book.id, to });
      const cost = translationCost(spec, book.state, found.edition?.state);
      offers.push({ to, cost: { per_part: cost.perPart, parts: cost.parts, total: cost.total, remaining: cost.remaining }, glossary_terms: glossaryFrom(book.state, found.link).terms.length, is_running: await repos.editions(owner).isRunning({ sourceId: book.id, lang: to, now: Date.now() }) });
    }
    res.json({
      book: { id: book.id, title: bookSummary(spec, book.state).title, lang: book.state.lang },
      editions,
      offer: offers[0] ?? null,
      offers,
    });
  });

  router.on('POST /books/:id/editions', (req, res) => makeEdition(ctx, req, res));

  router.on('GET /books/:id/editions/:lang/glossary', async (req, res) => {
    const owner = userId(req);
    const { id, lang: to } = req.input.params;
    const { book } = await sourceFor(ctx, { userId: owner, id, to, lang: requestLang(req) });
    const { link } = await editionFor(ctx, { userId: owner, sourceId: book.id, to });
    const glossary = glossaryFrom(book.state, link);
    res.json({ terms: glossary.terms, is_writers: glossary.isWriters, max_terms: MAX_GLOSSARY_TERMS });
  });

  router.on('PUT /books/:id/editions/:lang/glossary', async (req, res) => {
    const owner = userId(req);
    const { id, lang: to } = req.input.params;
    const { book } = await sourceFor(ctx, { userId: owner, id, to, lang: requestLang(req) });
    // Saved while the edition is being made, it holds from the next part on (server/core/editions.ts reads it as each part starts).
    // Control and bidirectional characters out, as from every other text a writer gives (a U+202E would turn the rendering round).
    const terms = req.input.body.terms.map((t) => ({ term: cleanTerm(t.term), rendering: cleanTerm(t.rendering), ...(t.gender ? { gender: t.gender } : {}) })).filter((t) => t.term && t.rendering);
    await repos.editions(owner).saveGlossary({ sourceId: book.id, lang: to, glossary: terms });
    res.json({ terms, is_writers: true, max_terms: MAX_GLOSSARY_TERMS });
  });

  const shares = sharesOf(ctx);
  router.on('GET /books/:id/side-by-side', fairShare(shares, userId), async (req, res) => {
    const owner = userId(req);
    const lang = requestLang(req);
    res.json(await shares.run(async () => {
      const { book: edition, spec } = await bookOf(ctx, { userId: owner, id: req.input.params.id, lang });
      const link = await repos.editions(owner).ofEdition(edition.id);
      const source = link ? await repos.books.find({ userId: owner, id: link.sourceId }) : null;
      if (!link || !source) throw ApiError.catalogue(404, 'edition_not_found', lang);
      return sideBySideAnswer({ spec, source, edition, hashes: link.hashes, lang });
    }));
  });

  // The writer retitles an edition (its title was its source's, translated by the model when it was made); every export takes it.
  router.on('PUT /books/:id/edition-title', async (req, res) => {
    const owner = userId(req);
    const lang = requestLang(req);
    const { book: edition, spec } = await bookOf(ctx, { userId: owner, id: req.input.params.id, lang });
    if (!(await repos.editions(owner).ofEdition(edition.id)) || !canTitleEdition(spec)) throw ApiError.catalogue(404, 'edition_not_found', lang);
    const title = cleanTitle(req.input.body.title);
    if (!title) throw ApiError.catalogue(400, 'edition_bad_title', lang, { max: '120' });
    const state = withEditionTitle(spec, edition.state, title);
    await repos.books.saveSettings({ userId: owner, key: edition.key, settings: state.settings });
    res.json({ id: edition.id, title: bookSummary(spec, state).title });
  });

  // The writer retitles one of an edition's chapters (translated with its part when it was made); every export takes it.
  router.on('PUT /books/:id/edition-chapter-title', async (req, res) => {
    const owner = userId(req);
    const lang = requestLang(req);
    const { book: edition } = await bookOf(ctx, { userId: owner, id: req.input.params.id, lang });
    if (!(await repos.editions(owner).ofEdition(edition.id))) throw ApiError.catalogue(404, 'edition_not_found', lang);
    const { position } = req.input.body;
    const title = cleanTitle(req.input.body.title);
    if (!title) throw ApiError.catalogue(400, 'edition_bad_title', lang, { max: '120' });
    if (!(await repos.books.saveChapterTitle({ userId: owner, key: edition.key, position, title }))) throw ApiError.catalogue(404, 'part_not_found', lang);
    res.json({ id: edition.id, position, title });
  });

  return router;
}

type SavedBookRow = NonNullable<Awaited<ReturnType<AppContext['repos']['books']['find']>>>;

/** The side-by-side answer: each part's paragraphs paired, those whose source changed since marked stale. */
function sideBySideAnswer(input: { spec: Parameters<typeof sideBySide>[0]['spec'] & Parameters<typeof bookSummary>[0] & { cost: number }; source: SavedBookRow; edition: SavedBookRow; hashes: Parameters<typeof sideBySide>[0]['hashes']; lang: Lang }) {
  const { spec, source, edition } = input;
  const parts = sideBySide({ spec, source: source.state, edition: edition.state, hashes: input.hashes, pageLang: input.lang });
  const again = parts.filter((p) => p.staleCount > 0).length;
  return {
    source: { id: source.id, title: bookSummary(spec, source.state).title, lang: source.state.lang },
    edition: { id: edition.id, title: bookSummary(spec, edition.state).title, lang: edition.state.lang, generator_id: spec.id, is_current: edition.key === edition.bookType },
    parts: parts.map((p) => ({ position: p.position, label: p.label, title: p.title, pairs: p.pairs.map((x) => ({ source: x.source, edition: x.edition, is_stale: x.isStale, is_affected: x.isAffected, is_untranslated: x.isUntranslated })), stale: p.staleCount, untranslated: p.untranslatedCount })),
    stale_paragraphs: parts.reduce((n, p) => n + p.staleCount, 0),
    untranslated_paragraphs: parts.reduce((n, p) => n + p.untranslatedCount, 0),
    again: { parts: again, per_part: spec.cost, total: again * spec.cost },
  };
}

/** The editions a source book has, as the list says each. */
async function editionsOfBook(ctx: AppContext, input: { owner: string; spec: Parameters<typeof editionSummary>[0]['spec']; book: SavedBookRow }) {
  const { owner, spec, book } = input;
  const links = await ctx.repos.editions(owner).list();
  const editions = [];
  for (const link of links.filter((l) => l.sourceId === book.id && l.editionId !== null)) {
    const edition = await ctx.repos.books.find({ userId: owner, id: link.editionId! });
    if (edition) editions.push(editionSummary({ spec, source: book, edition, link }));
  }
  return editions;
}

/**
 * POST /books/:id/editions: the edition made (or gone on with), as JSON or, when asked, as events; a failure after
 * the first event is the stream's `error` event, worded as every failure is (server/errors/reply.ts).
 */
async function makeEdition(ctx: AppContext, req: Parameters<ContractHandler<'POST /books/:id/editions'>>[0], res: Parameters<ContractHandler<'POST /books/:id/editions'>>[1]): Promise<void> {
  const { repos } = ctx;
  const owner = sessionOf(req).user.id;
  const lang = requestLang(req);
  const { to, max_calls: maxCalls, again } = req.input.body;
  const { book: source, spec } = await sourceFor(ctx, { userId: owner, id: req.input.params.id, to, lang });
  // A start takes a token from the user's generation bucket, as a step does (429 past it); runEdition holds
  // the edition's lease (409 edition_running while another run makes it, in any process).
  await takeGenerationToken(ctx, { userId: owner, lang, res });
  const client = new AbortController();
  res.on('close', () => {
    if (!res.writableEnded) client.abort();
  });
  let stream: EventStream | null = null;
  let waits: ModelWaits | undefined;
  const events = (): TypedEventStream<EditionEvents> => (stream ??= openEventStream(res));
  const isStream = wantsEventStream(req.get('accept'));
  const total = source.state.content.filter((t) => t.trim()).length;
  let done = 0;
  // The run's calls, tokens and credits so far and its time left at the pace of the parts it translated (engine/pace.ts).
  const spent: Tally = { calls: 0, tokens: 0 };
  let credits = 0;
  let doneAtStart: number | undefined;
  const startedMs = Date.now();
  const soFar = () => runSoFar(runFigures({ startedMs, nowMs: Date.now(), doneAtStart: doneAtStart ?? done, done, planned: total, ...spent, credits }));
  // A part named in the page's language: the dialog's sentences name it ("Menterjemah Bab 3"), never an English
  // book's "Chapter 3" inside a Malay one.
  const named = (position: number) => partLabel(spec, position, source.state.totalChapters, lang);
  try {
    const run = await runEdition(ctx, {
      userId: owner, lang, spec, source, to, client: client.signal, ...(maxCalls !== undefined ? { maxCalls } : {}), ...(again ? { again: true } : {}),
      ...(isStream ? {
        // The stream opens saying it waits for the model, and says so again while the model is slow (http/model-wait.ts).
        onStarted: () => void (waits = modelWaits(res, (wait) => events().send('waiting', wait))),
        // Each wait the model's server asks for, said as it starts (a rate limit and its seconds), then counted.
        through: (provider) => countedProvider(providerThrough(provider, {
          text: (request, send) => send({ ...request, onRetry: (notice) => {
            request.onRetry?.(notice);
            waits?.retry(notice);
          } }),
        }), spent),
        onProgress: (e) => events().send('progress', { position: e.position, label: named(e.position), window: e.window, windows: e.windows, is_again: e.isAgain, parts_done: done, parts_total: total, so_far: soFar() }),
        onPart: (p) => {
          // A part with no text (an introduction not written) is neither charged nor counted.
          if (!source.state.content[p.position]?.trim()) return;
          // The parts kept from a run before took none of this run's time.
          if (p.status === 'kept') done++;
          else {
            doneAtStart ??= done;
            if (p.status !== 'untranslated') done++;
          }
          credits += p.credits;
          waits?.answered();
          events().send('part', { position: p.position, label: named(p.position), status: p.status, credits: p.credits, parts_done: done, parts_total: total, so_far: soFar() });
        },
      } : {}),
    });
    const untranslated = run.left.map((p) => ({ position: p.position, label: named(p.position), paragraphs: (p.untranslated ?? []).map((i) => i + 1), ...(p.titleUntranslated ? { chapter_title: chapterTitlesOf(spec, source.state)[p.position] ?? '' } : {}) }));
    const answer = { edition: editionSummary({ spec, source, edition: run.edition, link: run.link }), credits_charged: run.credits, credits_available: (await repos.credits.balanceOf(owner)) ?? 0, untranslated };
    waits?.stop();
    if (stream) {
      events().send('done', answer);
      events().close();
    } else res.json(answer);
  } catch (error) {
    (waits as ModelWaits | undefined)?.stop();
    const open = stream as EventStream | null;
    if (!open) throw error;
    if (!client.signal.aborted) open.send('error', errorReply(error, { lang }).body.error);
    open.close();
  }
}
