// `karya series list` and `karya series show NAME`: the writer's series in the state file, each book in order
// with its id, title and state, the series' story bible as of each book's end (derived from the books, never
// copied), what changed for a book since it was written (an earlier book revised), and what the series leaves
// open after its last book.
import {
  bookSummary,
  catalogue,
  openThreadsOf,
  renderBible,
  sayer,
  seriesAsOf,
  SeriesError,
  word,
  type Lang,
} from '../../engine/index.js';
import { catalogOrExit, CLI_USER, fail } from '../util.js';
import { changeLines, laterChanges, loadSeries, seriesBooks, seriesFail, seriesNameOrExit } from '../series.js';
import { cliStateOf, hasBooks, openCliState, type CliState } from '../state.js';
import { writerLang } from '../langs.js';

/** A book's state in `karya series show`; other languages' words in languages/<code>/cli-series.yaml. */
const SERIES_WORDS = catalogue('cli-series', [
  'finished',
  'unfinished',
  // A text that counts something has its form for one beside it (`<key>_one`).
  'books',
  'books_one',
  'noSeries',
  'noSuchSeries',
]);
const seriesWord = sayer(SERIES_WORDS);

export interface SeriesOptions {
  state?: string;
  json?: boolean;
}

export async function seriesListCommand(opts: SeriesOptions): Promise<void> {
  const place = cliStateOf(opts.state);
  const statePath = place.where;
  let list: Array<{ name: string; lang: Lang; books: number }> = [];
  if (hasBooks(place)) {
    const stateFile = await openCliState(place);
    try {
      list = (await stateFile.repos.series(CLI_USER).list()).map((s) => ({
        name: s.name,
        lang: s.lang,
        books: s.books,
      }));
    } finally {
      await stateFile.close();
    }
  }
  if (opts.json) {
    process.stdout.write(JSON.stringify({ series: list }) + '\n');
    return;
  }
  if (!list.length) {
    process.stdout.write(`${seriesWord('noSeries', writerLang(), { file: statePath })}\n`);
    return;
  }
  // Each series counts its books in its own language.
  for (const s of list)
    process.stdout.write(
      `${s.name}  (${s.lang}, ${seriesWord(s.books === 1 ? 'books_one' : 'books', s.lang, { n: s.books })})\n`,
    );
}

export async function seriesShowCommand(raw: string, opts: SeriesOptions): Promise<void> {
  const catalog = catalogOrExit();
  const place = cliStateOf(opts.state);
  const statePath = place.where;
  const name = seriesNameOrExit(raw, writerLang());
  if (!hasBooks(place)) seriesFail(new SeriesError('series_not_found', { name }), writerLang());
  const stateFile = await openCliState(place);
  try {
    const series = await stateFile.repos.series(CLI_USER).find(name);
    if (!series) return seriesFail(new SeriesError('series_not_found', { name }), writerLang());
    const loaded = await loadSeries(stateFile, catalog, series);
    const books = seriesBooks(loaded);
    const changes = laterChanges(loaded);
    const lang = series.lang;
    const out = loaded.entries.map((e) => {
      const summary = e.saved && e.spec ? bookSummary(e.spec, e.saved.state) : undefined;
      const end = seriesAsOf(books, e.number, lang);
      return {
        number: e.number,
        id: e.id ?? null,
        generator: e.saved?.state.generatorId ?? null,
        title: summary?.title ?? null,
        finished: e.saved?.isFinished ?? false,
        chapters: summary ? { written: summary.chaptersWritten, total: summary.chaptersTotal } : null,
        changes: changeLines(changes.get(e.number) ?? [], lang),
        bible: renderBible(end, lang, { omit: ['premise', 'ending', 'replaced', 'since'] }),
        characters: end.characters.map((c) => ({
          name: c.name,
          role: c.role,
          state: c.state,
          since: c.since ?? c.lastSeen,
        })),
        threads: end.threads.map((t) => ({
          thread: t.thread,
          opened: t.opened,
          status: t.isResolved ? (t.dropped ? 'dropped' : 'resolved') : t.advanced ? 'advanced' : 'open',
        })),
        facts: end.facts,
      };
    });
    const last = out.at(-1);
    const open = last
      ? openThreadsOf(seriesAsOf(books, last.number, lang)).map((t) => ({ thread: t.thread, opened: t.opened }))
      : [];
    if (opts.json) {
      process.stdout.write(JSON.stringify({ name: series.name, lang, books: out, open }) + '\n');
      return;
    }
    const lines = [`${series.name} (${lang})`];
    for (const b of out) {
      const state = seriesWord(b.finished ? 'finished' : 'unfinished', lang);
      lines.push(
        '',
        `${b.number}. ${b.title ?? '-'}  [${b.generator ?? '-'}, ${state}${b.id !== null ? `, id ${b.id}` : ''}]`,
      );
      for (const c of b.changes) lines.push(`   ⚠ ${c}`);
      if (b.bible) lines.push(...b.bible.split('\n').map((l) => (l ? `   ${l}` : '')));
    }
    if (last)
      lines.push(
        '',
        word('seriesLeftOpen', lang, {
          name: series.name,
          number: last.number,
          threads: open.length ? open.map((t) => `"${t.thread}" (${t.opened})`).join(', ') : '-',
        }),
      );
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    await stateFile.close();
  }
}

/** The keys of a series' books (for `karya books --series`), or exit 2 when there is no such series. */
export async function seriesKeysOrExit(place: CliState, raw: string): Promise<Set<string>> {
  const statePath = place.where;
  const name = seriesNameOrExit(raw, writerLang());
  if (!hasBooks(place)) fail(seriesWord('noSuchSeries', writerLang(), { name, file: statePath }));
  const stateFile = await openCliState(place);
  try {
    const series = await stateFile.repos.series(CLI_USER).find(name);
    if (!series) return seriesFail(new SeriesError('series_not_found', { name }), writerLang());
    return new Set((await stateFile.repos.series(CLI_USER).books(series.id)).map((b) => b.key));
  } finally {
    await stateFile.close();
  }
}
