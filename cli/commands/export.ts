// `karya export <id>`: write a saved book again, in any format, from the local state file: the book that
// `karya generate` with the same settings finished (or, unfinished, the parts it saved so far); with no
// settings given and no such book, the generator's latest saved book; with `--book ID`, that book
// (`karya books` lists them). Calls no model; a book that was never saved exits 2. Without --out the book
// goes to stdout: Markdown anywhere, an EPUB, DOCX or PDF only to a pipe or a file. With --bilingual, an edition
// (karya translate) is written with its source: each source paragraph followed by its translation.
import { partsWritten, word, type BookState, type Lang, type ResolvedSpec } from '../../engine/index.js';
import { catalogOrExit, specOrExit, fail, info } from '../util.js';
import { generateCommandLine, settingsFromOptions } from '../settings.js';
import { exportBytes, exportFormatOrExit, writeOut, type BookOutOptions } from '../export-format.js';
import { bilingualBytes, bilingualLayoutOrExit } from '../export-bilingual.js';
import { writableFileOrExit } from '../fs-check.js';
import { exportWord } from '../export-words.js';
import { savedBookWord, settingsLang } from '../saved-book-words.js';
import { askedLang, messagesLang } from '../langs.js';
import { optionWord } from '../option-words.js';
import { authorOrExit } from '../generate-checks.js';
import { bookIdOrExit, chooseBook, savedBookLang } from './books.js';
import { seriesOfKey } from '../series.js';
import { cliStateOf, hasBooks, openCliState } from '../state.js';

export interface ExportOptions extends BookOutOptions {
  /** A saved book by its id (`karya books`), instead of the settings. */
  book?: string;
  /** An edition written with its source, paragraph by paragraph. */
  bilingual?: boolean;
  /** A bilingual PDF's layout: columns or alternating (default). */
  layout?: string;
}

export async function exportCommand(id: string | undefined, opts: ExportOptions): Promise<void> {
  const catalog = catalogOrExit();
  // No book to read: said in --lang's language, else the locale's.
  if (id === undefined && opts.book === undefined) fail(optionWord('idOrBook', askedLang(opts.lang)));
  if (opts.book !== undefined) bookIdOrExit(opts.book, askedLang(opts.lang));
  const named = id !== undefined ? specOrExit(catalog, id, askedLang(opts.lang)) : undefined;
  if (named) exportableOrExit(named, askedLang(opts.lang));
  // With a generator id the settings find the book as they did for karya generate (checked before anything is read).
  const wanted = named && opts.book === undefined ? settingsFromOptions(named, opts) : undefined;
  const pipe = { isTerminal: process.stdout.isTTY === true, command: `karya export ${id ?? `--book ${opts.book}`}` };
  // The format and the author checked before anything is read, in the language the settings ask for; a book
  // named by its id has them checked once it is read, in its own.
  if (wanted) {
    exportFormatOrExit(named!, opts, settingsLang(named!, wanted.settings), pipe);
    authorOrExit(opts.author, settingsLang(named!, wanted.settings));
  }
  const layout = bilingualLayoutOrExit(opts, wanted ? settingsLang(named!, wanted.settings) : askedLang(opts.lang));
  const place = cliStateOf(opts.state);
  const statePath = place.where;
  const command = generateCommandLine(named?.id, opts);
  // Never create a state file just to find it empty.
  // In the language the settings ask for (a book by its id, not read yet, in --lang's).
  if (!hasBooks(place))
    fail(
      savedBookWord('noStateExport', wanted ? settingsLang(named!, wanted.settings) : messagesLang(opts.lang), {
        file: statePath,
        command,
      }),
    );
  if (opts.out !== undefined)
    writableFileOrExit('--out', opts.out, wanted ? settingsLang(named!, wanted.settings) : askedLang(opts.lang));

  const stateFile = await openCliState(place);
  try {
    const chosen = await chooseBook(stateFile, catalog, {
      ...(named ? { named } : {}),
      opts,
      statePath,
      isUsable: (saved) => saved.state.content.length > 0 || saved.state.outline !== undefined,
    });
    if (!chosen) {
      // The book's language: the one the settings ask for, else (a book by its id) the one it is saved in.
      const lang = wanted
        ? settingsLang(named!, wanted.settings)
        : ((await savedBookLang(stateFile, opts.book!)) ?? messagesLang(opts.lang));
      fail(
        opts.book !== undefined
          ? exportWord('nothingWritten', lang, { book: opts.book })
          : savedBookWord('noneSaved', lang, { id: named!.id, file: statePath, command }),
      );
    }
    const { spec, saved } = chosen;
    const lang = saved.state.lang;
    exportableOrExit(spec, lang);
    const format = exportFormatOrExit(spec, opts, lang, pipe);
    const author = authorOrExit(opts.author, lang);
    if (!saved.isFinished)
      sayUnfinished(spec, saved.state, { command: named && opts.book === undefined ? command : undefined });
    // A book of a series says so in its EPUB (the series' name and the book's number).
    const series = await seriesOfKey(stateFile, catalog, chosen.key);
    const bytes = opts.bilingual
      ? await bilingualBytes(
          stateFile,
          { ...chosen, ...(series ? { saved: { ...saved, state: { ...saved.state, series } } } : {}) },
          format,
          {
            ...(opts.book !== undefined ? { id: Number(opts.book) } : {}),
            ...(author ? { author } : {}),
            ...(layout ? { layout } : {}),
          },
        )
      : await exportBytes(spec, series ? { ...saved.state, series } : saved.state, format, {
          withOutline: opts.withOutline,
          withBible: opts.withBible,
          ...(author ? { author } : {}),
        });
    if (opts.out === undefined) {
      await writeStdout(bytes);
      return;
    }
    writeOut(opts.out, bytes);
    // In the book's language, as generate's own "wrote" line.
    info(`karya: ${word('wrote', lang, { file: opts.out })}`);
  } finally {
    await stateFile.close();
  }
}

/**
 * An unfinished book's parts written out of its parts, one unit for both (an imported book's missing opening is
 * neither), and the command that finishes it when the book was found by its settings.
 */
function sayUnfinished(spec: ResolvedSpec, state: BookState, input: { command: string | undefined }): void {
  const lang = state.lang;
  const { written, total } = partsWritten(spec, state);
  const finish = input.command ? ` ${exportWord('finishWith', lang, { command: input.command })}` : '';
  info(`karya: ${exportWord('unfinished', lang, { id: spec.id, written, total })}${finish}`);
}

/** The book on stdout, waiting until a slow pipe has taken it all. */
function writeStdout(data: Uint8Array | string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(data, (error) => (error ? reject(error) : resolve())));
}

/**
 * Only books and saved pieces export; a cover or a single piece that is never saved exits 2, said in `lang` (--lang's,
 * else the locale's).
 */
function exportableOrExit(spec: ResolvedSpec, lang: Lang): void {
  if (spec.kind === 'image') fail(exportWord('notBookImage', lang, { id: spec.id }));
  if (spec.kind !== 'book' && !spec.flow.savesProgress) fail(exportWord('notBookSingle', lang, { id: spec.id }));
}
