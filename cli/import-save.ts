// `karya import FILE --generator ID`: the manuscript saved as a book of the generator in the state file (every
// part the writer's own), its settings read from it, then its story bible read part by part with the model, saved
// after each (run again after a stop, it goes on from the part it stopped at). Also the checks both the save and
// the dry run (commands/import.ts) make of the book: its generator, its language, its chapter count, and the lines on
// its title and front matter.
import { createHash } from 'node:crypto';
import {
  BookSession,
  numberIn,
  bookSummary,
  frontMatterNames,
  catalogueMessage,
  importSaves,
  partStep,
  stepKey,
  stepLabel,
  word,
  isLang,
  type Lang,
  type ReadManuscript,
  type ResolvedSpec,
  sourceStatusOf,
} from '../engine/index.js';
import { importLanguageOf } from '../server/index.js';
import { CLI_USER, CliExit, catalogOrExit, fail, info, specOrExit, wholeNumber } from './util.js';
import { importVoiceOrExit, readImportSettings, writerValues, writersBookOrExit } from './import-settings.js';
import { interruptedExitCode, listenForInterrupt } from './interrupt.js';
import { exitOnFailure } from './errors.js';
import { optionWord } from './option-words.js';
import { briefWord } from './brief-words.js';
import { cliProvider } from './provider.js';
import { budgetFigures, maxCallsOrExit, startBudget } from './run-budget.js';
import { cliStateOf, openCliState, writableStateOrExit } from './state.js';
import { RunMeter } from './run-meter.js';
import { sourceOptionsOf, sourceStatusLine, sourceWord } from './source-words.js';

/** `karya import`'s options (commands/import.ts takes them from the command line). */
export interface ImportOptions {
  lang?: string;
  split?: string;
  dryRun?: boolean;
  json?: boolean;
  /** --max-calls: the story bible's reading's bound on model calls instead of the default (engine/budget.ts). */
  maxCalls?: string;
  generator?: string;
  chapters?: string;
  set?: string[];
  /**
   * The book's voice: absent, the manuscript's own; `none`, no voice; else a sample, as `karya generate --voice` takes.
   */
  voice?: string;
  /**
   * The writer's word on the source text (--public-domain / --no-public-domain, --first-published, --original-author).
   */
  publicDomain?: boolean;
  firstPublished?: string;
  originalAuthor?: string;
  state?: string;
}

/** The book's language: the writer's --lang, else the manuscript's own when it is clearly one; else exit 2. */
export function bookLangOrExit(read: ReadManuscript, opts: ImportOptions, uiLang: Lang): Lang {
  try {
    return importLanguageOf(read, isLang(opts.lang) ? opts.lang : undefined);
  } catch (error) {
    exitOnFailure(error, uiLang, { expects: ['import'] });
    throw error;
  }
}

export function totalOrExit(chapters: string | undefined, lang: Lang): number | undefined {
  if (chapters === undefined) return undefined;
  const total = wholeNumber(chapters);
  if (total === undefined || total < 1 || total > 100)
    fail(briefWord('chaptersRange', lang, { value: chapters, min: 1 }));
  return total;
}

/**
 * The dry run's lines on the title and the front matter: the title found, the front matter kept, what was left out and
 * why.
 */
export function frontLines(read: ReadManuscript, spec: ResolvedSpec | undefined, lang: Lang): string[] {
  const numbers = (n: number) => numberIn(n, lang);
  const titleField = spec?.fields.find((f) => f.role === 'workingTitle')?.name ?? 'workingTitle';
  const title = read.title
    ? word('importTitle', lang, { title: read.title })
    : word('importNoTitle', lang, { name: titleField });
  const out = [`  ${title}`];
  if (read.subtitle) out.push(`  ${word('importSubtitle', lang, { subtitle: read.subtitle })}`);
  if (read.author) out.push(`  ${word('importAuthor', lang, { author: read.author })}`);
  const named = frontMatterNames(read, lang);
  if (read.frontMatter?.length) {
    // A piece without a heading of its own (a dedication alone on its page) is named by its kind.
    const sections = read.frontMatter.map((f, i) =>
      word('importFrontSection', lang, {
        title: f.title || named.kept[i]!,
        kind: named.kept[i]!,
        words: numbers(f.words),
      }),
    );
    out.push(`  ${word('importFrontKept', lang, { sections: sections.join('; ') })}`);
  }
  if (read.frontMatterWords > 0) {
    const what = named.leftOut.join(', ') || word('importFrontMatterOther', lang);
    out.push(`  ${word('importFrontMatter', lang, { words: numbers(read.frontMatterWords), what })}`);
  }
  return out;
}

/** The generator an import is saved as: a book generator, or exit 2. */
export function bookSpecOrExit(file: string, id: string | undefined, lang: Lang): ResolvedSpec {
  const name = file.split(/[\\/]/).pop() ?? file;
  if (id === undefined) return fail(catalogueMessage('import_needs_generator', lang, { file: name }));
  const spec = specOrExit(catalogOrExit(), id, lang);
  if (spec.kind !== 'book') return fail(optionWord('generatorNotBook', lang, { id }));
  return spec;
}

/** The book an import saves, before the state file opens: its generator, its state, the writer's values, its key. */
function importedBook(read: ReadManuscript, bytes: Uint8Array, opts: ImportOptions, uiLang: Lang) {
  const spec = bookSpecOrExit(read.file, opts.generator, uiLang);
  const bookLang = bookLangOrExit(read, opts, uiLang);
  const totalChapters = totalOrExit(opts.chapters, uiLang);
  const { settings, writer } = writerValues(spec, opts.set ?? [], bookLang);
  const source = sourceOptionsOf(opts, uiLang, fail);
  const state = writersBookOrExit({
    spec,
    read,
    settings,
    uiLang,
    source,
    ...(totalChapters !== undefined ? { totalChapters } : {}),
  });
  // The title the book is saved under and the front matter it keeps, as the dry run shows them.
  const workingTitle = spec.fields.find((f) => f.role === 'workingTitle');
  const savedTitle = workingTitle ? state.settings[workingTitle.name] : undefined;
  const titled = typeof savedTitle === 'string' && savedTitle.trim() ? { title: savedTitle.trim() } : {};
  for (const line of frontLines({ ...read, ...titled }, spec, state.lang)) info(`karya: ${line.trim()}`);
  info(`karya: ${sourceStatusLine(state.source, state.lang)}`);
  const maxCalls = maxCallsOrExit(opts.maxCalls, state.lang);
  const place = cliStateOf(opts.state);
  writableStateOrExit(place, state.lang);
  // The same file imported with the same settings of the writer's is the same book: a second run goes on with its
  // bible, without reading the settings again.
  const hash = createHash('sha256')
    .update(bytes)
    .update(JSON.stringify([state.settings, state.totalChapters]));
  const key = `${spec.id}:import-${hash.digest('hex').slice(0, 16)}`;
  return { spec, state, writer, maxCalls, place, key };
}

type Interrupt = ReturnType<typeof listenForInterrupt>;

/**
 * The story bible read part by part (saved after each) until the book needs no more; the parts it could not read
 * even in halves (engine/session/ladder.ts) are skipped, named, and returned: the import goes on.
 */
async function readBible(
  session: BookSession,
  meter: RunMeter,
  interrupt: Interrupt,
  book: { id: number; opts: ImportOptions },
): Promise<Array<{ label: string; key: string }>> {
  const spec = session.spec;
  const lang = session.state.lang;
  const { id, opts } = book;
  const parts = session.state.content.length;
  let current = '';
  let currentKey: string | null = null;
  const skipped: Array<{ label: string; key: string }> = [];
  try {
    while (session.needsMemory) {
      const position = (session.state.memoryUpTo ?? -1) + 1;
      current = stepLabel(partStep(spec, position, session.state.totalChapters), lang, spec);
      currentKey = stepKey(partStep(spec, position, session.state.totalChapters));
      if (session.state.content[position]?.trim())
        info(`  … ${word('importReading', lang, { label: current, n: position, total: parts - 1 })}`);
      const read = await session.remember({ parts: 1, signal: interrupt.signal });
      meter.partDone();
      if (read.left?.length) {
        skipped.push({ label: current, key: currentKey });
        info(`karya: ${word('importBibleSkipped', lang, { label: current, id })}`);
      }
    }
  } catch (error) {
    meter.finish();
    if (interrupt.isInterrupted) {
      info(`karya: ${word('interrupted', lang)}`);
      throw new CliExit(interruptedExitCode());
    }
    exitOnFailure(error, lang, {
      step: {
        words: ({ message }) => word('importBibleStopped', lang, { label: current, message, id }),
        ...(opts.json ? { json: { part: currentKey } } : {}),
      },
    });
    throw error;
  }
  return skipped;
}

/**
 * Save the manuscript as a book and build its story bible, part by part (saved after each); a book already
 * imported from the same file with the same settings goes on where its bible stopped.
 */
export async function saveImport(
  file: string,
  read: ReadManuscript,
  bytes: Uint8Array,
  opts: ImportOptions,
  uiLang: Lang,
): Promise<void> {
  const name = read.file;
  const { spec, writer, maxCalls, place, key, ...imported } = importedBook(read, bytes, opts, uiLang);
  let state = imported.state;
  const stateFile = await openCliState(place);
  const interrupt = listenForInterrupt();
  const lang = state.lang;
  try {
    const store = stateFile.progress(CLI_USER);
    const saved = await store.load(key);
    if (!saved) {
      // Only what the manuscript decided changes: the chapter count and the working title stay the import's.
      // Stopped while they are read (Ctrl-C, SIGTERM), the import is interrupted, nothing saved: not a failed call.
      ({ state } = await readImportSettings({ spec, state, writer, signal: interrupt.signal }).catch(
        (error: unknown) => {
          if (!interrupt.isInterrupted) throw error;
          info(`karya: ${word('interrupted', lang)}`);
          throw new CliExit(interruptedExitCode());
        },
      ));
      // The manuscript's own prose is the book's voice unless the writer says otherwise: its new chapters are measured
      // against it.
      const voice = await importVoiceOrExit(state, opts.voice, opts.state);
      // The style notes the manuscript was read with stay with the voice.
      if (voice) state = { ...state, voice: { ...state.voice, ...voice } };
      await store.saveSteps!(key, importSaves(spec, state));
    }
    const id = (await stateFile.repos.books.list({ userId: CLI_USER })).find((b) => b.key === key)!.id;
    const summary = bookSummary(spec, state);
    const counts = { file: name, id, chapters: summary.chaptersWritten, words: summary.words };
    info(`karya: ${word(saved ? 'importResumed' : 'importSaved', lang, counts)}`);
    // The story bible's reading within a budget of model calls: a call for each part it has not read yet.
    const unread = state.content.length - ((saved?.state.memoryUpTo ?? -1) + 1);
    const { budget, provider } = startBudget(cliProvider({ lang }), { planned: Math.max(1, unread), maxCalls, lang });
    // The story bible's parts read of the book's, time left and the calls it has spent so far (cli/run-meter.ts).
    const meter = new RunMeter({ lang, planned: state.content.length, done: 0 });
    const session = await BookSession.open({
      spec,
      renderer: catalogOrExit().renderer,
      provider: meter.counted(provider),
      store,
      key,
      settings: state.settings,
      totalChapters: state.totalChapters,
      onFinished: 'keep',
    });
    meter.startAt((session.state.memoryUpTo ?? -1) + 1, session.state.content.length);
    const skipped = await readBible(session, meter, interrupt, { id, opts });
    const book = {
      id,
      generator: spec.id,
      key,
      title: summary.title,
      lang,
      source: sourceStatusOf(session.state) ?? { publicDomain: false, from: 'none' },
      words: summary.words,
      chapters: { imported: summary.chaptersWritten, total: summary.chaptersTotal },
      finished: session.isFinished,
      ...(skipped.length ? { bible_skipped: skipped.map((s) => s.key) } : {}),
      calls: budgetFigures(budget),
    };
    meter.finish();
    if (opts.json) process.stdout.write(`${JSON.stringify({ book, progress: meter.figures() })}\n`);
    else
      process.stdout.write(
        `${word(session.isFinished ? 'importDoneFinished' : 'importDone', lang, { id, generator: spec.id })}\n` +
          `  ${sourceWord('change', lang, { id })}\n`,
      );
  } finally {
    interrupt.release();
    await stateFile.close();
  }
}
