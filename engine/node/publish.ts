// Make a KDP package (Node only), in memory (the server) or as a folder (the CLI): the manuscript as EPUB
// and DOCX, the paperback's interior and wrap cover (engine/node/print), the eBook cover as an RGB JPEG,
// the description, keywords, metadata and readiness,
// checking the EPUB with epubcheck and its accessibility with DAISY Ace (engine/node/ace.ts) when they are installed.
// The pure parts (steps, HTML, rules, checks) are
// engine/publish/.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BookState } from '../compile/flow.js';
import { storyMap, storyMapHtml } from '../session/story-map/index.js';
import type { ResolvedSpec } from '../spec/types.js';
import { renderDocument } from './export/index.js';
import { bilingualPackageDocuments } from './publish-bilingual.js';
import { makeDirs } from './dirs.js';
import { runEpubcheck } from './epubcheck.js';
import { runAce } from './ace.js';
import { startedChecks } from './publish-checks.js';
import type { CoverImage } from './print/cover.js';
import type { prepareCoverArt } from './print/cover-art.js';
import { packageCovers } from './publish-covers.js';
import { packagePaperback, type PrintChoice, type PrintFacts } from './publish-paperback.js';
import { readinessInputOf } from './publish-readiness.js';
import { DEFAULT_PAPER, TRIM_SIZES, printLayoutOf, type TrimName } from '../print.js';
import {
  formatReadiness,
  packageDocument,
  packageMetadataOf,
  packageReadiness,
  readinessText,
  type AceResult,
  type Audience,
  type Closeness,
  type EpubcheckResult,
  type KdpMetadata,
  type PackageParts,
  type Readiness,
  type ReadinessInput,
} from '../publish/index.js';

export { coverContent } from './publish-covers.js';
export type { PrintChoice, PrintFacts } from './publish-paperback.js';
export { runEpubcheck, runEpubcheckOnBytes } from './epubcheck.js';
export {
  CoverPictureError,
  checkCoverPicture,
  readCoverPicture,
  type CheckedCoverPicture,
} from './print/cover-picture.js';
export { firstBytesProblem, pictureKindOf, PNG_SIZE_BYTES } from '../publish/cover-rules.js';

/** The files of a package, in the order the CLI lists them. */
export const PACKAGE_FILES = [
  'manuscript.epub',
  'manuscript.docx',
  'paperback-interior.pdf',
  'paperback-cover.pdf',
  'cover.jpg',
  'description.html',
  'keywords.txt',
  'metadata.json',
  'readiness.json',
  // The story map, a page to print or send to an editor (engine/session/story-map/html.ts).
  'story-map.html',
] as const;

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

/** What buildKdpPackage makes a package from, and the helpers it may be given. */
export interface KdpPackageInput extends PrintChoice {
  book: ResolvedSpec;
  state: BookState;
  parts: PackageParts;
  epubcheck: (epub: Uint8Array) => Promise<EpubcheckResult>;
  /**
   * Checks the EPUB's accessibility (default DAISY Ace, engine/node/ace.ts runAceOnBytes; skipped with KARYA_ACE=off).
   */
  ace?: (epub: Uint8Array, signal?: AbortSignal) => Promise<AceResult>;
  /**
   * Makes the manuscript files (default renderDocument in this thread; the server and the CLI pass the bounded export
   * pool's).
   */
  render?: typeof renderDocument;
  /**
   * Makes the covers' pictures from their art (default prepareCoverArt in this thread; the server passes the export
   * pool's, export/pool.ts prepareCoverBounded).
   */
  prepareCover?: typeof prepareCoverArt;
  /**
   * Told before each file is made, so a caller can show progress; 'epubcheck' and 'accessibility' when their verdicts
   * are waited for (the checks start with the EPUB and run while the other files are made).
   */
  onProgress?: (file: PackageFile | 'epubcheck' | 'accessibility') => void;
  /**
   * The book's place in a release schedule (karya batch --publish): metadata.json's publishOn and the readiness list's
   * date.
   */
  release?: ReadinessInput['release'];
  /** The book compared with its owner's other books (checkCloseness): readiness says how close it is. */
  closeness?: Closeness;
  /** Whose words readiness.json says its fixes in (default the studio writer's; the command line names its options). */
  audience?: Audience;
  /**
   * The source of a translated edition: the package is the dual-language book, each source paragraph followed by its
   * translation.
   */
  bilingualSource?: BookState;
}

/** The package's files written as text: description, keywords, metadata, readiness and the story map. */
function textFilesOf(
  book: ResolvedSpec,
  state: BookState,
  parts: PackageParts,
  metadata: KdpMetadata,
  readiness: Readiness,
): Record<'description.html' | 'keywords.txt' | 'metadata.json' | 'readiness.json' | 'story-map.html', Uint8Array> {
  const text = (value: string) => new TextEncoder().encode(value);
  const notes = parts.notes.keywords
    ? { notes: { keywords: readinessText(parts.notes.keywords, metadata.language) } }
    : {};
  return {
    'description.html': text(`${parts.description}\n`),
    'keywords.txt': text(parts.keywords.map((k) => `${k}\n`).join('')),
    'metadata.json': text(`${JSON.stringify(metadata, null, 2)}\n`),
    'readiness.json': text(`${JSON.stringify({ generator: book.id, ...readiness, ...notes }, null, 2)}\n`),
    'story-map.html': text(storyMapHtml(storyMap(book, state))),
  };
}

/**
 * The files of a KDP package in memory, from a book and its publishing parts: the manuscript as
 * EPUB and DOCX, the cover fitted to its package size, description, keywords, metadata and readiness
 * (with `epubcheck`'s verdict on the EPUB).
 * @example const built = await buildKdpPackage({ book: spec, state, parts, epubcheck: runEpubcheckOnBytes })
 */
export async function buildKdpPackage(input: KdpPackageInput): Promise<BuiltPackage> {
  const { book, state, parts } = input;
  const render = input.render ?? renderDocument;
  const making = input.onProgress ?? (() => undefined);
  const { layout, trim } = printLayoutOf(book.publish, input.trim);
  const paper = input.paper ?? DEFAULT_PAPER;
  const packaged = packageDocument(book, state, parts);
  const bilingual = input.bilingualSource
    ? bilingualPackageDocuments({ spec: book, source: input.bilingualSource, edition: state, packaged })
    : undefined;
  const doc = bilingual?.manuscript ?? packaged;
  making('cover.jpg');
  const covers = await packageCovers({
    book,
    state,
    parts,
    trim,
    ...(input.prepareCover ? { prepareCover: input.prepareCover } : {}),
  });
  const jpeg = covers.jpeg;
  // The EPUB carries the eBook cover as its own (readers such as Google Play Books and Kobo show it).
  making('manuscript.epub');
  const epub = await render(doc, 'epub', { cover: jpeg.bytes });
  // The EPUB's checks (epubcheck's JVM, Ace's Chromium: processes of their own) run while the DOCX and the paperback
  // are made (a file that fails gives up the Ace check); each is waited for, and told, after them.
  const epubChecks = startedChecks(epub, input.epubcheck, input.ace);
  const { docx, paperback } = await epubChecks.whileMade(async () => {
    making('manuscript.docx');
    const docx = await render(doc, 'docx');
    const { front, isLettered } = covers;
    const choices = { front, isLettered, parts, trim, layout, paper, making };
    return { docx, paperback: await packagePaperback({ doc: bilingual?.interior ?? packaged, ...choices }) };
  });
  const print = paperback.print;
  const metadata = printedMetadata(input, print.pageCount, trim);
  making('epubcheck');
  const epubcheck = await epubChecks.epubcheck;
  making('accessibility');
  const ace = await epubChecks.ace;
  making('readiness.json');
  // In the book's language (readiness.json and the summary; `text` keeps each check's words as codes).
  const readiness = packageReadiness(
    readinessInputOf({
      book,
      state,
      parts,
      metadata,
      epub,
      docx,
      epubcheck,
      ace,
      cover: { bytes: jpeg.bytes, content: covers.content },
      paperback: { pageCount: print.pageCount, interior: paperback.interior, cover: paperback.cover, trim, paper },
      ...(input.release ? { release: input.release } : {}),
      ...(bilingual ? { bilingual: bilingual.readiness } : {}),
      ...(packaged.edition ? { publicDomain: packaged.edition } : {}),
      ...(input.closeness ? { closeness: input.closeness } : {}),
    }),
    metadata.language,
    input.audience,
  );
  const files: Record<PackageFile, Uint8Array> = {
    'manuscript.epub': epub,
    'manuscript.docx': docx,
    'paperback-interior.pdf': paperback.interior,
    'paperback-cover.pdf': paperback.cover,
    'cover.jpg': jpeg.bytes,
    ...textFilesOf(book, state, parts, metadata, readiness),
  };
  const { bytes: _bytes, ...coverImage } = jpeg;
  return {
    files,
    coverImage,
    print,
    metadata,
    readiness,
    summary: formatReadiness(readiness, metadata.language, input.audience === 'batch' ? 'batch' : 'cli'),
  };
}

/** The package's metadata with the paperback's real page count (readiness checks the range) and its trim. */
function printedMetadata(input: KdpPackageInput, pageCount: number, trim: TrimName): KdpMetadata {
  const { book, state, parts, release } = input;
  const metadata = packageMetadataOf(book, state, parts, {
    pageCount,
    ...(release ? { publishOn: release.publishOn } : {}),
  });
  metadata.printTrim = `${TRIM_SIZES[trim].width} x ${TRIM_SIZES[trim].height} in`;
  return metadata;
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
export async function writeKdpPackage(
  input: {
    dir: string;
    book: ResolvedSpec;
    state: BookState;
    parts: PackageParts;
    /** Checks the written EPUB (default runEpubcheck; tests may stub it). */
    epubcheck?: (file: string) => Promise<EpubcheckResult>;
    /** Checks the written EPUB's accessibility (default runAce, DAISY Ace; tests may stub it). */
    ace?: (file: string, signal?: AbortSignal) => Promise<AceResult>;
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
  } & PrintChoice,
): Promise<WrittenPackage> {
  const { dir, book, state, parts } = input;
  makeDirs(dir);
  const at = (name: string) => path.join(dir, name);
  let isWritten = false;
  const written = (epub: Uint8Array) => {
    if (!isWritten) writeFileSync(at('manuscript.epub'), epub);
    isWritten = true;
    return at('manuscript.epub');
  };
  const built = await buildKdpPackage({
    book,
    state,
    parts,
    ...(input.render ? { render: input.render } : {}),
    ...(input.closeness ? { closeness: input.closeness } : {}),
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
    ...(input.trim ? { trim: input.trim } : {}),
    ...(input.paper ? { paper: input.paper } : {}),
    ...(input.release ? { release: input.release } : {}),
    ...(input.audience ? { audience: input.audience } : {}),
    ...(input.bilingualSource ? { bilingualSource: input.bilingualSource } : {}),
    // Both checks read the EPUB where the package keeps it, written once, before either starts.
    epubcheck: (epub) => (input.epubcheck ?? runEpubcheck)(written(epub)),
    ace: (epub, signal) => (input.ace ?? runAce)(written(epub), signal),
  });
  for (const name of PACKAGE_FILES) writeFileSync(at(name), built.files[name]);
  return {
    dir,
    files: [...PACKAGE_FILES],
    coverImage: built.coverImage,
    print: built.print,
    metadata: built.metadata,
    readiness: built.readiness,
    summary: built.summary,
  };
}
