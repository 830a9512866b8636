// The author an imported manuscript names (migrations/books.ts), on the server's database.
import { addBookAuthor, dropBookAuthor } from './books.js';

export const up = addBookAuthor;
export const down = dropBookAuthor;
