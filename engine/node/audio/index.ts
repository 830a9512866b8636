// The audio edition's door (loaded on use through engine/node.ts loadAudiobook): the voices and the edition's writer.
export {
  writeAudiobook,
  editionItems,
  READ_ALONG_FILE,
  M4B_FILE,
  type AudiobookEvent,
  type AudiobookResult,
} from './audiobook.js';
export { AUDIO_TARGET } from './master.js';
export {
  createEspeakVoice,
  createSpeechVoice,
  speechVoiceFromEnv,
  loadSpeechConfig,
  loadSpeechConfigs,
  type SpeechVoice,
  type SpeechConfig,
  type VoiceCredit,
} from '../../providers/speech.js';
export type { ReadAlongInput, ReadAlongChapter, ReadAlongParagraph } from './read-along-input.js';
export type { ReadAlongReadiness } from '../export/read-along-check.js';

/**
 * epubcheck's and DAISY Ace's verdicts on a read-along EPUB (loaded on use: a JVM and a Chromium run it, not this
 * thread).
 */
export async function readAlongReadiness(
  file: string,
): Promise<import('../export/read-along-check.js').ReadAlongReadiness> {
  return (await import('../export/read-along-check.js')).readAlongReadiness(file);
}
