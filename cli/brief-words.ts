// What the commands that take a book's settings (--chapters, --brief) say about them to the book's writer, in
// every language of the table: its words are in languages/<code>/cli-brief.yaml, English's and Malay's too.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-brief', [
  'setPair',
  'chaptersRange',
  'chaptersSingle',
  'chaptersFixed',
  'noteBeyond',
  'noteNoChapters',
  'noteLong',
  'briefLarge',
  'briefUnreadable',
  'headingUnknown',
  'briefEmpty',
]);

/** The settings words for a key in a language, with its placeholders filled. */
export const briefWord = sayer(WORDS);
