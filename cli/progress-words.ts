// What a long command's progress line says (parts done, time left, calls, tokens and credits so far), in every
// language of the table: its words are in languages/<code>/cli-progress.yaml, English's and Malay's too.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-progress', ['parts', 'left', 'leftUnknown', 'allDone', 'spent', 'spentCredits']);

/** A progress word in a language, with its placeholders filled. */
export const progressWord = sayer(WORDS);
