// The words of a finished book's Audio edition panel (AudioPanel.tsx), in every language of the table: what the
// edition is, the synthetic voice disclosed, its cost before anything is spent, the confirmation, its progress, a
// player per chapter and the download. Part of the panels' words (panelWords.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const AUDIO_WORDS = studioCatalogue('studio-audio', [
  'audioTitle',
  'audioIntro',
  'audioVoiceServer',
  'audioVoiceDemo',
  'audioCost',
  'audioMake',
  'audioMakeAgain',
  'audioConfirm',
  'audioConfirmYes',
  'audioWaiting',
  'audioProgress',
  'audioProgressLabel',
  'audioFailed',
  'audioMade',
  'audioStale',
  'audioListen',
  'audioDownload',
  'audioLoading',
  'audioLoadFailed',
  'audioChapters',
  'audioShort',
]);
