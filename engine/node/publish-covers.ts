// The covers of a KDP package (engine/node/publish.ts): the eBook cover (cover.jpg, an RGB JPEG) and the
// wrap's front panel art, from the book's picture or, without one, lettered (a typographic cover) at each
// size; and what the cover's pixels show, for readiness.
import sharp from 'sharp';
import type { BookState } from '../compile/flow.js';
import type { ResolvedSpec } from '../spec/types.js';
import type { TrimName } from '../print.js';
import type { CoverContent, PackageParts } from '../publish/index.js';
import { ebookCoverSize, wrapFrontPx, type CoverImage, type FrontArt } from './print/cover.js';
import { FLAT_SPREAD, prepareCoverArt } from './print/cover-art.js';
import { renderTypographicCover, typographicFactsOf, wrapFrontSafeArea } from './print/typographic.js';

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
  // No picture (a typographic cover): lettered at the eBook's size, and again at the wrap's front panel.
  const lettered = parts.cover.png ? undefined : typographicFactsOf(book, state, parts);
  const art = parts.cover.png ?? renderTypographicCover(lettered!, coverSize);
  const prepareCover = input.prepareCover ?? prepareCoverArt;
  const prepared = await prepareCover(art, { ebook: coverSize, ...(lettered ? {} : { front: wrapFrontPx(trim) }) });
  const front = lettered
    ? (
        await prepareCover(renderTypographicCover(lettered, wrapFrontPx(trim), wrapFrontSafeArea()), {
          front: wrapFrontPx(trim),
        })
      ).front!
    : prepared.front!;
  return { jpeg: prepared.ebook!, front, isLettered: lettered !== undefined, content: prepared.content! };
}
