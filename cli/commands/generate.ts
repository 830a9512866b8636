// `karya generate <id>`: validate settings, then run every step of the book with the provider, saving
// progress after each one so an interrupted run resumes where it stopped. Its options are checked first
// (cli/generate-checks.ts); the provider is the environment's (cli/provider.ts); `--book` names a saved book
// (cli/book-option.ts).
import { BookSession, isBudgetStop, stepKey, hasOutlineStep, word } from '../../engine/index.js';
import { bookLengthScore, bookMarkdown, hasAuthoredParts, partsWritten, stepsFor } from '../../engine/index.js';
import type { BookSpec, BookState, ExportFormat } from '../../engine/index.js';
import type { ProgressStore, ResolvedSpec } from '../../engine/index.js';
import { type StateFile } from '../../server/index.js';
import { auditCallsOf, continuityOf, reportNotInBible, reportPart } from '../generate-lines.js';
import { reportThreads, reportVoice, type PartSummary } from '../generate-lines.js';
import { info, CliExit, CLI_USER } from '../util.js';
import { interruptedExitCode, listenForInterrupt } from '../interrupt.js';
import { cliFailure, endWith } from '../errors.js';
import { progressKey } from '../settings.js';
import { exportBytes, imageBytes, writeOut, type ImageFormat } from '../export-format.js';
import { joinSeries, prefilled, seriesOfKey } from '../series.js';
import { cliStateOf, openCliState } from '../state.js';
import { RunMeter } from '../run-meter.js';
import { budgetFigures, sayBudget } from '../run-budget.js';
import { liveProgress } from '../provider.js';
import { preflight, type GenerateOptions } from '../generate-checks.js';
export { settingsFromOptions, progressKey } from '../settings.js';
// (The batch loads the provider through this module: cli/commands/batch.ts and the commands' door, index.ts.)
export { BATCH_PROVIDER_OPTIONS, cliProvider } from '../provider.js';

/** Progress of a CLI run lives in no file (covers: the PNG is the result). */
const NO_PROGRESS: ProgressStore = {
  load: async () => null,
  saveStep: async () => undefined,
  saveMemory: async () => undefined,
};

export async function generateCommand(id: string, options: GenerateOptions): Promise<void> {
  const checked = await preflight(id, options);
  const { opts, spec, lang } = checked;
  // A book's parts written of its plan, time left and what was spent so far, under its lines (cli/run-meter.ts).
  const meter =
    spec.kind === 'book'
      ? new RunMeter({ lang, planned: stepsFor(spec, checked.total).length, done: 0, hasCredits: true })
      : undefined;
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
    const isInterrupted = () => interrupt.isInterrupted;
    const { parts, png } = await writeParts(session, { ...run, signal: interrupt.signal, where, isInterrupted });
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
    const failed = (message: string, status?: number) =>
      `${word('stepFailed', lang, { label: where.current ?? spec.id, message })}${status ? ` (HTTP ${status})` : ''}`;
    const failure = cliFailure(error, lang, {
      step: {
        words: ({ message, status }) => `${failed(message, status)} ${word('partsSaved', lang)}`,
        ...(opts.json ? { json: { part: where.currentKey } } : {}),
      },
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

/**
 * The book's session opened under its key: a series book under its place in the series, told the series as of
 * the end of the book before it; a finished book (or one written --fresh) kept aside so a new one starts.
 */
async function openBook(
  run: Run,
  stateFile: StateFile | null,
): Promise<{ session: BookSession; auditCalls: number; steps: number }> {
  const { opts, catalog, spec, book, plan, settings, total, lang, voice } = run;
  const continuing = plan?.continuing ? { key: plan.continuing.key } : {};
  const joined =
    plan && stateFile
      ? await joinSeries(stateFile, catalog, plan, { lang, ...continuing, provider: run.provider })
      : undefined;
  const series = joined?.series ?? (book && stateFile ? await seriesOfKey(stateFile, catalog, book.key) : undefined);
  if (series) info(`karya: ${word('seriesBook', lang, { number: series.number, name: series.name })}`);
  const key = joined?.key ?? book?.key ?? progressKey(spec, settings, total);
  // Only an interrupted book resumes: a finished one (or a single piece) is written anew. A book written
  // anew never replaces the saved one: that is kept aside under its id (karya books, karya export --book).
  if (stateFile && spec.kind === 'book' && !book && !joined) {
    const saved = await stateFile.repos.books.load({ userId: CLI_USER, key });
    const isDone = saved && (saved.isFinished || opts.fresh === true);
    if (isDone) await stateFile.repos.books.remove({ userId: CLI_USER, key });
  }
  // A new series book's brief is filled from the series where the writer left it blank.
  const isNewInSeries = series && joined && !plan?.continuing;
  const bookSettings = isNewInSeries ? prefilled(spec as BookSpec, settings, series, lang) : settings;
  const session = await BookSession.open({
    spec,
    renderer: catalog.renderer,
    provider: run.provider,
    store: stateFile?.progress(CLI_USER) ?? NO_PROGRESS,
    key,
    settings: bookSettings,
    totalChapters: total,
    ...(series ? { series } : {}),
    ...(voice ? { voice } : {}),
    onFinished: 'restart',
    isFresh: opts.fresh === true,
    ...(run.chapterNotes ? { chapterNotes: run.chapterNotes } : {}),
    ...(opts.continuity ? { continuityAudit: opts.continuity === 'audit' } : {}),
  });
  reportVoice(session.state.voice, voice !== undefined, lang);
  // The audit's cost, before anything is spent: one call a chapter still to write (part of the step: no extra credit).
  const auditCalls = auditCallsOf(session);
  if (auditCalls) info(`karya: ${word('auditCost', session.state.lang, { calls: auditCalls })}`);
  // A book with no outline of its own (an imported manuscript) has one step fewer.
  const steps = stepsFor(spec, total).filter((s) => s.kind !== 'outline' || hasOutlineStep(spec, session.state)).length;
  if (session.resumedParts !== null) {
    // The book's parts written of the parts it will have (its outline is a step, not a part), as the studio counts
    // them.
    const { written: done, total } = partsWritten(spec as BookSpec, session.state);
    const figures = { id: spec.id, done, total };
    const said = book
      ? word('continuingBook', lang, { book: opts.book!, ...figures })
      : word('resuming', lang, figures);
    info(`karya: ${said}`);
  }
  return { session, auditCalls, steps };
}

/**
 * Every part still to write, written with its lines, the story so far brought up to date after each, and its
 * continuity findings.
 */
async function writeParts(
  session: BookSession,
  input: Run & { signal: AbortSignal; where: Where; isInterrupted: () => boolean },
): Promise<{ parts: PartSummary[]; png?: Uint8Array }> {
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
        signal: input.signal,
        onDelta: live.onDelta,
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
      const words = ({ message }: { message: string }) => word('bibleNotUpdated', lang, { label, message });
      const failure = input.isInterrupted() ? undefined : cliFailure(error, lang, { step: { words } });
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

/** The book written out (--out, or stdout) with what the bible missed and its promises said; --json's summary. */
async function reportBook(
  session: BookSession,
  run: Run,
  input: { parts: PartSummary[]; where: Where; auditCalls: number; png?: Uint8Array },
): Promise<void> {
  const { spec, opts, author, lang } = run;
  const { parts } = input;
  const state = session.state;
  const notInBible = reportNotInBible(session, input.where.bibleFailed);
  for (const part of parts) if (notInBible.includes(part.label)) Object.assign(part, { bibleUpdated: false });
  const threads = reportThreads(session);
  const markdown = bookMarkdown(spec, state, { withOutline: opts.withOutline, withBible: opts.withBible });
  const out = { ...opts, ...(author ? { author } : {}) };
  const result = await writeResult(spec, { markdown, state, format: run.format }, out, input.png, run.image);
  if (opts.json) {
    const score = bookLengthScore(parts.map((p) => p.score));
    const { auditCalls } = input;
    process.stdout.write(
      JSON.stringify({
        id: spec.id,
        lang: state.lang,
        totalChapters: state.totalChapters,
        ...(state.series ? { series: { name: state.series.name, number: state.series.number } } : {}),
        ...(score !== undefined ? { score } : {}),
        parts,
        ...(threads.length ? { threads } : {}),
        ...(session.isAuditing ? { cost: { auditCalls } } : {}),
        calls: budgetFigures(run.budget),
        ...(run.meter ? { progress: run.meter.figures() } : {}),
        out: result.file ?? null,
        ...(result.file ? {} : { markdown: result.markdown }),
      }) + '\n',
    );
  } else if (!result.file) process.stdout.write(result.markdown ?? '');
  if (result.file) info(`karya: ${word('wrote', lang, { file: result.file })}`);
}

async function writeResult(
  spec: ResolvedSpec,
  book: { markdown: string; state: BookState; format: ExportFormat },
  opts: GenerateOptions,
  png?: Uint8Array,
  image?: { file?: string; format: ImageFormat },
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
  const how = {
    withOutline: opts.withOutline,
    withBible: opts.withBible,
    ...(opts.author ? { author: opts.author } : {}),
  };
  writeOut(opts.out, book.format === 'md' ? book.markdown : await exportBytes(spec, book.state, book.format, how));
  return { file: opts.out };
}
