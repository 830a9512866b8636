// `--book ID` (karya generate, karya publish): the saved book a command continues, with its own key, settings and
// chapter count, or a refusal (exit 2) naming why it cannot be continued.
import { chaptersWritten, importSaves, withTotalChapters } from '../engine/index.js';
import type { BookSpec, BookState, ResolvedSpec } from '../engine/index.js';
import { CLI_USER, catalogOrExit, fail } from './util.js';
import { exitOnFailure } from './errors.js';
import { cliStateOf, hasBooks, openCliState } from './state.js';
import { writerLang } from './langs.js';
import { savedBookWord } from './saved-book-words.js';
import { optionWord } from './option-words.js';
import { chooseBook, savedOrWriterLang } from './commands/books.js';

/** The options that name a saved book and those that would change it. */
export interface BookOption {
  book?: string;
  set?: string[];
  lang?: string;
  fresh?: boolean;
  state?: string;
  chapters?: string;
}

/**
 * The saved book `--book ID` names, to continue: its key, settings and chapter count; exit 2 when there is
 * none, it is another generator's, it is finished (unless `mayBeFinished`: a package of it), or settings
 * options would change it.
 */
export async function savedBookOrExit(
  spec: ResolvedSpec,
  opts: BookOption,
  how: { mayBeFinished?: boolean } = {},
): Promise<{ key: string; settings: BookState['settings']; totalChapters: number }> {
  const place = cliStateOf(opts.state);
  const statePath = place.where;
  // Said in the saved book's own language when it is there to read, else in the one the writer's locale names.
  const changes = (opts.set?.length ?? 0) > 0 || (opts as { brief?: string }).brief !== undefined;
  if (changes || opts.lang !== undefined || opts.fresh) {
    fail(optionWord('bookOwnSettings', await savedOrWriterLang(place, opts.book!), { book: opts.book! }));
  }
  if (!hasBooks(place)) fail(optionWord('bookNotFound', writerLang(), { book: opts.book!, file: statePath }));
  const stateFile = await openCliState(place);
  try {
    const named = { named: spec, opts: { set: [], book: opts.book! }, statePath, isUsable: () => true };
    const chosen = await chooseBook(stateFile, catalogOrExit(), named);
    if (!chosen) return fail(optionWord('bookNotFound', writerLang(), { book: opts.book!, file: statePath }));
    const { state } = chosen.saved;
    if (chosen.saved.isFinished && !how.mayBeFinished) {
      fail(savedBookWord('finished', state.lang, { book: opts.book! }));
    }
    // An imported book's --chapters N is the chapters it will have before its conclusion, wherever the conclusion
    // goes.
    if (opts.chapters === undefined || Number(opts.chapters) === chaptersWritten(spec.flow, state.totalChapters)) {
      return { key: chosen.key, settings: state.settings, totalChapters: state.totalChapters };
    }
    // Another chapter count: an imported book's, before its outline plans the chapters to come (saved with its last
    // part's header).
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
