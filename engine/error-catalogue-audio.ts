// The catalogue's messages about a book's audio edition (engine/node/audio/, engine/providers/speech*.ts): a voice
// or a tool missing, a tool or a speech server failing, and why a chapter's audio was not kept. Merged into CATALOGUE.
import { catalogue } from './languages/index.js';

export const AUDIO_CATALOGUE = catalogue('errors-audio', [
  'audio_no_voice',
  'audio_tool_missing',
  'audio_tool_failed',
  'audio_not_audio',
  'audio_no_text',
  'audio_chapter_failed',
  'audio_check_duration',
  'audio_check_silence',
  'audio_check_clipping',
  'audio_check_too_long',
  'audio_check_level',
  // The studio's audio edition (server/routes/audiobook.ts): refusals of a book, a run under way, an edition not made.
  'audio_book_not_found',
  'audio_book_unfinished',
  'audio_edition_running',
  'audio_running',
  'audio_edition_not_made',
]);
