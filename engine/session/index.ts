// The book session and what it is made of: ports, the reader's view, the bible, language checks, costs, edits
// (step identity and part labels are below it, in engine/compile/).
export * from './ports.js';
export * from './view.js';
export * from './bible.js';
export { BookSession, SessionError, joinCut, joinExtension, extendPart, rewritePart, updateBible, runStep, MAX_EXTENSIONS, type Rewrite, type StepOutcome, type StepResult, type AdvanceOptions, type OpenSessionInput, type LanguageRetry } from './session.js';
export * from './language.js';
export * from './measure.js';
export * from './repeat.js';
export { answerText, askText, openReasoning } from './answer-text.js';
export { isEcho, isRefusal, judgeAnswer, judgeRefusal, unfenced, type AnswerExpectation, type AnswerKind, type AnswerOutcome } from './answer-verdict.js';
export * from './cost.js';
export * from './edit.js';
export * from './outline-edit.js';
export * from './passage.js';
export type { ContinuityFinding } from './view-schema.js';
export { bookThreads, checksAgainst, continuityFindings, openContinuityFindings, sortedBySeverity } from './continuity.js';
export { findingKey, withIntended, FINDING_KEY, MAX_INTENDED_FINDINGS } from './continuity-keys.js';
export { stateForStep } from './bible-as-of.js';
export { importedBook, importedBookOf, withTotalChapters, importBibleParts, importSaves, manuscriptLanguage, MANUSCRIPT_LANGUAGE_SHARE, type ImportBookInput } from './import-book.js';
export { bookSeries, changesFor, hasSeriesBible, isSeriesLabel, openThreadsOf, seriesAsOf, seriesBrief, seriesChangeLine, seriesChanges, seriesLabel, seriesNameOf, seriesOf, SeriesError, MAX_SERIES_NAME, type SeriesBook, type SeriesChange, type SeriesContext } from './series.js';
export { fingerprintOf, voiceFromSample, mtld, MIN_SAMPLE_WORDS, MAX_SAMPLE_WORDS, MIN_PART_WORDS, EXEMPLAR_WORDS } from './voice.js';
export { VoiceError, voiceMessage, type VoiceErrorCode } from './voice-error.js';
export { overusedIn, isOverused, avoidListOf, phrasesToAvoid, OVERUSED_BAND, MAX_AVOID, MAX_AVOID_CHARS, type OverusedMeasure } from './voice-overused.js';
export { voiceMarksOf, type VoiceMarks } from './voice-measure.js';
export { partVoiceOf, partOverusedOf, towardVoiceNote, driftNote, statisticsOf, BANDS, type PartVoice, type VoiceStatistic } from './voice-measure.js';
export { voiceGuidanceOf, withoutExemplars } from './voice-guidance.js';
export { introParts, joinIntro, introWithProse, partText, partHash, checkPartSeen, type IntroParts } from './part-text.js';
export { editCharacterDetails, characterLines, MAX_CHARACTER_DETAILS_CHARS } from './intro-edit.js';
