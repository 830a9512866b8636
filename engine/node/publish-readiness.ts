// What a KDP package's readiness checks are given (engine/node/publish.ts): the files as made, the checkers'
// verdicts, whether the book is finished, its characters, the titles of the cover and the EPUB, the open
// continuity findings, and the release, dual-language, public-domain and closeness facts a package may carry.
import { nextStep, type BookState } from '../compile/flow.js';
import { parsedOutlineOf } from '../compile/book-outline.js';
import { partStep, stepLabel } from '../compile/labels.js';
import { parseBriefCharacters } from '../compile/brief.js';
import { openContinuityFindings } from '../session/continuity/index.js';
import { bookEnding } from '../session/ending.js';
import type { ResolvedSpec } from '../spec/types.js';
import type { PaperName, TrimName } from '../print.js';
import {
  authorshipOf,
  type AceResult,
  type Closeness,
  type CoverContent,
  type EpubcheckResult,
  type KdpMetadata,
  type PackageParts,
  type ReadinessInput,
} from '../publish/index.js';
import { epubTitle } from './import/epub.js';

/** The title the cover was drawn with and the one the EPUB names, for the title-match check. */
function titlesOf(cover: string | undefined, epub: Uint8Array): ReadinessInput['titles'] {
  const inEpub = epubTitle(epub);
  return { ...(cover !== undefined ? { cover } : {}), ...(inEpub !== undefined ? { epub: inEpub } : {}) };
}

/** The package's files and facts readiness reads, as buildKdpPackage made them. */
export interface MadePackage {
  book: ResolvedSpec;
  state: BookState;
  parts: PackageParts;
  metadata: KdpMetadata;
  epub: Uint8Array;
  docx: Uint8Array;
  epubcheck: EpubcheckResult;
  ace: AceResult;
  /** cover.jpg and what its pixels show. */
  cover: { bytes: Uint8Array; content: CoverContent };
  paperback: { pageCount: number; interior: Uint8Array; cover: Uint8Array; trim: TrimName; paper: PaperName };
  release?: ReadinessInput['release'];
  bilingual?: ReadinessInput['bilingual'];
  publicDomain?: ReadinessInput['publicDomain'];
  closeness?: Closeness;
}

/** The readiness checks' input for a package as made. */
export function readinessInputOf(made: MadePackage): ReadinessInput {
  const { book, state, parts, metadata } = made;
  const labelOf = (p: number) => stepLabel(partStep(book, p, state.totalChapters), state.lang, book);
  // Finished as it stands: every step written, or an import ending with the writer's own last part
  // (engine/session/ending.ts).
  const ending = bookEnding(book, state);
  return {
    metadata,
    isBookComplete: ending !== null,
    ...(ending ? { ending } : {}),
    authorship: authorshipOf(book, state),
    manuscriptText: state.content.join('\n\n'),
    epub: made.epub,
    docx: made.docx,
    epubcheck: made.epubcheck,
    ace: made.ace,
    incompleteParts: (state.incompleteParts ?? []).map(labelOf),
    // The eBook cover the stores get: cover.jpg, an RGB JPEG of 1.6:1.
    cover: { name: 'cover.jpg', bytes: made.cover.bytes, content: made.cover.content },
    characterNames: parseBriefCharacters(parsedOutlineOf(book, state).characters ?? '').map((c) => c.name),
    paperback: made.paperback,
    notes: {
      ...(parts.notes.title ? { title: parts.notes.title } : {}),
      ...(parts.notes.author ? { author: parts.notes.author } : {}),
    },
    titles: titlesOf(parts.coverTitle, made.epub),
    // The findings the book's Continuity panel still lists (those marked as intended left out).
    continuity: openContinuityFindings(book, state, nextStep(book, state) === null).findings.flatMap((found, p) =>
      found.map((f) => ({ part: labelOf(p), kind: f.kind })),
    ),
    ...(made.release ? { release: made.release } : {}),
    ...(made.bilingual ? { bilingual: made.bilingual } : {}),
    ...(made.publicDomain ? { publicDomain: made.publicDomain } : {}),
    ...(made.closeness
      ? { closeness: { ...made.closeness, partLabels: state.content.map((_, p) => labelOf(p)) } }
      : {}),
  };
}
