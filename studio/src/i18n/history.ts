// Content History (its own page: one entry per book, search, type filter, delete after a confirm
// prompt; the spec's English messages), a page at a time, and the profile's link to it.
import { studioCatalogue } from './catalogue.js';

export const HISTORY = studioCatalogue('studio-history', [
  'history.searchLabel',
  'history.searchPlaceholder',
  'history.filterLabel',
  'history.allTypes',
  'history.loading',
  'history.noContent',
  'history.noMatch',
  'history.noMatchType',
  'history.loadMore',
  'history.loadingContent',
  'history.contentFailed',
  'history.deleteLabel',
  'history.deleteTitle',
  'history.deleteBody',
  'history.delete',
  'history.loadFailed',
  'history.deleted',
  'history.deleteFailed',
  'history.parts',
  'history.onProfile',
  'history.downloadImage',
]);
