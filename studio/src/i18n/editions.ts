// A book's edition in the other language: "Make an edition" on My Books, "Make a Malay edition" once the offer is read (its cost, glossary and progress),
// the edition marked as one, and the side-by-side reading page.
import { studioCatalogue } from './catalogue.js';

export const EDITIONS = studioCatalogue('studio-editions', [
  'edition.of', 'edition.sideBySide',
  // My Books' button names no language: the one an edition is made in is the server's offer, read when the dialog opens.
  'edition.make', 'edition.makeLabel', 'edition.sideBySideLabel', 'edition.intro', 'edition.cost',
  'edition.remaining', 'edition.charging', 'edition.start', 'edition.resume', 'edition.running', 'edition.progress',
  'edition.askedAgain', 'edition.partsDone',
  // Beside the parts translated: the time left at this run's pace and what it has spent (the server's figures).
  'edition.timeLeft', 'edition.timeUnknown', 'edition.soFar', 'edition.progressLabel', 'edition.done',
  'edition.left', 'edition.nothingToDo', 'edition.readIt', 'edition.loading', 'edition.loadFailed',
  'edition.glossary', 'edition.glossaryIntro', 'edition.glossaryWhileRunning', 'edition.glossaryEmpty',
  'edition.term', 'edition.rendering', 'edition.termLabel', 'edition.renderingLabel', 'edition.gender',
  'edition.genderHint', 'edition.genderLabel', 'edition.gender.none', 'edition.gender.female', 'edition.gender.male',
  'edition.gender.unknown', 'edition.addTerm', 'edition.remove', 'edition.removeTerm', 'edition.saveGlossary',
  'edition.glossarySaved', 'edition.glossaryFailed', 'edition.pageTitle', 'edition.pageIntro', 'edition.stale',
  'edition.staleShort', 'edition.affected', 'edition.affectedShort', 'edition.title.label', 'edition.title.hint',
  'edition.title.save', 'edition.title.saved', 'edition.title.failed', 'edition.untranslated',
  'edition.untranslatedShort', 'edition.staleCount', 'edition.allCurrent', 'edition.editEdition', 'edition.editHint',
  'edition.notYet', 'edition.noSource', 'edition.back', 'edition.bilingual.title', 'edition.bilingual.hint',
  'edition.bilingual.pdfAlternating', 'edition.bilingual.pdfColumns', 'edition.bilingual.label',
  // The edition's language chosen among every other of the table; translating again what the source changed, cost first.
  'edition.language', 'edition.made', 'edition.again', 'edition.againCost', 'edition.againRunning', 'edition.chapterTitle.label', 'edition.chapterTitle.hint',
]);
