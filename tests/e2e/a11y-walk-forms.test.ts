// End to end: axe-core on every generator's form (the server's list), each in the first language in both themes and in
// one other language of the table in turn: the walk's third part (tests/e2e/a11y-walk.ts).
import { describeWalk } from './a11y-walk.js';

describeWalk('forms', "every generator's form");
