// End to end: axe-core on the studio's signed-out pages (sign-in, sign-up, reset password, success, redeem, claim)
// and the administrator's portal with its "Add user" and credits dialogs, in every language of the table and both
// themes: the walk's first part (tests/e2e/a11y-walk.ts, which also checks that every route of the router is walked by
// one of its three files).
import { describeWalk } from './a11y-walk.js';

describeWalk('signed-out-admin', 'the signed-out pages and the administrator');
