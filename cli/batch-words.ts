// What `karya batch` prints while it checks its options, runs its books and writes their packages, in the batch's
// language (its books' when they share one, else the writer's locale's: cli/saved-book-words.ts sharedLang): the
// words are in languages/<code>/cli-batch.yaml, English's too.
import {
  catalogue,
  generationMessage,
  numberIn,
  sayer,
  type CatalogueCode,
  type Lang,
  type Sayer,
} from '../engine/index.js';

/**
 * A count with thousands separators (12,345), as en-US writes it. Whole numbers (every count a batch shows) are
 * grouped here: the first Intl.NumberFormat of a process costs ~17 ms (ICU's number data), which every batch paid
 * at its start when it was made as this module loaded. Other numbers go through one formatter, made when first
 * needed (toLocaleString('en-US') makes one per call, about 0.15 ms).
 */
let counts: Intl.NumberFormat | undefined;
export const count = (x: number): string =>
  Number.isSafeInteger(x)
    ? `${x < 0 || Object.is(x, -0) ? '-' : ''}${String(Math.abs(x)).replace(/\B(?=(\d{3})+$)/g, ',')}`
    : (counts ??= new Intl.NumberFormat('en-US')).format(x);

const WORDS = catalogue('cli-batch', [
  'notPositive',
  'notPositiveWhole',
  'notPositiveWholeMax',
  'invalidJobs',
  'perDayNeedsPublish',
  'publishNotQueue',
  'publisherNeedsPublish',
  'queueNoDatabase',
  // The progress (cli/batch/report.ts). A text that counts is its plural forms in a language's file ({ one, other }).
  'start',
  'barName',
  'barSteps',
  'alreadyWritten',
  'resumingAt',
  'steps',
  'callsPlanned',
  'calls',
  'words',
  'tokens',
  'shortTarget',
  'markShort',
  'markRepeats',
  'markVoice',
  'markOverused',
  'retrying',
  'rateLimited',
  'shortParts',
  'repeatingParts',
  'reused',
  'booksWritten',
  'booksDone',
  'failed',
  'unfinished',
  'shortPartsWhy',
  'repeatingPartsWhy',
  'tooClose',
  'retries',
  'interrupted',
  'retryFailed',
  // A book too close to another (cli/batch/near-duplicates.ts) and the packages of --publish (cli/batch/publish.ts).
  'closeTo',
  'closeBoth',
  'closeMore',
  'ready',
  'notReady',
  'publishOn',
  'heldBack',
  'byAuthor',
  'noAuthor',
  'keptPackage',
  'schedule',
  'packages',
  'days',
  'heldCount',
  // The dry run's plan (cli/batch/plan.ts formatPlan).
  'planHead',
  'planBooks',
  'planBooksComplete',
  'planLimits',
  'planNone',
  'planBound',
  'planChain',
  'planConcurrency',
  'planRpm',
  'planTpm',
  'planOversized',
  // The jobs file's issues (cli/batch/job-words.ts says them): a job named, its fields' refusals, the file's own.
  'jobNamed',
  'jobAt',
  'allowed',
  'notAnObject',
  'notJobField',
  'idNotText',
  'idTaken',
  'generatorRequired',
  'notAGenerator',
  'settingsNotMap',
  'settingNotValue',
  'settingsRefused',
  'chaptersRange',
  'badChapterCount',
  'maxCallsRange',
  'outNotName',
  'outNul',
  'outTooLong',
  'outOutside',
  'writtenToo',
  'ownFormats',
  'notAFormat',
  'formatsImage',
  'seriesNotText',
  'seriesSingle',
  'seriesLanguage',
  'voiceSingle',
  'voiceNotPath',
  'avoidNotPhrases',
  'voiceNotText',
  'noSuchFile',
  'coverNotPublished',
  'coverNotGiven',
  'publishNotBook',
  'factTooLong',
  'factEmpty',
  'factNotText',
  'translateOnly',
  'translateShape',
  'translateBook',
  'translateTo',
  'translateGlossary',
  'tooManyJobs',
  'fileTooLarge',
  'isFolder',
  'noJobsFile',
  'cannotRead',
  'notJson',
  'jsonUnexpected',
  'jsonEnded',
  'notYaml',
  'notAList',
  'tooManyAliases',
  'noJobs',
]);

type Key = keyof typeof WORDS;
/** A key of the `cli-batch` catalogue. */
export type BatchKey = Key;
/** The texts that count (`{n}`): each language's file gives their plural forms. */
type Counted = Extract<
  Key,
  | 'steps'
  | 'callsPlanned'
  | 'calls'
  | 'words'
  | 'tokens'
  | 'shortParts'
  | 'repeatingParts'
  | 'booksDone'
  | 'retries'
  | 'closeMore'
  | 'packages'
  | 'days'
  | 'planOversized'
>;

/** A batch line's words in a language, with its placeholders filled. */
export const batchWord: Sayer<Key> = sayer(WORDS);

/**
 * A count as `lang` groups its thousands (12,345; 12.345) and writes a fraction (12.5; 12,5): the language's own
 * signs (languages/<code>/number-words.yaml, engine/number-words.ts), a language added by its files included.
 */
export const countIn = (n: number, lang: Lang): string => numberIn(n, lang);

/**
 * A count with its words in a language (`3 calls`, `1 call`; `3 panggilan`), `n` grouped as the language groups it,
 * other placeholders filled.
 */
export function batchCount(
  key: Counted,
  n: number,
  lang: Lang,
  vars: Readonly<Record<string, string | number>> = {},
): string {
  return batchWord(key, lang, { ...vars, n: countIn(n, lang) });
}

/**
 * A book's failure in the batch's language: worded from its code and params (data) when it carries them, else its
 * message as it came (a file that could not be written, already in the book's language; a queued worker's).
 */
export function failedWords(
  failure: { code: CatalogueCode; message: string; params?: Readonly<Record<string, string>> },
  lang: Lang,
): string {
  return failure.params ? generationMessage({ code: failure.code, params: failure.params }, lang) : failure.message;
}
