// The studio's door to the engine: the names the browser uses from the engine's pure door (settings schema,
// form model, flow, words, the reader's view) and every HTTP shape from the contract door. Only names taken
// here reach the bundle: no YAML parser, no handlebars, no Node modules. The studio imports the engine
// through this file only (tests/architecture/layers.test.ts fails on any other studio import of engine/).
export * from '../../engine/contract/index.js';
export {
  // the settings' format
  type Lang, LANGS, type Bilingual, type Scalar, type FieldType, type FieldRole, type Family, type Kind, type PublishPart, type PublishContextPart,
  type Condition, type ResolvedOption, type FieldValue, type FieldShape, type ResolvedField, type ResolvedSection, type ProgressDenominator,
  type ResolvedFlow, type ResolvedPrompts, type ResolvedBudget, type ResolvedModel, type ResolvedPublishPart, type ResolvedPublish, type PixelSize,
  type ResolvedSpec, type Settings, type BookSpec,
  // words and the message catalogue
  WORDS, type WordKey, fillPlaceholders, word, LANGUAGE_NAMES,
  CATALOGUE, catalogueMessage, SETTINGS_MESSAGES, settingsIssueMessage, KaryaError,
  type CatalogueCode, type SettingsIssue, type SettingsIssueCode, type SettingsIssueParams,
  // the form and its schema
  conditionHolds, isFieldVisible, isFieldRequired, defaultSettings, compileSettingsSchema, settingsIssueOf, parseSettings,
  bookSpecFromForm, type FormModel, type FormField, fieldType,
  // the book's flow, steps and labels
  type BookState, type FlowSummary, bookLanguage, chapterCount, startBook, planSteps, nextStep, applyStep, progress, extractCharacterDetails,
  splitCharacterDetails, withoutCharacterDetails, extractTitle, describeFlow, restoreBook, chapterNotesOf,
  type Step, isSameStep, stepKey, stepRef, parseStepKey, StepRefSchema, type StepRef, conclusionPosition, minChapters,
  stepLabel, partLabel, partStep, buttonLabel, outlineToast, defaultChapterTitle,
  // the reader's view, the bible, Markdown, passage tools, readiness words, waiting
  bookView, previewBook, EMPTY_BIBLE, parseBible, renderBible, type StoryBible,
  parseMarkdown, parseMarkdownPlaced, spansText, type Block, type Span, type HeadingLevel,
  PASSAGE_TONE_IDS, type PassageAction, type PassageTone, checkWords, sortedBySeverity, sourceLink, sleep, bookCost, chaptersMost, countWords, firstWords, stepText, historyBookOf,
} from '../../engine/index.js';
