// `karya publish`'s options, each checked with the publishing plan and the book chosen before anything is spent:
// the paperback's trim and paper, the cover picture, metadata.json's facts, the --out folder and the state file.
import { readFileSync } from 'node:fs';
import { AI_TEXT_LEVELS, catalogueMessage, checkPublishSteps, formatSpecIssue } from '../engine/index.js';
import type { AiTextLevel } from '../engine/index.js';
import { PAPER_NAMES, TRIM_NAMES, isPaperName, isTrimName, printLayoutOf, type TrimName } from '../engine/index.js';
import type { GivenFacts, Lang, Settings } from '../engine/index.js';
import { catalogOrExit, specOrExit, fail, EXIT, CliExit } from './util.js';
import { exitOnFailure } from './errors.js';
import { settingsFromOptions } from './settings.js';
import { writableDirOrExit } from './fs-check.js';
import { closeThresholdOrExit } from './near-duplicates.js';
import { cliStateOf, writableStateOrExit } from './state.js';
import { messagesLang } from './langs.js';
import { settingsLang } from './saved-book-words.js';
import { publishWord } from './publish-words.js';
import { savedBookOrExit } from './book-option.js';

export type PaperName = (typeof PAPER_NAMES)[number];

export interface PublishOptions {
  set: string[];
  /** --max-calls: the run's bound on model calls instead of the default (engine/budget.ts). */
  maxCalls?: string;
  lang?: string;
  chapters?: string;
  out: string;
  title?: string;
  subtitle?: string;
  author?: string;
  publisher?: string;
  edition?: string;
  series?: string;
  seriesNumber?: string;
  readingAge?: string;
  state?: string;
  /** A saved book's id (karya books): package that book. */
  book?: string;
  fresh?: boolean;
  json?: boolean;
  trim?: string;
  paper?: string;
  /** The writer's correction of the AI disclosure's text level (none, some, most, entirely). */
  aiText?: string;
  /** --cover: the writer's own picture (a file), or `typographic`. */
  cover?: string;
  /** --close-threshold: the share of the book found in another of yours above which it is too close (default 15 %). */
  closeThreshold?: string;
  /** --bilingual: a translated edition (--book) packaged with its source, each paragraph then its translation. */
  bilingual?: boolean;
  /**
   * --conclusion: write the conclusion of a book that ends with the writer's own last part (else it is packaged as it
   * stands).
   */
  conclusion?: boolean;
}

/**
 * --cover: `typographic`, or a picture checked against the stores' rules before anything is spent (exit 2
 * naming the file, its size and the rule it breaks, in the book's language).
 */
async function coverOption(value: string | undefined, lang: Lang): Promise<GivenFacts['cover']> {
  if (value === undefined) return undefined;
  if (value.trim().toLowerCase() === 'typographic') return { kind: 'typographic' };
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(value);
  } catch {
    return fail(catalogueMessage('cover_not_found', lang, { file: value }));
  }
  const { readCoverPicture, CoverPictureError } = await (await import('../engine/node.js')).loadPublishFiles();
  try {
    return { kind: 'picture', image: await readCoverPicture(bytes, value) };
  } catch (error) {
    exitOnFailure(error, lang, { catalogued: [CoverPictureError] });
    throw error;
  }
}

/**
 * --publisher, --edition, --series, --series-number, --reading-age and --ai-text for metadata.json; exits 2 on a bad
 * number, age or level.
 */
export function metadataOptions(opts: PublishOptions, lang: Lang): GivenFacts {
  const whole = (flag: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    if (!/^\d{1,3}$/.test(value.trim()) || Number(value) < 1) fail(publishWord('notWhole', lang, { flag, value }));
    return Number(value);
  };
  if (opts.readingAge !== undefined && !/^\d{1,2}(?:-\d{1,2}|\+)?$/.test(opts.readingAge.trim())) {
    fail(publishWord('notAge', lang, { value: opts.readingAge }));
  }
  const edition = whole('--edition', opts.edition);
  const seriesNumber = whole('--series-number', opts.seriesNumber);
  const aiText = opts.aiText?.trim().toLowerCase();
  if (aiText !== undefined && !AI_TEXT_LEVELS.includes(aiText as AiTextLevel)) {
    fail(publishWord('notLevel', lang, { value: opts.aiText ?? '', choices: AI_TEXT_LEVELS.join(', ') }));
  }
  return {
    ...(aiText ? { aiText: aiText as AiTextLevel } : {}),
    ...(opts.publisher?.trim() ? { publisher: opts.publisher.trim() } : {}),
    ...(edition !== undefined ? { edition } : {}),
    ...(opts.series?.trim() ? { series: opts.series.trim() } : {}),
    ...(seriesNumber !== undefined ? { seriesNumber } : {}),
    ...(opts.readingAge?.trim() ? { readingAge: opts.readingAge.trim() } : {}),
  };
}

export type Checked = Awaited<ReturnType<typeof preflight>>;

/**
 * Every option and the publishing plan checked, the book chosen, the --out folder and the state file writable:
 * nothing is spent on a package that cannot be made.
 */
export async function preflight(id: string, opts: PublishOptions) {
  // The paperback's choices are checked before anything else.
  const paper = opts.paper ?? 'white';
  const lang = messagesLang(opts.lang);
  if (opts.trim !== undefined && !isTrimName(opts.trim)) {
    fail(publishWord('notTrim', lang, { value: opts.trim, choices: TRIM_NAMES.join(', ') }));
  }
  if (!isPaperName(paper)) fail(publishWord('notPaper', lang, { value: paper, choices: PAPER_NAMES.join(', ') }));
  const closeThreshold = closeThresholdOrExit(opts.closeThreshold, messagesLang(opts.lang));
  const cover = await coverOption(opts.cover, messagesLang(opts.lang));
  const catalog = catalogOrExit();
  const spec = specOrExit(catalog, id, lang);
  if (spec.kind !== 'book' || !spec.publish) {
    const books = catalog.specs.filter((s) => s.publish).map((s) => s.id);
    return fail(publishWord('notBook', lang, { id, books: books.join(', ') }));
  }
  // Without --trim, the trim of the book's layout (a children's book: 5.5 x 8.5 in).
  const { trim } = printLayoutOf(spec.publish, opts.trim as TrimName | undefined);
  // `--book ID`: a saved book (an imported one included), continued and packaged with its own settings.
  const book = opts.book !== undefined ? await savedBookOrExit(spec, opts, { mayBeFinished: true }) : undefined;
  const chosen: { settings: Settings; totalChapters?: number } = book ?? settingsFromOptions(spec, opts);
  const { settings, totalChapters } = chosen;
  // Every publishing generator and setting is checked first.
  const planIssues = checkPublishSteps(spec, (x) => catalog.get(x));
  if (planIssues.length) {
    for (const issue of planIssues) process.stderr.write(`${formatSpecIssue(issue)}\n`);
    throw new CliExit(EXIT.failed);
  }
  if (opts.bilingual && opts.book === undefined) fail(publishWord('bilingualNeedsBook', lang));
  // In the book's language (a saved book's own).
  writableDirOrExit('--out', opts.out, settingsLang(spec, settings));
  writableStateOrExit(cliStateOf(opts.state), settingsLang(spec, settings));
  return { paper: paper as PaperName, closeThreshold, cover, catalog, spec, trim, book, settings, totalChapters };
}
