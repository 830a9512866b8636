// The words of a book's continuity on its page, in every language of the table
// (languages/<code>/studio-continuity.yaml):
// findings beside a part (what kind, where it was established, "Rewrite with this note"), "check against the
// rewritten …", and the story bible's threads with the part each should pay off in; a part the story bible has not
// taken in. Part of the page's
// words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const CONTINUITY_WORDS = studioCatalogue('studio-continuity', [
  // A part the story bible has not taken in.
  'notInBible',
  // The same on a finished book: no next part will try it again.
  'notInBibleFinished',
  'continuityLabel',
  'continuity_acts_after_death',
  'continuity_fact_changed',
  'continuity_name_spelling',
  'continuity_thread_overdue',
  'continuity_ignores_bible',
  'continuity_audit',
  'continuitySee',
  'continuityRewrite',
  // The book's Continuity panel: every finding, where it is, and what to do with it.
  'continuityPanel',
  'continuityPanelHint',
  'continuityGoTo',
  'continuityIntended',
  'continuityMarked',
  'continuityIntendedLabel',
  'continuityIntendedCount',
  'continuityCount',
  'checkAgainst',
  'threadsTitle',
  'threadsHint',
  'threadOpened',
  'threadDue',
  'thread_open',
  'thread_advanced',
  'thread_resolved',
  'thread_dropped',
  'threadOverdue',
]);
