// An outline as models really write it, read into a title, a premise, the main characters, one entry per
// chapter and how the book ends (outline-parse.ts), and written back from the chapter entries the writer
// edits (outline-render.ts). This file is the door the rest of the engine imports outlines through.

export { numberOf } from './outline-numbers.js';
export { outlineEntry, parseOutline, type OutlineEntry, type ParsedOutline } from './outline-parse.js';
export { chapterEntriesOf, normalizeChapterEntry, renderOutline, type ChapterEntry } from './outline-render.js';
