// `karya generate`'s options, every one checked and the book chosen (a saved one, a series' next one, or one of
// these settings) before anything is spent; what is wrong is said in the book's language (exit 2).
import { CallBudget, isLang, startBook, withBudget, type BookState, type Lang } from '../engine/index.js';
import { catalogOrExit, fail, info, specOrExit } from './util.js';
import { chapterRuleNote, settingsFromOptions } from './settings.js';
import { exportFormatOrExit, imageOutOrExit, type BookOutOptions } from './export-format.js';
import { writableFileOrExit } from './fs-check.js';
import { bookVoiceOrExit } from './voice.js';
import { seriesPlanOrExit } from './series.js';
import { cliStateOf, writableStateOrExit } from './state.js';
import { messagesLang, writerLang } from './langs.js';
import { optionWord } from './option-words.js';
import { maxCallsOrExit } from './run-budget.js';
import { cliProvider } from './provider.js';
import { savedBookOrExit } from './book-option.js';

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

/** The settings a run writes: a saved book's, a series' book still being written, or the options'. */
type ChosenSettings = {
  settings: BookState['settings'];
  totalChapters?: number;
  chapterNotes?: Record<number, string>;
  avoid?: string[];
};

/**
 * Every option checked and the book chosen (a saved one, a series' next one, or one of these settings) before
 * anything is spent; the provider made with the run's budget of calls.
 */
export async function preflight(id: string, options: GenerateOptions) {
  let opts = options;
  const catalog = catalogOrExit();
  const spec = specOrExit(catalog, id, messagesLang(opts.lang));
  if (opts.series !== undefined && opts.book !== undefined) fail(optionWord('seriesOrBook', messagesLang(opts.lang)));
  // `--book ID`: a saved book (an imported one included) continues with its own settings and chapters.
  const book = opts.book !== undefined ? await savedBookOrExit(spec, opts) : undefined;
  // `--series NAME`: the series' next book (or its book still being written), its brief filled from the series.
  const plan = opts.series !== undefined ? await seriesPlanOrExit(spec, opts) : undefined;
  const setsLanguage = opts.set?.some((s) => /^language=/.test(s));
  if (plan?.series && opts.lang === undefined && !setsLanguage) opts = { ...opts, lang: plan.series.lang };
  const saved = plan?.continuing?.saved;
  const continued = saved ? { settings: saved.state.settings, totalChapters: saved.state.totalChapters } : undefined;
  const chosen: ChosenSettings = book ?? continued ?? settingsFromOptions(spec, opts);
  const { settings, totalChapters, chapterNotes, avoid } = chosen;
  const started = startBook({ spec, settings, totalChapters });
  // What is wrong with an option is said in the book's language once the writer has chosen it (--lang, a language
  // set, a saved book or series, a generator of one language); else, and for a cover (its picture has no words in the
  // writer's language), in the one their locale names.
  const { lang } = started;
  const languageChosen =
    isLang(opts.lang) ||
    setsLanguage ||
    book !== undefined ||
    continued !== undefined ||
    !spec.fields.some((f) => f.role === 'language');
  const said = spec.kind === 'image' || !languageChosen ? writerLang() : lang;
  const format = exportFormatOrExit(spec, opts, said);
  // A cover's file (or stdout) is settled before anything is spent.
  const image =
    spec.kind === 'image'
      ? imageOutOrExit(spec, opts.out, { isStdoutTty: process.stdout.isTTY === true, lang: said })
      : undefined;
  if (image && !image.file && opts.json) fail(optionWord('imageJson', said, { id: spec.id }));
  const author = authorOrExit(opts.author, said);
  // Nothing is spent on a book that could not be saved or written: the state file and --out are checked first.
  if (opts.out !== undefined) writableFileOrExit('--out', opts.out, said);
  if (spec.kind !== 'image') writableStateOrExit(cliStateOf(opts.state), said);
  if (opts.continuity !== undefined && opts.continuity !== 'checks' && opts.continuity !== 'audit') {
    fail(optionWord('continuityUnknown', said, { value: opts.continuity }));
  }
  // The writer's voice and phrases to avoid, checked before anything is spent.
  const voiceOptions = {
    ...(opts.voice !== undefined ? { voice: opts.voice } : {}),
    avoid: [...(avoid ?? []), ...(opts.avoid ?? [])],
    ...(opts.state !== undefined ? { state: opts.state } : {}),
  };
  const voice = spec.kind === 'book' ? await bookVoiceOrExit(voiceOptions, lang) : undefined;
  const maxCalls = maxCallsOrExit(opts.maxCalls, said);
  // The run's budget of model calls: planned once the book is open (the steps it has left), said before the first.
  const budget = new CallBudget({ planned: 1, maxCalls });
  const provider = withBudget(cliProvider({ lang }), budget);
  const total = started.totalChapters;
  const rule = chapterRuleNote(spec, total, lang);
  if (rule) info(rule);
  return {
    opts,
    catalog,
    spec,
    book,
    plan,
    settings,
    total,
    chapterNotes,
    format,
    image,
    author,
    lang,
    voice,
    provider,
    budget,
  };
}

/** An --author value: trimmed, at most 100 characters (exit 2 beyond, in `lang`, the book's); undefined when empty. */
export function authorOrExit(value: string | undefined, lang: Lang): string | undefined {
  const author = value?.replace(/\s+/g, ' ').trim();
  if (author && author.length > 100) fail(optionWord('authorLong', lang, { max: 100, length: author.length }));
  return author || undefined;
}
