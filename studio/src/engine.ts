// The studio's door to the engine: the names the browser uses from the engine's pure door (settings schema,
// form model, flow, words, the reader's view) and the HTTP shapes it uses from the contract door. Only names taken
// here reach the bundle: no YAML parser, no handlebars, no Node modules. The studio imports the engine
// through this file only (tests/architecture/layers.test.ts fails on any other studio import of engine/).
export {
  type AIConfigResponse, API_ROLES, type ApiErrorEnvelope, type ApiKey, type ApiKeyCreated, ASSIGNABLE_ROLES,
  type AssignableRole, type AudiobookStatus, type BookCover, type BookEditionsResponse, type EditionOffer, type BookView, type ClaimsResponse, type CreditCode, type CreditLink,
  type CreditsGrantedResponse, type Deployment, type DonePayload, type EditionDone, type EditionPartEvent,
  type EditionProgressEvent, type EditionWaitingEvent, type EventsOf, type ExportFormat, type GlossaryResponse, MAX_GLOSSARY_TERM_CHARS,
  type FileRouteKey, type GenerateBody, type GeneratorForm, type GeneratorSummary, type HistoryItem,
  type HistoryListItem, type HistoryType, type ImportPreview, type JsonRouteKey, type KdpPackage, MAX_API_KEY_NAME,
  MAX_VOICE_SAMPLE_CHARS, type MyBook, type NextBookResponse, PAPERBACK_PAPERS, PAPERBACK_TRIMS,
  type PartVersionView, type PassageResponse, type PaymentOptions, type Profile, PUBLISH_AI_TEXT_LEVELS,
  type PublishQuote, PURCHASE_PACKAGE_IDS, PURCHASE_PACKAGES, type PurchasePackageId, type RequestOf,
  type ResponseOf, ROLE_CREDITS, type Routes, type RunSoFar, type SavedProgress, savedProgressOf, type SeriesDetail,
  type SideBySideResponse, type SignInNotice, type StreamRouteKey, type TopUpCredits, type VoiceBody,
  type StoryMap, COVER_UPLOAD, MANUSCRIPT_UPLOAD, type UploadLimit, PACKAGE_EDIT_LIMITS,
} from '../../engine/contract/index.js';
export {
  // the settings' format
  type Lang, LANGS, langs,
  // the studio's section of each language (its locale, its names of languages)
  editionName, languageLabel, localeOf, makeEditionWords, shortName, studioLanguage, type StudioLanguage, isLang, languageName, languageTable, neighbourNote, setLanguageSource, ensureLanguages, checkedLangs, defineSection,
  LanguageWordsError, type LanguageSource, type LanguageTable,
  type FieldShape,
  type Settings, type BookSpec,
  // words and the message catalogue; a time as a language writes it (its number-words: engine/number-words.ts)
  durationIn, WORDS, fillPlaceholders, word, wordIn,
  CATALOGUE, catalogueMessage, SETTINGS_MESSAGES, settingsIssueMessage, KaryaError,
  type CatalogueCode, type SettingsIssue,
  // the form and its schema
  isFieldVisible, isFieldRequired, defaultSettings, compileSettingsSchema, settingsIssueOf, parseSettings,
  bookSpecFromForm, type FormModel, type FormField,
  // the book's flow, steps and labels
  type BookState, startBook, stepsFor, nextStep, applyStep, progress,
  extractTitle, restoreBook,
  type Step, stepKey, stepRef, type StepRef,
  stepLabel, buttonLabel, outlineToast,
  // which languages a book in one can have an edition in (the table's translation.from, as the server's offer)
  editionLanguages,
  // the reader's view, the bible, Markdown, passage tools, readiness words, waiting
  bookView, previewBook, EMPTY_BIBLE, parseBible, renderBible,
  parseMarkdown, parseMarkdownPlaced, type Block, type Span,
  // the story map's cells and symbols
  characterCells, factCells, findingCounts, threadCells, FINDING_SYMBOL, GONE_SYMBOL, LINE_SYMBOL, MARK_SYMBOLS, type CellMark, type MapCell,
  PASSAGE_TONE_IDS, type PassageAction, type PassageTone, checkWords, sortedBySeverity, sourceLink, sleep, bookCost, chaptersMost, countWords, firstWords, stepText, historyBookOf,
} from '../../engine/index.js';
