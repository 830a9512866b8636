// The engine's pure door: its public surface for every caller, browser included. No Node module may be
// reachable from here (Node callers take files, providers and exports from engine/node.ts; HTTP shapes
// come from engine/contract/index.ts).
export {
  type BookSpec, type FieldShape, type Kind, type ResolvedSpec, type Settings,
} from './spec/types.js';
export {
  LANGS, langs, checkedLangs, isLang, languageTable, languageName, defineSection, ensureLanguages, setLanguageSource, whileWordsUnchecked, checkLanguagesWhole, wordsChecked, catalogue, sayer, wordIn,
  catalogueKeys, catalogueGaps, LanguageWordsError, type Lang, type LanguageTable, type LanguageSource, type Sayer, type Worded,
} from './languages/index.js';
export {
  answerLanguageName, CATALOGUE, type CatalogueCode, catalogueMessage, ExportLimitError, formatSpecIssue,
  type SpecIssue,
  GenerationError, generationMessage, KaryaError, SETTINGS_MESSAGES, SettingsError, type SettingsIssue,
  type ErrorParams, notALanguage, settingsIssueMessage, SpecError, waitText,
} from './errors.js';
export { AudioError, type AudioErrorCode } from './audio-error.js';
export { fillPlaceholders, word, type WordKey, WORDS } from './i18n.js';
export { listIn } from './list-words.js';
export { durationIn, millisecondsIn, numberIn, secondsIn } from './number-words.js';
export { cleanText } from './clean-text.js';
export type { YamlProblem, YamlProblemCode } from './yaml.js';
/**
 * A language's texts of a generator, at the paths its folder writes them, and merged back (a language's folder:
 * generators/<id>.yaml).
 */
export { textsIn, withLanguageTexts } from './generator-texts.js';
export { editionName, languageLabel, localeOf, makeEditionWords, shortName, studioLanguage, type StudioLanguage } from './studio-language.js';
export { buildCatalog, compileAll, type Catalog, type Sources } from './catalog.js';
export {
  compileSettingsSchema, defaultSettings, isFieldRequired, isFieldVisible, parseSettings, settingsIssueOf,
} from './compile/schema.js';
export { bookSpecFromForm, compileForm, type FormField, type FormModel } from './compile/form.js';
export {
  applyStep, bookProvenanceOf, type BookSeries, type BookState, buttonLabel, chapterCount,
  conclusionPosition, describeFlow, extractCharacterDetails, extractTitle, hasAuthoredParts,
  hasOutlineStep, isAuthoredPart, minChapters, nextStep, outlineToast, parseStepKey, partLabel, partProvenance,
  type PartProvenance, partProvenanceOf, partStep, stepsFor, startBook, type Step, stepKey,
  stepLabel, stepRef, type StepRef, withoutCharacterDetails, isPublicDomainSource, sourceStatusOf, sourceStatusFrom,
  SOURCE_EVIDENCE, type SourceStatus, type SourceEvidence,
} from './compile/flow.js';
export { partsWritten, progress, stepText } from './compile/book-progress.js';
export { auditFindingsOf, chapterNotesOf, restoreBook } from './compile/book-restore.js';
export { type BookVoice, bookVoiceOf, type VoiceFingerprint } from './compile/book-voice.js';
export { stepPosition } from './compile/step.js';
export {
  buildContext, FIRM_LANGUAGE_TEMPLATE, indefiniteArticle, MEMORY_WORDS, promptOf, PromptRenderer, renderContinuation,
  type RenderedPrompt, renderExtension, renderMemoryUpdate, renderOutlineMore, renderPrompt, type TemplateSources,
  templatesUsed,
} from './compile/prompt.js';
export { parseBriefMarkdown } from './compile/brief.js';
export { withLanguage } from './compile/language-field.js';
export { fieldType } from './fields/registry.js';
export { registryGaps } from './registry.js';
export { chaptersMost } from './fields/select.js';
export {
  type AnswerNote, type AnswerNotes, answerNotesOf, answerText, applyBibleUpdate, avoidListOf, BIBLE_LIMITS,
  bibleWords, bookBible, bookCost, bookLengthScore, bookSeries, BookSession, bookView, bounded, changesFor,
  checkPartSeen, checkPassagePlace, cleanPassage, type ContinuityFinding, continuityFindings, copiedShare,
  detectLanguage, driftNote, editBible, editCharacterDetails, EditError, editOutline, editPart, EMPTY_BIBLE,
  EXEMPLAR_WORDS, extendPart, findLanguageDrift, fingerprintOf, ignoredBible, importBibleParts, importedBook,
  importedBookOf, importSaves, type ImportSettings, importSettingsOf, inMemoryProgressStore,
  isAssistantTalk, isEcho, isOverused, joinCut, judgeAnswer, judgeRefusal, judgeShape, keepPassage,
  type LanguageRetry, lengthScore, LONG_RATIO, manuscriptLanguage, MAX_CHAPTER_NOTE_CHARS, MAX_PART_CHARS,
  MAX_REWRITE_NOTE_CHARS, MAX_SERIES_NAME, type KeptAnswer, type MemorySave, mtld, neighbourWords, neighbourFinds, neighbourNote, openReasoning, openThreadsOf, outlineChapters,
  overusedIn, parseBible, parseBibleUpdate, partHash, partVoiceOf, PASSAGE_TONE_IDS, type PassageAction,
  type PassageTone, previewBook, type ProgressStore, readManuscriptSettings, renderBible, repeatedShare,
  REPEATS_RATIO, stepMarksOf, type StepMarks, reworkPassage, type Rewrite, rewritePart, runStep, type SavedBook, scriptLanguageOf, seriesAsOf,
  type SeriesBook, seriesBrief, type SeriesChange, seriesChangeLine, SeriesError, seriesNameOf, seriesOf,
  SessionError, shapeOf, SHARE_DRIFT, SHORT_RATIO, sortedBySeverity, splitWalls, stateForStep, type StepOutcome,
  type StepResult, type StepSave, type StoryBible, towardVoiceNote, unfenced, updateBible, VoiceError,
  voiceFromSample, voiceGuidanceOf, type VoiceMarks, voiceMarksOf, voiceMessage, withIntended, withManuscriptSettings,
  withoutExemplars, withoutTalk, withTotalChapters,
} from './session/index.js';
export {
  bookContinuity, bookMarks, checkWindow, editionKey, editionLinkOf, editionPartsLeft, chapterTitlesOf, withEditionTitle, canTitleEdition, cleanTitle, MAX_EDITION_TITLE, glossaryFileOf, glossaryOf, glossaryWithReasons, type GlossaryWhy, type ReasonedEntry, type GlossaryEntry, lengthBand, canTranslate, editionLanguages, editionLanguageName, tableLanguageOf, MAX_GLOSSARY_TERMS,
  notEditionRefusal, sourceLanguages, partHashes, staleParts, withStaleMarked, type PartOutcome, problemText, sideBySide, type SourceHashes, translatedFrom, translateEdition, translationCost, editionPlan,
  type TranslateProgress, withWritersGlossary, cleanTerm, titleProblem, isTitleUntranslated, editionTitleOf, type EditionTitle, type TitleProblem,
} from './session/index.js';
export { termsIn, governedByWholeNames, GENDERS, MAX_TERM_CHARS, type GlossaryGender, type WritersTerm, isWordless, withWordlessKept, hasTerm, type Glossary, type WindowProblem } from './session/index.js';
export { untranslatedParagraphs, untranslatedTitles, hasUntranslated, climbDown, ASKS_PER_RUNG, type Ladder, type LadderAnswer, type EditionOutcome } from './session/index.js';
export { bookEnding, isFinishedBook, type BookEnding } from './session/index.js';
export {
  storyMap, storyMapText, characterCells, factCells, findingCounts, threadCells, MAP_WORDS, MARK_SYMBOLS, LINE_SYMBOL, GONE_SYMBOL, FINDING_SYMBOL,
  StoryMapSchema, type StoryMap, type CellMark, type MapCell, type CharacterLane, type ThreadLane, type FactPoint, type Relation, type MapFinding, type MapChange,
  type MapChanges, type MapPart,
} from './session/index.js';
export {
  bookDocument, type BookDocument, bookMarkdown, bookSummary, bookTitleOf, chapterCounts, EXPORT_FORMATS,
  type ExportFormat, formatOfFile,
} from './session/book.js';
export {
  type BookView, type DonePayload, EXPORT_FILE_TYPES, exportFileName, type GenerateBody, GenerateBodySchema,
  IDEMPOTENT_REPLAYED_HEADER, type SavedProgress, savedProgressOf,
} from './contract/books.js';
export { MAX_VOICE_SAMPLE_CHARS, type PartVersionView, type VoiceBody } from './contract/book-edits.js';
export { type MyBook } from './contract/my-books.js';
export {
  type KdpPackage, PACKAGE_FILE_CONTENT_TYPES, PACKAGE_FILE_TYPE, packageFileName, PAPERBACK_PAPERS, PAPERBACK_TRIMS,
  PUBLISH_AI_TEXT_LEVELS, PUBLISH_FACT_FIELDS, type PublishFacts, PublishFactsSchema, type PublishQuote,
  PublishQuoteSchema, type PublishResponse, PublishResponseSchema, type PublishStepInfo,
} from './contract/publish.js';
// The contract's plain constants (no schemas): what the server's config, store and errors read at every start,
// without building the whole contract's zod schemas (engine/contract/index.ts) before a batch's first call.
export { TOPUP_CREDITS, type TopUpCredits } from './contract/topup.js';
export { ROLE_CREDITS } from './contract/roles.js';
export { VALIDATION_CODES } from './contract/messages.js';
export {
  contentTitle, historyBookOf, historyTitle, pieceHistoryTitle, stepHistoryTitle,
} from './session/history-title.js';
export { errorCodeOf, refuseUnknownLang, withErrorCode } from './error-code.js';
export { type Block, parseMarkdown, parseMarkdownPlaced, plainLine, type Span } from './markdown.js';
export { decodeMarkup, escapeAttribute, escapeRegExp, escapeText } from './markup.js';
export { textHash } from './text-hash.js';
export { delayFor, RECONNECT, retry, retryAfterMs, retryKindOf, shouldRetry, type RetryKind, type RetryOptions, type RetryRule, type Retrying } from './retry.js';
export { retryWait, slowModelWait, turnWait, type ModelWait, type TurnReason } from './model-waits.js';
export { BUDGET_CODES, CallBudget, FAILED_ASKS_IN_A_ROW, budgetFailureOf, budgetOf, defaultCallBound, isBudgetStop, withBudget, type BudgetFailure } from './budget.js';
export { isPaperName, isTrimName, PAPER_NAMES, printLayoutOf, TRIM_NAMES, TRIM_SIZES, type TrimName } from './print.js';
export { sleep } from './timing.js';
export { countedProvider, runFigures, type PaceInput, type RunFigures, type Tally } from './pace.js';
export {
  countWords, type ImageRequest, isCutOff, type Provider, providerThrough, type ProviderEvent, type RetryNotice, type TextRequest, type TextResult,
} from './provider.js';
export { firstWords, lastWords, wordList } from './words.js';
export { forgetTexts } from './text-cache.js';
export { chaptersWritten } from './spec/conclusion.js';
export { AuthoredSpec, SharedFile } from './spec/format.js';
export { generatorLanguageGaps, specLanguages, type GeneratorLanguageGap } from './spec/resolve-languages.js';
export { CoverDataSchema } from './spec/covers.js';
export {
  addDays, AI_TEXT_LEVELS, aiTextLevel, type AiTextLevel, aiTextShare, blockingChecks, type CatalogueEntry,
  catalogueIndex, CHANNELS, checkCloseness, type ClosenessReading, checkPublishSteps, checkWords, chooseAuthor, chooseTitle,
  CLOSE_THRESHOLD_RANGE, closeLabel, type Closeness, CLOSENESS_SOURCE, type ClosenessInput, closeOutcome,
  closestModelSize, copyrightExtra, DEFAULT_CLOSE_THRESHOLD, directPublishStep, disclosureOutcome, FingerprintIndex,
  fingerprintOfRuns, type GivenFacts, heldFor, isoDay, isReleasesPerDay, isValidIsbn13, packageCoverSpec,
  packageDocument, packageMetadata, packageMetadataOf, type PackageParts, packageReadiness, type PackageStepDone,
  parseCloseThreshold, parseTextFingerprint, publishStepsOf, releaseSchedule, type ScheduledRelease, CLOSE_BOOKS_READ, type PublishStep, type Readiness,
  type ReadinessInput, readinessText, type ReadinessText, RELEASES_PER_DAY, reuseAcrossParts, type RunPublishStep,
  say, scheduleColumns, scheduleCsv, type ScheduleRow, sharedPassages, sharedShare, sharePercent, shingleSet,
  sourceLink, textDerivationOf, textFingerprint, type TextFingerprint, writePackageParts, authorshipOf, PublishTitleError,
  editedMetadata, type KdpMetadata, type PackageEdit, recheckMetadata, recheckPackage, KDP_KEYWORD_MAX, KDP_KEYWORD_SLOTS, KDP_DESCRIPTION_MAX,
} from './publish/index.js';
export {
  checkImportFile, decodeText, IMPORT_LIMITS, type ImportedPart, ImportRefusal, importRefusalMessage,
  manuscriptPreview, readManuscript, type ReadManuscript, tooLargeRefusal, unwrapLines,
  frontMatterNames,
} from './import/index.js';
