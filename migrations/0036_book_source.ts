// A book keeps what its source text is: public domain or not, the year first published, the original author, and
// whether the writer confirmed it (read at import: engine/import/source-status.ts; migrations/books.ts).
export { addBookSource as up, dropBookSource as down } from './books.js';
