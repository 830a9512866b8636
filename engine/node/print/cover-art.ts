// The pictures a package's covers are made of, from one decode of their art (the writer's own picture, the cover
// step's, or a lettered one): the eBook cover (cover.jpg, an RGB JPEG at 1.6:1), the paperback wrap's front panel
// (a JPEG at 300 dpi, with the art's dominant colour for the rest of the wrap) and what readiness checks of the
// eBook cover. The art is read once, a strip at a time, straight to the smallest size every cover can be cut
// from (a baseline JPEG decoded at an eighth, a quarter or half its size when that is enough): a 40-megapixel
// picture never stands whole in memory, and a picture whose decode would hold more than COVER_DECODE_MAX_MB
// at once (a large progressive JPEG, an interlaced PNG: coverDecodeMegabytes) is refused with what it would take.
// A lettered cover comes as the pixels it was drawn in (typographic.ts), at the cover's own size: they are not
// encoded, decoded or resized again, and the JPEG is made from them. On a server this runs in an export thread
// (export/pool.ts prepareCover), one decode a thread; the CLI runs it in place.
import { threadId } from 'node:worker_threads';
import sharp, { type Channels } from 'sharp';
import type { PixelSize } from '../../spec/types.js';
import type { CoverContent } from '../../publish/index.js';
import { COVER_DECODE_MAX_MB, COVER_MAX_PIXELS, coverDecodeMegabytes } from '../../publish/cover-limits.js';
import { CoverPictureError, pictureStorageOf } from './cover-picture-error.js';
import { EBOOK_COVER, type CoverImage, type FrontArt } from './cover.js';
import { channelDeviations, dominantColour } from './pixel-stats.js';

/** Channels whose spread (standard deviation, 0-255) stays under this are one flat colour. */
export const FLAT_SPREAD = 3;

/** The covers asked for, and the name the art goes by in a refusal. */
export interface CoverSizes {
  /** The eBook cover's size (ebookCoverSize). */
  ebook?: PixelSize;
  /** The wrap's front panel with its bleed (wrapFrontPx). */
  front?: PixelSize;
  file?: string;
}

/**
 * The covers made: each one asked for, with readiness's facts of the eBook cover, and the thread that decoded the art.
 */
export interface PreparedCover {
  ebook?: CoverImage;
  /** What the eBook cover's pixels show (a flat colour) and the art's size, when the eBook cover was asked for. */
  content?: CoverContent;
  front?: FrontArt;
  /** The thread the art was decoded in (0: a process's main thread). */
  threadId: number;
}

/** Pixels already drawn (typographic.ts, a lettered cover): RGBA, every one opaque, row after row. */
export interface RawCoverArt {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** A cover's art: a picture's encoded bytes (any format sharp reads), or pixels already drawn. */
export type CoverArt = Uint8Array | RawCoverArt;

/** Pixels with their size and channels, as sharp's raw output gives them. */
interface Decoded {
  data: Uint8Array;
  info: { width: number; height: number; channels: Channels };
}

/**
 * The covers asked for, from one decode of the art; CoverPictureError cover_decode_too_large when decoding it
 * would hold more than COVER_DECODE_MAX_MB at once (sharp refuses one of more than COVER_MAX_PIXELS). Art already
 * drawn at the size of every cover asked for is not decoded (nor resized): its pixels are the covers' own.
 * @example const { ebook, front } = await prepareCoverArt(png, { ebook: { width: 1600, height: 2560 }, front:
 * wrapFrontPx('6x9') })
 */
export async function prepareCoverArt(art: CoverArt, sizes: CoverSizes): Promise<PreparedCover> {
  const targets = [sizes.ebook, sizes.front].filter((t): t is PixelSize => t !== undefined);
  const drawn = art instanceof Uint8Array ? undefined : art;
  const { data, info, source } =
    drawn && targets.every((t) => t.width === drawn.width && t.height === drawn.height)
      ? { data: drawn.pixels, info: { width: drawn.width, height: drawn.height, channels: 4 as const }, source: drawn }
      : await decodeArt(art, sizes, targets);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  // A cover at the size of the pixels is those pixels (a resize to the size it has is skipped), their alpha dropped.
  const cut = (size: PixelSize) =>
    size.width === info.width && size.height === info.height
      ? sharp(data, raw).removeAlpha()
      : sharp(data, raw).resize(size.width, size.height, { fit: 'cover', position: 'centre' }).removeAlpha();
  const prepared: PreparedCover = { threadId };
  if (sizes.ebook) {
    const made = await cut(sizes.ebook)
      .withDensity(EBOOK_COVER.dpi)
      .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
      .toBuffer({ resolveWithObject: true });
    // The cover's pixels as cover.jpg holds them (decoded from it), for its spread (pixel-stats.ts).
    const shown = await sharp(made.data).raw().toBuffer({ resolveWithObject: true });
    const spread = channelDeviations({ data: shown.data, channels: shown.info.channels });
    prepared.ebook = {
      bytes: new Uint8Array(made.data),
      format: 'jpeg',
      width: made.info.width,
      height: made.info.height,
      channels: made.info.channels,
    };
    prepared.content = {
      isFlat: spread.every((stdev) => stdev < FLAT_SPREAD),
      source: { width: source.width, height: source.height },
    };
  }
  if (sizes.front) {
    // The panel's pixels: the art's own when it is at the panel's size (their alpha, all opaque, is not counted).
    const isOwn = sizes.front.width === info.width && sizes.front.height === info.height;
    const panel: Decoded = isOwn ? { data, info } : await cut(sizes.front).raw().toBuffer({ resolveWithObject: true });
    const panelRaw = {
      raw: { width: panel.info.width, height: panel.info.height, channels: panel.info.channels },
    } as const;
    prepared.front = {
      jpeg: new Uint8Array(await sharp(panel.data, panelRaw).removeAlpha().jpeg({ quality: 90 }).toBuffer()),
      dominant: dominantColour({ data: panel.data, channels: panel.info.channels }),
    };
  }
  return prepared;
}

/** The art as sharp's input: a picture file (its pixels bounded) or a lettered cover's raw RGBA pixels. */
function artInput(art: CoverArt, read: { sequentialRead?: boolean } = {}) {
  return art instanceof Uint8Array
    ? sharp(art, { limitInputPixels: COVER_MAX_PIXELS, ...read })
    : sharp(art.pixels, { raw: { width: art.width, height: art.height, channels: 4 } });
}

/**
 * The art decoded once, a strip at a time, straight to the smallest size every cover in `targets` can be cut from,
 * with the size of the art it was decoded from; CoverPictureError cover_decode_too_large as prepareCoverArt says.
 */
async function decodeArt(
  art: CoverArt,
  sizes: CoverSizes,
  targets: PixelSize[],
): Promise<Decoded & { source: PixelSize }> {
  const meta = await artInput(art).metadata();
  const megabytes = art instanceof Uint8Array ? coverDecodeMegabytes(pictureStorageOf(meta)) : 0;
  const [width, height] =
    (meta.orientation ?? 1) >= 5 ? [meta.height ?? 0, meta.width ?? 0] : [meta.width ?? 0, meta.height ?? 0];
  if (megabytes > COVER_DECODE_MAX_MB) {
    throw new CoverPictureError({
      code: 'cover_decode_too_large',
      vars: {
        file: sizes.file ?? 'cover',
        width: String(width),
        height: String(height),
        megabytes: String(Math.ceil(megabytes)),
        limit: String(COVER_DECODE_MAX_MB),
      },
    });
  }
  // The smallest size each cover can be cut from with its crop (the larger of its two scales), never above the art's
  // own.
  const scale = Math.min(1, Math.max(0, ...targets.map((t) => Math.max(t.width / width, t.height / height))));
  const mid = { width: Math.max(1, Math.ceil(width * scale)), height: Math.max(1, Math.ceil(height * scale)) };
  const source = artInput(art, { sequentialRead: true });
  // rotate(): a phone's picture stands as its EXIF orientation says; transparency flattened onto white; sRGB.
  const decoded = await source
    .rotate()
    .resize(mid.width, mid.height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { ...decoded, source: { width: meta.width ?? 0, height: meta.height ?? 0 } };
}
