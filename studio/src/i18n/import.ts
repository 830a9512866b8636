// Importing a manuscript on My Books (components/Import*.tsx): choose the file and the kind of book, see the chapters
// found and the cost, import.
import { studioCatalogue } from './catalogue.js';

export const IMPORT = studioCatalogue('studio-import', [
  'import.title',
  'import.intro',
  'import.file',
  'import.kind',
  'import.find',
  'import.finding',
  'import.found',
  'import.prologue',
  'import.epilogue',
  'import.chapter',
  'import.words',
  'import.total',
  'import.totalHelp',
  'import.cost',
  'import.confirm',
  'import.importing',
  'import.done',
  'import.chooseFile',
  // What the import read, shown before anything is charged and editable (ImportSettings).
  'import.settingsTitle',
  'import.settingsHelp',
  'import.bookTitle',
  'import.frontKept',
  'import.leftOut',
  'import.leftOutTitlePage',
  'import.leftOutContents',
  'import.leftOutCopyright',
  'import.leftOutLicence',
  'import.fromManuscript',
  'import.fromDefault',
  'import.fromWriter',
  'import.needed',
  'import.voiceTaken',
]);
