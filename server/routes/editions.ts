// /api/books/:id/editions: a book's edition in the other language (server/core/editions.ts). GET says its
// editions and what making one costs, before anything is charged; POST makes it (or goes on with it), part by
// part, each part charged as a step, its progress as server-sent events when asked (Accept: text/event-stream;
// a refusal before the first event is an ordinary error answer, a failure after it the `error` event); one run
// of an edition at a time. The glossary, the titles and the side-by-side view: edition-texts.ts.
import type { Request } from 'express';
import {
  bookSummary,
  chapterTitlesOf,
  partLabel,
  editionLanguages,
  countedProvider,
  providerThrough,
  runFigures,
  translationCost,
  type Tally,
} from '../../engine/index.js';
import type { AppContext } from '../core/context.js';
import { requestLang, requireUser, sessionOf } from '../auth/middleware.js';
import { errorReply } from '../errors/reply.js';
import { takeGenerationToken } from '../core/generation.js';
import {
  bookOf,
  editionFor,
  editionSummary,
  glossaryFrom,
  isEdition,
  runEdition,
  sourceFor,
} from '../core/editions.js';
import { editionTextRoutes, type SavedBookRow } from './edition-texts.js';
import { ApiRoutes, type ContractHandler } from '../http/routes.js';
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
    const offers = await editionOffers(ctx, { owner, spec, book });
    res.json({
      book: { id: book.id, title: bookSummary(spec, book.state).title, lang: book.state.lang },
      editions,
      offer: offers[0] ?? null,
      offers,
    });
  });

  router.on('POST /books/:id/editions', (req, res) => makeEdition(ctx, req, res));

  editionTextRoutes(ctx, router, userId);
  return router;
}

/**
 * What a source book's editions would cost, one offer a language: every language of the table the book can be
 * translated into, in the table's order (the first is the default); none for an edition, a book with no text or a
 * book in a language no other is translated from (its `from` lists), which the studio offers none for.
 */
async function editionOffers(
  ctx: AppContext,
  input: { owner: string; spec: Parameters<typeof editionSummary>[0]['spec']; book: SavedBookRow },
) {
  const { owner, spec, book } = input;
  const hasText = book.state.content.some((t) => t.trim());
  const isOffered = hasText && !(await isEdition(ctx, owner, book));
  const languages = isOffered ? editionLanguages(book.state.lang) : [];
  const offers = [];
  for (const to of languages) {
    const found = await editionFor(ctx, { userId: owner, sourceId: book.id, to });
    const cost = translationCost(spec, book.state, found.edition?.state);
    const isRunning = await ctx.repos.editions(owner).isRunning({ sourceId: book.id, lang: to, now: Date.now() });
    offers.push({
      to,
      cost: { per_part: cost.perPart, parts: cost.parts, total: cost.total, remaining: cost.remaining },
      glossary_terms: glossaryFrom(book.state, found.link).terms.length,
      is_running: isRunning,
    });
  }
  return offers;
}

/** The editions a source book has, as the list says each. */
async function editionsOfBook(
  ctx: AppContext,
  input: { owner: string; spec: Parameters<typeof editionSummary>[0]['spec']; book: SavedBookRow },
) {
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
type MakeEdition = Parameters<ContractHandler<'POST /books/:id/editions'>>;

async function makeEdition(ctx: AppContext, req: MakeEdition[0], res: MakeEdition[1]): Promise<void> {
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
  const live: LiveRun = { stream: null, events: () => (live.stream ??= openEventStream(res)) };
  const isStream = wantsEventStream(req.get('accept'));
  // A part named in the page's language: the dialog's sentences name it ("Menterjemah Bab 3"), never an English
  // book's "Chapter 3" inside a Malay one.
  const named = (position: number) => partLabel(spec, position, source.state.totalChapters, lang);
  try {
    const run = await runEdition(ctx, {
      userId: owner,
      lang,
      spec,
      source,
      to,
      client: client.signal,
      ...(maxCalls !== undefined ? { maxCalls } : {}),
      ...(again ? { again: true } : {}),
      ...(isStream ? streamHooks(res, live, { source, named }) : {}),
    });
    const answer = await runAnswer(ctx, { owner, spec, source, run, named });
    live.waits?.stop();
    if (live.stream) {
      live.events().send('done', answer);
      live.events().close();
    } else res.json(answer);
  } catch (error) {
    live.waits?.stop();
    const open = live.stream;
    if (!open) throw error;
    if (!client.signal.aborted) open.send('error', errorReply(error, { lang }).body.error);
    open.close();
  }
}

/** A run's event stream, opened at its first event, and the model's waits said on it. */
interface LiveRun {
  stream: EventStream | null;
  waits?: ModelWaits;
  events(): TypedEventStream<EditionEvents>;
}

/**
 * The hooks of a run streamed as events: waiting for the model, each wait the model's server asks for, each
 * window's progress and each part, with the parts done and the run so far.
 */
function streamHooks(
  res: MakeEdition[1],
  live: LiveRun,
  input: { source: SavedBookRow; named: (position: number) => string },
) {
  const { source, named } = input;
  const total = source.state.content.filter((t) => t.trim()).length;
  let done = 0;
  // The run's calls, tokens and credits so far and its time left at the pace of the parts it translated
  // (engine/pace.ts).
  const spent: Tally = { calls: 0, tokens: 0 };
  let credits = 0;
  let doneAtStart: number | undefined;
  const startedMs = Date.now();
  const soFar = () =>
    runSoFar(
      runFigures({
        startedMs,
        nowMs: Date.now(),
        doneAtStart: doneAtStart ?? done,
        done,
        planned: total,
        ...spent,
        credits,
      }),
    );
  const hooks: Pick<Parameters<typeof runEdition>[1], 'onStarted' | 'through' | 'onProgress' | 'onPart'> = {
    // The stream opens saying it waits for the model, and says so again while the model is slow
    // (http/model-wait.ts).
    onStarted: () => void (live.waits = modelWaits(res, (wait) => live.events().send('waiting', wait))),
    // Each wait the model's server asks for, said as it starts (a rate limit and its seconds), then counted.
    through: (provider) =>
      countedProvider(
        providerThrough(provider, {
          text: (request, send) =>
            send({
              ...request,
              onRetry: (notice) => {
                request.onRetry?.(notice);
                live.waits?.retry(notice);
              },
            }),
        }),
        spent,
      ),
    onProgress: (e) =>
      live.events().send('progress', {
        position: e.position,
        label: named(e.position),
        window: e.window,
        windows: e.windows,
        is_again: e.isAgain,
        parts_done: done,
        parts_total: total,
        so_far: soFar(),
      }),
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
      live.waits?.answered();
      live.events().send('part', {
        position: p.position,
        label: named(p.position),
        status: p.status,
        credits: p.credits,
        parts_done: done,
        parts_total: total,
        so_far: soFar(),
      });
    },
  };
  return hooks;
}

/** A run's answer (its `done` event): the edition as the list says it, the credits, the parts left untranslated. */
async function runAnswer(
  ctx: AppContext,
  input: {
    owner: string;
    spec: Parameters<typeof editionSummary>[0]['spec'];
    source: SavedBookRow;
    run: Awaited<ReturnType<typeof runEdition>>;
    named: (position: number) => string;
  },
) {
  const { owner, spec, source, run, named } = input;
  const untranslated = run.left.map((p) => ({
    position: p.position,
    label: named(p.position),
    paragraphs: (p.untranslated ?? []).map((i) => i + 1),
    ...(p.titleUntranslated ? { chapter_title: chapterTitlesOf(spec, source.state)[p.position] ?? '' } : {}),
  }));
  return {
    edition: editionSummary({ spec, source, edition: run.edition, link: run.link }),
    credits_charged: run.credits,
    credits_available: (await ctx.repos.credits.balanceOf(owner)) ?? 0,
    untranslated,
  };
}
