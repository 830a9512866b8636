// The audio edition's door (loaded on use through engine/node.ts loadAudiobook): the voices and the edition's writer.
export { writeAudiobook, editionItems, READ_ALONG_FILE, M4B_FILE, type AudiobookEvent, type AudiobookResult } from './audiobook.js';
export { AUDIO_TARGET } from './master.js';
export { createEspeakVoice, createSpeechVoice, speechVoiceFromEnv, loadSpeechConfig, type SpeechVoice, type SpeechConfig, type VoiceCredit } from '../../providers/speech.js';
export type { ReadAlongInput, ReadAlongChapter, ReadAlongParagraph } from './read-along-input.js';
