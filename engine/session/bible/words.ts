// The words a story bible is written in, per language (catalogue `story-bible`; every language's, English's and
// Malay's too, in languages/<code>/story-bible.yaml): its section headings, a thread's status, a replaced value's
// kind, the lines of threads due, and a series' changes. The bible's reader (bible.ts, entries.ts) also takes
// back every language's words, so a bible written in a language added to the table reads as it was written.
import { catalogue, sayer } from '../../languages/index.js';
import { BIBLE_SECTIONS } from '../../reading-words.js';

type WrittenSection = Exclude<(typeof BIBLE_SECTIONS)[number], 'chapter' | 'arc'>;

/** The sections a bible is written with (render.ts), in order: all it reads but one part's or one arc's heading. */
export const WRITTEN_SECTIONS: readonly WrittenSection[] = BIBLE_SECTIONS.filter(
  (section): section is WrittenSection => section !== 'chapter' && section !== 'arc',
);

export const BIBLE_WORDS = catalogue('story-bible', [
  ...WRITTEN_SECTIONS,
  'open',
  'advanced',
  'resolved',
  'dropped',
  'character',
  'fact',
  'thread',
  'changeGone',
  'changeAdded',
  'dueIn',
  'wasDueIn',
  // The heading of the bible in an export that carries it (--with-bible).
  'storyBible',
]);

export type BibleWord = keyof typeof BIBLE_WORDS;

/** A bible word in a language, placeholders filled. */
export const bibleWord = sayer(BIBLE_WORDS);

/**
 * Which of `keys` names `text` in some language (case ignored): how the reader takes back a
 * heading, a status or a kind the bible was written with, whatever its language.
 * @example bibleKeyOf('Watak', ['character', 'fact', 'thread']) // 'character'
 */
export function bibleKeyOf<K extends BibleWord>(text: string, keys: readonly K[]): K | undefined {
  const want = text.trim().toLowerCase();
  return keys.find((k) => Object.values(BIBLE_WORDS[k]).some((text) => text.toLowerCase() === want));
}
