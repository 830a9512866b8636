// The writer's own cover picture, checked against the stores' rules before anything is spent
// (engine/publish/cover-rules.ts): its first bytes say what it is (an SVG or a file that is no picture is
// refused unread), then sharp reads its header alone (the size it declares) in its own thread pool, so a
// server goes on answering others meanwhile; nothing is decoded to be checked. The stores' covers are then
// made from it like any art (engine/node/print/cover.ts), decoded at most at COVER_MAX_PIXELS.
import sharp from 'sharp';
import { catalogueMessage } from '../../errors.js';
import { KaryaError } from '../../karya-error.js';
import { coverPictureProblem, pictureKindOf, type CoverPictureProblem } from '../../publish/cover-rules.js';

/** A picture refused as a cover: the rule it breaks, as a catalogue code and its values (en and ms). */
export class CoverPictureError extends KaryaError {
  readonly code: CoverPictureProblem['code'];
  readonly vars: Readonly<Record<string, string>>;
  constructor(problem: CoverPictureProblem) {
    super(catalogueMessage(problem.code, 'en', problem.vars), { httpStatus: problem.code === 'cover_file_too_large' ? 413 : 422 });
    this.name = 'CoverPictureError';
    this.code = problem.code;
    this.vars = problem.vars;
    (this as { params?: Readonly<Record<string, string>> }).params = problem.vars;
  }
}

/** A picture a store's cover can be made from: its bytes as given, its format (sharp's name) and its size as the writer sees it. */
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
export async function checkCoverPicture(bytes: Uint8Array, file: string, opts: { isUpload?: boolean } = {}): Promise<CheckedCoverPicture> {
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
  const found = coverPictureProblem({ file, bytes: bytes.byteLength, ...(format ? { format } : {}), width, height });
  // The studio's upload takes a JPEG or PNG only, and its words say so (`karya publish --cover` also takes a TIFF).
  const problem = found?.code === 'cover_unreadable' && opts.isUpload ? { code: 'cover_upload_unreadable' as const, vars: { file } } : found;
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
