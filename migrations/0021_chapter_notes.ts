// A book keeps the writer's notes per chapter (issue 25: the outline as chapters; migrations/books.ts).
export { addChapterNotes as up, dropChapterNotes as down } from './books.js';
