// A book keeps the continuity findings its writer marked as intended (migrations/books.ts).
export { addIntendedFindings as up, dropIntendedFindings as down } from './books.js';
