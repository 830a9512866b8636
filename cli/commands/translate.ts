// `karya translate --book ID --to LANG [--glossary FILE] [--json]`: the book's edition in another language of the
// table, a new book linked to its source (engine/session/translate), part by part in windows of whole paragraphs,
// each window saved as it is done: run again after a stop, it goes on from the window it stopped at. The cost is
// shown before; progress lines go to stderr; the run goes to the book's end, and paragraphs that could not be had
// (kept as their source, marked untranslated) are named at the end (exit 1): a rerun asks only for them. The source
// is only read. Its glossary: cli/translate-glossary.ts; what it says of the edition: cli/translate-report.ts.
import { BookSession, listIn, canTranslate, chapterTitlesOf, catalogueMessage } from '../../engine/index.js';
import { cleanTitle, editionLanguageName, editionLanguages, isLang, langs } from '../../engine/index.js';
import { withEditionTitle } from '../../engine/index.js';
import { partStep, stepLabel, editionKey, editionLinkOf, translateEdition } from '../../engine/index.js';
import { translatedFrom, translationCost, editionPlan, MAX_EDITION_TITLE } from '../../engine/index.js';
import type { EditionTitle, Lang } from '../../engine/index.js';
import type { StateFile } from '../../server/index.js';
import { CLI_USER, CliExit, EXIT, catalogOrExit, fail, info, specOrExit } from '../util.js';
import { interruptedExitCode, listenForInterrupt } from '../interrupt.js';
import { exitOnFailure } from '../errors.js';
import { bookIdOrExit } from './books.js';
import { cliProvider } from '../provider.js';
import { translateWord as say } from '../translate-words.js';
import { cliStateOf, hasBooks, openCliState } from '../state.js';
import { writerLang } from '../langs.js';
import { RunMeter } from '../run-meter.js';
import { budgetFigures, maxCallsOrExit, startBudget } from '../run-budget.js';
import { bookGlossary, listGlossary } from '../translate-glossary.js';
import { editionJson, progressLine, sayLeft, sayPart, titleLine } from '../translate-report.js';

export interface TranslateOptions {
  book?: string;
  to?: string;
  glossary?: string;
  /** --title: the edition's title, the writer's own (a new edition asks the model for none). */
  title?: string;
  json?: boolean;
  state?: string;
  /** Commander's --no-bible: false leaves the edition's story bible to be read when a step needs it. */
  bible?: boolean;
  /** --max-calls: the run's bound on model calls instead of the default (engine/budget.ts). */
  maxCalls?: string;
}

/** Where the command's result goes (stdout; a batch keeps its own stdout for its events). */
export interface TranslateOutput {
  stdout(text: string): void;
}

/**
 * Why `--to` names no edition of a book in `lang`, as a sentence: a book in a language translated into none, a
 * language nothing is translated into, the book's own language, or another code (each naming the choices there are).
 */
function notATarget(id: number, lang: Lang, to: string): string {
  const targets = editionLanguages(lang);
  if (!targets.length) {
    const language = editionLanguageName(lang, lang);
    return catalogueMessage('translate_nothing_from', lang, { id: String(id), language });
  }
  if (to === lang) {
    const language = editionLanguageName(to, lang);
    return catalogueMessage('translate_same_language', lang, { id: String(id), language, other: targets.join('|') });
  }
  if (isLang(to) && !langs().some((from) => canTranslate(from, to))) {
    return catalogueMessage('translate_nothing_into', lang, { language: editionLanguageName(to, lang) });
  }
  return catalogueMessage('translate_bad_language', lang, { value: to, langs: listIn(targets, lang, 'or') });
}

const STDOUT: TranslateOutput = { stdout: (text) => void process.stdout.write(text) };

/**
 * The book to translate, read and checked (saved, translatable into `to`, no edition itself, not empty), with its
 * generator, glossary and the writer's --title: any problem exits 2 in the book's language before anything is asked.
 */
async function sourceOrExit(
  stateFile: StateFile,
  input: { id: number; from: Lang; to: string; opts: TranslateOptions },
) {
  const { id, to, opts } = input;
  const source = await stateFile.repos.books.find({ userId: CLI_USER, id });
  if (!source) return fail(catalogueMessage('translate_no_book', input.from, { id: String(id) }));
  const lang = source.state.lang;
  if (source.state.lang === to || !isLang(to) || !canTranslate(lang, to)) return fail(notATarget(id, lang, to));
  if (editionLinkOf(source.key) || translatedFrom(source.state)) {
    return fail(catalogueMessage('translate_is_edition', lang, { id: String(id) }));
  }
  if (!source.state.content.some((t) => t.trim())) {
    return fail(catalogueMessage('translate_empty_book', lang, { id: String(id) }));
  }
  const spec = specOrExit(catalogOrExit(), source.state.generatorId, lang);
  const { glossary, terms } = bookGlossary(source.state, opts.glossary, lang);
  const title = opts.title === undefined ? undefined : cleanTitle(opts.title);
  if (title !== undefined && (!title || title.length > MAX_EDITION_TITLE)) {
    return fail(catalogueMessage('edition_bad_title', lang, { max: String(MAX_EDITION_TITLE) }));
  }
  return { source, lang, to, spec, glossary, terms, title };
}

type Source = Awaited<ReturnType<typeof sourceOrExit>>;

export async function translateCommand(opts: TranslateOptions, out: TranslateOutput = STDOUT): Promise<void> {
  const to = opts.to ?? '';
  // Before the book is read, its language is the writer's (their locale's) when it translates into `to`, else the
  // first the table translates into `to`: the writer of an English book asking for a Malay edition reads English, of
  // a Malay one asking for English, Malay. A code the table does not have is refused once the book is read, in the
  // book's language; until then, in the writer's.
  const writer = writerLang();
  const from: Lang = isLang(to)
    ? canTranslate(writer, to)
      ? writer
      : (langs().find((l) => canTranslate(l, to)) ?? writer)
    : writer;
  if (opts.book === undefined) return fail(say('needsBook', from));
  const id = bookIdOrExit(opts.book, from);
  const place = cliStateOf(opts.state);
  if (!hasBooks(place)) fail(catalogueMessage('translate_no_book', from, { id: String(id) }));
  const stateFile = await openCliState(place);
  const interrupt = listenForInterrupt();
  try {
    const checked = await sourceOrExit(stateFile, { id, from, to, opts });
    const { source, lang, spec, glossary, terms, title } = checked;
    const key = editionKey({ generatorId: spec.id, sourceId: id, to });
    const store = stateFile.progress(CLI_USER);
    const saved = await store.load(key);
    const cost = translationCost(spec, source.state, saved?.state);
    const language = editionLanguageName(to, lang);
    const costs = {
      parts: cost.parts,
      total: cost.total,
      per: cost.perPart,
      remaining: cost.remaining,
      terms: glossary.length,
    };
    info(`karya: ${say('costBefore', lang, { id, language, ...costs })}`);
    listGlossary(terms, lang);
    const maxCalls = maxCallsOrExit(opts.maxCalls, lang);
    const model = cliProvider({ lang });
    // The offline provider writes demo text, never a translation: every window would be refused twice.
    if (model.isOffline) return fail(say('needsModel', lang));
    // The run's budget: the edition's windows and its story bible's parts (read after), said before anything is asked.
    const bibleParts = opts.bible === false ? 0 : source.state.content.filter((t) => t.trim()).length;
    const planned = editionPlan(source.state, saved?.state) + bibleParts;
    const { budget, provider: budgeted } = startBudget(model, { planned, maxCalls, lang });
    // Parts translated of the book's, time left and what was spent so far, under the lines above (cli/run-meter.ts).
    const done = cost.perPart ? cost.parts - cost.remaining / cost.perPart : 0;
    const meter = new RunMeter({ lang, planned: cost.parts, done, hasCredits: true });
    const provider = meter.counted(budgeted);
    const run = { checked, opts, key, store, provider, meter, interrupt };
    let outcome = await translateOrExit(run);
    // The title the edition now has: the writer's --title over what the run chose.
    const editionTitle: EditionTitle | undefined = title
      ? { text: title, source: outcome.title?.source ?? title, isTranslated: true, by: 'writer' }
      : outcome.title;
    const editionId = (await stateFile.repos.books.list({ userId: CLI_USER })).find((b) => b.key === key)?.id ?? null;
    // The writer's title holds for an edition made before too (kept with its settings, read by every export).
    if (title && editionId !== null) {
      outcome = { ...outcome, state: withEditionTitle(spec, outcome.state, title) };
      await stateFile.repos.books.saveSettings({ userId: CLI_USER, key, settings: outcome.state.settings });
    }
    await readEditionBible(run, outcome.state, opts.bible !== false && !outcome.left.length);
    const chapterTitles = chapterTitlesOf(spec, source.state);
    const edition = editionJson({
      id: editionId,
      key,
      source: id,
      from: lang,
      to,
      outcome,
      glossary: glossary.length,
      terms,
      calls: budgetFigures(budget),
      title: editionTitle,
      chapterTitles,
    });
    meter.finish();
    if (opts.json) out.stdout(`${JSON.stringify({ edition, progress: meter.figures() })}\n`);
    else out.stdout(`${say('done', lang, { id: editionId ?? '?', generator: spec.id })}\n`);
    // What is left, part by part (and a title kept in the source's language), and exit 1 when a part has marks: the
    // run went to the end, a rerun asks only for them (a title is no reason to fail: --title gives one).
    if (sayLeft(outcome.left, editionTitle, chapterTitles, lang)) throw new CliExit(EXIT.failed);
  } finally {
    interrupt.release();
    await stateFile.close();
  }
}

/** A run of the edition: its source checked, its key and store, the provider counted, the meter and the interrupt. */
interface EditionRun {
  checked: Source;
  opts: TranslateOptions;
  key: string;
  store: ReturnType<StateFile['progress']>;
  provider: ReturnType<RunMeter['counted']>;
  meter: RunMeter;
  interrupt: ReturnType<typeof listenForInterrupt>;
}

/** The edition translated to the book's end, a line a window and a part; a stop or a failure said, then the exit. */
async function translateOrExit(run: EditionRun) {
  const {
    checked: { source, lang, to, spec, glossary, title },
    opts,
    meter,
    interrupt,
  } = run;
  try {
    return await translateEdition({
      spec,
      renderer: catalogOrExit().renderer,
      provider: run.provider,
      store: run.store,
      key: run.key,
      source: source.state,
      isSourceFinished: source.isFinished,
      to,
      glossary,
      ...(title ? { title } : {}),
      signal: interrupt.signal,
      onProgress: (e) => info(progressLine(e, lang)),
      onTitle: (t) => info(`karya: ${titleLine(t, lang)}`),
      onPart: (p) => {
        sayPart(p, chapterTitlesOf(spec, source.state), lang);
        if (p.asked > 0) meter.partDone(p.credits);
      },
    });
  } catch (error) {
    meter.finish();
    if (interrupt.isInterrupted) {
      info(`karya: ${say('stopped', lang)}`);
      throw new CliExit(interruptedExitCode());
    }
    const words = ({ message }: { message: string }) => say('providerStopped', lang, { message });
    exitOnFailure(error, lang, { step: { words, ...(opts.json ? { json: { part: null, isWhole: true } } : {}) } });
    throw error;
  }
}

/**
 * The edition's own story bible, read from its own text part by part (saved after each: a rerun goes on), as an
 * import's, unless --no-bible; an edition with paragraphs still in the source's language is read once they are
 * translated (a rerun).
 */
async function readEditionBible(
  run: EditionRun,
  state: { settings: Source['source']['state']['settings']; totalChapters: number },
  isAsked: boolean,
) {
  const {
    checked: { lang, spec },
    opts,
    meter,
    interrupt,
  } = run;
  const session = await BookSession.open({
    spec,
    renderer: catalogOrExit().renderer,
    provider: run.provider,
    store: run.store,
    key: run.key,
    settings: state.settings,
    totalChapters: state.totalChapters,
    onFinished: 'keep',
  });
  let reading = '';
  try {
    while (isAsked && session.needsMemory) {
      const position = (session.state.memoryUpTo ?? -1) + 1;
      const step =
        position === 0
          ? ({ kind: 'introduction', position: 0 } as const)
          : partStep(spec, position, session.state.totalChapters);
      reading = stepLabel(step, lang, spec);
      if (session.state.content[position]?.trim()) info(`  … ${say('bible', lang, { label: reading })}`);
      await session.remember({ parts: 1, signal: interrupt.signal });
    }
  } catch (error) {
    meter.finish();
    if (interrupt.isInterrupted) throw new CliExit(interruptedExitCode());
    const words = ({ message }: { message: string }) => say('bibleStopped', lang, { label: reading, message });
    exitOnFailure(error, lang, { step: { words, ...(opts.json ? { json: { part: null, isWhole: true } } : {}) } });
    throw error;
  }
}
