// A book keeps which of its parts the writer wrote, not the model: an imported manuscript's (migrations/books.ts).
export { addAuthoredParts as up, dropAuthoredParts as down } from './books.js';
