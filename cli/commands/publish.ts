// `karya publish <id> --out DIR`: write the book as `karya generate` does (resuming the same saved book),
// then run the publishing generators its publish block names and write a KDP package: manuscript.epub,
// manuscript.docx, paperback-interior.pdf and paperback-cover.pdf (at --trim, on --paper), cover.jpg,
// description.html, keywords.txt, metadata.json and readiness.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AI_TEXT_LEVELS, BookSession, bookEnding, PublishTitleError, CallBudget, withBudget, catalogueMessage, editionLanguageName, editionLinkOf, editionPartsLeft, partStep, stepLabel, formatSpecIssue, hasOutlineStep, isAuthoredPart, stepsFor, startBook, stepKey, publishStepsOf, type AiTextLevel, type RunFigures } from '../../engine/index.js';
import { checkPublishSteps, directPublishStep, readinessText, say, writePackageParts, type GivenFacts, type PackageStepDone, type ReadinessText, type RunPublishStep } from '../../engine/index.js';
import { openNearDuplicates } from '../../server/index.js';
import { PAPER_NAMES, TRIM_NAMES, TRIM_SIZES, isPaperName, isTrimName, printLayoutOf, type TrimName } from '../../engine/index.js';
import { catalogOrExit, specOrExit, fail, info, EXIT, CliExit, CLI_USER } from '../util.js';
import { interruptedExitCode, listenForInterrupt } from '../interrupt.js';
import { exitOnFailure } from '../errors.js';
import { maxCallsOrExit, sayBudget } from '../run-budget.js';
import { chapterRuleNote, settingsFromOptions, progressKey } from '../settings.js';
import { renderOrExit } from '../export-format.js';
import { makeDirs, writableDirOrExit } from '../fs-check.js';
import { cliProvider } from '../provider.js';
import { savedBookOrExit } from '../book-option.js';
import { seriesOfKey } from '../series.js';
import { closeThresholdOrExit } from '../near-duplicates.js';
import type { BookState, Closeness, Lang, Settings } from '../../engine/index.js';
import { cliStateOf, openCliState, writableStateOrExit } from '../state.js';
import { messagesLang } from '../langs.js';
import { settingsLang } from '../saved-book-words.js';
import { creditsIn, publishWord } from '../publish-words.js';
import { numberIn, secondsIn, word } from '../../engine/index.js';
import { RunMeter } from '../run-meter.js';

type PaperName = (typeof PAPER_NAMES)[number];

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
  /** --bilingual: a translated edition (--book) packaged with its source, each source paragraph followed by its translation. */
  bilingual?: boolean;
  /** --conclusion: write the conclusion of a book that ends with the writer's own last part (else it is packaged as it stands). */
  conclusion?: boolean;
}

/** Why a package part had no step (PackageStepDone.skipped) in its words' key; any other reason: the book's own. */
const SKIP_WORDS = { given: 'skip_given', no_author: 'skip_no_author', typographic: 'skip_typographic', own_cover: 'skip_own_cover', no_images: 'skip_no_images' } as const;
const skipWord = (skipped: string) => (Object.hasOwn(SKIP_WORDS, skipped) ? SKIP_WORDS[skipped as keyof typeof SKIP_WORDS] : 'skip_own');

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
  const { readCoverPicture, CoverPictureError } = await (await import('../../engine/node.js')).loadPublishFiles();
  try {
    return { kind: 'picture', image: await readCoverPicture(bytes, value) };
  } catch (error) {
    exitOnFailure(error, lang, { catalogued: [CoverPictureError] });
    throw error;
  }
}


/** --publisher, --edition, --series, --series-number, --reading-age and --ai-text for metadata.json; exits 2 on a bad number, age or level. */
function metadataOptions(opts: PublishOptions, lang: Lang): GivenFacts {
  const whole = (flag: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    if (!/^\d{1,3}$/.test(value.trim()) || Number(value) < 1) fail(publishWord('notWhole', lang, { flag, value }));
    return Number(value);
  };
  if (opts.readingAge !== undefined && !/^\d{1,2}(?:-\d{1,2}|\+)?$/.test(opts.readingAge.trim())) fail(publishWord('notAge', lang, { value: opts.readingAge }));
  const edition = whole('--edition', opts.edition);
  const seriesNumber = whole('--series-number', opts.seriesNumber);
  const aiText = opts.aiText?.trim().toLowerCase();
  if (aiText !== undefined && !AI_TEXT_LEVELS.includes(aiText as AiTextLevel)) fail(publishWord('notLevel', lang, { value: opts.aiText ?? '', choices: AI_TEXT_LEVELS.join(', ') }));
  return {
    ...(aiText ? { aiText: aiText as AiTextLevel } : {}),
    ...(opts.publisher?.trim() ? { publisher: opts.publisher.trim() } : {}),
    ...(edition !== undefined ? { edition } : {}),
    ...(opts.series?.trim() ? { series: opts.series.trim() } : {}),
    ...(seriesNumber !== undefined ? { seriesNumber } : {}),
    ...(opts.readingAge?.trim() ? { readingAge: opts.readingAge.trim() } : {}),
  };
}

/** A line as each file of the package is made (on a terminal, one line that changes), so the seconds it takes are not silent. */
function fileProgress(lang: Lang): (file: string) => void {
  const isTty = process.stderr.isTTY === true;
  return (file) => {
    const line = `  … ${readinessText(file === 'epubcheck' ? say('status.epubcheck') : file === 'accessibility' ? say('status.accessibility') : say('status.file', { file }), lang)}`;
    if (isTty) process.stderr.write(`\r\x1b[K${line}${file === 'readiness.json' ? '\r\x1b[K' : ''}`);
    else info(line);
  };
}

export async function publishCommand(id: string, opts: PublishOptions): Promise<void> {
  const checked = await preflight(id, opts);
  const { spec, catalog, settings, book } = checked;
  // The run's budget of model calls: planned once the book is open (its steps left and the package's parts).
  const budget = new CallBudget({ planned: 1, maxCalls: maxCallsOrExit(opts.maxCalls, messagesLang(opts.lang)) });
  // The book's parts and the package's, time left and what was spent so far, under the lines (cli/run-meter.ts).
  const meter = new RunMeter({ lang: messagesLang(opts.lang), planned: 0, done: 0, hasCredits: true });
  const provider = meter.counted(withBudget(cliProvider({ lang: messagesLang(opts.lang) }), budget));
  const total = startBook({ spec, settings, totalChapters: checked.totalChapters }).totalChapters;
  const rule = chapterRuleNote(spec, total, messagesLang(opts.lang));
  if (rule) info(rule);
  const stateFile = await openCliState(cliStateOf(opts.state));
  const interrupt = listenForInterrupt();
  // The step or package part being made (named by --json when it fails), and the book's language.
  const where: Where = { current: null, lang: messagesLang(opts.lang) };
  try {
    // A finished book saved under the same key is packaged as it is (`karya generate` then `karya publish`).
    // A book of a series is published as its book: the series' name and number (metadata.json, readiness, the EPUB).
    const series = book ? await seriesOfKey(stateFile, catalog, book.key) : undefined;
    const key = book?.key ?? progressKey(spec, settings, total);
    const session = await BookSession.open({
      spec, renderer: catalog.renderer, provider, store: stateFile.progress(CLI_USER),
      key, settings, totalChapters: total, onFinished: 'keep', isFresh: opts.fresh === true,
      ...(series ? { series } : {}),
    });
    // An edition is exactly its source's parts: nothing is written for it (what its source lacks, it lacks).
    where.lang = session.state.lang;
    // A book that ends with the writer's own last part (an imported novel) is packaged as it stands: the model writes
    // no part of it unless --conclusion asks for its conclusion (engine/session/ending.ts).
    const asItStands = !opts.conclusion && bookEnding(spec, session.state) === 'own-ending';
    if (asItStands) info(`karya: ${publishWord('asItStands', session.state.lang, { credits: creditsIn(spec.cost, session.state.lang) })}`);
    const bookSteps = asItStands ? (session.resumedParts ?? 0) : stepsFor(spec, total).filter((s) => s.kind !== 'outline' || hasOutlineStep(spec, session.state)).length;
    meter.startAt(session.resumedParts ?? 0, bookSteps + publishStepsOf({ book: spec, state: session.state, specOf: (x) => catalog.get(x) }).steps.length, session.state.lang);
    // Each step left with the story bible's update after it, and a call for each part of the package the model writes.
    budget.plan(2 * Math.max(0, bookSteps - (session.resumedParts ?? 0)) + Object.keys(spec.publish?.parts ?? {}).length);
    sayBudget(budget, session.state.lang);
    // The dual-language choice is refused before anything is written or spent when the book is no edition.
    const bilingualSource = opts.bilingual ? await bilingualSourceOrExit(stateFile, { key, id: opts.book!, lang: session.state.lang }) : undefined;
    const written = asItStands || (book && (await isWholeEditionOrExit(stateFile, { key, id: opts.book!, spec, state: session.state })))
      ? { planned: 0, steps: 0 }
      : await writeBook(session, { total, isSaved: book !== undefined, signal: interrupt.signal, where, meter });
    const made = await makePackage({ checked, opts, session, provider, meter, ...(bilingualSource ? { bilingualSource } : {}), signal: interrupt.signal, where, nearDuplicates: (title) => openNearDuplicates(stateFile.repos, CLI_USER).then((c) => c.check({ key, book: opts.book ?? key, title, parts: session.state.content, threshold: checked.closeThreshold })) });
    // The name the package went out under stays the book's author: publishing again keeps it (no new pen name unasked).
    const author = made.parts.author.trim();
    if (author && author !== session.state.author?.trim()) await stateFile.repos.books.saveAuthor({ userId: CLI_USER, key, author });
    reportPackage({ spec, opts, session, trim: checked.trim, paper: checked.paper, book: written, progress: meter.figures(), ...made });
  } catch (error) {
    meter.finish();
    publishFailed(error, { isInterrupted: interrupt.isInterrupted, opts, where });
  } finally {
    interrupt.release();
    await stateFile.close();
  }
}

/**
 * Whether the saved book under `key` is a translated edition (its key names its source), whole: every written
 * part of its source translated. An edition with a part still to translate exits 1 naming it and the command
 * that translates it; an edition whose source is no longer saved is published as it is.
 */
async function isWholeEditionOrExit(stateFile: Awaited<ReturnType<typeof openCliState>>, input: { key: string; id: string; spec: Checked['spec']; state: BookSession['state'] }): Promise<boolean> {
  const link = editionLinkOf(input.key);
  if (!link) return false;
  const source = await stateFile.repos.books.find({ userId: CLI_USER, id: link.sourceId });
  const left = source ? editionPartsLeft(source.state, input.state) : [];
  if (!left.length) return true;
  const lang = input.state.lang;
  const parts = left.map((i) => stepLabel(i === 0 ? { kind: 'introduction', position: 0 } : partStep(input.spec, i, input.state.totalChapters), lang, input.spec)).join(', ');
  return fail(catalogueMessage('publish_edition_not_whole', lang, { id: input.id, language: editionLanguageName(link.to, lang), source: String(link.sourceId), parts, to: link.to }), EXIT.failed);
}

/**
 * The source of the translated edition under `key`, for its dual-language package: the one its key names (karya
 * translate's, as karya export --bilingual finds it). A book that is no edition exits 2 (publish_not_edition); an
 * edition whose source is no longer saved, 2 (publish_no_source).
 */
async function bilingualSourceOrExit(stateFile: Awaited<ReturnType<typeof openCliState>>, input: { key: string; id: string; lang: Lang }): Promise<BookState> {
  const sourceId = editionLinkOf(input.key)?.sourceId;
  if (sourceId === undefined) return fail(catalogueMessage('publish_not_edition', input.lang, { id: input.id }));
  const source = await stateFile.repos.books.find({ userId: CLI_USER, id: sourceId });
  if (!source) return fail(catalogueMessage('publish_no_source', input.lang, { id: input.id, source: String(sourceId) }));
  return source.state;
}

interface Where {
  current: string | null;
  lang: Lang;
}

type Checked = Awaited<ReturnType<typeof preflight>>;

/** Every option and the publishing plan checked, the book chosen, the --out folder and the state file writable: nothing is spent on a package that cannot be made. */
async function preflight(id: string, opts: PublishOptions) {
  // The paperback's choices are checked before anything else.
  const paper = opts.paper ?? 'white';
  const lang = messagesLang(opts.lang);
  if (opts.trim !== undefined && !isTrimName(opts.trim)) fail(publishWord('notTrim', lang, { value: opts.trim, choices: TRIM_NAMES.join(', ') }));
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
  const { settings, totalChapters }: { settings: Settings; totalChapters?: number } = book ?? settingsFromOptions(spec, opts);
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

/** The book's parts still to write, written (a line each); what the book costs and what this run wrote. */
async function writeBook(session: BookSession, input: { total: number; isSaved: boolean; signal: AbortSignal; where: Where; meter: RunMeter }): Promise<{ planned: number; steps: number }> {
  const { spec } = session;
  // A book with no outline of its own (an imported manuscript) has one step fewer, and the parts its
  // writer brought cost nothing: only what the model writes is charged.
  const steps = stepsFor(spec, input.total).filter((s) => s.kind !== 'outline' || hasOutlineStep(spec, session.state)).length;
  const planned = steps - session.state.content.filter((_text, i) => isAuthoredPart(session.state, i)).length;
  const lang = session.state.lang;
  const resumed = { id: spec.id, done: session.resumedParts ?? 0, total: steps };
  if (session.resumedParts !== null) info(`karya: ${input.isSaved ? publishWord('resumedSaved', lang, resumed) : word('resuming', lang, resumed)}`);
  let written = 0;
  input.where.lang = lang;
  for (let step = session.next(); step; step = session.next()) {
    input.where.current = stepKey(step);
    const outcome = await session.advance({ signal: input.signal, onRetry: (notice) => info(`  … ${session.label(step!)}: ${notice.message}`) });
    written++;
    info(`  ✓ ${outcome.label.padEnd(24)} ${String(outcome.words).padStart(5)} ${word('words', lang)}  ${secondsIn(outcome.seconds, lang, 1)}`);
    input.meter.partDone(spec.cost);
  }
  input.where.current = null;
  return { planned, steps: written };
}

/** The package's parts made by the publishing generators (a line each), then its files written into --out. */
async function makePackage(input: { checked: Checked; opts: PublishOptions; session: BookSession; provider: ReturnType<typeof cliProvider>; meter: RunMeter; bilingualSource?: BookState; signal: AbortSignal; where: Where; nearDuplicates: (title: string) => Promise<Closeness> }) {
  const { checked, opts, session, where } = input;
  const { spec, catalog } = checked;
  info(readinessText(say('status.making', { dir: opts.out }), where.lang, 'cli'));
  const direct = directPublishStep({ renderer: catalog.renderer, provider: input.provider, signal: input.signal });
  let started = 0;
  const runStep: RunPublishStep = (step) => {
    started = performance.now();
    where.current = step.part;
    return direct(step);
  };
  const onStep = (done: PackageStepDone) => {
    const name = publishWord(`part_${done.part}`, where.lang).padEnd(16);
    if (done.skipped) info(`  – ${name} ${publishWord('skipped', where.lang, { why: publishWord(skipWord(done.skipped), where.lang) })}`);
    else info(`  ✓ ${name} ${done.generatorId.padEnd(16)} ${creditsIn(done.cost, where.lang).padStart(9)}  ${secondsIn((performance.now() - started) / 1000, where.lang, 1)}`);
    input.meter.partDone(done.skipped ? 0 : done.cost);
  };
  const given = { ...(opts.title ? { title: opts.title } : {}), ...(opts.subtitle ? { subtitle: opts.subtitle } : {}), ...(opts.author ? { author: opts.author } : {}), ...metadataOptions(opts, where.lang), ...(checked.cover ? { cover: checked.cover } : {}) };
  const parts = await writePackageParts({ book: spec, state: session.state, specOf: (x) => catalog.get(x), runStep, given, onStep });
  where.current = null;
  // The files are made with no model call: the line ends here, their own lines follow.
  input.meter.finish();
  const { writeKdpPackage } = await (await import('../../engine/node.js')).loadPublishFiles();
  makeDirs(opts.out);
  // Before it is published: compared with the owner's other finished books (readiness: not-too-close, reused-passages).
  const closeness = await input.nearDuplicates(parts.title);
  const written = await writeKdpPackage({ dir: opts.out, book: spec, state: session.state, parts, render: renderOrExit, trim: checked.trim, paper: checked.paper, onProgress: fileProgress(where.lang), closeness, audience: 'cli', ...(input.bilingualSource ? { bilingualSource: input.bilingualSource } : {}) });
  return { parts, written };
}

/** The package's files, its paperback, readiness and cost said on stderr (and --json on stdout); exit 1 when it is not ready. */
function reportPackage(input: { spec: Checked['spec']; opts: PublishOptions; session: BookSession; trim: TrimName; paper: PaperName; book: { planned: number; steps: number }; progress: RunFigures } & Awaited<ReturnType<typeof makePackage>>): void {
  const { spec, opts, session, parts, written } = input;
  const lang = session.state.lang;
  const said = (text: ReadinessText) => info(readinessText(text, lang, 'cli'));
  for (const file of written.files) info(`  ${path.join(opts.out, file)}`);
  const size = say('trim', { width: TRIM_SIZES[input.trim].width, height: TRIM_SIZES[input.trim].height });
  said(say('status.paperback', { size, paper: say(`paper.${input.paper}`), pages: written.print.pageCount, spine: numberIn(written.print.spineIn, lang, 3) }));
  said(say('status.readiness'));
  info(written.summary);
  const bookCost = input.book.planned * spec.cost;
  const cost = { book: bookCost, publishing: parts.cost, total: bookCost + parts.cost, thisRun: input.book.steps * spec.cost + parts.cost };
  const steps = parts.steps.filter((s) => !s.skipped).map((s) => `${s.generatorId} ${s.cost}`).join(', ');
  info(`karya: ${publishWord('cost', lang, { total: creditsIn(cost.total, lang), book: creditsIn(cost.book, lang), parts: input.book.planned, publishing: creditsIn(cost.publishing, lang), steps })}`
    + (cost.thisRun !== cost.total ? publishWord('thisRun', lang, { credits: creditsIn(cost.thisRun, lang) }) : ''));
  if (opts.json) {
    process.stdout.write(JSON.stringify({
      id: spec.id, lang: session.state.lang, out: opts.out, files: written.files, title: parts.title, author: parts.author,
      steps: parts.steps, cost, print: written.print, ready: written.readiness.ready, channels: written.readiness.channels, progress: input.progress,
    }) + '\n');
  }
  if (!written.readiness.ready) throw new CliExit(EXIT.failed);
}

/** A failure of the run said as the CLI says it (interrupted, a spec's issues, a step that failed), then the exit. */
function publishFailed(error: unknown, input: { isInterrupted: boolean; opts: PublishOptions; where: Where }): never {
  if (error instanceof CliExit) throw error;
  if (input.isInterrupted) {
    info(`karya: ${publishWord('interrupted', input.where.lang)}`);
    throw new CliExit(interruptedExitCode());
  }
  exitOnFailure(error, input.where.lang, {
    expects: ['spec'],
    // No title to be had (an untitled manuscript with no text to read one from): what to give, never a settings path.
    catalogued: [PublishTitleError],
    // Why the step failed, in the book's language, and that what was finished is kept.
    step: { words: ({ message, status }) => `${message}${status ? ` (HTTP ${status})` : ''} ${word('partsSaved', input.where.lang)}`, ...(input.opts.json ? { json: { part: input.where.current } } : {}) },
  });
  throw error;
}
