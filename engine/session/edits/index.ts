// The writer's edits of a written book: a part or the bible by hand (edit.ts), what the introduction keeps out of
// its prose, the character list and the chapter plan (intro.ts), a part's text as the writer sees and edits it
// and the hash that names it (part-text.ts), and their refusals (error.ts).
export { editBible, editPart, MAX_BIBLE_CHARS, MAX_PART_CHARS, MAX_REWRITE_NOTE_CHARS } from './edit.js';
export { editCharacterDetails, MAX_CHARACTER_DETAILS_CHARS } from './intro.js';
export { EditError } from './error.js';
export { checkPartSeen, introParts, introWithProse, joinIntro, partHash, partText } from './part-text.js';
