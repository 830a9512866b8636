// What a long command's progress line says (parts done, time left, calls, tokens and credits so far), in English
// and Malay beside the code and in every other language of the table in languages/<code>/cli-progress.yaml.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-progress', [
  'parts', 'left', 'leftUnknown', 'allDone', 'spent', 'spentCredits',
]);

/** A progress word in a language, with its placeholders filled. */
export const progressWord = sayer(WORDS);
