// The covers of a KDP package (engine/node/publish.ts): the eBook cover (cover.jpg, an RGB JPEG) and the
// wrap's front panel art, from the book's picture or, without one, lettered (a typographic cover) at each
// size; and what the cover's pixels show, for readiness. Covers made are kept by what they were made from (the
// picture, or the lettering's drawings) and their sizes: the same art makes the same covers again.
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
 * Covers made, by the SHA-256 of what they were made from: a picture's bytes with the two sizes asked for, or a
 * lettered pair's two drawings (the eBook cover's SVG and the front panel's: every fact their pixels depend on, sizes
 * included). The same art at the same sizes makes the same bytes every time, so a book published again (a correction
 * of its metadata, another paper), or a batch's books of one genre with the offline provider's one picture for it, are
 * not decoded, resized, encoded and measured again. The most recently used few are kept (a package's pair is ~0.2-2 MB
 * of JPEG).
 */
const made = new Map<string, PackageCovers>();
const KEPT = 8;

/** Covers kept under `key`, their bytes copied (the caller owns what it is given), dated as just used. */
function keptCovers(key: string): PackageCovers | undefined {
  const kept = made.get(key);
  if (!kept) return undefined;
  made.delete(key);
  made.set(key, kept);
  return {
    jpeg: { ...kept.jpeg, bytes: kept.jpeg.bytes.slice() },
    front: { ...kept.front, jpeg: kept.front.jpeg.slice() },
    isLettered: kept.isLettered,
    content: { ...kept.content, source: { ...kept.content.source } },
  };
}

/** Keep covers just made under `key`, and hand out a copy of them (the kept bytes are never the caller's). */
function keepCovers(key: string, covers: PackageCovers): PackageCovers {
  if (made.size >= KEPT) made.delete(made.keys().next().value!);
  made.set(key, covers);
  return keptCovers(key)!;
}

/**
 * Make a package's covers from its parts: the picture's art decoded once for the eBook cover and the wrap's
 * front panel (a lettered wrap has its own art), by `prepareCover` (an export thread on a server, off the
 * request loop); covers made before from the same art at the same sizes are those covers again.
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
  const frontSize = wrapFrontPx(trim);
  const prepareCover = input.prepareCover ?? prepareCoverArt;
  const picture = parts.cover.png;
  if (picture) {
    const sizes = `picture ${coverSize.width}x${coverSize.height} ${frontSize.width}x${frontSize.height}\n`;
    const key = createHash('sha256').update(sizes).update(picture).digest('hex');
    const kept = keptCovers(key);
    if (kept) return kept;
    const prepared = await prepareCover(picture, { ebook: coverSize, front: frontSize });
    return keepCovers(key, {
      jpeg: prepared.ebook!,
      front: prepared.front!,
      isLettered: false,
      content: prepared.content!,
    });
  }
  // No picture (a typographic cover): lettered at the eBook's size, and again at the wrap's front panel.
  const facts = typographicFactsOf(book, state, parts);
  const drawings = [
    typographicCoverDrawing(facts, coverSize),
    typographicCoverDrawing(facts, frontSize, wrapFrontSafeArea()),
  ];
  const key = createHash('sha256')
    .update(`lettered\n${drawings.join('\n')}`)
    .digest('hex');
  const kept = keptCovers(key);
  if (kept) return kept;
  const ebook = await prepareCover(drawTypographicCover(drawings[0]!), { ebook: coverSize });
  const front = await prepareCover(drawTypographicCover(drawings[1]!), { front: frontSize });
  return keepCovers(key, { jpeg: ebook.ebook!, front: front.front!, isLettered: true, content: ebook.content! });
}
