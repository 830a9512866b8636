// `karya generate <id>`: validate settings, then run every step of the book with the provider, saving
// progress after each one so an interrupted run resumes where it stopped.
import path from 'node:path';
import { BookSession, CallBudget, isBudgetStop, withBudget, stepKey, hasOutlineStep, word, bookLengthScore, bookMarkdown, stepsFor, startBook, type Lang, type BookState, type ExportFormat, type ProgressStore, type ResolvedSpec } from '../../engine/index.js';
import { chaptersWritten, hasAuthoredParts, countWords, importSaves, partsWritten, withTotalChapters, type BookSpec } from '../../engine/index.js';
import { lightFetch, loadProviders, type Provider } from '../../engine/node.js';

const { providerFromEnv } = await loadProviders();
import { type StateFile } from '../../server/index.js';
import { auditCallsOf, continuityOf, reportNotInBible, reportPart, reportThreads, reportVoice, type PartSummary } from '../generate-lines.js';
import { chooseBook, savedOrWriterLang } from './books.js';
import { catalogOrExit, specOrExit, fail, info, CliExit } from '../util.js';
import { interruptedExitCode, listenForInterrupt } from '../interrupt.js';
import { cliFailure, endWith, exitOnFailure } from '../errors.js';
import { chapterRuleNote, settingsFromOptions, progressKey } from '../settings.js';
import { exportBytes, exportFormatOrExit, imageBytes, imageOutOrExit, writeOut, type BookOutOptions, type ImageFormat } from '../export-format.js';
import { writableFileOrExit } from '../fs-check.js';
import { bookVoiceOrExit } from '../voice.js';
import { joinSeries, prefilled, seriesOfKey, seriesPlanOrExit } from '../series.js';
export { settingsFromOptions, progressKey } from '../settings.js';

export interface GenerateOptions extends BookOutOptions {
  fresh?: boolean;
  /** A saved book's id (karya books): continue that book. */
  book?: string;
  /** A book with the writer's own chapters writes its conclusion only when asked: its next chapters are not its end. */
  conclusion?: boolean;
  /** `checks` or `audit` (one more model call a chapter); absent: the generator's flow says. */
  continuity?: string;
  json?: boolean;
  /** The series the book belongs to: its next book (or the one it is writing), made on first use. */
  series?: string;
  /** A sample of the writer's prose: the book's voice (cli/voice.ts). */
  voice?: string;
  /** The writer's phrases to keep out of the book (repeatable). */
  avoid?: string[];
  /** --max-calls: the run's bound on model calls instead of the default (engine/budget.ts). */
  maxCalls?: string;
}

import { CLI_USER } from '../util.js';
import { cliStateOf, hasBooks, openCliState, writableStateOrExit } from '../state.js';
import { messagesLang, writerLang } from '../langs.js';
import { savedBookWord } from '../saved-book-words.js';
import { optionWord } from '../option-words.js';
import { RunMeter } from '../run-meter.js';
import { budgetFigures, maxCallsOrExit, sayBudget } from '../run-budget.js';

/**
 * How a batch calls the provider (its own thread's and each batch thread's): it checks the provider alongside its
 * first calls and sends its plain calls straight through the lighter fetch (engine/providers/direct.ts,
 * engine/node/light-fetch.ts).
 */
export const BATCH_PROVIDER_OPTIONS = { probeAlongside: true, fetch: lightFetch, directChat: true } as const;

/** The provider from the environment, once per command; says so on stderr when it is the offline one. */
export function cliProvider(opts: { forBatch?: boolean; lang?: Lang } = {}): Provider {
  const provider = providerFromEnv(process.env, opts.forBatch ? BATCH_PROVIDER_OPTIONS : {});
  if (provider.isOffline) info(`karya: ${word('offline', opts.lang ?? writerLang())}`);
  return provider;
}

export function liveProgress(label: string, lang: Lang = 'en'): { onDelta: (d: string) => void; stop: () => void } {
  const isTty = process.stderr.isTTY === true;
  let words = 0;
  let last = 0;
  return {
    onDelta(delta) {
      words += countWords(delta);
      const now = Date.now();
      if (isTty && now - last > 100) {
        last = now;
        process.stderr.write(`\r\x1b[K  … ${label}: ${word('wordsSoFar', lang, { words })}`);
      }
    },
    stop() {
      if (isTty && last) process.stderr.write('\r\x1b[K');
    },
  };
}

/** Progress of a CLI run lives in no file (covers: the PNG is the result). */
const NO_PROGRESS: ProgressStore = { load: async () => null, saveStep: async () => undefined, saveMemory: async () => undefined };

export async function generateCommand(id: string, options: GenerateOptions): Promise<void> {
  const checked = await preflight(id, options);
  const { opts, spec, lang } = checked;
  // A book's parts written of its plan, time left and what was spent so far, under its lines (cli/run-meter.ts).
  const meter = spec.kind === 'book' ? new RunMeter({ lang, planned: stepsFor(spec, checked.total).length, done: 0, hasCredits: true }) : undefined;
  const run = meter ? { ...checked, provider: meter.counted(checked.provider), meter } : checked;
  const stateFile = spec.kind === 'image' ? null : await openCliState(cliStateOf(opts.state));
  const interrupt = listenForInterrupt();
  // The part being written (its label and its step key), named when a step fails; the parts whose story-bible
  // update failed in this run (the book view counts only those a later part follows).
  const where: Where = { current: undefined, currentKey: null, bibleFailed: new Set<string>() };
  try {
    const { session, auditCalls, steps } = await openBook(run, stateFile);
    where.session = session;
    meter?.startAt(session.resumedParts ?? 0, steps);
    // Each step left and, for a book, the story bible's update after it, and the audit's calls.
    const stepsLeft = Math.max(1, steps - (session.resumedParts ?? 0));
    run.budget.plan(stepsLeft * (spec.kind === 'book' ? 2 : 1) + auditCalls);
    sayBudget(run.budget, lang);
    const { parts, png } = await writeParts(session, { ...run, signal: interrupt.signal, where, isInterrupted: () => interrupt.isInterrupted });
    where.currentKey = null;
    meter?.finish();
    await reportBook(session, run, { parts, where, auditCalls, ...(png ? { png } : {}) });
    // Out: a piece whose file is its progress no longer needs its answers kept (a book's went as each step was saved).
    await session.delivered();
  } catch (error) {
    meter?.finish();
    if (interrupt.isInterrupted) {
      info(`karya: ${word('interrupted', lang)}`);
      throw new CliExit(interruptedExitCode());
    }
    // The part that failed and why (refused, echoed, another language…), in the book's language.
    const failure = cliFailure(error, lang, {
      step: { words: ({ message, status }) => `${word('stepFailed', lang, { label: where.current ?? spec.id, message })}${status ? ` (HTTP ${status})` : ''} ${word('partsSaved', lang)}`, ...(opts.json ? { json: { part: where.currentKey } } : {}) },
    });
    if (failure?.isStep && where.session) reportNotInBible(where.session, where.bibleFailed);
    endWith(failure);
    throw error;
  } finally {
    interrupt.release();
    await stateFile?.close();
  }
}

/** Where a run is, for its failure's words: the part being written, the session, the parts the bible missed. */
interface Where {
  current: string | undefined;
  currentKey: string | null;
  bibleFailed: Set<string>;
  session?: BookSession;
}

type Run = Awaited<ReturnType<typeof preflight>> & { meter?: RunMeter };

/** Every option checked and the book chosen (a saved one, a series' next one, or one of these settings) before anything is spent. */
async function preflight(id: string, options: GenerateOptions) {
  let opts = options;
  const catalog = catalogOrExit();
  const spec = specOrExit(catalog, id, messagesLang(opts.lang));
  if (opts.series !== undefined && opts.book !== undefined) fail(optionWord('seriesOrBook', messagesLang(opts.lang)));
  // `--book ID`: a saved book (an imported one included) continues with its own settings and chapters.
  const book = opts.book !== undefined ? await savedBookOrExit(spec, opts) : undefined;
  // `--series NAME`: the series' next book (or its book still being written), its brief filled from the series.
  const plan = opts.series !== undefined ? await seriesPlanOrExit(spec, opts) : undefined;
  if (plan?.series && opts.lang === undefined && !opts.set?.some((s) => /^language=/.test(s))) opts = { ...opts, lang: plan.series.lang };
  const continued = plan?.continuing?.saved ? { settings: plan.continuing.saved.state.settings, totalChapters: plan.continuing.saved.state.totalChapters } : undefined;
  const { settings, totalChapters, chapterNotes, avoid }: { settings: BookState['settings']; totalChapters?: number; chapterNotes?: Record<number, string>; avoid?: string[] } = book ?? continued ?? settingsFromOptions(spec, opts);
  const started = startBook({ spec, settings, totalChapters });
  // What is wrong with an option is said in the book's language; a cover's (its picture has no words in the
  // writer's language) in the one their locale names.
  const { lang } = started;
  const said = spec.kind === 'image' ? writerLang() : lang;
  const format = exportFormatOrExit(spec, opts, said);
  // A cover's file (or stdout) is settled before anything is spent.
  const image = spec.kind === 'image' ? imageOutOrExit(spec, opts.out, { isStdoutTty: process.stdout.isTTY === true, lang: said }) : undefined;
  if (image && !image.file && opts.json) fail(optionWord('imageJson', said, { id: spec.id }));
  const author = authorOrExit(opts.author, said);
  // Nothing is spent on a book that could not be saved or written: the state file and --out are checked first.
  if (opts.out !== undefined) writableFileOrExit('--out', opts.out, said);
  if (spec.kind !== 'image') writableStateOrExit(cliStateOf(opts.state), said);
  if (opts.continuity !== undefined && opts.continuity !== 'checks' && opts.continuity !== 'audit') fail(optionWord('continuityUnknown', said, { value: opts.continuity }));
  // The writer's voice and phrases to avoid, checked before anything is spent.
  const voice = spec.kind === 'book' ? await bookVoiceOrExit({ ...(opts.voice !== undefined ? { voice: opts.voice } : {}), avoid: [...(avoid ?? []), ...(opts.avoid ?? [])], ...(opts.state !== undefined ? { state: opts.state } : {}) }, lang) : undefined;
  const maxCalls = maxCallsOrExit(opts.maxCalls, said);
  // The run's budget of model calls: planned once the book is open (the steps it has left), said before the first.
  const budget = new CallBudget({ planned: 1, maxCalls });
  const provider = withBudget(cliProvider({ lang }), budget);
  const total = started.totalChapters;
  const rule = chapterRuleNote(spec, total, lang);
  if (rule) info(rule);
  return { opts, catalog, spec, book, plan, settings, total, chapterNotes, format, image, author, lang, voice, provider, budget };
}

/**
 * The book's session opened under its key: a series book under its place in the series, told the series as of
 * the end of the book before it; a finished book (or one written --fresh) kept aside so a new one starts.
 */
async function openBook(run: Run, stateFile: StateFile | null): Promise<{ session: BookSession; auditCalls: number; steps: number }> {
  const { opts, catalog, spec, book, plan, settings, total, lang, voice } = run;
  const joined = plan && stateFile ? await joinSeries(stateFile, catalog, plan, { lang, ...(plan.continuing ? { key: plan.continuing.key } : {}), provider: run.provider }) : undefined;
  const series = joined?.series ?? (book && stateFile ? await seriesOfKey(stateFile, catalog, book.key) : undefined);
  if (series) info(`karya: ${word('seriesBook', lang, { number: series.number, name: series.name })}`);
  const key = joined?.key ?? book?.key ?? progressKey(spec, settings, total);
  // Only an interrupted book resumes: a finished one (or a single piece) is written anew. A book written
  // anew never replaces the saved one: that is kept aside under its id (karya books, karya export --book).
  if (stateFile && spec.kind === 'book' && !book && !joined) {
    const saved = await stateFile.repos.books.load({ userId: CLI_USER, key });
    if (saved && (saved.isFinished || opts.fresh === true)) await stateFile.repos.books.remove({ userId: CLI_USER, key });
  }
  // A new series book's brief is filled from the series where the writer left it blank.
  const bookSettings = series && joined && !plan?.continuing ? prefilled(spec as BookSpec, settings, series, lang) : settings;
  const session = await BookSession.open({
    spec, renderer: catalog.renderer, provider: run.provider, store: stateFile?.progress(CLI_USER) ?? NO_PROGRESS,
    key, settings: bookSettings, totalChapters: total, ...(series ? { series } : {}), ...(voice ? { voice } : {}), onFinished: 'restart', isFresh: opts.fresh === true, ...(run.chapterNotes ? { chapterNotes: run.chapterNotes } : {}),
    ...(opts.continuity ? { continuityAudit: opts.continuity === 'audit' } : {}),
  });
  reportVoice(session.state.voice, voice !== undefined, lang);
  // The audit's cost, before anything is spent: one call a chapter still to write (part of the step: no extra credit).
  const auditCalls = auditCallsOf(session);
  if (auditCalls) info(`karya: ${word('auditCost', session.state.lang, { calls: auditCalls })}`);
  // A book with no outline of its own (an imported manuscript) has one step fewer.
  const steps = stepsFor(spec, total).filter((s) => s.kind !== 'outline' || hasOutlineStep(spec, session.state)).length;
  if (session.resumedParts !== null) {
    // The book's parts written of the parts it will have (its outline is a step, not a part), as the studio counts them.
    const { written: done, total } = partsWritten(spec as BookSpec, session.state);
    info(`karya: ${book ? word('continuingBook', lang, { book: opts.book!, id: spec.id, done, total }) : word('resuming', lang, { id: spec.id, done, total })}`);
  }
  return { session, auditCalls, steps };
}

/** Every part still to write, written with its lines, the story so far brought up to date after each, and its continuity findings. */
async function writeParts(session: BookSession, input: Run & { signal: AbortSignal; where: Where; isInterrupted: () => boolean }): Promise<{ parts: PartSummary[]; png?: Uint8Array }> {
  const { lang, opts, where } = input;
  const parts: PartSummary[] = [];
  let png: Uint8Array | undefined;
  for (let step = session.next(); step; step = session.next()) {
    if (step.kind === 'conclusion' && hasAuthoredParts(session.state) && !opts.conclusion) {
      info(`karya: ${word('conclusionNotAsked', lang)}`);
      break;
    }
    const label = session.label(step);
    where.current = label;
    where.currentKey = stepKey(step);
    const live = liveProgress(label, lang);
    let outcome;
    try {
      outcome = await session.advance({
        signal: input.signal, onDelta: live.onDelta,
        onRetry: (notice) => {
          live.stop();
          info(`  … ${label}: ${notice.message}`);
        },
      });
    } finally {
      live.stop();
    }
    png = outcome.png ?? png;
    parts.push(reportPart(session, label, outcome, lang));
    input.meter?.partDone(input.spec.cost);
    // The story so far, for the next part (part of this step; a failure is tried again before the next one).
    try {
      await session.remember({ signal: input.signal });
    } catch (error) {
      // The run's budget spent stops the run, whatever call it stopped at.
      if (isBudgetStop(error)) throw error;
      const failure = input.isInterrupted() ? undefined : cliFailure(error, lang, { step: { words: ({ message }) => word('bibleNotUpdated', lang, { label, message }) } });
      if (!failure) throw error;
      where.bibleFailed.add(label);
      info(`  … ${failure.words}`);
    }
    // Continuity findings on this part (from the bible as it stood before it; the text is never changed).
    const findings = continuityOf(session, label);
    for (const f of findings) info(`  ⚠ ${label.padEnd(24)} ${f.detail}`);
    if (findings.length) Object.assign(parts[parts.length - 1]!, { continuity: findings });
  }
  return { parts, ...(png ? { png } : {}) };
}

/** The book written out (--out, or stdout) with what the bible missed and the book's promises said; --json's summary. */
async function reportBook(session: BookSession, run: Run, input: { parts: PartSummary[]; where: Where; auditCalls: number; png?: Uint8Array }): Promise<void> {
  const { spec, opts, author, lang } = run;
  const { parts } = input;
  const state = session.state;
  const notInBible = reportNotInBible(session, input.where.bibleFailed);
  for (const part of parts) if (notInBible.includes(part.label)) Object.assign(part, { bibleUpdated: false });
  const threads = reportThreads(session);
  const result = await writeResult(spec, { markdown: bookMarkdown(spec, state, { withOutline: opts.withOutline, withBible: opts.withBible }), state, format: run.format }, { ...opts, ...(author ? { author } : {}) }, input.png, run.image);
  if (opts.json) {
    const score = bookLengthScore(parts.map((p) => p.score));
    const { auditCalls } = input;
    process.stdout.write(JSON.stringify({ id: spec.id, lang: state.lang, totalChapters: state.totalChapters, ...(state.series ? { series: { name: state.series.name, number: state.series.number } } : {}), ...(score !== undefined ? { score } : {}), parts, ...(threads.length ? { threads } : {}), ...(session.isAuditing ? { cost: { auditCalls } } : {}), calls: budgetFigures(run.budget), ...(run.meter ? { progress: run.meter.figures() } : {}), out: result.file ?? null, ...(result.file ? {} : { markdown: result.markdown }) }) + '\n');
  } else if (!result.file) process.stdout.write(result.markdown ?? '');
  if (result.file) info(`karya: ${word('wrote', lang, { file: result.file })}`);
}

/** An --author value: trimmed, at most 100 characters (exit 2 beyond, said in `lang`, the book's), undefined when empty. */
export function authorOrExit(value: string | undefined, lang: Lang): string | undefined {
  const author = value?.replace(/\s+/g, ' ').trim();
  if (author && author.length > 100) fail(optionWord('authorLong', lang, { max: 100, length: author.length }));
  return author || undefined;
}

async function writeResult(
  spec: ResolvedSpec, book: { markdown: string; state: BookState; format: ExportFormat }, opts: GenerateOptions, png?: Uint8Array, image?: { file?: string; format: ImageFormat },
): Promise<{ file?: string; markdown?: string }> {
  if (spec.kind === 'image') {
    const bytes = await imageBytes(png ?? new Uint8Array(), image?.format ?? 'png');
    if (!image?.file) {
      process.stdout.write(bytes);
      return {};
    }
    writeOut(image.file, bytes);
    return { file: image.file };
  }
  if (!opts.out) return { markdown: book.markdown };
  writeOut(opts.out, book.format === 'md' ? book.markdown : await exportBytes(spec, book.state, book.format, { withOutline: opts.withOutline, withBible: opts.withBible, ...(opts.author ? { author: opts.author } : {}) }));
  return { file: opts.out };
}

/**
 * The saved book `--book ID` names, to continue: its key, settings and chapter count; exit 2 when there is
 * none, it is another generator's, it is finished (unless `mayBeFinished`: a package of it), or settings
 * options would change it.
 */
export async function savedBookOrExit(spec: ResolvedSpec, opts: Pick<GenerateOptions, 'book' | 'set' | 'lang' | 'fresh' | 'state' | 'chapters'>, how: { mayBeFinished?: boolean } = {}): Promise<{ key: string; settings: BookState['settings']; totalChapters: number }> {
  const place = cliStateOf(opts.state);
  const statePath = place.where;
  // Said in the saved book's own language when it is there to read, else in the one the writer's locale names.
  if ((opts.set?.length ?? 0) > 0 || (opts as { brief?: string }).brief !== undefined || opts.lang !== undefined || opts.fresh) fail(optionWord('bookOwnSettings', await savedOrWriterLang(place, opts.book!), { book: opts.book! }));
  if (!hasBooks(place)) fail(optionWord('bookNotFound', writerLang(), { book: opts.book!, file: statePath }));
  const stateFile = await openCliState(place);
  try {
    const chosen = await chooseBook(stateFile, catalogOrExit(), { named: spec, opts: { set: [], book: opts.book! }, statePath, isUsable: () => true });
    if (!chosen) return fail(optionWord('bookNotFound', writerLang(), { book: opts.book!, file: statePath }));
    const { state } = chosen.saved;
    if (chosen.saved.isFinished && !how.mayBeFinished) fail(savedBookWord('finished', state.lang, { book: opts.book! }));
    // An imported book's --chapters N is the chapters it will have before its conclusion, wherever the conclusion goes.
    if (opts.chapters === undefined || Number(opts.chapters) === chaptersWritten(spec.flow, state.totalChapters)) return { key: chosen.key, settings: state.settings, totalChapters: state.totalChapters };
    // Another chapter count: an imported book's, before its outline plans the chapters to come (saved with its last part's header).
    let changed: BookState;
    try {
      changed = withTotalChapters(spec as BookSpec, state, Number(opts.chapters), `--book ${opts.book}`);
    } catch (error) {
      exitOnFailure(error, state.lang, { expects: ['import'] });
      throw error;
    }
    const last = importSaves(spec, changed).at(-1)!;
    await stateFile.progress(CLI_USER).saveSteps!(chosen.key, [{ ...last, isFirst: false }]);
    return { key: chosen.key, settings: changed.settings, totalChapters: changed.totalChapters };
  } finally {
    await stateFile.close();
  }
}
