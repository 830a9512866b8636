// A book keeps how each part's text came to be, and each kept version its own (migrations/books.ts).
export { addProvenance as up, dropProvenance as down } from './books.js';
