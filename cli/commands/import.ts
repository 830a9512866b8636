// `karya import FILE`: a manuscript (.txt, .md, .docx, .epub) read and split into its parts (engine/import). With
// --dry-run it prints
// each part's number, title, word count and first line (--json: {"chapters": [{number, title, words,
// firstLine}]}) and saves nothing. Else, with --generator, it saves the manuscript as a book of that
// generator in the state file (every part the writer's own: engine/session/import-book.ts), then builds
// its story bible part by part with the model, saving after each: run again after a stop, it goes on from
// the part it stopped at. `karya generate <id> --book ID` then writes its next chapters. A file it cannot
// read exits 2 with the catalogue's message, in the language of --lang, before any model call.
import { readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { BookSession, IMPORT_LIMITS, isLang, numberIn, bookSummary, frontMatterNames, catalogueMessage, importSaves, manuscriptPreview, partStep, stepKey, stepLabel, tooLargeRefusal, word, type ImportSettings, type ImportedPart, type Lang, type ReadManuscript, type ResolvedSpec, type WordKey, sourceStatusOf } from '../../engine/index.js';
import { cliImportPool } from '../import-pool.js';
import { importLanguageOf, missingSettings, withoutRequired } from '../../server/index.js';
import { CLI_USER, CliExit, catalogOrExit, fail, info, specOrExit, wholeNumber } from '../util.js';
import { importVoiceOrExit, readImportSettings, settingsLines, writerValues, writersBookOrExit } from '../import-settings.js';
import { interruptedExitCode, listenForInterrupt } from '../interrupt.js';
import { exitOnFailure } from '../errors.js';
import { langOptionOrExit, writerLang } from '../langs.js';
import { optionWord } from '../option-words.js';
import { briefWord } from '../brief-words.js';
import { cliProvider } from '../provider.js';
import { budgetFigures, maxCallsOrExit, startBudget } from '../run-budget.js';
import { cliStateOf, openCliState, writableStateOrExit } from '../state.js';
import { RunMeter } from '../run-meter.js';
import { sourceOptionsOf, sourceStatusLine, sourceWord } from '../source-words.js';

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

const READING_WORDS: Readonly<Record<ReadManuscript['reading'], WordKey>> = {
  'chapter-word': 'importReadingChapterWord',
  'roman-alone': 'importReadingRomanAlone',
  'number-alone': 'importReadingNumberAlone',
  markdown: 'importReadingMarkdown',
  regex: 'importReadingRegex',
  'caps-title': 'importReadingCapsTitle',
  contents: 'importReadingContents',
  none: 'importReadingNone',
};

/** The messages' language: --lang, else the one the writer's locale names (else the table's first). */
const langOf = (value: string | undefined): Lang => langOptionOrExit(value) ?? writerLang();

function splitPattern(pattern: string | undefined, lang: Lang): RegExp | undefined {
  if (pattern === undefined) return undefined;
  try {
    return new RegExp(pattern, 'm');
  } catch (error) {
    return fail(catalogueMessage('import_bad_split', lang, { pattern, reason: (error as Error).message }));
  }
}

/** The file's bytes, refused before they are read when the file is larger than an import takes. */
function bytesOf(file: string, lang: Lang): Uint8Array {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return fail(`${file}: ${word('noSuchFile', lang)}`);
  }
  if (size > IMPORT_LIMITS.bytes) throw tooLargeRefusal(file, size);
  return new Uint8Array(readFileSync(file));
}

function partLabel(part: ImportedPart, lang: Lang): string {
  if (part.kind === 'introduction') return word('prologue', lang);
  if (part.kind === 'conclusion') return word('epilogue', lang);
  return word('chapter', lang, { n: part.number ?? 0 });
}

export async function importCommand(file: string, opts: ImportOptions): Promise<void> {
  const lang = langOf(opts.lang);
  const split = splitPattern(opts.split, lang);
  let read: ReadManuscript;
  let bytes: Uint8Array;
  try {
    bytes = bytesOf(file, lang);
    read = await (await cliImportPool()).readManuscript(file, bytes, split ? { split } : {});
  } catch (error) {
    exitOnFailure(error, lang, { expects: ['import'] });
    throw error;
  }
  if (!opts.dryRun) return saveImport(file, read, bytes, opts, lang);
  // With a generator, the preview shows the settings the book would be saved with, and where each came from.
  const chosen = opts.generator !== undefined ? await previewSettings(read, opts, lang) : undefined;
  if (opts.json) {
    process.stdout.write(`${JSON.stringify({ ...manuscriptPreview(read), ...(chosen ? { settings: chosen.sources, ...(chosen.missing.length ? { missingSettings: chosen.missing } : {}) } : {}) })}\n`);
    return;
  }
  // A language's code is its locale (BCP 47): en writes 1,500, ms 1,500, id 1.500.
  const numbers = (n: number) => numberIn(n, lang);
  const out = [word('importFound', lang, { file: read.file, parts: read.parts.length, words: numbers(read.words), how: word(READING_WORDS[read.reading], lang) }), ...frontLines(read, chosen?.spec, lang), `  ${sourceStatusLine(read.source, lang)}`];
  if (read.replacedBytes) out.push(`  ${word('importReplacedBytes', lang, { n: numbers(read.replacedBytes) })}`);
  const labelWidth = Math.max(...read.parts.map((p) => partLabel(p, lang).length));
  const titleWidth = Math.min(40, Math.max(0, ...read.parts.map((p) => p.title.length)));
  for (const part of read.parts) {
    const title = part.title.length > 40 ? `${part.title.slice(0, 39)}…` : part.title;
    const first = part.firstLine.length > 60 ? `${part.firstLine.slice(0, 59)}…` : part.firstLine;
    out.push(`  ${partLabel(part, lang).padEnd(labelWidth)}  ${title.padEnd(titleWidth)}  ${numbers(part.words).padStart(7)}  ${first}`);
  }
  if (chosen) out.push(...settingsLines(chosen.spec, chosen, chosen.lang, chosen.missing));
  out.push(word('importDryRun', lang));
  process.stdout.write(`${out.join('\n')}\n`);
}

/** The book's language: the writer's --lang, else the manuscript's own when it is clearly one; else exit 2. */
function bookLangOrExit(read: ReadManuscript, opts: ImportOptions, uiLang: Lang): Lang {
  try {
    return importLanguageOf(read, isLang(opts.lang) ? opts.lang : undefined);
  } catch (error) {
    exitOnFailure(error, uiLang, { expects: ['import'] });
    throw error;
  }
}

function totalOrExit(chapters: string | undefined, lang: Lang): number | undefined {
  if (chapters === undefined) return undefined;
  const total = wholeNumber(chapters);
  if (total === undefined || total < 1 || total > 100) fail(briefWord('chaptersRange', lang, { value: chapters, min: 1 }));
  return total;
}

/**
 * The settings a dry run as a generator's book shows: read from the manuscript (one model call), the writer's
 * winning. A setting the book needs that no one gave yet is named (`missing`), not a refusal: the dry run shows
 * the chapters and the settings read, so the writer learns what to give before the import.
 */
async function previewSettings(read: ReadManuscript, opts: ImportOptions, uiLang: Lang): Promise<ImportSettings & { spec: ResolvedSpec; lang: Lang; missing: string[] }> {
  const spec = bookSpecOrExit(read.file, opts.generator, uiLang);
  const bookLang = bookLangOrExit(read, opts, uiLang);
  const totalChapters = totalOrExit(opts.chapters, uiLang);
  const lenient = withoutRequired(spec);
  const { settings, writer } = writerValues(lenient, opts.set ?? [], bookLang);
  const state = writersBookOrExit({ spec: lenient, read, settings, uiLang, ...(totalChapters !== undefined ? { totalChapters } : {}) });
  const { chosen, state: withSettings } = await readImportSettings({ spec: lenient, state, writer, isDryRun: true });
  return { ...chosen, spec, lang: bookLang, missing: missingSettings(spec, withSettings.settings) };
}

/**
 * The dry run's lines on the title and the front matter: the title found, the front matter kept, what was left out and
 * why.
 */
function frontLines(read: ReadManuscript, spec: ResolvedSpec | undefined, lang: Lang): string[] {
  const numbers = (n: number) => numberIn(n, lang);
  const titleField = spec?.fields.find((f) => f.role === 'workingTitle')?.name ?? 'workingTitle';
  const out = [`  ${read.title ? word('importTitle', lang, { title: read.title }) : word('importNoTitle', lang, { name: titleField })}`];
  if (read.subtitle) out.push(`  ${word('importSubtitle', lang, { subtitle: read.subtitle })}`);
  if (read.author) out.push(`  ${word('importAuthor', lang, { author: read.author })}`);
  const named = frontMatterNames(read, lang);
  if (read.frontMatter?.length) {
    // A piece without a heading of its own (a dedication alone on its page) is named by its kind.
    const sections = read.frontMatter.map((f, i) => word('importFrontSection', lang, { title: f.title || named.kept[i]!, kind: named.kept[i]!, words: numbers(f.words) }));
    out.push(`  ${word('importFrontKept', lang, { sections: sections.join('; ') })}`);
  }
  if (read.frontMatterWords > 0) out.push(`  ${word('importFrontMatter', lang, { words: numbers(read.frontMatterWords), what: named.leftOut.join(', ') || word('importFrontMatterOther', lang) })}`);
  return out;
}

/** The generator an import is saved as: a book generator, or exit 2. */
function bookSpecOrExit(file: string, id: string | undefined, lang: Lang): ResolvedSpec {
  const name = file.split(/[\\/]/).pop() ?? file;
  if (id === undefined) return fail(catalogueMessage('import_needs_generator', lang, { file: name }));
  const spec = specOrExit(catalogOrExit(), id, lang);
  if (spec.kind !== 'book') return fail(optionWord('generatorNotBook', lang, { id }));
  return spec;
}

/**
 * Save the manuscript as a book and build its story bible, part by part (saved after each); a book already
 * imported from the same file with the same settings goes on where its bible stopped.
 */
async function saveImport(file: string, read: ReadManuscript, bytes: Uint8Array, opts: ImportOptions, uiLang: Lang): Promise<void> {
  const name = read.file;
  const spec = bookSpecOrExit(read.file, opts.generator, uiLang);
  const bookLang = bookLangOrExit(read, opts, uiLang);
  const totalChapters = totalOrExit(opts.chapters, uiLang);
  const { settings, writer } = writerValues(spec, opts.set ?? [], bookLang);
  const source = sourceOptionsOf(opts, uiLang, fail);
  let state = writersBookOrExit({ spec, read, settings, uiLang, source, ...(totalChapters !== undefined ? { totalChapters } : {}) });
  // The title the book is saved under and the front matter it keeps, as the dry run shows them.
  const workingTitle = spec.fields.find((f) => f.role === 'workingTitle');
  const savedTitle = workingTitle ? state.settings[workingTitle.name] : undefined;
  for (const line of frontLines({ ...read, ...(typeof savedTitle === 'string' && savedTitle.trim() ? { title: savedTitle.trim() } : {}) }, spec, state.lang)) info(`karya: ${line.trim()}`);
  info(`karya: ${sourceStatusLine(state.source, state.lang)}`);
  const maxCalls = maxCallsOrExit(opts.maxCalls, state.lang);
  const place = cliStateOf(opts.state);
  const statePath = place.where;
  writableStateOrExit(place, state.lang);
  // The same file imported with the same settings of the writer's is the same book: a second run goes on with its
  // bible, without reading the settings again.
  const key = `${spec.id}:import-${createHash('sha256').update(bytes).update(JSON.stringify([state.settings, state.totalChapters])).digest('hex').slice(0, 16)}`;
  const stateFile = await openCliState(place);
  const interrupt = listenForInterrupt();
  const lang = state.lang;
  try {
    const store = stateFile.progress(CLI_USER);
    const saved = await store.load(key);
    if (!saved) {
      // Only what the manuscript decided changes: the chapter count and the working title stay the import's.
      // Stopped while they are read (Ctrl-C, SIGTERM), the import is interrupted, nothing saved: not a failed call.
      ({ state } = await readImportSettings({ spec, state, writer, signal: interrupt.signal }).catch((error: unknown) => {
        if (!interrupt.isInterrupted) throw error;
        info(`karya: ${word('interrupted', lang)}`);
        throw new CliExit(interruptedExitCode());
      }));
      // The manuscript's own prose is the book's voice unless the writer says otherwise: its new chapters are measured
      // against it.
      const voice = await importVoiceOrExit(state, opts.voice, opts.state);
      // The style notes the manuscript was read with stay with the voice.
      if (voice) state = { ...state, voice: { ...state.voice, ...voice } };
      await store.saveSteps!(key, importSaves(spec, state));
    }
    const id = (await stateFile.repos.books.list({ userId: CLI_USER })).find((b) => b.key === key)!.id;
    const summary = bookSummary(spec, state);
    info(`karya: ${word(saved ? 'importResumed' : 'importSaved', lang, { file: name, id, chapters: summary.chaptersWritten, words: summary.words })}`);
    // The story bible's reading within a budget of model calls: a call for each part it has not read yet.
    const unread = state.content.length - ((saved?.state.memoryUpTo ?? -1) + 1);
    const { budget, provider } = startBudget(cliProvider({ lang }), { planned: Math.max(1, unread), maxCalls, lang });
    // The story bible's parts read of the book's, time left and the calls it has spent so far (cli/run-meter.ts).
    const meter = new RunMeter({ lang, planned: state.content.length, done: 0 });
    const session = await BookSession.open({ spec, renderer: catalogOrExit().renderer, provider: meter.counted(provider), store, key, settings: state.settings, totalChapters: state.totalChapters, onFinished: 'keep' });
    const parts = session.state.content.length;
    meter.startAt((session.state.memoryUpTo ?? -1) + 1, parts);
    let current = '';
    let currentKey: string | null = null;
    // Parts the bible could not read even in halves (engine/session/ladder.ts): skipped, named, the import goes on.
    const skipped: Array<{ label: string; key: string }> = [];
    try {
      while (session.needsMemory) {
        const position = (session.state.memoryUpTo ?? -1) + 1;
        current = stepLabel(partStep(spec, position, session.state.totalChapters), lang, spec);
        currentKey = stepKey(partStep(spec, position, session.state.totalChapters));
        if (session.state.content[position]?.trim()) info(`  … ${word('importReading', lang, { label: current, n: position, total: parts - 1 })}`);
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
      exitOnFailure(error, lang, { step: { words: ({ message }) => word('importBibleStopped', lang, { label: current, message, id }), ...(opts.json ? { json: { part: currentKey } } : {}) } });
      throw error;
    }
    const book = { id, generator: spec.id, key, title: summary.title, lang, source: sourceStatusOf(session.state) ?? { publicDomain: false, from: 'none' }, words: summary.words, chapters: { imported: summary.chaptersWritten, total: summary.chaptersTotal }, finished: session.isFinished, ...(skipped.length ? { bible_skipped: skipped.map((s) => s.key) } : {}), calls: budgetFigures(budget) };
    meter.finish();
    if (opts.json) process.stdout.write(`${JSON.stringify({ book, progress: meter.figures() })}\n`);
    else process.stdout.write(`${word(session.isFinished ? 'importDoneFinished' : 'importDone', lang, { id, generator: spec.id })}\n  ${sourceWord('change', lang, { id })}\n`);
  } finally {
    interrupt.release();
    await stateFile.close();
  }
}
