// The areas' catalogues that every signed-in page can show (the shell and its sidebar, a book's page and its links,
// the dialogs, the load states), registered with `translate`. Every other area's module (sign-in, admin, payments,
// editions, the story map, profile…) is imported by the pages and components that show its words, so its words load
// with them (i18n/catalogue.ts).
import './common.js';
import './shell.js';
import './states.js';
