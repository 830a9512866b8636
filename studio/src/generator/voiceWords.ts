// The words of the writer's voice on a book's page, in every language of the table: the Voice panel (the sample, its
// fingerprint in plain words, the phrases to avoid) and the marks on a part (drifts from the voice, overused
// phrases, "Rewrite toward my voice"). Part of the page's words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const VOICE_WORDS = studioCatalogue('studio-voice', [
  'voiceTitle',
  'voiceHint',
  'voiceSample',
  'voiceSampleReplace',
  'voiceSampleWords',
  'voiceFile',
  'voiceFileWrong',
  'voiceFileFailed',
  'voiceFileRead',
  'voiceSampleEmpty',
  'voiceSampleTooLong',
  'voiceSave',
  'voiceSaving',
  'voiceSaved',
  'voiceRemove',
  'voiceRemoved',
  'voiceFailed',
  'voiceNone',
  // The fingerprint in plain words.
  'voiceMeasured',
  'fpSentences',
  'fpParagraphs',
  'fpDialogue',
  'fpPerson_first',
  'fpPerson_second',
  'fpPerson_third',
  'fpTense_past',
  'fpTense_present',
  'fpTense_mixed',
  'fpDiversity',
  'fpOverused',
  // The writer's phrases to avoid.
  'avoidTitle',
  'avoidHint',
  'avoidNone',
  'avoidNew',
  'avoidAdd',
  'avoidRemove',
  'avoidSaved',
  // The marks on a part.
  'voiceDriftsMark',
  'overusedMark',
  'overusedYours',
  'voiceMarksLabel',
  'towardVoice',
  'towardVoiceLabel',
  'towardVoiceHint',
]);
