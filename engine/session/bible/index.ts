// The story bible: its shape (types.ts), parsing, bounds and merging (bible.ts), its rendering (render.ts),
// when each entry was true (time.ts, labels.ts), what a step at a position is sent (as-of.ts), which parts it
// covers (covers.ts), the book's people (people.ts) and the update after each part (update.ts).
export { BIBLE_LIMITS, EMPTY_BIBLE, applyBibleUpdate, bibleWords, bookBible, bounded, capWords, linesToFold, parseBible, parseBibleUpdate, parseThread, renderBible, withWriterBrief, type BibleCharacter, type BibleLine, type BibleThread, type BibleUpdate, type StoryBible } from './bible.js';
export { ignoredBible } from './people.js';
export { stateForStep } from './as-of.js';
export { updateBible } from './update.js';
