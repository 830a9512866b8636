// What `karya export` says to the writer of a book, in English and Malay beside the code and in every other
// language of the table in languages/<code>/cli-export.yaml.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-export', [
  'unfinished', 'finishWith', 'nothingWritten', 'layoutUnknown', 'notBookImage', 'notBookSingle', 'layoutAlone',
]);

/** `karya export`'s words for a key in a language, with its placeholders filled. */
export const exportWord = sayer(WORDS);

