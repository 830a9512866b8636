// A book's edition in the other language, for the studio's routes (server/routes/editions.ts): the source and its
// edition found by ids (engine/session/translate names the edition's first key; the link in book_editions stays
// when Continue or Start New changes a key), the glossary it holds fast (the writer's, else the story bible's),
// and the run: engine/session/translate's one loop, each part charged as a step before its first window (402
// stops the run there) and committed with its last window's save when every paragraph of it was translated;
// refunded when paragraphs of it are left untranslated (the run goes on to the book's end) or the run stops in
// it; the windows before the last saved as they are done, so a second start goes on from them.
import { CallBudget, editionPlan, withBudget, bookSummary, canTranslate, editionKey, editionLanguageName, editionLanguages, editionLinkOf, glossaryOf, governedByWholeNames, partHashes, sideBySide, stepKey, partStep, translateEdition, translatedFrom, translationCost, untranslatedParagraphs, untranslatedTitles, withStaleMarked, type BookSpec, type BookState, type GlossaryEntry, type Lang, type ProgressStore, type ResolvedSpec, type StepSave, type TranslateProgress, type PartOutcome, type Provider } from '../../engine/index.js';
import type { EditionSummary } from '../../engine/contract/index.js';
import type { Charge, UserBook } from '../store/ports.js';
import type { EditionLink } from '../store/queries/editions.js';
import type { AppContext } from './context.js';
import { ApiError } from '../errors/api-error.js';
import { commitCharged, refundCharge, refundFailed } from './charged.js';
import { holdEditionLease, type EditionLease } from './edition-lease.js';
import { catchUpBible } from './bible-catch-up.js';

/** A book of the user's and its generator (404 otherwise). */
export async function bookOf(ctx: AppContext, input: { userId: string; id: number; lang: Lang }): Promise<{ book: UserBook; spec: ResolvedSpec & BookSpec }> {
  const book = await ctx.repos.books.find({ userId: input.userId, id: input.id });
  const spec = book ? ctx.catalog.get(book.state.generatorId) : undefined;
  if (!book || spec?.kind !== 'book') throw ApiError.catalogue(404, 'edition_not_found', input.lang);
  return { book, spec: spec as ResolvedSpec & BookSpec };
}

/** Whether `book` is itself an edition (linked, named so by its key, or every part a translation). */
export async function isEdition(ctx: AppContext, userId: string, book: UserBook): Promise<boolean> {
  return Boolean(editionLinkOf(book.key) || translatedFrom(book.state) || (await ctx.repos.editions(userId).ofEdition(book.id)));
}

/** The source book a start or a glossary names, checked: not an edition itself, with text, `to` its other language. */
export async function sourceFor(ctx: AppContext, input: { userId: string; id: number; to: Lang; lang: Lang }) {
  const found = await bookOf(ctx, input);
  const { book } = found;
  const id = String(book.id);
  if (await isEdition(ctx, input.userId, book)) throw ApiError.catalogue(409, 'translate_is_edition', input.lang, { id });
  // A pair the table does not list is refused as the same language is: the languages it can have are named.
  if (!canTranslate(book.state.lang, input.to)) {
    const language = editionLanguageName(book.state.lang, input.lang);
    const others = editionLanguages(book.state.lang);
    // A book in a language translated into none is told so, not given an empty list of choices.
    if (!others.length) throw ApiError.catalogue(400, 'edition_nothing_from', input.lang, { language });
    throw ApiError.catalogue(400, 'edition_wrong_language', input.lang, { language, other: others.map((l) => editionLanguageName(l, input.lang)).join(', ') });
  }
  if (!book.state.content.some((t) => t.trim())) throw ApiError.catalogue(409, 'translate_empty_book', input.lang, { id });
  return found;
}

/** The edition of `sourceId` in `to` as saved now (null before its first part), and its link. */
export async function editionFor(ctx: AppContext, input: { userId: string; sourceId: number; to: Lang }): Promise<{ link: EditionLink | null; edition: UserBook | null }> {
  const link = await ctx.repos.editions(input.userId).find({ sourceId: input.sourceId, lang: input.to });
  const edition = link?.editionId ? await ctx.repos.books.find({ userId: input.userId, id: link.editionId }) : null;
  return { link, edition };
}

/**
 * The glossary the edition holds fast: the writer's when they wrote one, else the story bible's (names unchanged);
 * a writer's term with no gender set takes the one the story bible says, when it says one.
 */
export function glossaryFrom(source: BookState, link: EditionLink | null): { terms: GlossaryEntry[]; isWriters: boolean } {
  if (!link?.glossary) return { terms: glossaryOf(source), isWriters: false };
  const bible = new Map(glossaryOf(source).map((e) => [e.term, e.gender]));
  // A part of a whole name the writer renders otherwise follows the whole name (engine governedByWholeNames).
  return { terms: governedByWholeNames(link.glossary.map((e) => (e.gender || !bible.get(e.term) ? e : { ...e, gender: bible.get(e.term)! }))), isWriters: true };
}

/** An edition as My Books and the book's editions list it. */
export function editionSummary(input: { spec: ResolvedSpec & BookSpec; source: UserBook; edition: UserBook; link: EditionLink }): EditionSummary {
  const { spec, source, edition, link } = input;
  const cost = translationCost(spec, source.state, edition.state);
  const stale = sideBySide({ spec, source: source.state, edition: edition.state, hashes: link.hashes }).reduce((n, p) => n + p.staleCount, 0);
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

/** What a run came to: the edition as saved, its link, the credits charged, the parts with paragraphs left untranslated. */
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
  const lease = await holdEditionLease(ctx, { userId, sourceId: source.id, to, lang, language: editionLanguageName(to, lang) });
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
  let editionId = found.edition?.id ?? null;
  let open: { charge: Charge; what: string } | null = null;
  let credits = 0;
  let left: readonly PartOutcome[] = [];
  // A part's own time-out (a step's), armed as each part starts; the client going away stops the run too.
  const perPart = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const signal = AbortSignal.any([input.client, perPart.signal, lease.lost]);
  const saveStep = async (saveKey: string, save: StepSave) => {
    // A part is charged once it is whole with every paragraph translated; one with paragraphs kept as their
    // source is saved as it is, and its charge given back when the part ends (refundLeft).
    if (save.isComplete && open && !untranslatedParagraphs(save.state)[save.position] && !untranslatedTitles(save.state).includes(save.position)) {
      const { charge } = open;
      open = null;
      credits += charge.credits;
      // Its charge given back while it ran (nothing of this window saved): the part fails as service_unavailable, and the
      // run stops there as for any failed part, the parts before it kept.
      await commitCharged(ctx.repos.generations, { userId, charge, book: { key: saveKey, save }, usage: { promptType: spec.contentType, isPart: true, metadata: { generator: spec.id, step: `translate:${to}:${save.stepKey}`, words: save.words, generation: charge.generationId, ...(save.usage ? { tokens: save.usage } : {}) } } });
    } else await editions.saveWindow({ key: saveKey, save });
    if (editionId === null) {
      editionId = await repos.books.findBookId({ userId, key: saveKey });
      if (editionId !== null) await editions.linkEdition({ sourceId: source.id, lang: to, editionId });
    }
    // What the part was translated from, to tell later which of its paragraphs the source changed since.
    if (save.isComplete) await editions.keepHashes({ sourceId: source.id, lang: to, position: save.position, hashes: partHashes(source.state, save.position) });
  };
  // Translating again: the edition as the run reads it has its out-of-date paragraphs marked, so the run asks only them.
  const marked = (state: BookState) => (input.again && found.link ? withStaleMarked({ source: source.state, edition: state, hashes: found.link.hashes }) : state);
  const store: ProgressStore = {
    load: async (k) => {
      const saved = await repos.books.load({ userId, key: k });
      return saved ? { ...saved, state: marked(saved.state) } : saved;
    },
    saveMemory: (k, save) => repos.books.saveMemory({ userId, key: k, ...save }),
    saveVoice: async (k, voice) => void (await repos.books.saveVoice({ userId, key: k, voice })),
    saveStep,
  };
  const refundOpen = async (code: string) => {
    if (!open) return;
    const { charge, what } = open;
    open = null;
    await refundCharge(ctx, { userId, charge, what, reason: input.client.aborted ? { kind: 'client_gone' } : { kind: 'failed', code } });
  };
  // A part that ended with paragraphs left untranslated was not delivered whole: its charge is given back.
  const refundLeft = () => refundOpen('translate_untranslated');
  try {
    // The run's budget of model calls (engine/budget.ts): the windows it plans; a model that keeps failing stops it,
    // its open part refunded as for any failure.
    const budget = new CallBudget({ planned: editionPlan(source.state, found.edition ? marked(found.edition.state) : undefined), maxCalls: input.maxCalls });
    const outcome = await translateEdition({
      spec, renderer: ctx.catalog.renderer, provider: input.through ? input.through(withBudget(ctx.provider, budget)) : withBudget(ctx.provider, budget), store, key, source: source.state, isSourceFinished: source.isFinished, to, glossary, signal,
      onPartStart: async ({ position, label }) => {
        await refundLeft();
        clearTimeout(timer);
        timer = setTimeout(() => perPart.abort(), ctx.config.generationTimeoutMs);
        const step = stepKey(position === 0 ? { kind: 'introduction', position: 0 } : partStep(spec, position, source.state.totalChapters));
        const what = `${spec.id} ${to} edition (${label})`;
        // Charged under the lease, which names the part: a run killed before delivering it is refunded by whoever frees its lease.
        const charge = await lease.chargePart({ generatorId: spec.id, step: `translate:${to}:${step}`, cost: spec.cost, reason: `${spec.id}: ${to} edition of book ${source.id} (${label})` });
        open = { charge, what };
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
    // Settled as every charged call that fails (server/core/charged.ts): its open part refunded, the failure worded by the catalogue.
    // A run whose lease another run took over (this process stalled past its beats) stops as a second start would.
    const log = { message: 'edition: a part failed; its charge refunded', fields: { generator: spec.id, source: source.id, to } };
    const failing = open as { charge: Charge; what: string } | null;
    open = null;
    const lost = lease.lost.aborted && !input.client.aborted ? lease.lostError() : undefined;
    throw await refundFailed(ctx, { userId, charge: failing?.charge ?? null, lang, what: failing?.what ?? spec.id, isTimeout: perPart.signal.aborted, isClientGone: input.client.aborted, log, ...(lost ? { answer: () => lost } : {}) }, error);
  } finally {
    clearTimeout(timer);
  }
  const link = (await editions.find({ sourceId: source.id, lang: to }))!;
  const edition = (await repos.books.find({ userId, id: link.editionId! }))!;
  return { edition, link, credits, left };
}
