// The writer's own cover picture, checked against the stores' rules before anything is spent
// (engine/publish/cover-rules.ts): its first bytes say what it is (an SVG or a file that is no picture is
// refused unread), then sharp reads its header alone (the size it declares) in its own thread pool, so a
// server goes on answering others meanwhile; nothing is decoded to be checked. The stores' covers are then
// made from it like any art (engine/node/print/cover-art.ts, in an export thread on a server), decoded at
// most at COVER_MAX_PIXELS and holding at most COVER_DECODE_MAX_MB at once.
import sharp from 'sharp';
import { coverDecodeMegabytes, coverPictureProblem, pictureKindOf } from '../../publish/cover-rules.js';
import { CoverPictureError, pictureStorageOf } from './cover-picture-error.js';

export { CoverPictureError, pictureStorageOf } from './cover-picture-error.js';

/**
 * A picture a store's cover can be made from: its bytes as given, its format (sharp's name) and its size as the writer
 * sees it.
 */
export interface CheckedCoverPicture {
  bytes: Uint8Array;
  format: 'jpeg' | 'png' | 'tiff' | 'webp';
  width: number;
  height: number;
}

/**
 * The picture with its format and size when a store's cover can be made from it; else CoverPictureError
 * naming the file, its size and the rule. Only the header is read: a picture is never decoded to be checked.
 * `isUpload`: a picture sent to the server, which takes a JPEG or PNG (`cover_upload_unreadable` says so).
 * @example const { width, height } = await checkCoverPicture(readFileSync('me.jpg'), 'me.jpg')
 */
export async function checkCoverPicture(
  bytes: Uint8Array,
  file: string,
  opts: { isUpload?: boolean } = {},
): Promise<CheckedCoverPicture> {
  const kind = pictureKindOf(bytes);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>> | undefined;
  if (kind && kind !== 'svg') {
    try {
      // No pixel limit here: metadata() decodes nothing, and the size it reads is what the rules check (a
      // picture declaring more pixels than a store takes is refused with its size, not as unreadable).
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      meta = undefined;
    }
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: the cover is as the writer sees it.
  const isTurned = (meta?.orientation ?? 1) >= 5;
  const [width, height] = isTurned ? [meta?.height ?? 0, meta?.width ?? 0] : [meta?.width ?? 0, meta?.height ?? 0];
  // The format is the one its first bytes and sharp agree on: a PNG header on other bytes is no picture.
  const format = kind === 'svg' ? 'svg' : meta?.format === kind ? kind : meta?.format;
  // What decoding it would hold at once (a progressive JPEG's coefficients, an interlaced PNG's pixels): refused here,
  // not when a package is made.
  const decodeMegabytes = meta ? coverDecodeMegabytes(pictureStorageOf(meta)) : 0;
  const found = coverPictureProblem({
    file,
    bytes: bytes.byteLength,
    ...(format ? { format } : {}),
    width,
    height,
    decodeMegabytes,
  });
  // The studio's upload takes a JPEG or PNG only, and its words say so (`karya publish --cover` also takes a TIFF).
  const problem =
    (found?.code === 'cover_unreadable' || found?.code === 'cover_unreadable_format') && opts.isUpload
      ? { code: 'cover_upload_unreadable' as const, vars: { file } }
      : found;
  if (problem) throw new CoverPictureError(problem);
  return { bytes, format: format as CheckedCoverPicture['format'], width, height };
}

/**
 * The picture's bytes when a store's cover can be made from them; else CoverPictureError (checkCoverPicture).
 * @example const png = await readCoverPicture(readFileSync('me.jpg'), 'me.jpg')
 */
export async function readCoverPicture(bytes: Uint8Array, file: string): Promise<Uint8Array> {
  return (await checkCoverPicture(bytes, file)).bytes;
}
