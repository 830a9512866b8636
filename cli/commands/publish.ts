// `karya publish <id> --out DIR`: write the book as `karya generate` does (resuming the same saved book),
// then run the publishing generators its publish block names and write a KDP package: manuscript.epub,
// manuscript.docx, paperback-interior.pdf and paperback-cover.pdf (at --trim, on --paper), cover.jpg,
// description.html, keywords.txt, metadata.json and readiness.json. Its options are checked first
// (cli/publish-options.ts); the package is made and said by cli/publish-package.ts.
import { BookSession, bookEnding, PublishTitleError, CallBudget, withBudget } from '../../engine/index.js';
import { catalogueMessage } from '../../engine/index.js';
import { editionLanguageName, editionLinkOf, editionPartsLeft, partStep, stepLabel } from '../../engine/index.js';
import { hasOutlineStep, isAuthoredPart, stepsFor, startBook, stepKey, publishStepsOf } from '../../engine/index.js';
import type { BookState, Lang } from '../../engine/index.js';
import { openNearDuplicates } from '../../server/index.js';
import { fail, info, EXIT, CliExit, CLI_USER } from '../util.js';
import { interruptedExitCode, listenForInterrupt } from '../interrupt.js';
import { exitOnFailure } from '../errors.js';
import { maxCallsOrExit, sayBudget } from '../run-budget.js';
import { chapterRuleNote, progressKey } from '../settings.js';
import { cliProvider } from '../provider.js';
import { seriesOfKey } from '../series.js';
import { cliStateOf, openCliState } from '../state.js';
import { messagesLang } from '../langs.js';
import { creditsIn, publishWord } from '../publish-words.js';
import { secondsIn, word } from '../../engine/index.js';
import { RunMeter } from '../run-meter.js';
import { preflight, type Checked, type PublishOptions } from '../publish-options.js';
import { makePackage, reportPackage, type Where } from '../publish-package.js';

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
      spec,
      renderer: catalog.renderer,
      provider,
      store: stateFile.progress(CLI_USER),
      key,
      settings,
      totalChapters: total,
      onFinished: 'keep',
      isFresh: opts.fresh === true,
      ...(series ? { series } : {}),
    });
    // An edition is exactly its source's parts: nothing is written for it (what its source lacks, it lacks).
    where.lang = session.state.lang;
    // A book that ends with the writer's own last part (an imported novel) is packaged as it stands: the model writes
    // no part of it unless --conclusion asks for its conclusion (engine/session/ending.ts).
    const asItStands = !opts.conclusion && bookEnding(spec, session.state) === 'own-ending';
    const bookLang = session.state.lang;
    if (asItStands) info(`karya: ${publishWord('asItStands', bookLang, { credits: creditsIn(spec.cost, bookLang) })}`);
    const bookSteps = asItStands ? (session.resumedParts ?? 0) : stepsOfBook(spec, total, session.state);
    const specOf = (x: string) => catalog.get(x);
    const packageSteps = publishStepsOf({ book: spec, state: session.state, specOf }).steps.length;
    meter.startAt(session.resumedParts ?? 0, bookSteps + packageSteps, bookLang);
    // Each step left with the story bible's update after it, and a call for each part of the package the model writes.
    const packageParts = Object.keys(spec.publish?.parts ?? {}).length;
    budget.plan(2 * Math.max(0, bookSteps - (session.resumedParts ?? 0)) + packageParts);
    sayBudget(budget, session.state.lang);
    // The dual-language choice is refused before anything is written or spent when the book is no edition.
    const bilingualSource = opts.bilingual
      ? await bilingualSourceOrExit(stateFile, { key, id: opts.book!, lang: session.state.lang })
      : undefined;
    const edition = { key, id: opts.book!, spec, state: session.state };
    const isWhole = book && (await isWholeEditionOrExit(stateFile, edition));
    const written =
      asItStands || isWhole
        ? { planned: 0, steps: 0 }
        : await writeBook(session, { total, isSaved: book !== undefined, signal: interrupt.signal, where, meter });
    const nearDuplicates = async (title: string) =>
      (await openNearDuplicates(stateFile.repos, CLI_USER)).check({
        key,
        book: opts.book ?? key,
        title,
        parts: session.state.content,
        threshold: checked.closeThreshold,
      });
    const made = await makePackage({
      checked,
      opts,
      session,
      provider,
      meter,
      ...(bilingualSource ? { bilingualSource } : {}),
      signal: interrupt.signal,
      where,
      nearDuplicates,
    });
    await keepPackageAuthor(stateFile, { key, author: made.parts.author, state: session.state });
    const { trim, paper } = checked;
    reportPackage({ spec, opts, session, trim, paper, book: written, progress: meter.figures(), ...made });
  } catch (error) {
    meter.finish();
    publishFailed(error, { isInterrupted: interrupt.isInterrupted, opts, where });
  } finally {
    interrupt.release();
    await stateFile.close();
  }
}

/** The name the package went out under stays the book's author: publishing again keeps it (no new pen name unasked). */
async function keepPackageAuthor(
  stateFile: Awaited<ReturnType<typeof openCliState>>,
  input: { key: string; author: string; state: BookSession['state'] },
): Promise<void> {
  const author = input.author.trim();
  if (author && author !== input.state.author?.trim()) {
    await stateFile.repos.books.saveAuthor({ userId: CLI_USER, key: input.key, author });
  }
}

/**
 * Whether the saved book under `key` is a translated edition (its key names its source), whole: every written
 * part of its source translated. An edition with a part still to translate exits 1 naming it and the command
 * that translates it; an edition whose source is no longer saved is published as it is.
 */
async function isWholeEditionOrExit(
  stateFile: Awaited<ReturnType<typeof openCliState>>,
  input: { key: string; id: string; spec: Checked['spec']; state: BookSession['state'] },
): Promise<boolean> {
  const link = editionLinkOf(input.key);
  if (!link) return false;
  const source = await stateFile.repos.books.find({ userId: CLI_USER, id: link.sourceId });
  const left = source ? editionPartsLeft(source.state, input.state) : [];
  if (!left.length) return true;
  const lang = input.state.lang;
  const introduction = { kind: 'introduction', position: 0 } as const;
  const stepAt = (i: number) => (i === 0 ? introduction : partStep(input.spec, i, input.state.totalChapters));
  const parts = left.map((i) => stepLabel(stepAt(i), lang, input.spec)).join(', ');
  const language = editionLanguageName(link.to, lang);
  const params = { id: input.id, language, source: String(link.sourceId), parts, to: link.to };
  return fail(catalogueMessage('publish_edition_not_whole', lang, params), EXIT.failed);
}

/**
 * The source of the translated edition under `key`, for its dual-language package: the one its key names (karya
 * translate's, as karya export --bilingual finds it). A book that is no edition exits 2 (publish_not_edition); an
 * edition whose source is no longer saved, 2 (publish_no_source).
 */
async function bilingualSourceOrExit(
  stateFile: Awaited<ReturnType<typeof openCliState>>,
  input: { key: string; id: string; lang: Lang },
): Promise<BookState> {
  const sourceId = editionLinkOf(input.key)?.sourceId;
  if (sourceId === undefined) return fail(catalogueMessage('publish_not_edition', input.lang, { id: input.id }));
  const source = await stateFile.repos.books.find({ userId: CLI_USER, id: sourceId });
  if (!source) {
    return fail(catalogueMessage('publish_no_source', input.lang, { id: input.id, source: String(sourceId) }));
  }
  return source.state;
}

/** The book's parts still to write, written (a line each); what the book costs and what this run wrote. */
async function writeBook(
  session: BookSession,
  input: { total: number; isSaved: boolean; signal: AbortSignal; where: Where; meter: RunMeter },
): Promise<{ planned: number; steps: number }> {
  const { spec } = session;
  // A book with no outline of its own (an imported manuscript) has one step fewer, and the parts its
  // writer brought cost nothing: only what the model writes is charged.
  const steps = stepsOfBook(spec, input.total, session.state);
  const planned = steps - session.state.content.filter((_text, i) => isAuthoredPart(session.state, i)).length;
  const lang = session.state.lang;
  const resumed = { id: spec.id, done: session.resumedParts ?? 0, total: steps };
  if (session.resumedParts !== null) {
    info(`karya: ${input.isSaved ? publishWord('resumedSaved', lang, resumed) : word('resuming', lang, resumed)}`);
  }
  let written = 0;
  input.where.lang = lang;
  for (let step = session.next(); step; step = session.next()) {
    input.where.current = stepKey(step);
    const onRetry = (notice: { message: string }) => info(`  … ${session.label(step!)}: ${notice.message}`);
    const outcome = await session.advance({ signal: input.signal, onRetry });
    written++;
    const words = `${String(outcome.words).padStart(5)} ${word('words', lang)}`;
    info(`  ✓ ${outcome.label.padEnd(24)} ${words}  ${secondsIn(outcome.seconds, lang, 1)}`);
    input.meter.partDone(spec.cost);
  }
  input.where.current = null;
  return { planned, steps: written };
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
    step: {
      words: ({ message, status }) =>
        `${message}${status ? ` (HTTP ${status})` : ''} ${word('partsSaved', input.where.lang)}`,
      ...(input.opts.json ? { json: { part: input.where.current } } : {}),
    },
  });
  throw error;
}

/** The book's steps: a book with no outline of its own (an imported manuscript) has one step fewer. */
function stepsOfBook(spec: Checked['spec'], total: number, state: BookState): number {
  return stepsFor(spec, total).filter((s) => s.kind !== 'outline' || hasOutlineStep(spec, state)).length;
}
