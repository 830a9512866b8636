// What the commands that take a book's settings (--chapters, --brief) say about them to the book's writer, in
// English and Malay beside the code and in every other language of the table in languages/<code>/cli-brief.yaml.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-brief', [
  'setPair', 'chaptersRange', 'chaptersSingle', 'chaptersFixed', 'noteBeyond', 'noteNoChapters', 'noteLong',
  'briefLarge', 'briefUnreadable', 'headingUnknown', 'briefEmpty',
]);

/** The settings words for a key in a language, with its placeholders filled. */
export const briefWord = sayer(WORDS);
