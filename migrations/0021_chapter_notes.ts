// A book keeps the writer's notes per chapter (the outline as chapters; migrations/books.ts).
export { addChapterNotes as up, dropChapterNotes as down } from './books.js';
