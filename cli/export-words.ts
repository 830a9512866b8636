// What `karya export` says to the writer of a book, in every language of the table: its
// words are in languages/<code>/cli-export.yaml, English's and Malay's too.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-export', [
  'unfinished',
  'finishWith',
  'nothingWritten',
  'layoutUnknown',
  'notBookImage',
  'notBookSingle',
  'layoutAlone',
]);

/** `karya export`'s words for a key in a language, with its placeholders filled. */
export const exportWord = sayer(WORDS);
