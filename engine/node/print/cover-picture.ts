// The writer's own cover picture, read with sharp and checked against the stores' rules before anything is
// spent (engine/publish/cover-rules.ts); the stores' covers are then made from it like any art.
import sharp from 'sharp';
import { catalogueMessage } from '../../errors.js';
import { KaryaError } from '../../karya-error.js';
import { coverPictureProblem, type CoverPictureProblem } from '../../publish/cover-rules.js';

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

/** Pixels sharp will decode at most (a 50 MB picture of any sane cover is far below): a bomb is refused unread. */
const MAX_PIXELS = 20_000 * 20_000;

/**
 * The picture's bytes when a store's cover can be made from them; else CoverPictureError naming the file,
 * its size and the rule. Only the header is read: a picture is never decoded to be checked.
 * @example const png = await readCoverPicture(readFileSync('me.jpg'), 'me.jpg')
 */
export async function readCoverPicture(bytes: Uint8Array, file: string): Promise<Uint8Array> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>> | undefined;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    meta = undefined;
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: the cover is as the writer sees it.
  const isTurned = (meta?.orientation ?? 1) >= 5;
  const [width, height] = isTurned ? [meta?.height ?? 0, meta?.width ?? 0] : [meta?.width ?? 0, meta?.height ?? 0];
  const problem = coverPictureProblem({ file, bytes: bytes.byteLength, ...(meta?.format ? { format: meta.format } : {}), width, height });
  if (problem) throw new CoverPictureError(problem);
  return bytes;
}
