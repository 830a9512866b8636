// What a reader sees of a book (view.ts: the contract's BookView, its continuity findings and marks) and the
// credits it will take (cost.ts).
export { bookContinuity, bookMarks } from './light.js';
export { bookView, previewBook } from './view.js';
export { bookCost } from './cost.js';
