// A file route's bound checked in the browser (the route's contract: engine/contract COVER_UPLOAD, MANUSCRIPT_UPLOAD):
// a file over it is refused with the server's own reason, in the studio's language, before a byte is sent. Kept out
// of lib/api.ts so that the sign-in page's code does not carry the error catalogue.
import { catalogueMessage, type UploadLimit } from '../engine.js';
import { ApiError, requestLanguage } from './api.js';

const MB = 1024 * 1024;

/** Throws the route's 413 refusal for a file over `limit`; nothing for one within it. */
export function refuseOver(limit: UploadLimit, file: Blob): void {
  if (file.size <= limit.maxBytes) return;
  const mb = (bytes: number) => `${(bytes / MB).toFixed(bytes % MB === 0 ? 0 : 1)} MB`;
  const name = 'name' in file && typeof file.name === 'string' ? file.name : '';
  throw new ApiError(
    413,
    limit.tooLarge,
    catalogueMessage(limit.tooLarge, requestLanguage() ?? 'en', {
      file: name,
      size: mb(file.size),
      limit: mb(limit.maxBytes),
    }),
  );
}
