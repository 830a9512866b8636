// Make a KDP package (Node only), in memory (the server) or as a folder (the CLI): the manuscript as EPUB
// and DOCX, the paperback's interior and wrap cover (engine/node/print), the eBook cover as an RGB JPEG,
// the description, keywords, metadata and readiness,
// checking the EPUB with epubcheck and its accessibility with DAISY Ace (engine/node/ace.ts) when they are installed. The pure parts (steps, HTML, rules, checks) are
// engine/publish/.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { nextStep, type BookState } from '../compile/flow.js';
import { parsedOutlineOf } from '../compile/book-outline.js';
import { partStep, stepLabel } from '../compile/labels.js';
import { parseBriefCharacters } from '../compile/brief.js';
import { openContinuityFindings } from '../session/continuity/index.js';
import { storyMap, storyMapHtml } from '../session/story-map/index.js';
import { bookEnding } from '../session/ending.js';
import type { ResolvedSpec } from '../spec/types.js';
import { renderDocument } from './export/index.js';
import { bilingualPackageDocuments } from './publish-bilingual.js';
import { epubTitle } from './import/epub.js';
import { makeDirs } from './dirs.js';
import { findOnPath } from './java.js';
import { runEpubcheckCommand } from './epubcheck-server.js';
import { runAce, runAceOnBytes } from './ace.js';
import { renderBookPdf } from './print/book.js';
import { ebookCoverSize, renderWrapCover, wrapFrontPx, type CoverImage } from './print/cover.js';
import { FLAT_SPREAD, prepareCoverArt } from './print/cover-art.js';
import { renderTypographicCover, typographicFactsOf, wrapFrontSafeArea } from './print/typographic.js';
import { DEFAULT_PAPER, TRIM_SIZES, printLayoutOf, type PaperName, type TrimName } from '../print.js';
import {
  authorshipOf, formatReadiness, packageDocument, packageMetadataOf, packageReadiness, readinessText, say,
  type AceResult, type Audience, type Closeness, type CoverContent, type EpubcheckResult, type KdpMetadata, type PackageParts, type Readiness, type ReadinessInput,
} from '../publish/index.js';

export { CoverPictureError, checkCoverPicture, readCoverPicture, type CheckedCoverPicture } from './print/cover-picture.js';
export { firstBytesProblem, pictureKindOf, PNG_SIZE_BYTES } from '../publish/cover-rules.js';

/** The files of a package, in the order the CLI lists them. */
export const PACKAGE_FILES = [
  'manuscript.epub', 'manuscript.docx', 'paperback-interior.pdf', 'paperback-cover.pdf', 'cover.jpg', 'description.html', 'keywords.txt', 'metadata.json', 'readiness.json',
  // The story map, a page to print or send to an editor (engine/session/story-map/html.ts).
  'story-map.html',
] as const;

/** The paperback's choices: trim size and paper (default 6 × 9 in, white). */
export interface PrintChoice {
  /** 6x9, 5.5x8.5 or 5x8 (default: the trim of the book's layout, publish.layout: 6x9, or 5.5x8.5 for a children's book). */
  trim?: TrimName;
  /** white (default) or cream. */
  paper?: PaperName;
}

/** The paperback as made: the interior's real page count and what the wrap cover was sized for. */
export interface PrintFacts {
  /** Pages of paperback-interior.pdf, blank pages included (always even). */
  pageCount: number;
  trim: TrimName;
  paper: PaperName;
  /** KDP's minimum gutter for that page count, in inches. */
  gutterIn: number;
  /** The spine's width, in inches, and whether it carries the title and author (79 pages or more, where the type fits with KDP's clearance). */
  spineIn: number;
  hasSpineText: boolean;
  /** The wrap cover's page size, in points. */
  coverPt: { width: number; height: number };
}

/**
 * epubcheck's verdict on an EPUB file: pass (no errors), fail (its first errors), or skipped with the
 * reason when epubcheck (Debian: `apt install epubcheck`) or Java is not installed. Debian's epubcheck (a jar)
 * runs in the process's long-lived JVM (engine/node/epubcheck-server.ts).
 */
export async function runEpubcheck(file: string): Promise<EpubcheckResult> {
  const found = findOnPath('epubcheck');
  if (!found) return { status: 'skipped', detail: say('epubcheck.not-installed') };
  // Messages name the file as given, or by its whole path (the long-lived JVM): both become its name alone.
  const { stdout, stderr, failure } = await runEpubcheckCommand(found, file);
  const output = `${stdout}\n${stderr}`;
  const summary = /Messages:\s*(\d+) fatals?\s*\/\s*(\d+) errors?\s*\/\s*(\d+) warnings?/i.exec(output);
  if (!summary) {
    const reason = failure?.kind === 'missing' ? say('epubcheck.command-missing', { command: failure.command })
      : failure?.kind === 'timed-out' ? say('epubcheck.timed-out', { seconds: failure.seconds })
      : failure ? say('verbatim', { text: failure.message }) : say('epubcheck.no-summary');
    return { status: 'skipped', detail: say('epubcheck.did-not-run', { reason }) };
  }
  const [fatals, errors, warnings] = [Number(summary[1]), Number(summary[2]), Number(summary[3])];
  const messages = output.split('\n').filter((l) => /^(FATAL|ERROR|WARNING)\(/.test(l.trim())).slice(0, 5).map((l) => l.trim().replace(path.resolve(file), path.basename(file)).replace(file, path.basename(file)));
  const counts = { fatals, errors, warnings };
  const detail = messages.length ? say('epubcheck.counts-messages', { ...counts, messages: messages.join(' | ') }) : say('epubcheck.counts', counts);
  return { status: fatals + errors === 0 ? 'pass' : 'fail', detail };
}

/**
 * The paperback facts a build may carry: the interior's real page count (`pageCount`, a number) and the
 * two PDFs when the print side made them. Absent in a build without a paperback.
 */
function paperbackOf(source: { pageCount?: unknown; interior?: unknown; cover?: unknown }): { pageCount?: number; interior?: Uint8Array; cover?: Uint8Array } {
  return {
    ...(typeof source.pageCount === 'number' && Number.isFinite(source.pageCount) ? { pageCount: source.pageCount } : {}),
    ...(source.interior instanceof Uint8Array ? { interior: source.interior } : {}),
    ...(source.cover instanceof Uint8Array ? { cover: source.cover } : {}),
  };
}

/** What the cover's pixels show, for readiness: one flat colour, and the size of the art it was made from. */
export async function coverContent(art: Uint8Array, cover: Uint8Array): Promise<CoverContent> {
  const [{ width = 0, height = 0 }, { channels }] = await Promise.all([sharp(art).metadata(), sharp(cover).stats()]);
  return { isFlat: channels.every((c) => c.stdev < FLAT_SPREAD), source: { width, height } };
}

/** The title the cover was drawn with and the one the EPUB names, for the title-match check. */
function titlesOf(cover: string | undefined, epub: Uint8Array): ReadinessInput['titles'] {
  const inEpub = epubTitle(epub);
  return { ...(cover !== undefined ? { cover } : {}), ...(inEpub !== undefined ? { epub: inEpub } : {}) };
}

/** The files of a package in memory, by name (PACKAGE_FILES), with its metadata and readiness. */
export interface BuiltPackage {
  files: Record<PackageFile, Uint8Array>;
  /** cover.jpg as made: format, width, height and channels (3, RGB) for the readiness checks. */
  coverImage: Omit<CoverImage, 'bytes'>;
  /** The paperback: `print.pageCount` is the interior's real page count. */
  print: PrintFacts;
  metadata: KdpMetadata;
  readiness: Readiness;
  /** readiness as lines for a terminal. */
  summary: string;
}

export type PackageFile = (typeof PACKAGE_FILES)[number];

/**
 * epubcheck's verdict on an EPUB in memory: written to a temporary folder for the check and removed after
 * (the server's packages are never written to disk).
 */
export async function runEpubcheckOnBytes(epub: Uint8Array): Promise<EpubcheckResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-epubcheck-'));
  try {
    const file = path.join(dir, 'manuscript.epub');
    writeFileSync(file, epub);
    return await runEpubcheck(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The files of a KDP package in memory, from a book and its publishing parts: the manuscript as
 * EPUB and DOCX, the cover fitted to its package size, description, keywords, metadata and readiness
 * (with `epubcheck`'s verdict on the EPUB).
 * @example const built = await buildKdpPackage({ book: spec, state, parts, epubcheck: runEpubcheckOnBytes })
 */
export async function buildKdpPackage(input: {
  book: ResolvedSpec;
  state: BookState;
  parts: PackageParts;
  epubcheck: (epub: Uint8Array) => Promise<EpubcheckResult>;
  /** Checks the EPUB's accessibility (default DAISY Ace, engine/node/ace.ts runAceOnBytes; skipped with KARYA_ACE=off). */
  ace?: (epub: Uint8Array) => Promise<AceResult>;
  /** Makes the manuscript files (default renderDocument in this thread; the server and the CLI pass the bounded export pool's). */
  render?: typeof renderDocument;
  /** Makes the covers' pictures from their art (default prepareCoverArt in this thread; the server passes the export pool's, export/pool.ts prepareCoverBounded). */
  prepareCover?: typeof prepareCoverArt;
  /** Told before each file is made (and before the EPUB check), so a caller can show progress. */
  onProgress?: (file: PackageFile | 'epubcheck' | 'accessibility') => void;
  /** The book's place in a release schedule (karya batch --publish): metadata.json's publishOn and the readiness list's date. */
  release?: ReadinessInput['release'];
  /** The book compared with its owner's other books (checkCloseness): readiness says how close it is. */
  closeness?: Closeness;
  /** Whose words readiness.json says its fixes in (default the studio writer's; the command line names its options). */
  audience?: Audience;
  /** The source of a translated edition: the package is the dual-language book, each source paragraph followed by its translation. */
  bilingualSource?: BookState;
} & PrintChoice): Promise<BuiltPackage> {
  const { book, state, parts } = input;
  const render = input.render ?? renderDocument;
  const making = input.onProgress ?? (() => undefined);
  const { layout, trim } = printLayoutOf(book.publish, input.trim);
  const paper = input.paper ?? DEFAULT_PAPER;
  const packaged = packageDocument(book, state, parts);
  const bilingual = input.bilingualSource ? bilingualPackageDocuments({ spec: book, source: input.bilingualSource, edition: state, packaged }) : undefined;
  const doc = bilingual?.manuscript ?? packaged;
  making('cover.jpg');
  const coverSize = ebookCoverSize(parts.cover.size);
  // No picture (a typographic cover): lettered at the eBook's size, and again at the wrap's front panel.
  const lettered = parts.cover.png ? undefined : typographicFactsOf(book, state, parts);
  const art = parts.cover.png ?? renderTypographicCover(lettered!, coverSize);
  // The art is decoded once for the eBook cover and the wrap's front panel (a lettered wrap has its own art), in
  // an export thread on a server, off the request loop.
  const prepareCover = input.prepareCover ?? prepareCoverArt;
  const prepared = await prepareCover(art, { ebook: coverSize, ...(lettered ? {} : { front: wrapFrontPx(trim) }) });
  const front = lettered ? (await prepareCover(renderTypographicCover(lettered, wrapFrontPx(trim), wrapFrontSafeArea()), { front: wrapFrontPx(trim) })).front! : prepared.front!;
  const jpeg = prepared.ebook!;
  // The EPUB carries the eBook cover as its own (readers such as Google Play Books and Kobo show it).
  making('manuscript.epub');
  const epub = await render(doc, 'epub', { cover: jpeg.bytes });
  making('manuscript.docx');
  const docx = await render(doc, 'docx');
  making('paperback-interior.pdf');
  const interior = await renderBookPdf(bilingual?.interior ?? packaged, { trim, layout, isPrint: true });
  making('paperback-cover.pdf');
  const wrap = await renderWrapCover({
    front, isLettered: lettered !== undefined, title: parts.title, author: parts.author, description: parts.description, lang: packaged.lang, trim, paper, pageCount: interior.pageCount,
  });
  const print: PrintFacts = {
    pageCount: interior.pageCount, trim, paper, gutterIn: interior.gutterIn, spineIn: wrap.spineIn, hasSpineText: wrap.hasSpineText,
    coverPt: { width: wrap.width, height: wrap.height },
  };
  // The paperback's real page count (readiness checks the page range with it) and the trim it was made at.
  const metadata = packageMetadataOf(book, state, parts, { pageCount: print.pageCount, ...(input.release ? { publishOn: input.release.publishOn } : {}) });
  metadata.printTrim = `${TRIM_SIZES[trim].width} x ${TRIM_SIZES[trim].height} in`;
  const text = (value: string) => new TextEncoder().encode(value);
  making('epubcheck');
  const epubcheck = await input.epubcheck(epub);
  making('accessibility');
  const ace = await (input.ace ?? runAceOnBytes)(epub);
  making('readiness.json');
  // Finished as it stands: every step written, or an import ending with the writer's own last part (engine/session/ending.ts).
  const ending = bookEnding(book, state);
  // In the book's language (readiness.json and the summary; `text` keeps each check's words as codes).
  const readiness = packageReadiness({
    metadata, isBookComplete: ending !== null, ...(ending ? { ending } : {}), authorship: authorshipOf(book, state), manuscriptText: state.content.join('\n\n'), epub, docx, epubcheck, ace,
    incompleteParts: (state.incompleteParts ?? []).map((p) => stepLabel(partStep(book, p, state.totalChapters), state.lang, book)),
    // The eBook cover the stores get: cover.jpg, an RGB JPEG of 1.6:1.
    cover: { name: 'cover.jpg', bytes: jpeg.bytes, content: prepared.content! },
    characterNames: parseBriefCharacters(parsedOutlineOf(book, state).characters ?? '').map((c) => c.name),
    paperback: { pageCount: interior.pageCount, interior: interior.bytes, cover: wrap.bytes, trim, paper },
    notes: { ...(parts.notes.title ? { title: parts.notes.title } : {}), ...(parts.notes.author ? { author: parts.notes.author } : {}) },
    titles: titlesOf(parts.coverTitle, epub),
    // The findings the book's Continuity panel still lists (those marked as intended left out).
    continuity: openContinuityFindings(book, state, nextStep(book, state) === null).findings.flatMap((found, p) => found.map((f) => ({ part: stepLabel(partStep(book, p, state.totalChapters), state.lang, book), kind: f.kind }))),
    ...(input.release ? { release: input.release } : {}),
    ...(bilingual ? { bilingual: bilingual.readiness } : {}),
    ...(packaged.edition ? { publicDomain: packaged.edition } : {}),
    ...(input.closeness ? { closeness: { ...input.closeness, partLabels: state.content.map((_, p) => stepLabel(partStep(book, p, state.totalChapters), state.lang, book)) } } : {}),
  }, metadata.language, input.audience);
  const files: Record<PackageFile, Uint8Array> = {
    'manuscript.epub': epub,
    'manuscript.docx': docx,
    'paperback-interior.pdf': interior.bytes,
    'paperback-cover.pdf': wrap.bytes,
    'cover.jpg': jpeg.bytes,
    'description.html': text(`${parts.description}\n`),
    'keywords.txt': text(parts.keywords.map((k) => `${k}\n`).join('')),
    'metadata.json': text(`${JSON.stringify(metadata, null, 2)}\n`),
    'readiness.json': text(`${JSON.stringify({ generator: book.id, ...readiness, ...(parts.notes.keywords ? { notes: { keywords: readinessText(parts.notes.keywords, metadata.language) } } : {}) }, null, 2)}\n`),
    'story-map.html': text(storyMapHtml(storyMap(book, state))),
  };
  const { bytes: _bytes, ...coverImage } = jpeg;
  return { files, coverImage, print, metadata, readiness, summary: formatReadiness(readiness, metadata.language, input.audience === 'batch' ? 'batch' : 'cli') };
}

export interface WrittenPackage {
  dir: string;
  files: string[];
  coverImage: BuiltPackage['coverImage'];
  print: PrintFacts;
  metadata: KdpMetadata;
  readiness: Readiness;
  /** readiness as lines for a terminal. */
  summary: string;
}

/**
 * Write the files of a KDP package into `dir` from a book and its publishing parts.
 * @example await writeKdpPackage({ dir: 'pkg', book: spec, state: session.state, parts: await writePackageParts({…}) })
 */
export async function writeKdpPackage(input: {
  dir: string;
  book: ResolvedSpec;
  state: BookState;
  parts: PackageParts;
  /** Checks the written EPUB (default runEpubcheck; tests may stub it). */
  epubcheck?: (file: string) => Promise<EpubcheckResult>;
  /** Checks the written EPUB's accessibility (default runAce, DAISY Ace; tests may stub it). */
  ace?: (file: string) => Promise<AceResult>;
  /** Makes the manuscript files (default renderDocument in this thread). */
  render?: typeof renderDocument;
  /** Told before each file is made (buildKdpPackage). */
  onProgress?: (file: PackageFile | 'epubcheck' | 'accessibility') => void;
  /** The book's place in a release schedule (buildKdpPackage). */
  release?: ReadinessInput['release'];
  closeness?: Closeness;
  /** Whose words readiness.json says its fixes in (buildKdpPackage). */
  audience?: Audience;
  /** The source of a translated edition, for the dual-language package (buildKdpPackage). */
  bilingualSource?: BookState;
} & PrintChoice): Promise<WrittenPackage> {
  const { dir, book, state, parts } = input;
  makeDirs(dir);
  const at = (name: string) => path.join(dir, name);
  // epubcheck reads the EPUB where the package keeps it.
  const built = await buildKdpPackage({
    book, state, parts, ...(input.render ? { render: input.render } : {}), ...(input.closeness ? { closeness: input.closeness } : {}), ...(input.onProgress ? { onProgress: input.onProgress } : {}), ...(input.trim ? { trim: input.trim } : {}), ...(input.paper ? { paper: input.paper } : {}),
    ...(input.release ? { release: input.release } : {}), ...(input.audience ? { audience: input.audience } : {}),
    ...(input.bilingualSource ? { bilingualSource: input.bilingualSource } : {}),
    epubcheck: async (epub) => {
      writeFileSync(at('manuscript.epub'), epub);
      return (input.epubcheck ?? runEpubcheck)(at('manuscript.epub'));
    },
    // Ace reads the file epubcheck has just read (written above).
    ace: () => (input.ace ?? runAce)(at('manuscript.epub')),
  });
  for (const name of PACKAGE_FILES) writeFileSync(at(name), built.files[name]);
  return { dir, files: [...PACKAGE_FILES], coverImage: built.coverImage, print: built.print, metadata: built.metadata, readiness: built.readiness, summary: built.summary };
}
