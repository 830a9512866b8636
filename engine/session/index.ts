// The book session and what it is made of: ports, the reader's view, the bible, language checks, costs, edits
// (step identity and part labels are below it, in engine/compile/).
export { inMemoryProgressStore, type KeptAnswer, type MemorySave, type ProgressStore, type SavedBook, type StepSave } from './ports.js';
export { bookContinuity, bookCost, bookMarks, bookView, previewBook } from './view/index.js';
export {
  editionPlan, translateEdition, translationCost, MAX_WINDOW_WORDS, type TranslateInput, type TranslateProgress, type PartOutcome, type EditionOutcome,
  checkWindow, paragraphsOf, lengthBand, canTranslate, editionLanguages, editionLanguageName, tableLanguageOf, type WindowProblem, glossaryOf, glossaryWithReasons, type GlossaryWhy, type ReasonedEntry, withWritersGlossary, cleanTerm, glossaryFileOf, entriesIn, hasTerm,
  notEditionRefusal, sourceLanguages, MAX_GLOSSARY_TERMS, type Glossary, type GlossaryEntry, editionKey, editionLinkOf, editionPartsLeft, editionStart, chapterTitlesOf, translatedFrom, withEditionTitle, canTitleEdition, translatedTitle, cleanTitle, MAX_EDITION_TITLE, titleProblem, isTitleUntranslated, editionTitleOf, type EditionTitle, type TitleProblem,
  problemText, windowRequest, TRANSLATE_TEMPLATE, TRANSLATE_SYSTEM_TEMPLATE, sideBySide, partHashes, type SourceHashes, staleParts, withStaleMarked,
} from './translate/index.js';
export { termsIn, governedByWholeNames, GENDERS, MAX_TERM_CHARS, type GlossaryGender, type WritersTerm, isWordless, withWordlessKept } from './translate/index.js';
export { untranslatedParagraphs, untranslatedTitles, hasUntranslated } from './translate/index.js';
export { climbDown, ASKS_PER_RUNG, type Ladder, type LadderAnswer } from './ladder.js';
export {
  BookSession, SessionError, joinCut, extendPart, rewritePart, updateBible, runStep, type Rewrite, type StepOutcome,
  type StepResult, type LanguageRetry,
} from './session.js';
export { detectLanguage, findLanguageDrift, neighbourWords, neighbourFinds, neighbourNote, scriptLanguageOf, SHARE_DRIFT, bookLengthScore, lengthScore, LONG_RATIO, SHORT_RATIO, repeatedShare, REPEATS_RATIO } from './reading/index.js';
export { stepMarksOf, type StepMarks } from './step-marks.js';
export { bookEnding, isFinishedBook, type BookEnding } from './ending.js';
export { checkPartSeen, editBible, editCharacterDetails, EditError, editPart, MAX_PART_CHARS, MAX_REWRITE_NOTE_CHARS, partHash } from './edits/index.js';
export { editOutline, MAX_CHAPTER_NOTE_CHARS, outlineChapters } from './outline/index.js';
export {
  checkPassagePlace, cleanPassage, keepPassage, PASSAGE_TONE_IDS, type PassageAction, type PassageTone, reworkPassage,
} from './passage/index.js';
export type { ContinuityFinding } from './view-schema.js';
export {
  importSettingsOf, readManuscriptSettings, withManuscriptSettings, type ImportSettings,
  importedBook, importedBookOf, withTotalChapters, importBibleParts, importSaves, manuscriptLanguage,
} from './import/index.js';
export {
  BIBLE_LIMITS, EMPTY_BIBLE, applyBibleUpdate, bibleWords, bookBible, bounded, parseBible, parseBibleUpdate,
  renderBible, ignoredBible, stateForStep, type StoryBible,
} from './bible/index.js';
export {
  answerText, openReasoning, copiedShare, isEcho, judgeAnswer, judgeRefusal, unfenced, judgeShape, shapeOf,
  splitWalls, isAssistantTalk, withoutTalk, answerNotesOf, type AnswerNotes, type AnswerNote,
} from './answers/index.js';
export { continuityFindings, sortedBySeverity, withIntended } from './continuity/index.js';
export {
  storyMap, storyMapText, characterCells, factCells, findingCounts, threadCells, MAP_WORDS, MARK_SYMBOLS, LINE_SYMBOL, GONE_SYMBOL, FINDING_SYMBOL,
  StoryMapSchema, type StoryMap, type CellMark, type MapCell, type CharacterLane, type ThreadLane, type FactPoint, type Relation, type MapFinding, type MapChange,
  type MapChanges, type MapPart,
} from './story-map/index.js';
export {
  bookSeries, changesFor, openThreadsOf, seriesAsOf, seriesBrief, seriesChangeLine, seriesNameOf, seriesOf,
  SeriesError, MAX_SERIES_NAME, type SeriesBook, type SeriesChange,
} from './series/index.js';
export {
  fingerprintOf, voiceFromSample, mtld, EXEMPLAR_WORDS, VoiceError, voiceMessage, overusedIn, isOverused, avoidListOf,
  voiceMarksOf, partVoiceOf, towardVoiceNote, driftNote, voiceGuidanceOf, withoutExemplars, type VoiceMarks,
} from './voice/index.js';
