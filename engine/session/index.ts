// The book session and what it is made of: ports, the reader's view, the bible, language checks, costs, edits
// (step identity and part labels are below it, in engine/compile/).
export * from './ports.js';
export * from './view.js';
export { BookSession, SessionError, joinCut, joinExtension, extendPart, rewritePart, updateBible, runStep, MAX_EXTENSIONS, type Rewrite, type StepOutcome, type StepResult, type AdvanceOptions, type OpenSessionInput, type LanguageRetry } from './session.js';
export * from './language.js';
export * from './measure.js';
export * from './repeat.js';
export * from './cost.js';
export * from './edit.js';
export * from './outline-edit.js';
export * from './passage.js';
export type { ContinuityFinding } from './view-schema.js';
export { importSettingsOf, manuscriptValues, readManuscriptSettings, withManuscriptSettings, type ImportSettings, type SettingSource } from './import-settings.js';
export { importedBook, importedBookOf, withTotalChapters, importBibleParts, importSaves, manuscriptLanguage, MANUSCRIPT_LANGUAGE_SHARE, type ImportBookInput } from './import-book.js';
export { introParts, joinIntro, introWithProse, partText, partHash, checkPartSeen, type IntroParts } from './part-text.js';
export { editCharacterDetails, characterLines, MAX_CHARACTER_DETAILS_CHARS } from './intro-edit.js';
export { BIBLE_LIMITS, EMPTY_BIBLE, applyBibleUpdate, bibleWords, bookBible, bounded, capWords, linesToFold, parseBible, parseBibleUpdate, parseThread, renderBible, withWriterBrief, ignoredBible, stateForStep, type BibleCharacter, type BibleLine, type BibleThread, type BibleUpdate, type StoryBible } from './bible/index.js';
export { answerText, askText, openReasoning, copiedShare, isEcho, isRefusal, judgeAnswer, judgeRefusal, unfenced, countLines, judgeShape, shapeOf, splitWalls, isAssistantTalk, withoutTalk, answerNotesOf, type AnswerExpectation, type AnswerKind, type AnswerNotes, type AnswerOutcome, type AnswerNote } from './answers/index.js';
export { bookThreads, checksAgainst, continuityFindings, openContinuityFindings, sortedBySeverity, findingKey, withIntended, FINDING_KEY, MAX_INTENDED_FINDINGS } from './continuity/index.js';
export { bookSeries, changesFor, hasSeriesBible, isSeriesLabel, openThreadsOf, seriesAsOf, seriesBrief, seriesChangeLine, seriesChanges, seriesLabel, seriesNameOf, seriesOf, SeriesError, MAX_SERIES_NAME, type SeriesBook, type SeriesChange, type SeriesContext } from './series/index.js';
export { fingerprintOf, voiceFromSample, mtld, MIN_SAMPLE_WORDS, MAX_SAMPLE_WORDS, MIN_PART_WORDS, EXEMPLAR_WORDS, VoiceError, voiceMessage, overusedIn, isOverused, avoidListOf, phrasesToAvoid, OVERUSED_BAND, MAX_AVOID, MAX_AVOID_CHARS, voiceMarksOf, partVoiceOf, partOverusedOf, towardVoiceNote, driftNote, statisticsOf, BANDS, voiceGuidanceOf, withoutExemplars, type VoiceErrorCode, type OverusedMeasure, type VoiceMarks, type PartVoice, type VoiceStatistic } from './voice/index.js';
