// The /admin route's entry: the administrator's portal, whose cards live in ./admin/ (one file each).
export { default } from './admin/AdminPage.js';
