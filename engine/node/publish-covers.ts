// The covers of a KDP package (engine/node/publish.ts): the eBook cover (cover.jpg, an RGB JPEG) and the
// wrap's front panel art, from the book's picture or, without one, lettered (a typographic cover) at each
// size; and what the cover's pixels show, for readiness. Lettered covers made are kept by what they draw: a book
// published again with the same title, author and series (a correction of its metadata, another trim's interior, a
// second language with the same words on its cover) is not lettered, encoded and measured anew.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { BookState } from '../compile/flow.js';
import type { ResolvedSpec } from '../spec/types.js';
import type { TrimName } from '../print.js';
import type { CoverContent, PackageParts } from '../publish/index.js';
import { ebookCoverSize, wrapFrontPx, type CoverImage, type FrontArt } from './print/cover.js';
import { FLAT_SPREAD, prepareCoverArt } from './print/cover-art.js';
import {
  drawTypographicCover,
  typographicCoverDrawing,
  typographicFactsOf,
  wrapFrontSafeArea,
} from './print/typographic.js';

/** What the cover's pixels show, for readiness: one flat colour, and the size of the art it was made from. */
export async function coverContent(art: Uint8Array, cover: Uint8Array): Promise<CoverContent> {
  const [{ width = 0, height = 0 }, { channels }] = await Promise.all([sharp(art).metadata(), sharp(cover).stats()]);
  return { isFlat: channels.every((c) => c.stdev < FLAT_SPREAD), source: { width, height } };
}

/** A package's covers as made: the eBook cover, the wrap's front panel, and what the eBook cover shows. */
export interface PackageCovers {
  /** cover.jpg: the eBook cover at its package size. */
  jpeg: CoverImage;
  /** The wrap cover's front panel art, at the trim's front size. */
  front: FrontArt;
  /** Whether the covers are lettered (no picture): the wrap draws its lettered front as it is. */
  isLettered: boolean;
  content: CoverContent;
}

/**
 * Lettered covers made, by the SHA-256 of their two drawings (the eBook cover's SVG and the front panel's: every fact
 * their pixels depend on, sizes included): the covers made from them are the same bytes every time. The most
 * recently used few are kept (a package's pair is ~0.2-0.5 MB of JPEG).
 */
const lettered = new Map<string, Omit<PackageCovers, 'isLettered'>>();
const LETTERED_KEPT = 8;

/** A kept pair, its bytes copied (the caller owns what it is given), dated as just used. */
function keptLettered(key: string): PackageCovers | undefined {
  const kept = lettered.get(key);
  if (!kept) return undefined;
  lettered.delete(key);
  lettered.set(key, kept);
  return {
    jpeg: { ...kept.jpeg, bytes: kept.jpeg.bytes.slice() },
    front: { ...kept.front, jpeg: kept.front.jpeg.slice() },
    isLettered: true,
    content: { ...kept.content, source: { ...kept.content.source } },
  };
}

/**
 * Make a package's covers from its parts: the picture's art decoded once for the eBook cover and the wrap's
 * front panel (a lettered wrap has its own art), by `prepareCover` (an export thread on a server, off the
 * request loop).
 */
export async function packageCovers(input: {
  book: ResolvedSpec;
  state: BookState;
  parts: PackageParts;
  trim: TrimName;
  prepareCover?: typeof prepareCoverArt;
}): Promise<PackageCovers> {
  const { book, state, parts, trim } = input;
  const coverSize = ebookCoverSize(parts.cover.size);
  const prepareCover = input.prepareCover ?? prepareCoverArt;
  if (parts.cover.png) {
    const prepared = await prepareCover(parts.cover.png, { ebook: coverSize, front: wrapFrontPx(trim) });
    return { jpeg: prepared.ebook!, front: prepared.front!, isLettered: false, content: prepared.content! };
  }
  // No picture (a typographic cover): lettered at the eBook's size, and again at the wrap's front panel.
  const facts = typographicFactsOf(book, state, parts);
  const frontSize = wrapFrontPx(trim);
  const drawings = [
    typographicCoverDrawing(facts, coverSize),
    typographicCoverDrawing(facts, frontSize, wrapFrontSafeArea()),
  ];
  const key = createHash('sha256').update(drawings.join('\n')).digest('hex');
  const kept = keptLettered(key);
  if (kept) return kept;
  const ebook = await prepareCover(drawTypographicCover(drawings[0]!), { ebook: coverSize });
  const front = await prepareCover(drawTypographicCover(drawings[1]!), { front: frontSize });
  const made = { jpeg: ebook.ebook!, front: front.front!, content: ebook.content! };
  if (lettered.size >= LETTERED_KEPT) lettered.delete(lettered.keys().next().value!);
  lettered.set(key, made);
  return keptLettered(key)!;
}
