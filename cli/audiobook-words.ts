// What `karya audiobook` says on the way (its plan, each file, the end), in every language of the table:
// its words are in languages/<code>/cli-audiobook.yaml.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-audiobook', [
  'needsBook',
  'noBook',
  'plan',
  'demoVoice',
  'fileDone',
  'askedAgain',
  'm4b',
  'manifest',
  'readAlongEpub',
  'done',
  'left',
  'stopped',
  'speechStopped',
  'checkPass',
  'checkWarn',
  'checkFail',
  'checkSkipped',
]);

/** A line of `karya audiobook` in the book's language. */
export const audiobookWord = sayer(WORDS);
