// Parts keep the user's own title (migrations/books.ts).
export { addPartTitle as up, dropPartTitle as down } from './books.js';
