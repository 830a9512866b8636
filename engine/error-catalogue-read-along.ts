// The catalogue's messages about a read-along EPUB's manifest (engine/node/export/read-along.ts): a chapter's audio
// missing or in a format reading systems do not play, a clip that ends before it begins. Merged into CATALOGUE.
import { catalogue } from './languages/index.js';

export const READ_ALONG_CATALOGUE = catalogue('errors-read-along', [
  'read_along_audio_missing',
  'read_along_audio_format',
  'read_along_clip',
  'read_along_empty',
  'read_along_language',
]);
