// A book keeps its running memory (migrations/books.ts).
export { addBookMemory as up, dropBookMemory as down } from './books.js';
