// The shell: side navigation, drawer, theme and language switches, sign-out (the Shell page).
import { studioCatalogue } from './catalogue.js';

export const SHELL = studioCatalogue('studio-shell', [
  'shell.groupFiction', 'shell.groupNonfiction', 'shell.groupCreative', 'shell.groupMarketing', 'shell.groupCovers',
  'shell.designTemplates', 'shell.publishingGuide', 'shell.publishingTool', 'shell.opensNewTab', 'shell.dashboard',
  'shell.topUp', 'shell.editProfile', 'shell.leaveTitle', 'shell.leaveMessage', 'shell.leave', 'shell.myBooks',
  'shell.admin', 'shell.signOut', 'shell.lightTheme', 'shell.darkTheme', 'shell.toLightTheme', 'shell.toDarkTheme',
  'shell.credits',
  /** The word after a number shown on its own ("10 credits" with the 10 in its own element). */
  'shell.creditUnit', 'shell.creditsLabel',
  // What a book costs (engine/session/cost.ts: every step at 1 credit; a default 12-chapter romance is 15).
  'shell.perChapter', 'shell.generatorCount', 'shell.mainNav', 'shell.skipToContent', 'shell.openMenu',
  'shell.closeMenu', 'shell.menu', 'shell.language', 'shell.langSaveFailed', 'shell.signedOut',
  'shell.signOutFailed', 'shell.loading', 'shell.generatorsFailed',
]);

// My Books (/books): every book of the writer with Continue, Download and Delete; the dashboard's
// "Continue <title>"; a generator's offer of its latest unfinished book.
export const BOOKS = studioCatalogue('studio-books', [
  'books.title', 'books.intro', 'books.none', 'books.loading', 'books.loadFailed', 'books.finished',
  'books.unfinished', 'books.chapters', 'books.words', 'books.changed', 'books.current', 'books.continue',
  'books.continueLabel', 'books.continueFailed', 'books.continueBusy', 'books.delete', 'books.deleteLabel',
  'books.downloadLabel', 'books.deleteTitle', 'books.deleteBody', 'books.deleted', 'books.deleteFailed',
  'books.continueOfferBody',
  // Series: My Books groups a series' books; "Write the next book" starts its next one.
  'series.group', 'series.number', 'series.next', 'series.nextLabel', 'series.newTitle', 'series.newBody',
  'series.name', 'series.start', 'series.failed', 'series.bookOf', 'series.open', 'seriesPage.intro',
  'seriesPage.loadFailed', 'seriesPage.notStarted', 'seriesPage.startBook', 'seriesPage.continueBook',
  'seriesPage.changed', 'seriesPage.bibleAt', 'seriesPage.open', 'seriesPage.noneOpen', 'series.prefilled',
  'books.onProfile', 'dashboard.continueBook', 'dashboard.allBooks',
  // Importing a manuscript on My Books: choose the file and the kind of book, see the chapters found and the cost, import.
  'import.title', 'import.intro', 'import.file', 'import.kind', 'import.find', 'import.finding', 'import.found',
  'import.prologue', 'import.epilogue', 'import.chapter', 'import.words', 'import.total', 'import.totalHelp',
  'import.cost', 'import.confirm', 'import.importing', 'import.done', 'import.chooseFile',
  // What the import read, shown before anything is charged and editable (ImportSettings).
  'import.settingsTitle', 'import.settingsHelp', 'import.bookTitle', 'import.frontKept', 'import.leftOut',
  'import.leftOutTitlePage', 'import.leftOutContents', 'import.leftOutCopyright', 'import.leftOutLicence',
  'import.fromManuscript', 'import.fromDefault', 'import.fromWriter', 'import.needed', 'import.voiceTaken',
]);
