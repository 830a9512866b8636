// The room's light door: a finished book's two figures (its continuity, its short and repeating parts) without the
// view's prompts and schemas its index.ts brings: a batch's book-end thread (engine/book-end.ts) loads only these.
export { bookContinuity, bookMarks } from './book-figures.js';
