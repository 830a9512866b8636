// A finished book's KDP package on the server: the engine's publishing steps (engine/publish), each one
// charged like a generation step (start, run, then commit with history and usage, or refund), the files
// made in memory (engine/node/publish.ts), zipped and kept with the book for download. The HTTP side is
// routes/publish.ts.
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { bookDocument, ExportLimitError, formatSpecIssue, nextStep, printLayoutOf, stepLabel, type BookState, type Lang, type ResolvedSpec, type TrimName } from '../../engine/index.js';
import { bookTitleOf, countWords, pieceHistoryTitle } from '../../engine/index.js';
import type { KdpPackage, PublishStepInfo } from '../../engine/contract/index.js';
import { loadPublishFiles, renderBounded, type PackageFile, type PrintChoice } from '../../engine/node.js';
import { catalogueIndex, checkCloseness, scheduleReleases, RELEASES_PER_DAY, type Closeness } from '../../engine/index.js';
import { checkPublishSteps, directPublishStep, publishStepsOf, writePackageParts, type GivenFacts, type PackageStepDone, type RunPublishStep } from '../../engine/index.js';
import type { AppContext } from './context.js';
import { failureOf, historyContent } from './generation.js';
import { ApiError } from '../errors/api-error.js';
import { httpStatusOf } from '../errors/status.js';
import type { Charge } from '../store/ports.js';
import { bookFingerprintKey } from '../store/queries/fingerprints.js';

const { buildKdpPackage, PACKAGE_FILES, runEpubcheckOnBytes } = await loadPublishFiles();

/** A publishing error with its catalogue message (engine/errors.ts) in `lang`. */
export function publishError(status: number, code: 'book_not_finished' | 'package_not_found' | 'publish_running' | 'not_publishable', lang: Lang, vars: Record<string, string> = {}): ApiError {
  return ApiError.catalogue(status, code, lang, vars);
}

/** A user's saved book that a package is made from, with its generator. */
export interface PublishableBook {
  spec: ResolvedSpec;
  state: BookState;
  isFinished: boolean;
}

/**
 * The generator of a saved book, when it can be published: a book whose publish block passes
 * checkPublishSteps. Otherwise 409 not_publishable (the problems go to the log: they are the catalog's).
 */
export function publishableSpec(ctx: AppContext, state: BookState): ResolvedSpec {
  const spec = ctx.catalog.get(state.generatorId);
  if (spec?.kind !== 'book' || !spec.publish) throw publishError(409, 'not_publishable', state.lang);
  const issues = checkPublishSteps(spec, (id) => ctx.catalog.get(id), state);
  if (issues.length) {
    ctx.logger.error({ generator: spec.id, issues: issues.map(formatSpecIssue) }, 'publish block refused');
    throw publishError(409, 'not_publishable', state.lang);
  }
  return spec;
}

const stepInfo = (s: PackageStepDone): PublishStepInfo => ({ part: s.part, generator_id: s.generatorId, cost: s.cost, ...(s.skipped ? { skipped: s.skipped } : {}) });

/** What publishing a book costs before anything is spent: its steps and their credits. */
export function publishQuote(ctx: AppContext, book: PublishableBook, given: Pick<GivenFacts, 'author'> = {}): { steps: PublishStepInfo[]; cost: number; trim: TrimName } {
  const planned = publishStepsOf({ book: book.spec, state: book.state, specOf: (id) => ctx.catalog.get(id), given });
  // The trim the package is made at when the writer picks none (a children's book: its own layout's).
  const { trim } = printLayoutOf(book.spec.kind === 'book' ? book.spec.publish : undefined);
  return { steps: planned.steps.map(stepInfo), cost: planned.cost, trim };
}

/** 409 book_not_finished, naming the step the book is at. */
export function unfinishedError(book: PublishableBook): ApiError {
  const next = nextStep(book.spec, book.state);
  return publishError(409, 'book_not_finished', book.state.lang, { step: next ? stepLabel(next, book.state.lang, book.spec) : '' });
}

/**
 * A RunPublishStep that charges each step as a generation step: the generator's cost first (402 when the
 * user cannot pay; the administrator passes), then the provider, then the commit with a history item and a
 * usage record; a failed step is refunded and answered as the generation route answers it.
 */
export function chargedPublishStep(ctx: AppContext, input: { userId: string; lang: Lang; bookTitle: string; historyBook?: string; onCharged: (credits: number) => void; reserved?: Map<string, Charge> }): RunPublishStep {
  const { repos, catalog, provider, config } = ctx;
  const { userId, lang } = input;
  return async (step) => {
    const { part, spec } = step;
    // The charge reserved for this step before the publish started (reservePublish), else one made now.
    const reserved = input.reserved?.get(part);
    input.reserved?.delete(part);
    const charge = reserved ?? (await repos.generations.start({ userId, generatorId: spec.id, step: `publish:${part}`, cost: spec.cost, reason: `${spec.id}: ${part} of "${input.bookTitle}"` }));
    if (!charge) throw ApiError.catalogue(402, 'insufficient_credits', lang);
    const timeout = AbortSignal.timeout(config.generationTimeoutMs);
    try {
      const result = await directPublishStep({ renderer: catalog.renderer, provider, signal: timeout })(step);
      await repos.generations.commit({
        userId,
        charge,
        // A cover is kept as its picture, never its prompt.
        history: { title: input.historyBook ? pieceHistoryTitle(input.historyBook, spec.title[lang]) : `${spec.title[lang]}: ${input.bookTitle}`, contentType: spec.contentType, content: historyContent(result), generatorId: spec.id },
        usage: { promptType: spec.contentType, isPart: true, metadata: { generator: spec.id, step: `publish:${part}`, words: countWords(result.text), generation: charge.generationId } },
      });
      input.onCharged(charge.credits);
      return result;
    } catch (error) {
      const failure = error instanceof ApiError ? error : failureOf(error, { lang, isTimeout: timeout.aborted });
      await repos.generations.refund({ userId, charge, reason: `Refund: ${spec.id} ${part} (${failure.code})`, errorCode: failure.code });
      if (failure.status >= 500) ctx.logger.warn({ err: error, generator: spec.id, code: failure.code }, 'publishing step failed; charge refunded');
      throw failure;
    }
  };
}

/**
 * Reserve a publish's whole cost before anything runs: each planned step's charge is taken now, in turn
 * (each one atomic in the store), so two publishes started together with credits for one cannot both
 * spend: the second finds the credits gone and gets 402, with what it took given back. Answers the
 * charges by part; chargedPublishStep uses them, releaseReserved gives back the ones not used.
 */
export async function reservePublish(ctx: AppContext, input: { userId: string; lang: Lang; bookTitle: string; steps: readonly PublishStepInfo[] }): Promise<Map<string, Charge>> {
  const { repos } = ctx;
  // One reservation of a user's at a time, on every instance: the Idempotency-Key table's atomic claim
  // (a claim older than RESERVE_STALE_MS belongs to a process that stopped and is taken over).
  const claim = { userId: input.userId, key: RESERVE_KEY, requestHash: RESERVE_KEY, ttlMs: RESERVE_STALE_MS, staleMs: RESERVE_STALE_MS };
  const deadline = Date.now() + RESERVE_WAIT_MS;
  while ((await repos.idempotency.begin(claim)).status !== 'new') {
    if (Date.now() > deadline) throw publishError(409, 'publish_running', input.lang);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const reserved = new Map<string, Charge>();
  try {
    for (const step of input.steps) {
      if (step.cost <= 0 || step.skipped) continue;
      const charge = await repos.generations.start({ userId: input.userId, generatorId: step.generator_id, step: `publish:${step.part}`, cost: step.cost, reason: `${step.generator_id}: ${step.part} of "${input.bookTitle}"` });
      if (!charge) {
        await releaseReserved(ctx, { userId: input.userId, reserved, errorCode: 'insufficient_credits' });
        throw ApiError.catalogue(402, 'insufficient_credits', input.lang);
      }
      reserved.set(step.part, charge);
    }
  } finally {
    await repos.idempotency.release({ userId: input.userId, key: RESERVE_KEY });
  }
  return reserved;
}

/** The claim that makes a user's reservations take turns (with spaces: not a key a client can send). */
const RESERVE_KEY = 'karya publish reservation';
const RESERVE_STALE_MS = 30_000;
/** How long a reservation waits for another one of the same user's to finish. */
const RESERVE_WAIT_MS = 10_000;

/** Give back every reserved charge no step used (the publish failed or skipped them). */
export async function releaseReserved(ctx: AppContext, input: { userId: string; reserved: Map<string, Charge>; errorCode: string }): Promise<void> {
  for (const [part, charge] of input.reserved) {
    await ctx.repos.generations.refund({ userId: input.userId, charge, reason: `Refund: publish ${part} not run`, errorCode: input.errorCode });
  }
  input.reserved.clear();
}

/** Already compressed files are stored as they are; text is deflated. */
const STORED: ReadonlySet<PackageFile> = new Set(['manuscript.epub', 'manuscript.docx', 'cover.jpg']);

/** One file of a kept package's zip, or null when the zip has no such file. */
export function fileOfZip(zip: Uint8Array, name: string): Uint8Array | null {
  const found = unzipSync(zip, { filter: (f) => f.name === name });
  return found[name] ?? null;
}

/** The package's files as one zip, in PACKAGE_FILES order. */
export function zipPackage(files: Record<PackageFile, Uint8Array>, date: Date): Uint8Array {
  const entries: Zippable = {};
  for (const name of PACKAGE_FILES) entries[name] = [files[name], { level: STORED.has(name) ? 0 : 6, mtime: date }];
  return zipSync(entries);
}

/**
 * A book compared with its owner's other finished books before it is published, and kept among them (the
 * readiness checks not-too-close and reused-passages). Kept by id (`book:<id>`): a book type's key passes to
 * the next book on Start New, an id stays with its book.
 */
async function closenessOf(ctx: AppContext, input: { userId: string; bookId: number; title: string; parts: readonly string[] }): Promise<Closeness> {
  const catalogue = ctx.repos.fingerprints(input.userId);
  const entries = await catalogue.list();
  const index = catalogueIndex(entries.map((e) => ({ ...e, book: e.key.replace(/^book:/, '') })));
  const { closeness, entry } = await checkCloseness({
    book: { key: bookFingerprintKey(input.bookId), book: String(input.bookId), title: input.title }, parts: input.parts, index,
    partsOf: async (key) => {
      const id = /^book:(\d+)$/.exec(key)?.[1];
      return id ? ((await ctx.repos.books.find({ userId: input.userId, id: Number(id) }))?.state.content ?? null) : null;
    },
  });
  await catalogue.save({ key: entry.key, title: entry.title, fingerprint: entry.fingerprint, keptAt: entry.keptAt });
  return closeness;
}

/**
 * The book's place in the owner's release plan: the first day from today (UTC) with fewer than the daily limit
 * of new titles, counting the days the owner's other packages already took (republishing a book keeps no slot
 * of its own: its package is replaced). Two publishes at once may share a slot (reservePublish keeps a user's
 * publishes apart only while charging): the limit is advice for the writer, the store enforces its own.
 */
async function releaseOf(ctx: AppContext, input: { userId: string; bookId: number }): Promise<{ publishOn: string; perDay: number; nthThatDay: number }> {
  const today = new Date().toISOString().slice(0, 10);
  const taken = await ctx.repos.books.packageDaysFrom({ userId: input.userId, from: today, exceptBookId: input.bookId });
  const perDay = RELEASES_PER_DAY.default;
  const [planned] = scheduleReleases([input.bookId], perDay, today, taken);
  return { ...planned!, perDay };
}

/**
 * Publish a finished book: run and charge its steps, make and zip the files, keep the zip with the book.
 * Answers the package's report and the credits charged.
 */
export async function publishBook(ctx: AppContext, input: { userId: string; bookId: number; book: PublishableBook; given: Pick<GivenFacts, 'author' | 'aiText'>; print?: PrintChoice }): Promise<{ report: KdpPackage; charged: number }> {
  const { userId, book } = input;
  const { spec, state } = book;
  let charged = 0;
  const bookTitle = bookDocument(spec, state).title;
  const reserved = await reservePublish(ctx, { userId, lang: state.lang, bookTitle, steps: publishQuote(ctx, book, input.given).steps });
  // Kept in Content History under the book, with its parts (the title its parts are kept under).
  const runStep = chargedPublishStep(ctx, { userId, lang: state.lang, bookTitle, historyBook: bookTitleOf(spec, state), onCharged: (n) => (charged += n), reserved });
  let parts: Awaited<ReturnType<typeof writePackageParts>>;
  try {
    parts = await writePackageParts({ book: spec, state, specOf: (id) => ctx.catalog.get(id), runStep, given: input.given });
  } finally {
    await releaseReserved(ctx, { userId, reserved, errorCode: 'not_run' });
  }
  const release = await releaseOf(ctx, { userId, bookId: input.bookId });
  // The manuscript files are made in the export pool (time and memory limits, off the request loop).
  let built: Awaited<ReturnType<typeof buildKdpPackage>>;
  try {
    const closeness = await closenessOf(ctx, { userId, bookId: input.bookId, title: parts.title, parts: state.content });
    built = await buildKdpPackage({ book: spec, state, parts, epubcheck: runEpubcheckOnBytes, render: renderBounded, closeness, release, ...(input.print ?? {}) });
  } catch (error) {
    if (error instanceof ExportLimitError) throw ApiError.catalogue(httpStatusOf(error), error.code, undefined, { ...error.vars });
    throw error;
  }
  const now = new Date();
  const report: KdpPackage = {
    title: parts.title,
    subtitle: parts.subtitle,
    author: parts.author,
    ready: built.readiness.ready,
    channels: built.readiness.channels,
    description: parts.description,
    keywords: parts.keywords,
    steps: parts.steps.map(stepInfo),
    cost: parts.cost,
    files: [...PACKAGE_FILES],
    publish_on: release.publishOn,
    created_at: now.toISOString(),
  };
  await ctx.repos.books.savePackage({ userId, bookId: input.bookId, zip: zipPackage(built.files, now), report });
  return { report, charged };
}
