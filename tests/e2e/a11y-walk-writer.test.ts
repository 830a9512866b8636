// End to end: axe-core on a writer's pages (the dashboard and its update dialog, Top Up, My Books, the profile, the
// guide, a book's story map, a finished book's Audio edition panel, an address no page has, the error states of a
// series or an edition that is not there), in every language of the table and both themes: the walk's second part
// (tests/e2e/a11y-walk.ts).
import { describeWalk } from './a11y-walk.js';

describeWalk('writer', "a writer's pages");
