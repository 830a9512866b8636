// A book's edition in the other language, for the studio's routes (server/routes/editions.ts): the source and its
// edition found by ids (engine/session/translate names the edition's first key; the link in book_editions stays
// when Continue or Start New changes a key), the glossary it holds fast (the writer's, else the story bible's),
// and the run: engine/session/translate's one loop, each part charged as a step before its first window (402
// stops the run there) and committed with its last window's save when every paragraph of it was translated;
// refunded when paragraphs of it are left untranslated (the run goes on to the book's end) or the run stops in
// it; the windows before the last saved as they are done, so a second start goes on from them (the parts'
// charges and the run's store: edition-parts.ts).
import {
  CallBudget,
  editionPlan,
  withBudget,
  bookSummary,
  canTranslate,
  editionKey,
  editionLanguageName,
  editionLanguages,
  editionLinkOf,
  glossaryOf,
  governedByWholeNames,
  sideBySide,
  translateEdition,
  translatedFrom,
  translationCost,
  type BookSpec,
  type BookState,
  type GlossaryEntry,
  type Lang,
  type ResolvedSpec,
  type TranslateProgress,
  type PartOutcome,
  type Provider,
} from '../../engine/index.js';
import type { EditionSummary } from '../../engine/contract/index.js';
import type { UserBook } from '../store/ports.js';
import type { EditionLink } from '../store/queries/editions.js';
import type { AppContext } from './context.js';
import { ApiError } from '../errors/api-error.js';
import { refundFailed } from './charged.js';
import { editionCharges, editionStore } from './edition-parts.js';
import { holdEditionLease, type EditionLease } from './edition-lease.js';
import { catchUpBible } from './bible-catch-up.js';

/** A book of the user's and its generator (404 otherwise). */
export async function bookOf(
  ctx: AppContext,
  input: { userId: string; id: number; lang: Lang },
): Promise<{ book: UserBook; spec: ResolvedSpec & BookSpec }> {
  const book = await ctx.repos.books.find({ userId: input.userId, id: input.id });
  const spec = book ? ctx.catalog.get(book.state.generatorId) : undefined;
  if (!book || spec?.kind !== 'book') throw ApiError.catalogue(404, 'edition_not_found', input.lang);
  return { book, spec: spec as ResolvedSpec & BookSpec };
}

/** Whether `book` is itself an edition (linked, named so by its key, or every part a translation). */
export async function isEdition(ctx: AppContext, userId: string, book: UserBook): Promise<boolean> {
  if (editionLinkOf(book.key) || translatedFrom(book.state)) return true;
  return Boolean(await ctx.repos.editions(userId).ofEdition(book.id));
}

/** The source book a start or a glossary names, checked: not an edition itself, with text, `to` its other language. */
export async function sourceFor(ctx: AppContext, input: { userId: string; id: number; to: Lang; lang: Lang }) {
  const found = await bookOf(ctx, input);
  const { book } = found;
  const id = String(book.id);
  if (await isEdition(ctx, input.userId, book)) {
    throw ApiError.catalogue(409, 'translate_is_edition', input.lang, { id });
  }
  // A pair the table does not list is refused as the same language is: the languages it can have are named.
  if (!canTranslate(book.state.lang, input.to)) {
    const language = editionLanguageName(book.state.lang, input.lang);
    const others = editionLanguages(book.state.lang);
    // A book in a language translated into none is told so, not given an empty list of choices.
    if (!others.length) throw ApiError.catalogue(400, 'edition_nothing_from', input.lang, { language });
    const other = others.map((l) => editionLanguageName(l, input.lang)).join(', ');
    throw ApiError.catalogue(400, 'edition_wrong_language', input.lang, { language, other });
  }
  if (!book.state.content.some((t) => t.trim())) {
    throw ApiError.catalogue(409, 'translate_empty_book', input.lang, { id });
  }
  return found;
}

/** The edition of `sourceId` in `to` as saved now (null before its first part), and its link. */
export async function editionFor(
  ctx: AppContext,
  input: { userId: string; sourceId: number; to: Lang },
): Promise<{ link: EditionLink | null; edition: UserBook | null }> {
  const link = await ctx.repos.editions(input.userId).find({ sourceId: input.sourceId, lang: input.to });
  const edition = link?.editionId ? await ctx.repos.books.find({ userId: input.userId, id: link.editionId }) : null;
  return { link, edition };
}

/**
 * The glossary the edition holds fast: the writer's when they wrote one, else the story bible's (names unchanged);
 * a writer's term with no gender set takes the one the story bible says, when it says one.
 */
export function glossaryFrom(
  source: BookState,
  link: EditionLink | null,
): { terms: GlossaryEntry[]; isWriters: boolean } {
  if (!link?.glossary) return { terms: glossaryOf(source), isWriters: false };
  const bible = new Map(glossaryOf(source).map((e) => [e.term, e.gender]));
  // A part of a whole name the writer renders otherwise follows the whole name (engine governedByWholeNames).
  const terms = link.glossary.map((e) => (e.gender || !bible.get(e.term) ? e : { ...e, gender: bible.get(e.term)! }));
  return { terms: governedByWholeNames(terms), isWriters: true };
}

/** An edition as My Books and the book's editions list it. */
export function editionSummary(input: {
  spec: ResolvedSpec & BookSpec;
  source: UserBook;
  edition: UserBook;
  link: EditionLink;
}): EditionSummary {
  const { spec, source, edition, link } = input;
  const cost = translationCost(spec, source.state, edition.state);
  const stale = sideBySide({ spec, source: source.state, edition: edition.state, hashes: link.hashes }).reduce(
    (n, p) => n + p.staleCount,
    0,
  );
  return {
    id: edition.id,
    title: bookSummary(spec, edition.state).title,
    lang: edition.state.lang,
    is_finished: edition.isFinished,
    parts_done: cost.parts - cost.remaining / Math.max(1, cost.perPart),
    parts_total: cost.parts,
    stale_paragraphs: stale,
  };
}

/**
 * What a run came to: the edition as saved, its link, the credits charged, the parts with paragraphs left
 * untranslated.
 */
export interface EditionRun {
  edition: UserBook;
  link: EditionLink;
  credits: number;
  left: readonly PartOutcome[];
}

export interface EditionRunInput {
  userId: string;
  /** The language refusals and failures are answered in (the source book's). */
  lang: Lang;
  spec: ResolvedSpec & BookSpec;
  source: UserBook;
  to: Lang;
  client: AbortSignal;
  /** The run holds the edition and is about to ask the model (an event stream opens here, before any model call). */
  onStarted?: () => void;
  onProgress?: (event: TranslateProgress) => void;
  onPart?: (part: PartOutcome) => void;
  /** The provider as the run uses it (its calls counted for the progress events: server/routes/editions.ts). */
  through?: (provider: Provider) => Provider;
  /** The run's bound on model calls (max_calls), instead of its default (engine/budget.ts). */
  maxCalls?: number;
  /** Translate again the paragraphs whose source changed since they were translated (engine withStaleMarked). */
  again?: boolean;
}

/**
 * Make (or go on with) the edition: each part charged before its first window, committed with its last window,
 * refunded when it fails or the run stops in it. Answers the edition as saved and the credits charged; a part
 * that cannot be had throws `edition_part_failed` (its charge given back, the parts before it kept).
 */
export async function runEdition(ctx: AppContext, input: EditionRunInput): Promise<EditionRun> {
  const { repos } = ctx;
  const { userId, spec, source, to, lang } = input;
  if (ctx.provider.isOffline) throw ApiError.catalogue(503, 'edition_needs_model', lang);
  // One run of an edition at a time, in any process: a lease in book_editions, renewed by this run's heartbeat
  // (server/core/edition-lease.ts), so a run killed with its process holds it no longer.
  const language = editionLanguageName(to, lang);
  const lease = await holdEditionLease(ctx, { userId, sourceId: source.id, to, lang, language });
  let run: EditionRun;
  try {
    run = await runLeased(ctx, input, lease);
  } finally {
    await lease.release();
  }
  // The edition's own story bible (its story map, and what a rewrite of it is sent), read from its own text once every
  // paragraph is in its language, as an edit's catch-up reads a book (free, its calls recorded as usage); a failure
  // leaves it to the next step or "Update the story bible".
  if (!run.left.length && !input.client.aborted) await catchUpBible(ctx, { userId, bookType: run.edition.key }).settled;
  return run;
}

/** runEdition's run, its lease held. */
async function runLeased(ctx: AppContext, input: EditionRunInput, lease: EditionLease): Promise<EditionRun> {
  const { repos } = ctx;
  const { userId, spec, source, to, lang } = input;
  input.onStarted?.();
  const editions = repos.editions(userId);
  const found = await editionFor(ctx, { userId, sourceId: source.id, to });
  const key = found.edition?.key ?? editionKey({ generatorId: spec.id, sourceId: source.id, to });
  const glossary = glossaryFrom(source.state, found.link).terms;
  const charges = editionCharges(ctx, { userId, spec, source, to, lease, client: input.client });
  const { store, marked } = editionStore(ctx, { userId, source, to, found, charges, again: input.again === true });
  let left: readonly PartOutcome[] = [];
  // A part's own time-out (a step's), armed as each part starts; the client going away stops the run too.
  const perPart = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const signal = AbortSignal.any([input.client, perPart.signal, lease.lost]);
  // A part that ended with paragraphs left untranslated was not delivered whole: its charge is given back.
  const refundLeft = () => charges.refundOpen('translate_untranslated');
  try {
    // The run's budget of model calls (engine/budget.ts): the windows it plans; a model that keeps failing stops it,
    // its open part refunded as for any failure.
    const planned = editionPlan(source.state, found.edition ? marked(found.edition.state) : undefined);
    const budgeted = withBudget(ctx.provider, new CallBudget({ planned, maxCalls: input.maxCalls }));
    const outcome = await translateEdition({
      spec,
      renderer: ctx.catalog.renderer,
      provider: input.through ? input.through(budgeted) : budgeted,
      store,
      key,
      source: source.state,
      isSourceFinished: source.isFinished,
      to,
      glossary,
      signal,
      onPartStart: async ({ position, label }) => {
        await refundLeft();
        clearTimeout(timer);
        timer = setTimeout(() => perPart.abort(), ctx.config.generationTimeoutMs);
        await charges.start(position, label);
        // The writer's glossary as it is now: a change saved while the edition is made holds from this part on.
        const now = await editions.find({ sourceId: source.id, lang: to });
        return now?.glossary ? { glossary: glossaryFrom(source.state, now).terms } : {};
      },
      ...(input.onProgress ? { onProgress: input.onProgress } : {}),
      onPart: (part) => input.onPart?.(part),
    });
    await refundLeft();
    left = outcome.left;
  } catch (error) {
    // Settled as every charged call that fails (server/core/charged.ts): its open part refunded, the failure worded
    // by the catalogue. A run whose lease another run took over (this process stalled past its beats) stops as a
    // second start would.
    const fields = { generator: spec.id, source: source.id, to };
    const log = { message: 'edition: a part failed; its charge refunded', fields };
    const failing = charges.takeOpen();
    const lost = lease.lost.aborted && !input.client.aborted ? lease.lostError() : undefined;
    throw await refundFailed(
      ctx,
      {
        userId,
        charge: failing?.charge ?? null,
        lang,
        what: failing?.what ?? spec.id,
        isTimeout: perPart.signal.aborted,
        isClientGone: input.client.aborted,
        log,
        ...(lost ? { answer: () => lost } : {}),
      },
      error,
    );
  } finally {
    clearTimeout(timer);
  }
  const link = (await editions.find({ sourceId: source.id, lang: to }))!;
  const edition = (await repos.books.find({ userId, id: link.editionId! }))!;
  return { edition, link, credits: charges.credits(), left };
}
