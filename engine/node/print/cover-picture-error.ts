// A cover picture refused (CoverPictureError: a rule of engine/publish/cover-rules.ts as a catalogue code and its
// values), and how a picture is stored as sharp reads its header: what a thread that decodes a picture needs,
// without the stores' rules and their words (cover-picture.ts re-exports both).
import type { Metadata } from 'sharp';
import { catalogueMessage } from '../../errors.js';
import { KaryaError } from '../../karya-error.js';
import type { PictureStorage } from '../../publish/cover-limits.js';
import type { CoverPictureProblem } from '../../publish/cover-rules.js';

/** How a picture is stored, from sharp's reading of its header (coverDecodeMegabytes says what decoding it holds). */
export function pictureStorageOf(meta: Metadata): PictureStorage {
  return {
    ...(meta.format ? { format: meta.format } : {}),
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    ...(meta.channels ? { channels: meta.channels } : {}),
    bitsPerSample: meta.depth === 'ushort' || meta.depth === 'short' ? 16 : 8,
    isProgressive: meta.isProgressive === true,
    ...(meta.chromaSubsampling ? { chromaSubsampling: meta.chromaSubsampling } : {}),
  };
}

/** A picture refused as a cover: the rule it breaks, as a catalogue code and its values (en and ms). */
export class CoverPictureError extends KaryaError {
  readonly code: CoverPictureProblem['code'];
  readonly vars: Readonly<Record<string, string>>;
  constructor(problem: CoverPictureProblem) {
    super(catalogueMessage(problem.code, 'en', problem.vars), {
      httpStatus: problem.code === 'cover_file_too_large' ? 413 : 422,
    });
    this.name = 'CoverPictureError';
    this.code = problem.code;
    this.vars = problem.vars;
    (this as { params?: Readonly<Record<string, string>> }).params = problem.vars;
  }
}
