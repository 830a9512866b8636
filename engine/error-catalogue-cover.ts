// The catalogue's messages about a book's cover: a model server without an image endpoint, and a writer's
// own picture refused for a store's size rules (engine/publish/cover-rules.ts). Merged into CATALOGUE.
import { catalogue } from './languages/index.js';

export const COVER_CATALOGUE = catalogue('errors-cover', [
  'no_image_endpoint',
  'cover_unreadable',
  'cover_unreadable_format',
  'cover_svg',
  'cover_too_many_pixels',
  'cover_too_many_megapixels',
  'cover_upload_format',
  'cover_upload_unreadable',
  'cover_upload_too_large',
  'cover_too_small',
  'cover_wrong_shape',
  'cover_file_too_large',
  'cover_not_found',
  'cover_decode_too_large',
  'cover_work_too_large',
  'cover_work_too_slow',
  'cover_work_busy',
  'cover_data_unusable',
]);
