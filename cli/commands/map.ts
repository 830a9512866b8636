// `karya map --book ID [--as-of N] [--json]`: a saved book's story map, computed from its story bible and its
// continuity findings as they stand in the state file (no model call): a compact table, one column per part
// and one row per character, thread and fact, in the book's language; `--as-of N` the map as part N knew it
// (0 the introduction, N chapter N); `--json` the map object (the API's GET /api/books/:id/story-map answer).
import { storyMap, storyMapText } from '../../engine/index.js';
import { catalogOrExit, fail, wholeNumber, CLI_USER } from '../util.js';
import { bookIdOrExit } from './books.js';
import { cliStateOf, hasBooks, openCliState } from '../state.js';
import { savedBookWord } from '../saved-book-words.js';
import { writerLang } from '../langs.js';
import { optionWord } from '../option-words.js';

export interface MapOptions {
  book: string;
  asOf?: string;
  json?: boolean;
  state?: string;
}

export async function mapCommand(opts: MapOptions): Promise<void> {
  const catalog = catalogOrExit();
  // Before a book is read: said in the language the writer's locale names.
  const id = bookIdOrExit(opts.book, writerLang());
  const asOf = opts.asOf === undefined ? undefined : wholeNumber(opts.asOf);
  const place = cliStateOf(opts.state);
  // Never create a state file just to find it empty.
  if (!hasBooks(place)) fail(savedBookWord('noStateMap', writerLang(), { file: place.where }));
  const stateFile = await openCliState(place);
  try {
    const found = await stateFile.repos.books.find({ userId: CLI_USER, id });
    if (!found) fail(optionWord('bookNotFound', writerLang(), { book: opts.book, file: place.where }));
    const spec = catalog.get(found.state.generatorId);
    // In the book's language, as its map is.
    const lang = found.state.lang;
    if (!spec) fail(savedBookWord('generatorGone', lang, { book: opts.book, generator: found.state.generatorId }));
    if (spec.kind !== 'book') fail(savedBookWord('mapPiece', lang, { book: opts.book, id: spec.id }));
    const written = found.state.content.length;
    if (!written) fail(savedBookWord('mapNothing', lang, { book: opts.book }));
    // (Read with the book, as the part it names is: in the book's language.)
    if (opts.asOf !== undefined && asOf === undefined) fail(savedBookWord('asOfNotPart', lang, { value: opts.asOf }));
    if (asOf !== undefined && asOf >= written) fail(savedBookWord('mapAsOf', lang, { asOf, last: written - 1 }));
    const map = storyMap(spec, found.state, asOf === undefined ? {} : { asOf });
    process.stdout.write(opts.json ? `${JSON.stringify(map)}\n` : storyMapText(map));
  } finally {
    await stateFile.close();
  }
}
