// `karya source --book ID [--public-domain | --no-public-domain] [--first-published YEAR] [--original-author NAME]`:
// a saved book's source text as kept with it (read at import: engine/import/source-status.ts), shown and, with an
// option, set as the writer says (then confirmed). The copyright page and KDP's public-domain readiness of its next
// package follow it. No model call.
import { sourceStatusOf, type SourceStatus } from '../../engine/index.js';
import { fail, CLI_USER } from '../util.js';
import { bookIdOrExit } from './books.js';
import { cliStateOf, hasBooks, openCliState } from '../state.js';
import { savedBookWord } from '../saved-book-words.js';
import { writerLang } from '../langs.js';
import { optionWord } from '../option-words.js';
import { sourceOptionsOf, sourceStatusLine, sourceWord } from '../source-words.js';

export interface SourceOptions {
  book: string;
  publicDomain?: boolean;
  firstPublished?: string;
  originalAuthor?: string;
  json?: boolean;
  state?: string;
}

export async function sourceCommand(opts: SourceOptions): Promise<void> {
  const id = bookIdOrExit(opts.book, writerLang());
  const said = sourceOptionsOf(opts, writerLang(), fail);
  const place = cliStateOf(opts.state);
  if (!hasBooks(place)) fail(savedBookWord('noStateSource', writerLang(), { file: place.where }));
  const stateFile = await openCliState(place);
  try {
    const found = await stateFile.repos.books.find({ userId: CLI_USER, id });
    if (!found) fail(optionWord('bookNotFound', writerLang(), { book: opts.book, file: place.where }));
    const lang = found.state.lang;
    const before = sourceStatusOf(found.state);
    let source: SourceStatus | undefined = before;
    if (Object.keys(said).length) {
      const publicDomain = said.publicDomain ?? before?.publicDomain ?? false;
      const year = said.firstPublished ?? before?.firstPublished;
      const author = said.originalAuthor ?? before?.originalAuthor;
      source = {
        publicDomain,
        ...(year ? { firstPublished: year } : {}),
        ...(author ? { originalAuthor: author } : {}),
        from:
          said.publicDomain === undefined || said.publicDomain === before?.publicDomain
            ? (before?.from ?? 'writer')
            : 'writer',
        confirmed: true,
      };
      await stateFile.repos.books.saveSource({ userId: CLI_USER, key: found.key, source });
    }
    if (opts.json) {
      process.stdout.write(
        `${JSON.stringify({ book: id, source: source ?? { publicDomain: false, from: 'none' } })}\n`,
      );
      return;
    }
    process.stdout.write(`${sourceWord('saved', lang, { id, status: sourceStatusLine(source, lang) })}\n`);
    if (!Object.keys(said).length) process.stdout.write(`  ${sourceWord('change', lang, { id })}\n`);
  } finally {
    await stateFile.close();
  }
}
