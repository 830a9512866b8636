// Parts remember whether their text is complete (migrations/books.ts).
export { addPartCompleteness as up, dropPartCompleteness as down } from './books.js';
