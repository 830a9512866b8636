// A finished book's KDP package on the server: the engine's publishing steps (engine/publish), each one
// charged like a generation step (start, run, then commit with history and usage, or refund), the files
// made in memory (engine/node/publish.ts), zipped and kept with the book for download. The HTTP side is
// routes/publish.ts.
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { bookDocument, editionLinkOf, editionPartsLeft, formatSpecIssue, nextStep, partStep, printLayoutOf, stepLabel, type BookState, type Lang, type ResolvedSpec, type TrimName } from '../../engine/index.js';
import { bookTitleOf, countWords, isFinishedBook, pieceHistoryTitle, recheckPackage, wordIn, type KdpMetadata, type PackageEdit, type Readiness } from '../../engine/index.js';
import type { KdpPackage, PublishStepInfo } from '../../engine/contract/index.js';
import { loadPublishFiles, prepareCoverBounded, renderBounded, type PackageFile, type PrintChoice } from '../../engine/node.js';
import { RELEASES_PER_DAY, type Closeness } from '../../engine/index.js';
import { checkPublishSteps, directPublishStep, publishStepsOf, writePackageParts, type GivenFacts, type PackageStepDone, type RunPublishStep } from '../../engine/index.js';
import type { AppContext } from './context.js';
import type { Provider } from '../../engine/index.js';
import { historyContent } from './generation.js';
import { commitCharged, refundCharge, reserveCharge, runCharged } from './charged.js';
import { ApiError } from '../errors/api-error.js';
import type { Charge } from '../store/ports.js';
import { bookFingerprintKey } from '../store/queries/fingerprints.js';
import { scheduleReleases } from './release.js';
import { openNearDuplicates } from './near-duplicates.js';
import { publishGate } from './publish-gate.js';
import { PICTURE_TO_READ, withOwnPicture } from './publish-cover.js';

export { ownCoverOf } from './publish-cover.js';

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
  /** An edition's first source part not translated yet (what stops it being published), by position. */
  editionLeft?: number;
}

/**
 * Whether a saved book is finished as a package takes it: every step written; for a translated edition (its key
 * or its link names its source), every written part of its source translated, never more: what its source
 * lacks, it lacks, and nothing is written for it. An edition whose source is gone is as it is.
 */
export async function finishedOf(ctx: AppContext, input: { userId: string; key: string; spec: ResolvedSpec; state: BookState }): Promise<Pick<PublishableBook, 'isFinished' | 'editionLeft'>> {
  let sourceId = editionLinkOf(input.key)?.sourceId;
  if (sourceId === undefined) {
    const id = await ctx.repos.books.findBookId({ userId: input.userId, key: input.key });
    sourceId = id === null ? undefined : (await ctx.repos.editions(input.userId).ofEdition(id))?.sourceId;
  }
  // Every step written, or an import ending with the writer's own last part: packaged as it stands (engine/session/ending.ts).
  if (sourceId === undefined) return { isFinished: input.spec.kind === 'book' && isFinishedBook(input.spec, input.state) };
  const source = await ctx.repos.books.find({ userId: input.userId, id: sourceId });
  const [left] = source ? editionPartsLeft(source.state, input.state) : [];
  return left === undefined ? { isFinished: true } : { isFinished: false, editionLeft: left };
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

/**
 * The source of a translated edition, for its dual-language package: found through the edition link table, as
 * GET /books/:id/bilingual finds it. A book that is no edition is 422 publish_not_edition; an edition whose
 * source is gone, 404 publish_no_source.
 */
export async function bilingualSourceOf(ctx: AppContext, input: { userId: string; bookId: number; lang: Lang }): Promise<BookState> {
  const link = await ctx.repos.editions(input.userId).ofEdition(input.bookId);
  const id = String(input.bookId);
  if (!link) throw ApiError.catalogue(422, 'publish_not_edition', input.lang, { id });
  const source = await ctx.repos.books.find({ userId: input.userId, id: link.sourceId });
  if (!source) throw ApiError.catalogue(404, 'publish_no_source', input.lang, { id, source: String(link.sourceId) });
  return source.state;
}

/** A translated edition's language and its saved source's (the quote's `edition`), or undefined for any other book. */
export async function editionLanguagesOf(ctx: AppContext, input: { userId: string; bookId: number; state: BookState }): Promise<{ lang: Lang; source_lang: Lang } | undefined> {
  const link = await ctx.repos.editions(input.userId).ofEdition(input.bookId);
  const source = link ? await ctx.repos.books.find({ userId: input.userId, id: link.sourceId }) : null;
  return source ? { lang: input.state.lang, source_lang: source.state.lang } : undefined;
}

const stepInfo = (s: PackageStepDone): PublishStepInfo => ({ part: s.part, generator_id: s.generatorId, cost: s.cost, ...(s.skipped ? { skipped: s.skipped } : {}) });

/**
 * What publishing a book costs before anything is spent: its steps and their credits. `hasOwnCover`: the
 * writer gave a picture (the cover step is skipped); the steps need only know that, not its bytes.
 */
export function publishQuote(ctx: AppContext, book: PublishableBook, given: Pick<GivenFacts, 'author' | 'title'> & { hasOwnCover?: boolean } = {}): { steps: PublishStepInfo[]; cost: number; trim: TrimName } {
  const facts: GivenFacts = { ...(given.author ? { author: given.author } : {}), ...(given.title ? { title: given.title } : {}), ...(given.hasOwnCover ? { cover: { kind: 'picture', image: new Uint8Array(0) } } : {}) };
  const planned = publishStepsOf({ book: book.spec, state: book.state, specOf: (id) => ctx.catalog.get(id), given: facts });
  // The trim the package is made at when the writer picks none (a children's book: its own layout's).
  const { trim } = printLayoutOf(book.spec.kind === 'book' ? book.spec.publish : undefined);
  return { steps: planned.steps.map(stepInfo), cost: planned.cost, trim };
}

/** 409 book_not_finished, naming the step the book is at. */
export function unfinishedError(book: PublishableBook): ApiError {
  const next = book.editionLeft !== undefined
    ? (book.editionLeft === 0 ? { kind: 'introduction' as const, position: 0 as const } : partStep(book.spec, book.editionLeft, book.state.totalChapters))
    : nextStep(book.spec, book.state);
  return publishError(409, 'book_not_finished', book.state.lang, { step: next ? stepLabel(next, book.state.lang, book.spec) : '' });
}

/**
 * A RunPublishStep that charges each step as a generation step: the generator's cost first (402 when the
 * user cannot pay; the administrator passes), then the provider, then the commit with a history item and a
 * usage record; a failed step is refunded and answered as the generation route answers it.
 */
export function chargedPublishStep(ctx: AppContext, input: { userId: string; lang: Lang; bookTitle: string; historyBook?: string; onCharged: (credits: number) => void; reserved?: Map<string, Charge>; provider?: Provider }): RunPublishStep {
  const { repos, catalog, config } = ctx;
  const provider = input.provider ?? ctx.provider;
  const { userId, lang } = input;
  return async (step) => {
    const { part, spec } = step;
    // The charge reserved for this step before the publish started (reservePublish), else one made now.
    const reserved = input.reserved?.get(part);
    input.reserved?.delete(part);
    const charge = await reserveCharge(ctx, { userId, lang, reserved, start: { generatorId: spec.id, step: `publish:${part}`, cost: spec.cost, reason: `${spec.id}: ${part} of "${input.bookTitle}"` } });
    const timeout = AbortSignal.timeout(config.generationTimeoutMs);
    const log = { message: 'publishing step failed; charge refunded', fields: { generator: spec.id } };
    return runCharged(ctx, { userId, charge, lang, what: `${spec.id} ${part}`, timeout, log }, async () => {
      const result = await directPublishStep({ renderer: catalog.renderer, provider, signal: timeout })(step);
      // Refunded meanwhile, the step fails (service_unavailable) and the publish with it, as for any failed step.
      await commitCharged(ctx.repos.generations, {
        userId,
        charge,
        // A cover is kept as its picture, never its prompt.
        history: { title: input.historyBook ? pieceHistoryTitle(input.historyBook, wordIn(spec.title, lang)) : `${wordIn(spec.title, lang)}: ${input.bookTitle}`, contentType: spec.contentType, content: historyContent(result), generatorId: spec.id },
        usage: { promptType: spec.contentType, isPart: true, metadata: { generator: spec.id, step: `publish:${part}`, words: countWords(result.text), generation: charge.generationId } },
      });
      input.onCharged(charge.credits);
      return result;
    });
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
  for (const [part, charge] of input.reserved) await refundCharge(ctx, { userId: input.userId, charge, what: `publish ${part}`, reason: { kind: 'not_run', code: input.errorCode } });
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
async function nearDuplicatesOf(ctx: AppContext, input: { userId: string; bookId: number; title: string; parts: readonly string[] }): Promise<Closeness> {
  const catalogue = await openNearDuplicates(ctx.repos, input.userId, { nameOf: (e) => e.key.replace(/^book:/, '') });
  return catalogue.check({ key: bookFingerprintKey(input.bookId), book: String(input.bookId), title: input.title, parts: input.parts });
}

/**
 * The book's place in the owner's release plan: the first day from today (UTC) with fewer than the daily limit
 * of new titles, counting the days the owner's other packages already took (republishing a book keeps no slot
 * of its own: its package is replaced). Two publishes at once may share a slot (reservePublish keeps a user's
 * publishes apart only while charging): the limit is advice for the writer, the store enforces its own.
 */
async function releaseOf(ctx: AppContext, input: { userId: string; bookId: number }): Promise<{ publishOn: string; perDay: number; nthThatDay: number }> {
  const today = new Date().toISOString().slice(0, 10);
  const perDay = RELEASES_PER_DAY.default;
  const [planned] = await scheduleReleases(ctx.repos.books, { userId: input.userId, bookIds: [input.bookId], perDay, today });
  return { ...planned!, perDay };
}

/**
 * Publish a finished book: run and charge its steps, make and zip the files, keep the zip with the book.
 * Answers the package's report and the credits charged.
 */
export async function publishBook(ctx: AppContext, input: { userId: string; bookId: number; book: PublishableBook; given: Pick<GivenFacts, 'author' | 'title' | 'aiText'>; hasOwnCover?: boolean; print?: PrintChoice; bilingualSource?: BookState; provider?: Provider }): Promise<{ report: KdpPackage; charged: number }> {
  const { userId, book } = input;
  const { spec, state } = book;
  let charged = 0;
  const bookTitle = bookDocument(spec, state).title;
  const hasOwnCover = input.hasOwnCover === true;
  const reserved = await reservePublish(ctx, { userId, lang: state.lang, bookTitle, steps: publishQuote(ctx, book, { ...(input.given.author ? { author: input.given.author } : {}), ...(input.given.title ? { title: input.given.title } : {}), hasOwnCover }).steps });
  // The writer's picture skips the cover step; its bytes are read in the build's turn (withOwnPicture), not before.
  const given: GivenFacts = { ...input.given, ...(hasOwnCover ? { cover: PICTURE_TO_READ } : {}) };
  // Kept in Content History under the book, with its parts (the title its parts are kept under).
  const runStep = chargedPublishStep(ctx, { userId, lang: state.lang, bookTitle, historyBook: bookTitleOf(spec, state), onCharged: (n) => (charged += n), reserved, ...(input.provider ? { provider: input.provider } : {}) });
  let parts: Awaited<ReturnType<typeof writePackageParts>>;
  try {
    parts = await writePackageParts({ book: spec, state, specOf: (id) => ctx.catalog.get(id), runStep, given });
  } finally {
    await releaseReserved(ctx, { userId, reserved, errorCode: 'not_run' });
  }
  const release = await releaseOf(ctx, { userId, bookId: input.bookId });
  // The manuscript files and the covers' pictures are made in the export pool (time and memory limits, off the
  // request loop; one cover decode a thread at a time); a limit hit (ExportLimitError, CoverWorkError,
  // CoverPictureError) is answered as it words itself.
  // The closeness check and the build run a few at a time (publish-gate.ts): publishes that arrive together wait
  // their turn there, rather than each add their memory (its threads, the package's files) to the server's.
  // The zip is made and kept inside the turn too: the package's files and their zip are the build's largest buffers,
  // so the next publish's build starts only once they are let go. The writer's picture (up to 40 megapixels, a few
  // MB) is read from the store in the turn and handed to the export thread that decodes it: a publish waiting for its
  // turn holds no picture, and the build holds it only until its covers are made.
  const report = await publishGate().run(async () => {
    const closeness = await nearDuplicatesOf(ctx, { userId, bookId: input.bookId, title: parts.title, parts: state.content });
    const built = await buildKdpPackage({
      book: spec, state, parts: await withOwnPicture(ctx, { userId, bookId: input.bookId, parts }), closeness, release,
      epubcheck: runEpubcheckOnBytes, render: renderBounded,
      prepareCover: (art, sizes) => prepareCoverBounded(art, sizes, { handOver: true }),
      ...(input.print ?? {}),
      ...(input.bilingualSource ? { bilingualSource: input.bilingualSource } : {}),
    });
    const now = new Date();
    const made: KdpPackage = {
      title: parts.title,
      subtitle: parts.subtitle,
      author: parts.author,
      ready: built.readiness.ready,
      channels: built.readiness.channels,
      description: parts.description,
      keywords: parts.keywords,
      categories: [...parts.categories],
      steps: parts.steps.map(stepInfo),
      cost: parts.cost,
      files: [...PACKAGE_FILES],
      publish_on: release.publishOn,
      created_at: now.toISOString(),
    };
    await ctx.repos.books.savePackage({ userId, bookId: input.bookId, zip: zipPackage(built.files, now), report: made });
    return made;
  });
  // The name the package went out under (the writer's, or the pen name they asked for) stays the book's author:
  // publishing again keeps it, never paying for another name unasked.
  if (parts.author.trim() && parts.author.trim() !== state.author?.trim()) {
    const saved = await ctx.repos.books.find({ userId, id: input.bookId });
    if (saved) await ctx.repos.books.saveAuthor({ userId, key: saved.key, author: parts.author });
  }
  return { report, charged };
}

/**
 * The writer's keywords, description or categories put into the kept package: keywords.txt, description.html,
 * metadata.json and readiness.json rewritten in its zip, and its report's keywords, description and readiness
 * with the checks that read them evaluated again (engine/publish/recheck.ts). No model is called and nothing is
 * charged; the manuscript files, the covers and epubcheck's verdict are kept (none of them reads these fields,
 * except the paperback cover's back, which keeps the blurb it was made with). Null when the book has no package.
 */
export async function editPackage(ctx: AppContext, input: { userId: string; key: string; book: Pick<PublishableBook, 'spec' | 'state'>; edit: PackageEdit }): Promise<KdpPackage | null> {
  const found = await ctx.repos.books.packageZip({ userId: input.userId, key: input.key });
  const bookId = await ctx.repos.books.findBookId({ userId: input.userId, key: input.key });
  if (!found || !('channels' in found.report) || bookId === null) return null;
  const files = unzipSync(found.zip) as Record<PackageFile, Uint8Array>;
  const read = <T>(name: PackageFile): T => JSON.parse(new TextDecoder().decode(files[name])) as T;
  const keptReadiness = read<Readiness & { generator?: string; notes?: unknown }>('readiness.json');
  const { metadata, readiness } = recheckPackage({ book: input.book.spec, state: input.book.state, metadata: read<KdpMetadata>('metadata.json'), readiness: keptReadiness, edit: input.edit });
  const text = (value: string) => new TextEncoder().encode(value);
  files['description.html'] = text(`${metadata.description}\n`);
  files['keywords.txt'] = text(metadata.keywords.map((k) => `${k}\n`).join(''));
  files['metadata.json'] = text(`${JSON.stringify(metadata, null, 2)}\n`);
  // The pipeline's note on the keywords it dropped no longer applies once the writer's keywords stand.
  const { notes, generator } = keptReadiness;
  const keptNotes = input.edit.keywords && notes && typeof notes === 'object' ? Object.fromEntries(Object.entries(notes).filter(([k]) => k !== 'keywords')) : notes;
  files['readiness.json'] = text(`${JSON.stringify({ ...(generator ? { generator } : {}), ...readiness, ...(keptNotes && Object.keys(keptNotes).length ? { notes: keptNotes } : {}) }, null, 2)}\n`);
  const report: KdpPackage = { ...found.report, ready: readiness.ready, channels: readiness.channels, description: metadata.description, keywords: metadata.keywords, categories: metadata.categories };
  await ctx.repos.books.savePackage({ userId: input.userId, bookId, zip: zipPackage(files, new Date(report.created_at)), report });
  return report;
}
