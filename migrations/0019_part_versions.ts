// Earlier texts of a part, kept when a rewrite replaces it (migrations/books.ts).
export { createPartVersions as up, dropPartVersions as down } from './books.js';
