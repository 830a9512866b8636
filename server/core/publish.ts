// A finished book's KDP package on the server: the engine's publishing steps (engine/publish), each one
// charged like a generation step (publish-charges.ts), the files made in memory (engine/node/publish.ts), zipped
// and kept with the book for download (publish-package.ts). Which book can be published: publishable.ts. The HTTP
// side is routes/publish.ts.
import { bookDocument, bookTitleOf, printLayoutOf, type BookState, type TrimName } from '../../engine/index.js';
import type { KdpPackage, PublishStepInfo } from '../../engine/contract/index.js';
import { loadPublishFiles, prepareCoverBounded, renderBounded, type PrintChoice } from '../../engine/node.js';
import { RELEASES_PER_DAY, type Closeness } from '../../engine/index.js';
import { publishStepsOf, writePackageParts, type GivenFacts, type PackageStepDone } from '../../engine/index.js';
import type { AppContext } from './context.js';
import type { Provider } from '../../engine/index.js';
import { bookFingerprintKey } from '../store/queries/fingerprints.js';
import { scheduleReleases } from './release.js';
import { openNearDuplicates } from './near-duplicates.js';
import { publishGate } from './publish-gate.js';
import { PICTURE_TO_READ, withOwnPicture } from './publish-cover.js';
import { chargedPublishStep, releaseReserved, reservePublish } from './publish-charges.js';
import { zipPackage } from './publish-package.js';
import type { PublishableBook } from './publishable.js';

export { ownCoverOf } from './publish-cover.js';

const { buildKdpPackage, PACKAGE_FILES, runEpubcheckOnBytes } = await loadPublishFiles();

const stepInfo = (s: PackageStepDone): PublishStepInfo => ({
  part: s.part,
  generator_id: s.generatorId,
  cost: s.cost,
  ...(s.skipped ? { skipped: s.skipped } : {}),
});

/**
 * What publishing a book costs before anything is spent: its steps and their credits. `hasOwnCover`: the
 * writer gave a picture (the cover step is skipped); the steps need only know that, not its bytes.
 */
export function publishQuote(
  ctx: AppContext,
  book: PublishableBook,
  given: Pick<GivenFacts, 'author' | 'title'> & { hasOwnCover?: boolean } = {},
): { steps: PublishStepInfo[]; cost: number; trim: TrimName } {
  const facts: GivenFacts = {
    ...(given.author ? { author: given.author } : {}),
    ...(given.title ? { title: given.title } : {}),
    ...(given.hasOwnCover ? { cover: { kind: 'picture', image: new Uint8Array(0) } } : {}),
  };
  const specOf = (id: string) => ctx.catalog.get(id);
  const planned = publishStepsOf({ book: book.spec, state: book.state, specOf, given: facts });
  // The trim the package is made at when the writer picks none (a children's book: its own layout's).
  const { trim } = printLayoutOf(book.spec.kind === 'book' ? book.spec.publish : undefined);
  return { steps: planned.steps.map(stepInfo), cost: planned.cost, trim };
}

/**
 * A book compared with its owner's other finished books before it is published, and kept among them (the
 * readiness checks not-too-close and reused-passages). Kept by id (`book:<id>`): a book type's key passes to
 * the next book on Start New, an id stays with its book.
 */
async function nearDuplicatesOf(
  ctx: AppContext,
  input: { userId: string; bookId: number; title: string; parts: readonly string[] },
): Promise<Closeness> {
  const catalogue = await openNearDuplicates(ctx.repos, input.userId, { nameOf: (e) => e.key.replace(/^book:/, '') });
  const { bookId, title, parts } = input;
  return catalogue.check({ key: bookFingerprintKey(bookId), book: String(bookId), title, parts });
}

/**
 * The book's place in the owner's release plan: the first day from today (UTC) with fewer than the daily limit
 * of new titles, counting the days the owner's other packages already took (republishing a book keeps no slot
 * of its own: its package is replaced). Two publishes at once may share a slot (reservePublish keeps a user's
 * publishes apart only while charging): the limit is advice for the writer, the store enforces its own.
 */
async function releaseOf(
  ctx: AppContext,
  input: { userId: string; bookId: number },
): Promise<{ publishOn: string; perDay: number; nthThatDay: number }> {
  const today = new Date().toISOString().slice(0, 10);
  const perDay = RELEASES_PER_DAY.default;
  const bookIds = [input.bookId];
  const [planned] = await scheduleReleases(ctx.repos.books, { userId: input.userId, bookIds, perDay, today });
  return { ...planned!, perDay };
}

/** The package's report, as the writer reads it: its facts, readiness, steps, files and release day. */
function packageReport(
  parts: Awaited<ReturnType<typeof writePackageParts>>,
  readiness: Pick<KdpPackage, 'ready' | 'channels'>,
  publishOn: string,
  now: Date,
): KdpPackage {
  return {
    title: parts.title,
    subtitle: parts.subtitle,
    author: parts.author,
    ready: readiness.ready,
    channels: readiness.channels,
    description: parts.description,
    keywords: parts.keywords,
    categories: [...parts.categories],
    steps: parts.steps.map(stepInfo),
    cost: parts.cost,
    files: [...PACKAGE_FILES],
    publish_on: publishOn,
    created_at: now.toISOString(),
  };
}

/**
 * Publish a finished book: run and charge its steps, make and zip the files, keep the zip with the book.
 * Answers the package's report and the credits charged.
 */
export async function publishBook(
  ctx: AppContext,
  input: {
    userId: string;
    bookId: number;
    book: PublishableBook;
    given: Pick<GivenFacts, 'author' | 'title' | 'aiText'>;
    hasOwnCover?: boolean;
    print?: PrintChoice;
    bilingualSource?: BookState;
    provider?: Provider;
  },
): Promise<{ report: KdpPackage; charged: number }> {
  const { userId, book } = input;
  const { spec, state } = book;
  let charged = 0;
  const bookTitle = bookDocument(spec, state).title;
  const hasOwnCover = input.hasOwnCover === true;
  const { author, title } = input.given;
  const quoted = publishQuote(ctx, book, { ...(author ? { author } : {}), ...(title ? { title } : {}), hasOwnCover });
  const reserved = await reservePublish(ctx, { userId, lang: state.lang, bookTitle, steps: quoted.steps });
  // The writer's picture skips the cover step; its bytes are read in the build's turn (withOwnPicture), not before.
  const given: GivenFacts = { ...input.given, ...(hasOwnCover ? { cover: PICTURE_TO_READ } : {}) };
  // Kept in Content History under the book, with its parts (the title its parts are kept under).
  const runStep = chargedPublishStep(ctx, {
    userId,
    lang: state.lang,
    bookTitle,
    historyBook: bookTitleOf(spec, state),
    onCharged: (n) => (charged += n),
    reserved,
    ...(input.provider ? { provider: input.provider } : {}),
  });
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
    const bookId = input.bookId;
    const closeness = await nearDuplicatesOf(ctx, { userId, bookId, title: parts.title, parts: state.content });
    const built = await buildKdpPackage({
      book: spec,
      state,
      parts: await withOwnPicture(ctx, { userId, bookId, parts }),
      closeness,
      release,
      epubcheck: runEpubcheckOnBytes,
      render: renderBounded,
      prepareCover: (art, sizes) => prepareCoverBounded(art, sizes, { handOver: true }),
      ...(input.print ?? {}),
      ...(input.bilingualSource ? { bilingualSource: input.bilingualSource } : {}),
    });
    const now = new Date();
    const made = packageReport(parts, built.readiness, release.publishOn, now);
    await ctx.repos.books.savePackage({ userId, bookId, zip: zipPackage(built.files, now), report: made });
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
