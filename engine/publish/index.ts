// Publishing packages from finished books (`karya publish`): the publishing steps, the description's HTML,
// KDP's title and keyword rules, title case, metadata, the channels (stores) and readiness per channel.
// Pure; engine/node/publish.ts writes the files.
export { disallowedTags, KDP_DESCRIPTION_MAX, KDP_TAGS, markdownToKdpHtml, sanitizeKdpHtml } from './html.js';
export {
  forbiddenWordsIn,
  KDP_KEYWORD_MAX,
  KDP_KEYWORD_SLOTS,
  kdpKeywords,
  keywordProblems,
  kdpForbiddenWords,
  type RuleProblem,
  titleProblems,
} from './rules.js';
export { isLargeTrim, KDP_PAGE_LIMITS, pageLimit } from './page-limits.js';
export { titleCase, titleCaseRule, uncapitalisedTitleWords } from './title-case.js';
export { chooseAuthor, chooseTitle, keywordCandidates } from './extract.js';
export { jpegInfo } from './files.js';
export { type KdpMetadata, packageMetadata } from './metadata.js';
export {
  AI_TEXT_LEVELS,
  aiTextLevel,
  type AiTextLevel,
  aiTextShare,
  disclosureOutcome,
  textDerivationOf,
} from './disclosure.js';
export {
  type CoverContent,
  type EpubcheckResult,
  type AceResult,
  formatReadiness,
  offlineMarkers,
  demoMarker,
  packageReadiness,
  type Readiness,
  type ReadinessInput,
} from './readiness.js';
export { type Audience, checkWords, readinessText, type ReadinessText, say, sourceLink } from './readiness-words.js';
export { CHANNEL_IDS, CHANNELS, languageRule } from './channels.js';
export { bookLanguageName, publishingOf, type PublishingData } from './language-data.js';
export { checkPublishSteps, closestModelSize, packageCoverSpec } from './step-settings.js';
export { directPublishStep, publishStepsOf, writePackageParts } from './pipeline.js';
export {
  type GivenFacts,
  type PackageParts,
  type PackageStepDone,
  type PublishStep,
  type RunPublishStep,
} from './package-types.js';
export { authorshipOf, copyrightExtra, packageDocument, packageMetadataOf } from './package-document.js';
export { PublishTitleError } from './title-error.js';
export {
  addDays,
  isoDay,
  isReleasesPerDay,
  releaseSchedule,
  type ScheduledRelease,
  RELEASES_PER_DAY,
  scheduleCsv,
  type ScheduleRow,
} from './release.js';
export { isValidIsbn13 } from './readiness/identifier.js';
export {
  CLOSE_THRESHOLD_RANGE,
  DEFAULT_CLOSE_THRESHOLD,
  fingerprintOfRuns,
  parseCloseThreshold,
  keepPartPrint,
  type PartPrint,
  readPart,
  parseTextFingerprint,
  sharedShare,
  shingleSet,
  textFingerprint,
  type TextFingerprint,
} from './near-duplicate.js';
export { FingerprintIndex } from './fingerprint-index.js';
export { type PartsReuse, reuseAcrossParts, type SharedPassage, sharedPassages } from './near-duplicate-passages.js';
export {
  type BookMeasure,
  type CatalogueEntry,
  catalogueIndex,
  checkCloseness,
  CLOSE_BOOKS_READ,
  type Closeness,
  type ClosenessReading,
  measureBook,
  passagesHere,
  passagesWith,
  sharePercent,
} from './near-duplicate-check.js';
export { closeLabel, CLOSENESS_SOURCE, type ClosenessInput, closeOutcome } from './readiness/not-too-close.js';
export { blockingChecks, heldFor, scheduleColumns } from './schedule.js';
export { editedMetadata, METADATA_RULE_IDS, type PackageEdit, recheckMetadata, recheckPackage } from './recheck.js';
